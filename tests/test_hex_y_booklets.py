"""Hex's and Y's rule booklets and cards as a player gets them: built from specs, their numbers are the spec's, every
diagram block is a legal position whose caption the referee confirms, the strategy diagrams show what the words
say, and the designers are credited.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, run_pnp, write_spec

from pnp.boards.lattice.shapes import rhombus
from pnp.boards.mudcrack.code import encode
from pnp.boards.mudcrack.grow import mudcrack

RULES = ROOT / "templates" / "rules"
CARDS = ROOT / "templates" / "cards"
FENCE = re.compile(r"^```diagram[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
FAMILY = "Hex, Y, Poly-Y, Star and *Star"
MUD_CELLS, MUD_SEED = 60, 11

# name -> the spec's lines after `game:` and `name:`; each kit prints its rules and its card
SPECS = {
    "hex-13": "game: hex\noutputs: [board, stones, pad, rules, card]\nboard: {size: 13}\n",
    "hex-7": "game: hex\noutputs: [board, rules, card]\nboard: {size: 7}\nstones: {spares: 0}\n",
    "hex-27": "game: hex\noutputs: [board, rules, card]\nboard: {size: 27}\n",
    "y-9": "game: y\noutputs: [board, stones, rules, card]\nboard: {side: 9}\nstones: {spares: 0}\n",
    "y-13": "game: y\noutputs: [board, stones, pad, rules, card]\nboard: {side: 13}\n",
    "y-mud": f"game: y\noutputs: [board, stones, pad, rules, card]\nboard: {{mudcrack: {{cells: {MUD_CELLS}, seed: {MUD_SEED}}}}}\n",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    specs, out = tmp_path_factory.mktemp("specs"), tmp_path_factory.mktemp("kits")
    paths = [write_spec(specs, f"name: {name}\n{body}", f"{name}.yaml") for name, body in SPECS.items()]
    done = run_pnp("build", *map(str, paths), "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


def words(pdf: Path) -> str:
    """A PDF's text as pypdf reads it, runs of white space made one space."""
    from pypdf import PdfReader

    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(pdf).pages))


def card_words(folder: Path) -> str:
    """The text of a card's front and back, from its SVG pages."""
    text = " ".join((folder / f"card-{n}.svg").read_text(encoding="utf-8") for n in (1, 2))
    return re.sub(r"\s+", " ", " ".join(re.findall(r">([^<>]+)<", text)))


# --- the numbers come from the spec -------------------------------------------------------------------


@pytest.mark.parametrize("name, must", [
    ("hex-13", [r"13 × 13 cells, 169 in all", r"87 for each player", r"2 more in case", r"\ba13\b", r"\bm13\b",
                r"pencil pad"]),
    ("hex-7", [r"7 × 7 cells, 49 in all", r"25 for each player", r"\bg7\b", r"not one of those sizes"]),
    ("hex-27", [r"27 × 27 cells, 729 in all", r"\baa27\b", r"After column z the letters go on as aa, ab"]),
    ("y-9", [r"9 cells along each side, 45 cells in all", r"23 for each player", r"a9 to i9", r"Variant: Mudcrack Y"]),
    ("y-13", [r"13 cells along each side, 91 cells in all", r"48 for each player", r"a13 to m13", r"pencil pad"]),
    ("y-mud", [rf"cut into {MUD_CELLS} irregular cells, numbered 1 to {MUD_CELLS}", r"32 for each player",
               re.escape(encode(MUD_CELLS, MUD_SEED)), r"Your board: Mudcrack Y", r"pencil pad"]),
])
def test_the_booklet_says_the_specs_numbers(built: Path, name: str, must: list[str]):
    text = words(built / name / "rules.pdf")
    assert [pattern for pattern in must if not re.search(pattern, text)] == []
    assert "{{" not in text and "{%" not in text


@pytest.mark.parametrize("name, absent", [
    ("hex-7", [r"pencil pad", r"more in case", r"After column z", r"\b11 × 11 cells"]),
    ("hex-13", [r"not one of those sizes", r"After column z"]),
    ("y-9", [r"pencil pad", r"more in case", r"Your board: Mudcrack Y", r"board code \w{4}-"]),
    ("y-mud", [r"Variant: Mudcrack Y", r"Cell names", r"cells along each side"]),
])
def test_the_booklet_leaves_out_what_the_kit_does_not_have(built: Path, name: str, absent: list[str]):
    text = words(built / name / "rules.pdf")
    assert [pattern for pattern in absent if re.search(pattern, text)] == []


