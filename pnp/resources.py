"""The files pnp reads beside its code, found with importlib.resources so that an installed pnp (a wheel, an
sdist, pipx) finds them from any folder: templates (rules, cards, texts, the preview page), fonts, the JSON
Schema and the example positions.

One copy of each. templates/, examples/ and configs/pnp-spec.schema.json stay where the repository keeps them;
pnp/data/ holds relative symbolic links to them (pnp/data/templates -> ../../templates, and so on), and
pyproject.toml lists pnp/data/ as package data. Setuptools follows the links when it builds, so the wheel and
the sdist hold real files under pnp/data/. In the clone and in `make`'s editable install (editable_mode=compat
puts the repository itself on sys.path) the package reads through the links. A package-dir mapping would not
do: the wheel would see it, the editable install would not.
"""

from __future__ import annotations

from pathlib import Path

SCHEMA_NAME = "pnp-spec.schema.json"  # the name specs point at: `# yaml-language-server: $schema=pnp-spec.schema.json`


def packaged(*parts: str) -> Path:
    """The file or folder pnp/PARTS of the installed package, as a path (templates are named in messages, fonts
    are opened by path)."""
    from importlib.resources import files   # here, not at the top: the command line imports SCHEMA_NAME at start-up

    found = files("pnp").joinpath(*parts)
    if not isinstance(found, Path):  # pip and pipx always install unpacked; a zipped pnp cannot name its files
        raise RuntimeError(f"pnp is installed inside an archive ({found}); install it unpacked (pip, pipx)")
    return found


def templates(*parts: str) -> Path:
    """templates/PARTS: rules/GAME.md, cards/GAME.md, texts/NAME.yaml, preview/index.html."""
    return packaged("data", "templates", *parts)


def schema_file() -> Path:
    """The spec's JSON Schema (configs/pnp-spec.schema.json in the repository; `make schema` writes it)."""
    return packaged("data", SCHEMA_NAME)


def example_positions() -> Path:
    """The folder of example position files (examples/positions/ in the repository)."""
    return packaged("data", "examples", "positions")
