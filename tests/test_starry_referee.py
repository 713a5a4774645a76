"""The Starry Night referee on positions with known answers, and the plane faces it rests on.

Seas with and without islands, a peninsula capture, a nested sea, a chord
splitting an open sea, a tie broken by the last move, exact half areas, the
moves the rules forbid (the plane's faces and segment tests, game-free, are in tests/test_geometry.py).
"""

from __future__ import annotations

from conftest import ROOT, judged

from pnp.games.starry_night.referee import IllegalEdge, drawing_problems, replay

HERE = ROOT / "tests" / "positions"
EXAMPLES = ROOT / "examples" / "positions"


# --- Starry Night: known answers -------------------------------------------------------------------------


def test_closing_an_empty_sea_captures_it_at_once():
    data = judged(HERE / "starry-closed.yaml").as_json()
    assert data["seas"] == [{"shore": [0, 1, 2], "area": 0.5, "islands": [], "captured_by": "first", "move": 3}]
    assert data["players"] == {"first": {"seas": 1, "area": 0.5}, "second": {"seas": 0, "area": 0}}
    assert not data["full"] and data["unconnected"] == [3] and data["winner"] is None


def test_a_sea_with_an_island_is_open():
    found = judged(HERE / "starry-island.yaml")
    (sea,) = found.as_json()["seas"]
    assert sea["islands"] == [[3]] and sea["captured_by"] is None and sea["area"] == 18
    assert found.caption() == "First 0 seas, Second 0 seas so far; 2 stars not yet joined"


def test_a_peninsula_captures_and_a_tie_goes_to_the_last_move():
    found = judged(EXAMPLES / "starry-night-peninsula.yaml")
    data = found.as_json()
    by_move = {s["move"]: s for s in data["seas"]}
    assert by_move[6]["captured_by"] == "second" and by_move[6]["shore"] == [0, 1, 2, 0, 3]   # star 3 joined: a peninsula
    assert by_move[5]["captured_by"] == "first" and by_move[5]["area"] == 13.5
    assert data["full"] and data["last_move"] == "first"
    assert (data["winner"], data["area_winner"]) == ("first", "second")   # 1 sea each; area 13.5 against 15
    assert found.caption() == "First 1 sea, Second 1 sea: First wins, having ended the game"


def test_the_example_game_on_a_printed_sky():
    data = judged(EXAMPLES / "starry-night-tie.yaml").as_json()
    assert data["full"] and data["moves"] == 14 and data["last_move"] == "second"
    assert {who: p["seas"] for who, p in data["players"].items()} == {"first": 2, "second": 2}
    assert data["winner"] == "second"


def test_a_sea_inside_a_sea_is_an_island_until_joined():
    seas = judged(HERE / "starry-nested.yaml").as_json()["seas"]
    assert [(s["captured_by"], s["move"], s["area"]) for s in seas] == [("first", 7, 4.5), ("second", 8, 95.5)]


def test_a_chord_captures_the_half_without_the_island():
    seas = judged(HERE / "starry-chord.yaml").as_json()["seas"]
    assert [(s["shore"], s["captured_by"], s["islands"]) for s in seas] == [
        ([0, 1, 3], "second", []), ([1, 2, 3], None, [[4]])]


def test_moves_the_rules_forbid():
    stars = [(0, 0), (6, 0), (0, 6), (1, 1), (9, 9), (20, 0)]
    captured = [(0, 1), (1, 2), (2, 0), (2, 4), (0, 3)]      # edge 5 joins the island: the triangle is captured
    assert not drawing_problems(stars, [*captured, (1, 3)])
    try:
        replay(stars, [*captured, (1, 3)])
    except IllegalEdge as caught:
        assert caught.index == 5 and "inside the sea that First captured with move 5" in caught.message
    else:
        raise AssertionError("an edge inside a captured sea was allowed")
    ended = [(0, 1), (1, 5), (5, 4), (4, 2), (2, 3), (0, 2)]
    assert not drawing_problems(stars, ended)
    try:
        replay(stars, ended)
    except IllegalEdge as caught:
        assert caught.index == 5 and "after the game ended: move 5 joined the last star" in caught.message
    else:
        raise AssertionError("an edge after the end was allowed")
    problems = drawing_problems(stars, [(0, 1), (1, 0), (0, 4), (1, 2), (0, 9), (3, 3), (3, 5)])
    assert [(p.index, p.message.split()[0]) for p in problems] == [
        (1, "repeats"), (2, "passes"), (4, "names"), (5, "joins"), (6, "crosses")]