def test_stones_per_player_are_half_the_cells_and_the_spares(built: Path):
    """The booklet's count is the stone sheets' count: rounded-up half of the cells plus the spares."""
    for name, cells, spares in (("hex-13", 169, 2), ("hex-7", 49, 0), ("y-9", 45, 0), ("y-mud", MUD_CELLS, 2)):
        each = math.ceil(cells / 2) + spares
        assert f"{each} for each player" in words(built / name / "rules.pdf"), name


def test_a_mudcrack_booklet_counts_its_own_boards_neighbours(built: Path):
    degrees = [len(cell.neighbours) for cell in mudcrack(MUD_CELLS, MUD_SEED).cells]
    assert f"from {min(degrees)} to {max(degrees)} neighbours each" in words(built / "y-mud" / "rules.pdf")


@pytest.mark.parametrize("name, must", [
    ("hex-13", ["13 × 13, 169 cells, a1 to m13", "A game by Piet Hein and John Nash"]),
    ("y-9", ["side 9, 45 cells, a1 to i9", "A game by Claude Shannon, Craige Schensted and Charles Titus"]),
    ("y-mud", [f"numbered 1 to {MUD_CELLS}", f"Board code {encode(MUD_CELLS, MUD_SEED)}"]),
])
def test_the_card_says_the_specs_numbers_and_credits_the_designers(built: Path, name: str, must: list[str]):
    text = card_words(built / name)
    assert [phrase for phrase in must if phrase not in text] == []


# --- credits --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, credits", [
    ("hex-13", ["A game by Piet Hein and John Nash", "Piet Hein in 1942", "John Nash in 1948", "independently"]),
    ("y-13", ["A game by Claude Shannon, Craige Schensted and Charles Titus", "Claude Shannon in the early 1950s",
              "independently by Craige Schensted and Charles Titus, who also described Mudcrack Y"]),
])
def test_the_booklet_credits_the_designers_and_names_the_family(built: Path, name: str, credits: list[str]):
    text = words(built / name / "rules.pdf").replace("\\*", "*")
    assert [phrase for phrase in [*credits, FAMILY] if phrase not in text] == []


# --- every diagram block is a legal position the referee confirms -----------------------------------------


def blocks(game: str) -> list[dict]:
    """The positions of a rules template's ```diagram blocks (they hold no template variables)."""
    found = FENCE.findall((RULES / f"{game}.md").read_text(encoding="utf-8"))
    assert found, game
    return [yaml.safe_load(block) for block in found]


@pytest.mark.parametrize("game", ["hex", "y"])
def test_every_diagram_block_is_checked_and_legal(game: str):
    """Each block reads as a position file, its caption agrees with the referee, and it could arise in a game:
    Red moves first, so Red has as many stones as Blue or one more, and a game stops at its first win."""
    from pnp.positions.caption import stated_caption_problem
    from pnp.positions.read import read_position_text

    for number, block in enumerate(blocks(game), 1):
        position = read_position_text(f"{game}.md block {number}", yaml.safe_dump(block))
        assert stated_caption_problem(position.game, position.model) is None
        stones = block.get("stones", {})
        assert len(stones.get("red", [])) - len(stones.get("blue", [])) in (0, 1), number
        assert block.get("caption"), f"block {number} says what it shows"


@pytest.mark.parametrize("game, winners", [
    ("hex", {"red": 1, "blue": 1}),   # the won game, and the full board that has no draw
    ("y", {"red": 2, "blue": 1}),     # the won game and the mudcrack game, and the full board
])
def test_the_booklets_show_won_games_and_a_full_board(game: str, winners: dict[str, int]):
    from pnp.positions.read import read_position_text

    seen: dict[str, int] = {}
    full = 0
    for number, block in enumerate(blocks(game), 1):
        position = read_position_text(f"block {number}", yaml.safe_dump(block))
        verdict = position.game.judge(position.model).as_json()
        if verdict["winner"]:
            seen[verdict["winner"]] = seen.get(verdict["winner"], 0) + 1
            assert f"{verdict['winner'].title()} wins" in block["caption"]
        full += verdict["full"]
    assert seen == winners and full == 1


