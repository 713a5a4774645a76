"""The id schemes a definition's `board.ids` may name, read from their table (ids.yaml beside this module).

The names are the format's (shared/DESIGN.md); what each means is data: the
kind of rule (pnp/cellboard/ids.py) with its parameters, and the words a
message or a booklet uses to say how an id reads. So a scheme named after a
game is that game's data, and no code names the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.cellboard.ids import IdScheme, Numbers, scheme_of
from pnp.resources import packaged
from pnp.spec import yamlsafe

TABLE = ("definitions", "ids.yaml")


@dataclass(frozen=True)
class NamedScheme:
    """An id scheme as the format names it: the rule, and how a player reads an id."""

    name: str
    rule: IdScheme
    about: str


@lru_cache(maxsize=1)
def schemes() -> dict[str, NamedScheme]:
    """Every scheme of the table, in its order."""
    table = yamlsafe.load(packaged(*TABLE).read_bytes()).data
    return {name: NamedScheme(name, scheme_of(entry), entry["about"]) for name, entry in table.items()}


def scheme_names() -> tuple[str, ...]:
    return tuple(schemes())


def numbered() -> tuple[str, ...]:
    """The schemes that number cells 1 up in reading order: the only names a mudcrack board's cells have."""
    return tuple(name for name, scheme in schemes().items() if isinstance(scheme.rule, Numbers))
