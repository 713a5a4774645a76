"""The layer's parts for games played with red and blue stones, without any game: the position model and its
checks, the connection verdict, chains, side bands, the stone sizing, the pencil pad."""

from __future__ import annotations

from typing import Literal

import pytest

from pnp.boards.bands import side_bands
from pnp.boards.blocks import SMALLEST_STONE_MM, PadSpec, StonesSpec
from pnp.boards.chains import CASING, CHAIN, DOT, chain, tree
from pnp.boards.connect import cell_graph
from pnp.boards.cutouts import StoneSheets, fit_stones
from pnp.boards.lattice.placed import LatticeBoard
from pnp.boards.lattice.shapes import rhombus, triangle
from pnp.boards.pad import PadRecord, PadSheet, plan_pad, under_board_mm
from pnp.boards.pad_page import pad_document
from pnp.boards.placement import BoardWords
from pnp.boards.position import BoardIds, StonesPosition, clamped
from pnp.boards.verdict import connection_verdict
from pnp.geometry.rect import Rect
from pnp.layout.fit import content_area
from pnp.layout.packing import Apart
from pnp.layout.paper import Paper
from pnp.positions.caption import caption_problem
from pnp.positions.page import LineLook
from pnp.scene import Group, Path, Polyline, Text
from pnp.spec.base import EMPTY, Strict
from pnp.spec.problems import Unplanned
from pnp.style import BaseStyle

A4 = Paper("a4", 210.0, 297.0)


# --- positions ----------------------------------------------------------------------------------------


class ThreeByThree(Strict):
    size: int = 3


class TestPosition(StonesPosition):
    """A position on a 3 x 3 rhombus, as a game would declare one."""

    __test__ = False
    game: Literal["test"]
    board: ThreeByThree = EMPTY

    def board_ids(self) -> BoardIds:
        return BoardIds.of_shape(rhombus(3), "the little board", "a1 to c3")


def problems(**given) -> list[Unplanned]:
    return TestPosition.model_validate({"game": "test", **given}).problems()


def test_the_base_keeps_the_games_board_block_in_its_place_among_the_keys():
    assert list(TestPosition.model_fields) == ["game", "caption", "meta", "board", "stones", "highlight", "marks", "moves", "first",
                                              "resigned"]


def test_unknown_cells_repeats_and_cells_both_hold_are_each_reported_where_they_stand():
    found = problems(stones={"red": ["a1", "d1", "a1"], "blue": ["b2", "a1"]}, highlight=["q9", "b2", "b2"],
                     marks={"a4": "x", "b1": "!!"})
    assert [(u.loc, u.message) for u in found] == [
        (("stones", "red", 1), "'d1' is not a cell of the little board; did you mean 'c1'? (a1 to c3)"),
        (("stones", "red", 2), "a1 is also stones.red[0]; give each once"),
        (("stones", "blue", 1), "a1 is also one of Red's; a cell holds one stone"),
        (("highlight", 0), "'q9' is not a cell of the little board; did you mean 'c3'? (a1 to c3)"),
        (("highlight", 2), "b2 is also highlight[1]; give each once"),
        (("marks", "a4"), "'a4' is not a cell of the little board; did you mean 'a3'? (a1 to c3)"),
        (("marks", "b1"), "'!!' is not a mark; use a letter or two, e.g. a"),
    ]
    assert problems(stones={"red": ["a1"], "blue": ["c3"]}, marks={"b2": "a"}) == []


def test_an_id_in_capitals_is_named_in_lower_case():
    (found,) = problems(stones={"red": ["B2"]})
    assert "did you mean 'b2'? ids are lower case" in found.message


@pytest.mark.parametrize("shape, text, nearest", [
    (rhombus(11), "l1", ("k1", 1)), (rhombus(11), "f0", ("f1", 1)), (rhombus(11), "z3", ("k3", 15)),
    (rhombus(30), "ae31", ("ad30", 1)), (triangle(5), "e4", ("d4", 1)), (triangle(5), "c9", ("c5", 4)),
    (rhombus(11), "6f", None),
])
def test_the_nearest_cell_to_an_id_off_the_board(shape, text: str, nearest):
    assert clamped(shape, text) == nearest