def test_a_tampered_caption_stops_the_build(tmp_path: Path):
    """The machinery checks these blocks: the won game's caption naming the wrong player is exit 2 at its line."""
    source = (RULES / "hex.md").read_text(encoding="utf-8")
    wrong = source.replace('caption: "Red wins: a chain', 'caption: "Blue wins: a chain')
    assert wrong != source
    template = tmp_path / "hex.md"
    template.write_text(wrong, encoding="utf-8")
    spec = write_spec(tmp_path, f"name: hex-13\n{SPECS['hex-13']}")
    done = run_pnp("rules", str(template), "--spec", str(spec), "--out", str(tmp_path / "out"))
    line = wrong[: wrong.index('caption: "Blue wins')].count("\n") + 1
    assert done.returncode == 2 and f"hex.md:{line}:" in done.stderr and "Red" in done.stderr
    assert not (tmp_path / "out").exists()


# --- the strategy diagrams show what the words say ---------------------------------------------------------


def hex_block(caption_start: str) -> dict:
    return next(b for b in blocks("hex") if b.get("caption", "").startswith(caption_start))


def test_each_lettered_pair_links_red_stones_or_a_stone_and_its_edge():
    """The bridge diagram: the two cells of each letter are empty neighbours of each other, and the red stones both
    touch are two stones that are not neighbours (a bridge) or one, the pair then lying on one edge (a stone
    joined to its edge)."""
    block = hex_block("Red's stones d2, c4 and b6")
    places = rhombus(block["board"]["size"]).places
    red, blue = set(block["stones"]["red"]), set(block["stones"]["blue"])
    pairs: dict[str, list[str]] = {}
    for cell, letter in block["marks"].items():
        pairs.setdefault(letter, []).append(cell)
    kinds = []
    for letter, (one, other) in sorted(pairs.items()):
        assert not {one, other} & (red | blue) and other in places[one].neighbours, letter
        linked = set(places[one].neighbours) & set(places[other].neighbours) & red
        if len(linked) == 2:
            first, second = sorted(linked)
            assert second not in places[first].neighbours, letter
        else:
            assert len(linked) == 1 and set(places[one].sides) & set(places[other].sides), letter
        kinds.append(len(linked))
    assert kinds == [1, 2, 2, 1]   # a and d: to the edges; b and c: bridges


def test_the_third_row_stone_reaches_its_edge_through_exactly_those_eight_cells():
    """The edge template: with Blue to move, Red joins e3 to the top through the tinted cells whatever Blue does,
    and every tinted cell is needed."""
    block = hex_block("A stone on the third row")
    size, (stone,), area = block["board"]["size"], block["stones"]["red"], frozenset(block["highlight"])
    assert len(area) == 8 and rhombus(size).places[stone].row == 3
    assert _holds(size, stone, area)
    assert not any(_holds(size, stone, area - {cell}) for cell in area)


@lru_cache(maxsize=None)
def _holds(size: int, stone: str, area: frozenset[str]) -> bool:
    """Red's `stone` joins the top edge using only `area`, Blue moving first in it and both playing only there."""
    places = rhombus(size).places

    def joined(red: frozenset[str]) -> bool:
        seen, todo = {stone}, [stone]
        while todo:
            cell = todo.pop()
            if "top" in places[cell].sides:
                return True
            for near in places[cell].neighbours:
                if near in red and near not in seen:
                    seen.add(near)
                    todo.append(near)
        return False

    @lru_cache(maxsize=None)
    def blue_moves(red: frozenset[str], empty: frozenset[str]) -> bool:
        return joined(red) or (bool(empty) and all(red_moves(red, empty - {b}) for b in empty))

    @lru_cache(maxsize=None)
    def red_moves(red: frozenset[str], empty: frozenset[str]) -> bool:
        return joined(red) or any(blue_moves(red | {r}, empty - {r}) for r in empty)

    return blue_moves(frozenset({stone}), area)


def test_the_neighbours_diagram_tints_exactly_the_six_neighbours():
    block = hex_block("A stone on c3")
    (stone,) = block["stones"]["red"]
    assert sorted(block["highlight"]) == sorted(rhombus(block["board"]["size"]).places[stone].neighbours)


NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}


def mudcrack_example() -> tuple[dict, object]:
    """The Mudcrack Y booklet example's first block and its board (cells and a seed: the latest generator's)."""
    block = next(b for b in blocks("y") if "mudcrack" in b["board"] and "highlight" in b)
    return block, mudcrack(block["board"]["mudcrack"]["cells"], block["board"]["mudcrack"]["seed"])


