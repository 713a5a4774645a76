"""A game definition at work: its boards at each size, its referee, its records with the pie rule.

`StoneGame` is what the rest of pnp holds for a defined game (one that pnp
ships, or a designer's own): ask it for the board at a size
(`board`, `graph`, `placed` in mm), judge a position (`judge`, `score_json`),
play a record (`played`, `first_win`), and find its templates (`template`).
Sizes default to the definition's own; a size out of its range is refused. A
mudcrack board is picked by a seed as well (default: the definition's `seed`,
else the generator's) and a generator version (default: the latest): each
method that makes the board takes them as `seed` and `version`, which a
lattice shape refuses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from pnp.boards.lattice.orientation import POINTY, Orientation
from pnp.cellboard.draws import never_drawn
from pnp.cellboard.goals import Goal
from pnp.cellboard.graph import Graph
from pnp.cellboard.kinds import RulesBoard, board_of
from pnp.cellboard.mudcrack import MudcrackShapeBoard, PlacedMudcrack
from pnp.cellboard.pie import played, swap_target
from pnp.cellboard.placed import PlacedBoard
from pnp.cellboard.referee import Verdict, judge
from pnp.cellboard.replay import FirstWin, first_win
from pnp.definitions.model import SIZE_FIELD, GameDefinition
from pnp.definitions.schemes import NamedScheme, schemes
from pnp.geometry.hexagon import Point


@dataclass(frozen=True)
class StoneGame:
    """A defined game; `folder` is where its definition lies (its templates are named relative to it, or to
    `template_folders`' folder for each template key: a shipped definition's are pnp's own templates)."""

    definition: GameDefinition
    folder: Path | None = None
    template_folders: tuple[tuple[str, Path], ...] = ()
    notes: tuple[tuple[str, str], ...] = ()   # (field, warning) reading its file left: text a comment took

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def players(self) -> tuple[str, str]:
        first, second = self.definition.players
        return (first, second)

    @property
    def pie(self) -> str:
        return self.definition.pie

    @property
    def size_key(self) -> str:
        return self.definition.board.size.key

    @cached_property
    def goals(self) -> tuple[Goal, ...]:
        return self.definition.compiled_goals()

    @cached_property
    def never_drawn(self) -> bool:
        """Whether every full board has a winner (pnp/cellboard/draws.py), on its board and on every alternative
        board a spec may choose instead, since its rules are written once for them all: they say so, not what a
        draw is."""
        board = self.definition.board
        return all(never_drawn(shape.shape, shape.corners_on_sides, self.goals, self.players)
                   for shape in (board, *board.alternatives.values()))

    @property
    def scheme(self) -> NamedScheme:
        return schemes()[self.definition.board.ids]

    def sized(self, size: int) -> str:
        """The board named by its size, as titles and facts lines name it: `look.board` ("11 × 11"), else the size
        key and the size ("base 8")."""
        written = self.definition.look.board
        return written.replace(SIZE_FIELD, str(size)) if written else f"{self.size_key} {size}"

    def board_words(self, size: int, code: str | None = None) -> str:
        """The board as messages name it: `look.called` ("the side-9 triangle"; a grown board's `code`), else "the
        11 × 11 board" (`look.board`), else "the <title> board of base 8"."""
        look = self.definition.look
        if look.called:
            return look.called.format(size=size, board=self.sized(size), code=code or "")
        if self.definition.look.board:
            return f"the {self.sized(size)} board"
        return f"the {self.definition.title} board of {self.sized(size)}"

    def size(self, size: int | None = None) -> int:
        """`size`, or the definition's default; ValueError outside its range."""
        given = self.definition.board.size
        chosen = given.default if size is None else size
        if not given.min <= chosen <= given.max:
            raise ValueError(f"{self.size_key} {chosen} is not one of this game's: give {given.min} to {given.max}")
        return chosen

    def board(self, size: int | None = None, seed: int | None = None, version: int | None = None) -> RulesBoard:
        """The board at a size, made once however often it is asked for."""
        board = self.definition.board
        return board_of(board.shape, self.size(size), self.scheme.rule, board.corners_on_sides,
                        board.seed if seed is None else seed, version)

    def graph(self, size: int | None = None, seed: int | None = None, version: int | None = None) -> Graph:
        return self.board(size, seed, version).graph

    def placed(self, cell_mm: float, size: int | None = None, origin: Point = (0.0, 0.0),
               orientation: Orientation = POINTY, seed: int | None = None,
               version: int | None = None) -> PlacedBoard | PlacedMudcrack:
        """The board with cells `cell_mm` across flats (a mudcrack board: its smallest cell holds a circle that
        wide), its frame's top-left at `origin`; a mudcrack board has no lattice, so no orientation."""
        board = self.board(size, seed, version)
        if isinstance(board, MudcrackShapeBoard):
            return PlacedMudcrack(board, cell_mm, origin)
        return PlacedBoard(board, cell_mm, origin, orientation)

    def judge(self, owners: Mapping[str, str], size: int | None = None, seed: int | None = None,
              version: int | None = None) -> Verdict:
        """A position as it stands (cell id -> player): see pnp/cellboard/referee.py."""
        return judge(self.graph(size, seed, version), owners, self.goals, self.players)

    def score_json(self, owners: Mapping[str, str], size: int | None = None, seed: int | None = None,
                   version: int | None = None) -> dict[str, Any]:
        """The Score JSON of shared/DESIGN.md for a position."""
        return self.judge(owners, size, seed, version).as_json(self.name)

    def swapped(self, cell: str, size: int | None = None, seed: int | None = None, version: int | None = None) -> str:
        """Where the first stone stands once the second player swaps; ValueError where the game has no pie rule."""
        return swap_target(self.pie, self.board(size, seed, version))(cell)

    def played(self, moves: Sequence[str], size: int | None = None, first: str | None = None,
               seed: int | None = None, version: int | None = None) -> list[tuple[int, str, str]]:
        """(index, cell, player) of each stone a record placed, the swap applied (pnp/cellboard/pie.py)."""
        return played(moves, self.players, first or self.players[0],
                      lambda cell: self.swapped(cell, size, seed, version))

    def first_win(self, moves: Sequence[str], size: int | None = None, start: Mapping[str, str] | None = None,
                  first: str | None = None, seed: int | None = None, version: int | None = None) -> FirstWin | None:
        """The move that first met a goal in a record played on `start` (cell id -> player), or None. A swap in a
        game without the pie rule is a ValueError (the position's checks refuse it first, naming its line)."""
        return first_win(self.graph(size, seed, version), self.goals, self.players, start or {}, moves,
                         first or self.players[0], lambda cell: self.swapped(cell, size, seed, version))

    def template(self, which: str) -> Path | None:
        """The definition's own `rules` or `card` template, or None where pnp writes them from the definition."""
        written = getattr(self.definition, which)
        folder = dict(self.template_folders).get(which, self.folder)
        return None if written is None or folder is None else folder / written
