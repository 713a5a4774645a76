"""A Starry Night position file: a sky (its stars, or the code of a printed sky) and the edges drawn, in order.

    game: starry-night
    stars: [[0, 0], [4, 1], [2, 5]]   # grid units, x right, y down; or `code: 106A-H61J-GAXD`
    edges: [[0, 1], [1, 2]]           # star indices (from 0), in the order drawn: first, second, first, ...
    highlight: [2]                    # optional, for diagrams: stars to ring
    marks: {0: a}                     # optional: letters beside stars
    caption: ...                      # optional

Pydantic checks the shapes; `problems` checks the sky (stars or a code that
names one) and every edge as a move: two stars that exist, not drawn before,
through no star, across no edge, never inside a captured sea, never after the
game ended, each problem naming its move ("move 5: the edge 3-7 crosses the
edge of move 2 (1-4)"). The edges are the file's record (pnp/positions/record.py):
`--at N` keeps the first N.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field

from pnp.games.starry_night.code import CodeError, decode
from pnp.games.starry_night.referee import IllegalEdge, drawing_problems, edge_name, replay
from pnp.games.starry_night.rules import FRAME, STARS
from pnp.games.starry_night.sky import NoSky, Sky, make_sky
from pnp.positions.base import PositionBase, bad_marks, repeats
from pnp.positions.record import MovesRecord
from pnp.positions.text_form import Form, read_edge, write_edge
from pnp.spec.problems import Unplanned
from pnp.spec.yamlsafe import as_decimal

Pair = Annotated[list[Annotated[int, Field(ge=0, le=FRAME[1])]], Field(min_length=2, max_length=2)]
Star = Annotated[int, BeforeValidator(as_decimal)]   # `010` is star 10 as typed (YAML alone reads octal 8)
Ends = Annotated[list[Star], Field(min_length=2, max_length=2)]


def _index_key(key: object) -> object:
    """Mapping keys arrive as written (`9` is the text "9"); a star index is the number it spells."""
    return int(key) if isinstance(key, str) and key.isdigit() else key


StarIndex = Annotated[int, BeforeValidator(_index_key)]


class StarryPosition(MovesRecord, PositionBase):
    """Edges drawn on a sky, with what a diagram of it should show. The edges are the record, one move each."""

    record_key: ClassVar[str] = "edges"

    game: Literal["starry-night"]
    stars: Annotated[list[Pair] | None, Field(min_length=STARS[0], max_length=STARS[1],
                                              description="Star points in grid units (x right, y down).")] = None
    code: Annotated[str | None, Field(max_length=40, description="A sky code, instead of stars.")] = None
    edges: list[Ends] = Field(default_factory=list, description="Star index pairs, in the order drawn.")
    highlight: list[int] = Field(default_factory=list, description="Stars a diagram rings.")
    marks: dict[StarIndex, str] = Field(default_factory=dict, description="Star index -> a letter beside it.")

    def points(self) -> tuple[tuple[int, int], ...]:
        """The stars, numbered as given (or as the code's sky numbers them: reading order)."""
        if self.code is not None:
            return sky_of(self.code).stars
        return tuple((x, y) for x, y in self.stars or ())

    def pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple((a, b) for a, b in self.edges)

    def problems(self) -> list[Unplanned]:
        sky = self._sky_problems()
        if sky:
            return sky
        count = len(self.points())
        return [*self._edge_problems(), *_indices("highlight", self.highlight, count),
                *repeats("highlight", self.highlight), *_indices("marks", self.marks, count, keys=True),
                *bad_marks(self.marks)]

    def _sky_problems(self) -> list[Unplanned]:
        if (self.stars is None) == (self.code is None):
            both = "not both" if self.stars is not None else "one is required"
            return [Unplanned(("stars",), f"give the sky as `stars` (grid points) or as `code` (a sky code), {both}")]
        if self.code is not None:
            try:
                sky_of(self.code)
            except (CodeError, NoSky) as exc:
                return [Unplanned(("code",), f"{self.code!r}: {exc}")]
            return []
        return repeats("stars", [tuple(p) for p in self.stars or ()], shown=list)

    def _edge_problems(self) -> list[Unplanned]:
        stars, edges = self.points(), self.pairs()
        found = drawing_problems(stars, edges)
        if not found:
            try:
                replay(stars, edges)
            except IllegalEdge as illegal:
                found = [illegal]
        return [Unplanned(("edges", e.index), f"move {e.index + 1}: the edge {edge_name(edges[e.index])} {e.message}")
                for e in found]

    def search_steps(self) -> int:
        """The intersections the search for the code's sky examined (a sky given by its stars takes none)."""
        return sky_of(self.code).work if self.code is not None else 0

    def move_numbers(self) -> dict[Any, int]:
        """Each edge as drawn, (a, b) -> its move (from 1)."""
        return {edge: k + 1 for k, edge in enumerate(self.pairs())}


@lru_cache(maxsize=32)
def sky_of(code: str) -> Sky:
    """The sky a code names (CodeError for a bad code, NoSky if its recipe makes none)."""
    return make_sky(decode(code))


def _indices(field: str, given: Iterable[int], count: int, keys: bool = False) -> list[Unplanned]:
    return [Unplanned((field, star if keys else k), f"star {star} does not exist; the stars are numbered 0 to {count - 1}")
            for k, star in enumerate(given) if not 0 <= star < count]


def text_form() -> Form:
    """A text record of Starry Night (pnp/positions/text_record.py): edges as two star numbers; the sky code, which it needs, as an option."""
    return Form("edges", {"code": ("code",)}, "a move is an edge as two star numbers, e.g. 3-7", read_edge, write_edge,
                required=("code",), values=3, helps={"code": "the sky code printed under the sky, e.g. 106A-H61J-GAXD"})
