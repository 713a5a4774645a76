"""Every spec a user is shown passes: the README's examples (and those of the docs pages it moved to), the shipped configs, a bare side.

The specs are checked through the real CLI (`pnp validate`, one run for many
files), as a user would copy them.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import ROOT, run_pnp
from examples_shown import shown_text

from pnp.games.asterisk.rules import side_splits_six_ways
from pnp.games.asterisk.spec import MAX_SIDE

YAML_BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.S | re.M)


def readme_blocks() -> list[str]:
    return [block for block in YAML_BLOCK.findall(shown_text()) if "game:" in block]


def readme_specs() -> list[str]:
    """Spec examples: they name their output folder."""
    return [block for block in readme_blocks() if re.search(r"^name:", block, re.M)]


def readme_positions() -> list[str]:
    """Position examples (no `name`), one per `---`-separated document."""
    return [doc for block in readme_blocks() if not re.search(r"^name:", block, re.M)
            for doc in re.split(r"^---$", block, flags=re.M) if "game:" in doc]


def validate_all(paths: list[Path]) -> None:
    """`pnp validate` on every path at once; each must be ok."""
    result = run_pnp("validate", *map(str, paths))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert [line.split(": ok")[0] for line in result.stdout.splitlines()] == list(map(str, paths))


def test_the_readme_has_a_spec_to_check():
    assert readme_specs(), "the docs' example spec is a ```yaml block holding `game:`"


def test_every_readme_spec_validates(tmp_path: Path):
    paths = []
    for number, text in enumerate(readme_specs(), 1):
        paths.append(tmp_path / f"readme-{number}.yaml")
        paths[-1].write_text(text, encoding="utf-8")
    validate_all(paths)


def test_every_readme_position_scores(tmp_path: Path):
    """Each position the docs show is one `pnp score` accepts."""
    positions = readme_positions()
    assert positions, "the docs show position files"
    for number, text in enumerate(positions, 1):
        path = tmp_path / f"position-{number}.yaml"
        path.write_text(text, encoding="utf-8")
        result = run_pnp("score", str(path))
        assert result.returncode == 0, (text, result.stderr)


def test_every_shipped_config_validates():
    validate_all(sorted((ROOT / "configs").glob("*.yaml")))


def _bare_sides(tmp_path: Path, extra: str = "", up_to: int = MAX_SIDE, above: int = 0) -> list[Path]:
    paths = []
    for side in range(above + 1, up_to + 1):
        if side_splits_six_ways(side):
            path = tmp_path / f"side-{side}.yaml"
            path.write_text(f"game: asterisk\nname: side-{side}\nboard: {{side: {side}}}\n{extra}", encoding="utf-8")
            paths.append(path)
    return paths


def _refusals(paths: list[Path]) -> dict[str, str]:
    """Each spec that `pnp validate` refuses, with its one problem: a cell size to set (the board would print
    under 5 mm), or, for pieces without their board, a piece size of its own."""
    result = run_pnp("validate", *map(str, paths))
    assert result.returncode in (0, 2), result.stderr
    assert "Traceback" not in result.stderr
    refused: dict[str, str] = {}
    for line in result.stderr.splitlines():
        file, rest = re.fullmatch(r"(.*?\.yaml)(?::\d+)?: (.*)", line).groups()  # type: ignore[union-attr]
        assert file not in refused, f"{file} has more than one problem: {refused[file]!r} and {rest!r}"
        assert (rest.startswith("pieces.size_mm: ") and "set pieces.size_mm" in rest
                or rest.startswith("board.cell_mm: omitted") and "set board.cell_mm" in rest), line
        refused[file] = rest
    assert set(refused) <= set(map(str, paths))
    return refused


def test_every_side_with_nothing_else_set_validates_or_names_the_key(tmp_path: Path):
    paths = _bare_sides(tmp_path)
    refused = _refusals(paths)
    fine = [int(p.stem.split("-")[1]) for p in paths if str(p) not in refused]
    # On a4 every side whose cells come out at 5 mm or more gets its board and pieces (sides 32 to 36: with less
    # clearance); a larger side's board would print under 5 mm.
    assert fine == [3, 8, 11, 12, 15, 20, 23, 24, 27, 32, 35, 36], refused