def test_an_id_just_past_the_edge_is_guessed_as_the_cell_beside_it_others_by_spelling():
    ids = BoardIds.of_shape(rhombus(11), "the board", "ids")
    (past,) = ids.unknown(("x",), ["f0"])
    assert "did you mean 'f1'?" in past.message, "f0 sits beside f1, though f10 is spelt more alike"
    (typo,) = ids.unknown(("x",), ["f66"])
    assert "did you mean 'f6'?" in typo.message
    (far,) = ids.unknown(("x",), ["z3"])
    assert "did you mean 'k3'?" in far.message


def test_ids_of_any_cell_board():
    board = LatticeBoard(triangle(3), 10.0)
    ids = BoardIds.of_board(board, "the triangle", "a1 to c3")
    assert set(ids.known) == {"a1", "a2", "b2", "a3", "b3", "c3"} and ids.unknown(("s",), ["a1", "b1"])[0].loc == ("s", 1)


# --- the verdict ----------------------------------------------------------------------------------------


def line_graph():
    """Five cells in a row, a on side `w` and e on side `e`; Red must join w and e, Blue n and s (no cell lies
    on n or s but c, on both)."""
    ids = ["a", "b", "c", "d", "e"]
    near = {x: [y for y in ids if abs(ord(x) - ord(y)) == 1] for x in ids}
    return cell_graph(ids, near, {"a": ["w"], "e": ["e"], "c": ["n", "s"]})


GOALS = {"red": ("w", "e"), "blue": ("n", "s")}


def test_a_win_gives_the_score_json_the_report_and_the_caption():
    verdict = connection_verdict("test", "The line", line_graph(), {c: "red" for c in "abcde"}, GOALS)
    assert verdict.as_json() == {"game": "test", "full": True, "winner": "red", "path": ["a", "b", "c", "d", "e"]}
    assert verdict.report() == ["The line: 5 of 5 cells played, the board is full", "  Red   1 group; one joins w and e",
                                "  Blue  no stones", "winner: Red", "winning chain (5 cells): a b c d e"]
    assert verdict.caption() == "Red wins: a chain of 5 joins w and e"
    standing = verdict.standing()
    assert [s.name for s in standing.sides] == ["Red", "Blue"] and standing.winner == "Red"
    assert caption_problem(verdict.caption(), standing, verdict.caption()) is None
    assert caption_problem("Red 5 stones", standing, "") is None and caption_problem("Blue wins", standing, "")


def test_no_winner_yet_and_an_empty_board():
    graph = line_graph()
    open_ = connection_verdict("test", "The line", graph, {"a": "red", "b": "blue", "e": "red"}, GOALS)
    assert open_.as_json() == {"game": "test", "full": False, "winner": None, "path": []}
    assert open_.report()[1:] == ["  Red   2 groups; the best touches w", "  Blue  1 group, touching no side",
                                  "winner: none yet"]
    assert open_.caption() == "No winner yet: 3 of 5 cells played"
    assert caption_problem("Red wins", open_.standing(), open_.caption())
    empty = connection_verdict("test", "The line", graph, {}, GOALS)
    assert empty.caption() == "No stones on the board yet" and empty.report()[-1] == "winner: none yet"


# --- drawing --------------------------------------------------------------------------------------------


def test_a_chain_is_a_tree_of_links_on_a_casing_with_a_dot_on_each_cell():
    board = LatticeBoard(rhombus(4), 10.0)
    cells = ["a1", "b1", "a2", "a3"]   # a1-b1 and a1-a2 and b1-a2 are all adjacent: a tree takes two of the three
    links = tree(board, cells)
    assert len(links) == len(cells) - 1 and {c for link in links for c in link} == set(cells)
    group = chain(board, cells, LineLook("#c0392b", (2.0, 1.0)), "#ffffff", dy=1.5, data=(("chain", "red"),))
    casing_links, casing_dots, line_links, line_dots = group.children
    assert isinstance(casing_links, Path) and casing_links.paint.stroke == "#ffffff"
    assert casing_links.paint.width == pytest.approx((CHAIN + 2 * CASING) * 10)
    assert line_links.paint.width == pytest.approx(CHAIN * 10) and line_links.paint.dash == (2.2, 1.1)
    assert line_dots.paint.width == pytest.approx(DOT * CHAIN * 10)
    a1 = board.by_id["a1"].center
    assert line_dots.runs[0] == ((a1[0], a1[1] + 1.5),) * 2, "moved dy down"


