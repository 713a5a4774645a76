"""How a board's cells are named: three kinds of id scheme, each a rule over a lattice shape's cells.

- `RowLetters`: rows numbered from the first, cells lettered from the start of
  their row (`a1` is the first row's first cell): Asterisk's and Y's triangle.
- `ColumnLetters`: cells lettered by the lattice column they stand in and
  numbered by their row. The column is the level of a form over the axial point
  (q, r): (1, 0) letters the lines of cells that lean down to the right (Hex's
  columns on its rhombus, as HexGui names them), (1, 1) those that lean down to
  the left (the other diagonal). Both letter from the leftmost column.
- `Numbers`: 1 up, in reading order.

Which scheme name a definition writes means which kind (and which form) is
data, not code: pnp/definitions/ids.yaml, read by pnp/definitions/schemes.py.
Letters run a .. z, aa, ab, ... as everywhere in pnp (lattice/ids.py's `letters`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from pnp.boards.lattice.ids import a1_id
from pnp.boards.lattice.shapes import Hex, LatticeShape
from pnp.cellboard.shapes import hexes

COLUMN_FORMS = ((1, 0), (1, 1))   # the lattice lines a column may follow, each lettered left to right


class IdScheme(Protocol):
    """A rule that names every cell of a lattice shape."""

    def names(self, shape: LatticeShape) -> list[str]:
        """Every cell's id, in reading order (shapes.hexes)."""
        ...


@dataclass(frozen=True)
class RowLetters:
    """Row number from the first row; letter from the row's first cell."""

    def names(self, shape: LatticeShape) -> list[str]:
        return [a1_id(row, column) for row, _, low, high in shape.row_spans for column in range(1, high - low + 2)]


@dataclass(frozen=True)
class ColumnLetters:
    """Letter from the lattice column (the level of `form` over (q, r)), number from the row."""

    form: Hex = (1, 0)

    def __post_init__(self) -> None:
        if tuple(self.form) not in COLUMN_FORMS:
            raise ValueError(f"column form {self.form} is not one of {COLUMN_FORMS}: a column is a lattice line "
                             "crossing every row, lettered left to right")

    def names(self, shape: LatticeShape) -> list[str]:
        cells = hexes(shape)
        a, b = self.form
        first = min(a * q + b * r for q, r in cells)
        return [a1_id(r - shape.rows[0] + 1, a * q + b * r - first + 1) for q, r in cells]


@dataclass(frozen=True)
class Numbers:
    """1, 2, 3 ... in reading order."""

    def names(self, shape: LatticeShape) -> list[str]:
        return [str(i) for i in range(1, shape.count + 1)]


KINDS: Mapping[str, type] = {"rows": RowLetters, "columns": ColumnLetters, "numbers": Numbers}


def scheme_of(entry: Mapping[str, Any]) -> IdScheme:
    """A scheme from its description as data: {kind: rows} | {kind: columns, column: [a, b]} | {kind: numbers}."""
    kind = entry.get("kind")
    if kind not in KINDS:
        raise ValueError(f"id scheme kind {kind!r} is not one of: {', '.join(KINDS)}")
    if kind == "columns":
        return ColumnLetters(tuple(entry.get("column", COLUMN_FORMS[0])))   # type: ignore[arg-type]
    return KINDS[kind]()
