"""One pie rule everywhere (shared/GAMES.md, "The pie rule, one convention everywhere"), for every stone game the
registry holds: its booklet, card and pencil pad teach what a record reads (colours stay with the players; move 2
may be `swap`, which takes the first stone over where the record puts it; the first player then plays move 3), a
game numbered on the pad and typed in by the pad's own words and command is drawn as the pad says, a booklet
diagram of a swap is a record captioned by its reading, and the numbered pie-rule list stands on one page.

Where the record puts the taken stone is asked of the game's own position model (`swapped`), never listed here."""

from __future__ import annotations

import re
import shlex
from functools import lru_cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from conftest import SVG_NS, parse_svg, run_pnp, write_spec

from pnp import registry
from pnp.boards.position import StonesPosition
from pnp.booklet.kit import template_text
from pnp.geometry.polygon import contains
from pnp.positions.read import read_position_text

STONE_GAMES = [name for name in registry.names()
               if issubclass(registry.game(name).position_model() or object, StonesPosition)]
FENCE = re.compile(r"^```diagram[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
# Words of the other convention (the swapper takes the first player's colour): none may be printed.
COLOUR_CHANGE = [r"plays Red", r"plays Blue", r"swap colours", r"picks a colour", r"which colour to play",
                 r"owns that stone", r"the players swap"]
COLOURS_STAY = r"(?i)colours stay|keeps? their colour|keeping their colour"


def test_the_registry_holds_stone_games():
    assert len(STONE_GAMES) >= 2, STONE_GAMES


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Each stone game's booklet, card and pad, from a spec naming the game only: its default board."""
    specs, out = tmp_path_factory.mktemp("specs"), tmp_path_factory.mktemp("kits")
    paths = [write_spec(specs, f"game: {game}\nname: {game}\noutputs: [rules, card, pad]\n", f"{game}.yaml")
             for game in STONE_GAMES]
    done = run_pnp("build", *map(str, paths), "--out", str(out), "-q")
    assert done.returncode == 0, done.stderr
    return out


def spaced(texts) -> str:
    return " ".join(" ".join(texts).split())


def booklet_pages(pdf: Path) -> list[str]:
    return [spaced([page.get_textpage().get_text_range()]) for page in pdfium.PdfDocument(str(pdf))]


def svg_text(svg: Path) -> str:
    return spaced("".join(t.itertext()) for t in parse_svg(svg).iter(f"{SVG_NS}text"))


def pad_notes(folder: Path) -> str:
    """The words under the first record box of the pad."""
    group = next(g for g in parse_svg(folder / "pad.svg").iter(f"{SVG_NS}g") if g.get("class") == "record-notes")
    return spaced("".join(t.itertext()) for t in group)


@lru_cache(maxsize=None)
def reading(game: str, first: str, board: str) -> tuple[str, str, str]:
    """(cell, colour, first player's colour) of stone 1 after `1. FIRST swap`, as the game's record reads it."""
    position = read_position_text("pie", f"game: {game}\nboard: {board}\nmoves: ['{first}', swap]\n").model
    ((index, cell, colour),) = position.played()
    assert index == 0
    return str(cell), colour, position.first


def pad_record(folder: Path) -> tuple[str, list[str], str]:
    """The pad's typed example ("1. j4 swap 2. j5 i6"), its command's words after `pnp`, and its first move."""
    notes = pad_notes(folder)
    typed = re.search(r"types in as: (.*?) …", notes)[1]
    command = shlex.split(notes.split("and run: ", 1)[1])
    assert command[:3] == ["pnp", "score", "game.txt"], notes
    return typed, command[1:], typed.split()[1]


def board_of(command: list[str]) -> str:
    """The YAML board block the command's options name (--size 11 -> {size: 11}; --code -> a Mudcrack code)."""
    options = dict(zip(command[2::2], command[3::2]))
    options.pop("--game")
    ((option, value),) = options.items()
    key = option.lstrip("-")
    return f"{{mudcrack: {{code: {value}}}}}" if key == "code" else f"{{{key}: {value}}}"


# --- what each sheet says ----------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def moves_the_stone(game: str) -> bool:
    """Whether the game's record moves a taken-over first stone to another cell (on its default board)."""
    model = read_position_text("pie", f"game: {game}\n").model
    return any(str(model.swapped(cell)) != str(cell) for cell in model.board_ids().known)


def said_where(text: str, game: str) -> bool:
    """Whether `text` says where the swap leaves the stone as the record does: on its own cell, or on another, its
    mirror cell (GAMES.md's words)."""
    return "mirror cell" in text if moves_the_stone(game) else "on its own cell" in text


@pytest.mark.parametrize("game", STONE_GAMES)
def test_the_pad_states_the_pie_rule_as_the_record_reads_it(kits: Path, game: str):
    notes = pad_notes(kits / game)
    _, command, first = pad_record(kits / game)
    cell, _, _ = reading(game, first, board_of(command))
    assert re.search(COLOURS_STAY, notes) and "move 2 may be swap" in notes and "move 3" in notes, notes
    assert said_where(notes, game) and (cell != first) == moves_the_stone(game), notes
    if cell != first:   # the pad names the cell the stone goes to, for its own example
        assert f"{first} to {cell}" in notes, notes
    assert [w for w in COLOUR_CHANGE if re.search(w, notes)] == []


@pytest.mark.parametrize("game", STONE_GAMES)
def test_the_card_states_the_pie_rule_as_the_record_reads_it(kits: Path, game: str):
    text = svg_text(kits / game / "card-1.svg") + " " + svg_text(kits / game / "card-2.svg")
    assert re.search(COLOURS_STAY, text) and "move 2 may be swap" in text and "first player moves again" in text
    assert said_where(text, game)
    assert [w for w in COLOUR_CHANGE if re.search(w, text)] == []


@pytest.mark.parametrize("game", STONE_GAMES)
def test_the_booklet_teaches_the_pie_rule_as_the_record_reads_it(kits: Path, game: str):
    text = " ".join(booklet_pages(kits / game / "rules.pdf"))
    assert re.search(COLOURS_STAY, text) and "move 2" in text and "(move 3)" in text
    assert said_where(text, game)
    assert [w for w in COLOUR_CHANGE if re.search(w, text)] == []


@pytest.mark.parametrize("game", STONE_GAMES)
def test_the_pie_rule_list_stands_on_one_page_with_its_heading_and_lead_in(kits: Path, game: str):
    pages = booklet_pages(kits / game / "rules.pdf")
    steps = [n for n, page in enumerate(pages) if re.search(r": the pie rule .*\b1\. .*\b2\. .*\b3\. .*take turns", page)]
    assert len(steps) == 1, "the heading, the lead-in and steps 1 to 3 on one page"


@pytest.mark.parametrize("game", STONE_GAMES)
def test_a_booklet_diagram_of_a_swap_is_a_record_captioned_by_its_reading(game: str):
    """A block that shows a swap (or a stone become the second player's) holds it as a record, drawn by the record's
    reading and never placed by hand, and its caption names where that reading puts the stone."""
    blocks = [yaml.safe_load(b) for b in FENCE.findall(template_text(game, "rules"))]
    swaps = [b for b in blocks if "second player's" in str(b.get("caption", "")) or "swap" in b.get("moves", [])]
    for block in swaps:
        assert block.get("moves", [None, None])[1] == "swap" and not block.get("stones"), block
        board = yaml.safe_dump(block["board"], default_flow_style=True).strip()
        cell, colour, first = reading(game, str(block["moves"][0]), board)
        assert colour != first and re.search(rf"\b{re.escape(cell)}\b", block["caption"]), block["caption"]
        assert "second player's" in block["caption"]


# --- a game typed in from the pad ------------------------------------------------------------------------------


def stone_cells(svg: Path) -> dict[int, tuple[str, str]]:
    """Move number -> (cell, colour) of each numbered stone a diagram draws: the cell whose outline holds its centre."""
    root = parse_svg(svg)
    cells = {el.get("data-cell"): [tuple(map(float, p.split(","))) for p in el.get("points").split()]
             for el in root.iter(f"{SVG_NS}polygon") if el.get("data-cell")}
    found = {}
    for group in root.iter(f"{SVG_NS}g"):
        if group.get("class", "").startswith("stone") and group.get("data-move"):
            circle = next(c for c in group.iter(f"{SVG_NS}circle") if c.get("fill") not in (None, "none", "#ffffff"))
            centre = (float(circle.get("cx")), float(circle.get("cy")))
            (cell,) = [name for name, outline in cells.items() if contains(outline, centre)]
            found[int(group.get("data-move"))] = (cell, group.get("data-piece").removeprefix("stone-"))
    return found


@pytest.mark.parametrize("game", STONE_GAMES)
def test_a_game_typed_in_from_the_pad_by_its_words_is_drawn_as_the_pad_says(kits: Path, game: str, tmp_path: Path):
    """The pad's example record, typed into game.txt and read by the pad's own command, exits 0; its diagram has
    stone 1 where the pad says the swap leaves it, in the second player's colour, and the first player's stone 3."""
    typed, command, first = pad_record(kits / game)
    (tmp_path / "game.txt").write_text(typed + "\n", encoding="utf-8")
    done = run_pnp(*command, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = run_pnp("diagram", *command[1:], "-o", "game.svg", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    cell, colour, first_colour = reading(game, first, board_of(command))
    notes = pad_notes(kits / game)
    said = re.search(rf"\b{re.escape(first)} to (\S+?):", notes)
    assert cell == (said[1] if said else first), "the pad names the cell the record reads"
    drawn = stone_cells(tmp_path / "game.svg")
    assert drawn[1] == (cell, colour) and colour != first_colour
    assert drawn[3][1] == first_colour, "the first player plays move 3"