def test_side_bands_follow_each_sides_outline_in_its_colour():
    board = LatticeBoard(rhombus(5), 10.0)
    colours = {"top": "#ff0000", "left": "#0000ff"}
    top, left = side_bands(board, colours, 3.0, {"top": (0.5, 0.25)})
    assert isinstance(top, Polyline) and top.points == board.side_outline("top") and top.cls == "side side-top"
    assert top.paint.stroke == "#ff0000" and top.paint.width == 3.0 and top.paint.dash == (5.0, 2.5)
    assert left.points == board.side_outline("left") and left.paint.dash == ()


# --- stones and pad -------------------------------------------------------------------------------------


def test_stones_fill_the_cell_less_the_clearance_or_say_what_to_change():
    wanted = StonesSpec()
    sheets = fit_stones(wanted, 12.0, 12.0, 121, A4, Apart())
    assert isinstance(sheets, StoneSheets) and sheets.size == 10.5 and sheets.count("red") == 61 + 2
    too_big = fit_stones(StonesSpec(size_mm=13), 12.0, 12.0, 121, A4, Apart())
    assert isinstance(too_big, Unplanned) and too_big.loc == ("stones", "size_mm") and "at most 12" in too_big.message
    too_small = fit_stones(wanted, 6.0, 6.0, 121, A4, Apart())
    assert isinstance(too_small, Unplanned) and f"under the {SMALLEST_STONE_MM} mm a stone needs" in too_small.message


def pad(cell_mm: float, paper: Paper = A4):
    unit = Rect(-0.5, -0.5, 17.0, 11.0)   # any board's unit extent
    return plan_pad(paper, unit, cell_mm, BoardWords("the board", "board.size"), "a smaller board.size",
                    lambda cell, origin: LatticeBoard(rhombus(11), cell, origin), "extras",
                    record=PadRecord("pnp score game.txt --the-board 11"))


def test_the_pad_holds_as_many_boards_as_fit_each_with_room_for_its_record_box():
    sheet = pad(PadSpec().cell_mm)
    assert isinstance(sheet, PadSheet) and len(sheet.boards) >= 2 and sheet.extras == "extras"
    area = content_area(sheet.sheet)
    boxes = [sheet.envelope(b) for b in sheet.boards]
    below = under_board_mm(len(sheet.notes))
    for box in boxes:
        assert area.contains(Rect(box.x, box.y, box.width, box.height + below))
        assert box.width == pytest.approx(17.0 * 8)
    assert not any(a.intersects(Rect(b.x, b.y, b.width, b.height + below)) for i, a in enumerate(boxes)
                   for b in boxes[i + 1:])
    too_big = pad(30.0)
    assert isinstance(too_big, Unplanned) and too_big.loc == ("pad", "cell_mm") and "at most" in too_big.message
    tiny = pad(8.0, Paper("tiny", 100.0, 100.0))
    assert "not even 5 mm cells fit" in tiny.message and "a smaller board.size" in tiny.message


def test_the_pad_page_draws_each_board_with_its_record_box():
    sheet = pad(8.0)
    doc = pad_document(sheet, "Test", "the facts", BaseStyle(), lambda board: Group((), cls="board"))
    (page,) = doc.pages
    boards = [c for c in page.children if isinstance(c, Group) and c.cls == "pad-board"]
    assert [dict(b.data)["board"] for b in boards] == [str(n) for n in range(1, len(sheet.boards) + 1)]
    for group in boards:
        record = group.children[1]
        fields = [dict(t.data)["field"] for t in record.children if isinstance(t, Text)]
        assert fields == ["red", "blue", "first", "result"]
    assert doc.title == "Test: pencil pad"
