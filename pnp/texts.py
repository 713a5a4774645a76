"""Player-facing words, kept in templates/texts/*.yaml rather than in code.

Each file is read once per process. Fields in braces are filled with
str.format; `say` fails loudly on a key or field that does not exist, so a
typo in a template can never print a blank.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import yaml

from pnp.resources import templates

TEXTS = templates("texts")
LEADING_NUMBER = re.compile(r"\d[\d,]*")
VOWEL_SOUNDS = (8, 11, 18)   # eight, eleven, eighteen; and every number read from them: 80-89, 800-899, 11,000 ...


# pnp's own files, so libyaml reads them where it is installed (ten times faster than the pure-Python loader: a
# build of every shipped spec read these for 70 ms); specs, which users write, are read by pnp/spec/yamlsafe.py.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=None)
def texts(name: str) -> dict[str, Any]:
    """The parsed templates/texts/NAME.yaml."""
    with open(TEXTS / f"{name}.yaml", encoding="utf-8") as handle:
        return yaml.load(handle, Loader=LOADER)  # noqa: S506 - a safe loader, C or Python


def say(name: str, path: str, /, **fields: Any) -> str:
    """The text at `path` (dotted keys) in templates/texts/NAME.yaml, with its fields filled.

    Positional-only, so a text may have fields called `name` or `path` (a goal's name, say)."""
    return _at(name, path).format(**fields)


def article(number: object) -> str:
    """'a' or 'an' before a number as it is read aloud: "an 11.4 mm circle", "an 8-ring board", "a 7.8 mm circle".

    The words that say it begin with those of its leading group of thousands (11,400: "eleven thousand ..."), and
    of that group with its hundreds (800: "eight hundred") or its tens (80: "eighty"), or the whole group."""
    found = LEADING_NUMBER.match(str(number).strip())
    if not found:
        return "a"
    lead = int(found.group().replace(",", ""))
    while lead >= 1000:
        lead //= 1000
    if lead >= 100:
        lead //= 100
    return "an" if lead in VOWEL_SOUNDS or lead // 10 == 8 else "a"


def credit(game: str) -> str:
    """"A game by ..." for `game`, whose designer its own texts file names."""
    return say("pages", "credit", designer=say(game, "designer"))


def say_all(name: str, path: str) -> list[str]:
    """A list of texts at `path`, unfilled (the caller fills each)."""
    found = _at(name, path)
    if not isinstance(found, list):
        raise KeyError(f"templates/texts/{name}.yaml: {path} is not a list")
    return list(found)


def say_map(name: str, path: str) -> dict[str, str]:
    """A mapping of texts at `path`, in the file's order, unfilled (the caller picks and fills them)."""
    found = _at(name, path)
    if not isinstance(found, dict):
        raise KeyError(f"templates/texts/{name}.yaml: {path} is not a mapping")
    return dict(found)


def _at(name: str, path: str) -> Any:
    node: Any = texts(name)
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            raise KeyError(f"templates/texts/{name}.yaml has no {path}")
        node = node[key]
    return node
