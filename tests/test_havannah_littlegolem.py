"""Little Golem's Havannah cell names (a column letter and a number counted from the column's first cell) against the
cell-board engine's havannah ids (shared/GAMES.md: E1 there is e2 here on base 4): a one-to-one match on every board
size the definition takes, neighbours along a column kept neighbours, and the first cell of every column numbered 1."""

from __future__ import annotations

import pytest

from pnp.boards.lattice.ids import column_of
from pnp.definitions.shipped import shipped
from pnp.records.littlegolem import from_column_numbers, to_column_numbers

HAVANNAH = shipped("havannah")
LETTERS = 26   # Little Golem letters a column with one letter: boards up to base 13 (25 columns)
BASES = range(HAVANNAH.definition.board.size.min, min(HAVANNAH.definition.board.size.max, (LETTERS + 1) // 2) + 1)


def test_the_example_the_games_notes_give():
    assert from_column_numbers("E1", 4) == "e2" and to_column_numbers("e2", 4) == "E1"
    assert from_column_numbers("e1", 4) == "e2"   # either case, as files are written
    assert to_column_numbers("aa14", 14) is None     # a column past z has no one-letter name


@pytest.mark.parametrize("base", BASES)
def test_every_little_golem_name_is_one_cell_of_the_engines_board_and_back(base: int):
    ids = set(HAVANNAH.graph(base).ids)
    names = [f"{chr(ord('A') + c)}{n}" for c in range(2 * base - 1) for n in range(1, 2 * base)]
    read = {name: from_column_numbers(name, base) for name in names}
    cells = [cell for cell in read.values() if cell is not None]
    assert sorted(cells) == sorted(ids) and len(cells) == len(set(cells))
    assert all(from_column_numbers(to_column_numbers(cell, base), base) == cell for cell in ids)
    assert from_column_numbers(f"{chr(ord('A') + 2 * base - 1)}1", base) is None   # past the last column


@pytest.mark.parametrize("base", (4, 8, 10))
def test_a_columns_cells_count_up_from_its_first_and_stay_neighbours(base: int):
    graph = HAVANNAH.graph(base)
    place = {cell: i for i, cell in enumerate(graph.ids)}
    for column in range(2 * base - 1):
        letter = chr(ord("A") + column)
        cells = [from_column_numbers(f"{letter}{n}", base) for n in range(1, 2 * base)]
        cells = [cell for cell in cells if cell is not None]
        first_row = min(int(cell[1:]) for cell in ids_of_column(graph.ids, letter.lower()))
        assert int(cells[0][1:]) == first_row   # number 1 is the column's first cell
        for one, two in zip(cells, cells[1:]):
            assert place[two] in graph.neighbours[place[one]], (one, two)


def ids_of_column(ids, letter: str) -> list[str]:
    return [cell for cell in ids if column_of(cell.rstrip("0123456789")) == column_of(letter)]