def test_the_mudcrack_example_cells_have_the_neighbours_the_caption_counts():
    block, board = mudcrack_example()
    said = re.search(r"(\d+) has (\w+) neighbours and the corner cell (\d+) only (\w+)\.", block["caption"])
    assert said, block["caption"]
    many, corner = board.cells[int(said[1]) - 1], board.cells[int(said[3]) - 1]
    assert (len(many.neighbours), len(corner.neighbours)) == (NUMBER_WORDS[said[2]], NUMBER_WORDS[said[4]])
    assert len(corner.sides) == 2, "a corner cell touches two sides"
    assert sorted(block["highlight"]) == sorted([int(said[1]), int(said[3])]), "the tinted cells are the two named"


def test_the_mudcrack_win_is_told_cell_by_cell_as_the_board_has_it():
    """'Red's group runs from cell A on the left side through B and C to D on the right side, and from E down
    through F and G to H on the bottom': each run is Red's, each step a neighbour, each end on the side it names."""
    _, board = mudcrack_example()
    win = next(b for b in blocks("y") if "mudcrack" in b["board"] and "stones" in b)
    text = (RULES / "y.md").read_text(encoding="utf-8")
    told = re.search(r"Red's group runs from cell (\d+) on the left side through (.+?) to (\d+) on the right side, "
                     r"and from (\d+) down through (.+?) to (\d+) on the bottom\.", text)
    assert told, "the booklet tells the Mudcrack Y win"
    by_id = {c.id: c for c in board.cells}
    across = [told[1], *re.findall(r"\d+", told[2]), told[3]]
    down = [told[4], *re.findall(r"\d+", told[5]), told[6]]
    red = {str(c) for c in win["stones"]["red"]}
    for run in (across, down):
        assert set(run) <= red, run
        assert all(b in by_id[a].neighbours for a, b in zip(run, run[1:])), run
    assert down[0] in across, "the run down leaves the run across"
    assert "left" in by_id[across[0]].sides and "right" in by_id[across[-1]].sides
    assert "bottom" in by_id[down[-1]].sides


# --- the templates render for every kind of kit ------------------------------------------------------------


def test_each_card_side_is_as_long_as_the_shipped_cards():
    """Two sides, each a heading and at most eight lines (the shipped cards have six or seven); that they fit
    85 x 55 mm is checked by every build above (a card that cannot hold its lines is a build error)."""
    for game in ("hex", "y"):
        sides = (CARDS / f"{game}.md").read_text(encoding="utf-8").split("## ")[1:]
        assert len(sides) == 2
        assert all(len([line for line in side.splitlines() if line.startswith("- ")]) <= 8 for side in sides), game


def test_the_example_positions_are_the_booklets_games():
    """examples/positions/ holds the booklets' won games (and the full board), so `pnp score` of one shows what
    the booklet teaches."""
    examples = ROOT / "examples" / "positions"
    for example, game in (("hex-7-red-wins", "hex"), ("hex-6-full-board", "hex"), ("y-8-red-wins", "y"),
                          ("y-mudcrack-30-red-wins", "y")):
        data = yaml.safe_load((examples / f"{example}.yaml").read_text(encoding="utf-8"))
        assert any(b["board"] == data["board"] and b.get("stones") == data["stones"] for b in blocks(game)), example


def test_the_pie_rule_and_no_draw_sections_are_in_both_booklets(built: Path):
    for name, game in (("hex-13", "Hex"), ("y-13", "Y")):
        text = words(built / name / "rules.pdf")
        headings = ["What you need", "Cell names", "A turn", "The first move: the pie rule", "Winning",
                    f"Why {game} never ends in a draw", "Playing well", "The bridge", "About the game"]
        assert [h for h in headings if h not in text] == [], name


def test_the_same_spec_builds_the_same_booklet(tmp_path: Path, built: Path):
    spec = write_spec(tmp_path, f"name: y-mud\n{SPECS['y-mud']}")
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "again"))
    assert done.returncode == 0, done.stderr
    for asset in ("rules.pdf", "card.pdf"):
        assert (tmp_path / "again" / "y-mud" / asset).read_bytes() == (built / "y-mud" / asset).read_bytes()
