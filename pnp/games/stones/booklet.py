"""The rule booklet and card of a defined game: its own templates where it names them, else written from it.

A definition may name a rules and a card template beside it (rendered in the
sandbox like any template). Without them pnp writes both here as templates of
its own (booklet/template.py's `Written`): pnp's sentences
(templates/texts/stones.yaml) put together from what the definition says (the
board, its sides and corners, the turn, the pie rule as shared/GAMES.md states
it, each goal in plain words), with a diagram of a won game for each goal
(examples.py: found by the engine, checked by the referee, and checked again as
every diagram block is). Anything the definition's author wrote (its title,
designer, player and goal names) reaches the template as a variable, never as
template text, so it is printed as written and never run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pnp.boards.booklet import stone_kit_numbers
from pnp.booklet.template import Written
from pnp.cellboard.goals import RING
from pnp.definitions.engine import StoneGame
from pnp.games.stones.examples import Example, examples
from pnp.games.stones.game import is_file_key, stone_game
from pnp.games.stones.plan import KitPlan
from pnp.games.stones.spec import DefinedSpec
from pnp.games.stones.words import goal_title, goal_words, groups_words, listed, player_name
from pnp.texts import say

DIAGRAM_MM = 72
LETTERED = re.compile(r"([a-z]+)[0-9]+")   # an id of letters and a number: `last` is the last cell's letters


def _say(path: str, **fields: Any) -> str:
    return say("stones", path, **fields)


def _var(name: str) -> str:
    return "{{ " + name + " }}"


def context(spec: DefinedSpec, plan: KitPlan) -> dict[str, Any]:
    """The kit's numbers and the definition's own words, as the templates' variables: besides every stone kit's,
    game, size, size_key and the size under the size key's own name (side: 13), game_title, designer, year, first
    and second (the players), last_cell (the last cell's id), last (its letters, where ids are letters and a number:
    the last column), code, seed, fewest_neighbours and most_neighbours (grown_numbers), common_sizes (look.common_sizes), corner_ids,
    goals (each one's title, heading, words and whose)."""
    key = spec.board_key
    game = stone_game(key)
    cells = len(game.graph(spec.size, **spec.picked).ids)
    board = plan.board.board
    corners = [cell.id for cell in board.corners.values()]
    kind = game.definition.board.kind
    lettered = LETTERED.fullmatch(board.cells[-1].id)
    return {**stone_kit_numbers(spec, plan.title, cells), **grown_numbers(board), game.size_key: spec.size,
            "last_cell": board.cells[-1].id, "game": game.name, "size": spec.size,
            "size_key": game.size_key, "game_title": game.definition.title, "designer": game.definition.designer,
            "year": game.definition.year or "", "first": player_name(game.players[0]),
            "last": lettered[1] if lettered else "", "common_sizes": list(game.definition.look.common_sizes),
            "second": player_name(game.players[1]), "corner_ids": listed(corners) if corners else "",
            "goals": [{"title": goal_title(goal, kind), "heading": _capital(goal_title(goal, kind)), "words": goal_words(goal, kind),
                       "whose": listed([player_name(p) for p in goal.players])} for goal in game.goals]}


def grown_numbers(board: Any) -> dict[str, Any]:
    """A board grown from a seed: its code (printed on it), its seed, and the fewest and most neighbours a cell has
    (its cells differ); None on a lattice shape, whose code is None, so a template asks `{% if code %}`."""
    code = getattr(board, "code", None)
    if code is None:
        return {"code": None, "seed": None, "fewest_neighbours": None, "most_neighbours": None}
    degrees = [len(cell.neighbours) for cell in board.cells]
    return {"code": code, "seed": board.board.seed, "fewest_neighbours": min(degrees), "most_neighbours": max(degrees)}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def template(key: str, which: str) -> Path | Written:
    """The definition's own template beside it, or the one pnp writes from it."""
    game = stone_game(key)
    own = game.template(which)
    if own is not None:
        return own
    where = str(Path(key).parent / f"{game.name}.{which}.md") if is_file_key(key) else f"{game.name}.{which}.md"
    return Written(where, rules_text(key) if which == "rules" else card_text(game))


def _goal_lines(game: StoneGame, path: str) -> list[str]:
    """Each goal: whose (where it is one player's), its name or words, what meets it."""
    lines = []
    for index, goal in enumerate(game.goals):
        whose = _say("rules.win_whose", player=_var(f"goals[{index}].whose")) if goal.players else ""
        words = _say("rules.ring_words") if goal.kind == RING else _var(f"goals[{index}].words")
        lines.append(_say(path, number=index + 1, whose=whose, title=_var(f"goals[{index}].title"), words=words))
    return lines


def _diagram(key: str, game: StoneGame, example: Example, caption: str | None = None) -> list[str]:
    """A diagram block of a record (the game named so that the block reads it back: a shipped game's name, a
    designer's file by its absolute path)."""
    body = [f"game: {json.dumps(key)}", f"board: {{{game.size_key}: {example.size}}}",
            f"moves: [{', '.join(example.moves)}]"]
    if example.first != game.players[0]:
        body.append(f"first: {example.first}")
    if caption:
        body.append(f"caption: {json.dumps(caption)}")
    return [f"```diagram {DIAGRAM_MM}", *body, "```", ""]


def rules_text(key: str) -> str:
    """The rules template written from the definition (Markdown with Jinja variables)."""
    game = stone_game(key)
    board = game.definition.board
    kind = board.kind
    v = _var
    lines = [f"# {_say('rules.brief_heading')}", "",
             _say("rules.brief", title=v("game_title"), first=v("first"), second=v("second"), shape=board.shape,
                  goals=listed([v(f"goals[{i}].title") for i in range(len(game.goals))], "or")), "",
             f"# {_say('rules.need_heading')}", "",
             _say("rules.need_board", size_key=v("size_key"), size=v("size"), cells=v("cells")),
             _say("rules.need_stones", stones=v("stones"),
                  spares="{% if spares %}" + _say("rules.need_spares", spares=v("spares")) + "{% endif %}"),
             "{% if pad %}", _say("rules.need_pad"), "{% endif %}", "",
             f"# {_say('rules.board_heading')}", "",
             _say("rules.board_shape", shape=board.shape, cells=v("cells"), size_key=v("size_key"), size=v("size"),
                  sides=len(kind.sides), corners=len(kind.corner_names)), "",
             _say("rules.corners_on" if board.corners_on_sides else "rules.corners_apart"), "",
             _sides_sentence(game), "", _say("rules.neighbours"), "",
             f"## {_say('rules.names_heading')}", "",
             _say("rules.numbers" if game.scheme.rule.__class__.__name__ == "Numbers" else "rules.names",
                  about=game.scheme.about, corners=v("corner_ids")), "",
             f"# {_say('rules.play_heading')}", "",
             f"## {_say('rules.turn_heading')}", "",
             _say("rules.turn", first=v("first"), pad="{% if pad %}" + _say("rules.turn_pad") + "{% endif %}"), "",
             f"## {_say('rules.pie_heading')}", "", _say(f"rules.pie.{game.pie}"), ""]
    found = examples(key)
    if game.pie != "none" and found and found[0] is not None:
        cell = found[0].moves[0]
        moved = game.swapped(cell, found[0].size)
        where = _say("rules.pie_where", cell=moved) if moved != cell else ""
        swap = Example(found[0].size, (cell, "swap"), game.players[0], game.players[1], -1)
        lines += _diagram(key, game, swap, _say("rules.pie_caption", cell=cell, where=where))
    lines += [f"## {_say('rules.win_heading')}", "", _say("rules.win"), "", *_goal_lines(game, "rules.win_goal"), "",
              _say(_draws("rules", game)), ""]
    for index, example in enumerate(found):
        if example is not None:
            lines += [f"### {v(f'goals[{index}].heading')}", "", _say("rules.example", title=v(f"goals[{index}].title")),
                      "", *_diagram(key, game, example)]
    year = "{% if year %}" + _say("rules.about_year", year=v("year")) + "{% endif %}"
    lines += [f"# {_say('rules.about_heading')}", "", _say("rules.about", title=v("game_title"),
                                                            designer=v("designer"), year=year)
              + " " + _say("rules.generated"), ""]
    return "\n".join(lines)


def _sides_sentence(game: StoneGame) -> str:
    """Whose sides are whose, where a goal of one player's names them; else that the colours only tell them apart."""
    from pnp.games.stones.owners import Owners

    kind = game.definition.board.kind
    sides = Owners(game).sides
    owned = [(player, [s for s in kind.sides if sides[s] == player]) for player in game.players]
    said = [_say("rules.owner", player=player_name(p), sides=groups_words(mine, kind)) for p, mine in owned if mine]
    return _say("rules.sides_owned", owned=listed(said)) if said else _say("rules.sides_shared")


def _draws(text: str, game: StoneGame) -> str:
    """The rules' or card's line on a full board with no winner: none can be (no draws), or it is a draw."""
    return f"{text}.no_draw" if game.never_drawn else f"{text}.draw"


def card_text(game: StoneGame) -> str:
    """The card template written from the definition: how to play, then how to win."""
    v = _var
    return "\n".join([f"## {_say('card.play_heading')}", _say("card.turn", first=v("first")), _say("card.keep"),
                      _say(f"card.pie.{game.pie}"), f"## {_say('card.win_heading')}",
                      *_goal_lines(game, "card.goal"), _say(_draws("card", game)),
                      _say("card.board", size_key=v("size_key"), size=v("size"), cells=v("cells"))]) + "\n"
