"""What a definition's keys cannot mean together, each problem at the key to change with what would be right.

Checked: the size range holds its default and its largest board at most
10,000 cells, lies within what the shape has (a mudcrack board: the
generator's fewest to most cells), and its key is no other board key; only a
mudcrack board takes a seed, and its cells are numbers; each goal is connect or
`ring: true`, names groups the shape has, asks for a count its groups allow,
and is for players of the game; no goal is written twice, every player has
one, and no goal is met by one stone (the first move would win); a group a
goal names holds a cell on the smallest board; a ring only where the smallest
board has a cell a ring can surround; a mirror only on a rhombus, and only
where the reflection turns the first player's goals into the second's;
templates are .md files inside the definition's folder (a shipped definition's:
pnp's own templates folder); `look` dashes the sides of players of the game,
gives style keys names no other style key has, and common sizes in the range.

The checks run on `Parts`: each key's model where pydantic accepted it, so a
file with a wrongly typed key still hears, in the same pass, about what its
other keys mean (every problem at once). A check that needs a key pydantic
refused is left until that key is right.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import TypeAdapter, ValidationError

from pnp.cellboard.goals import Goal
from pnp.cellboard.graph import Graph
from pnp.cellboard.ids import Numbers
from pnp.cellboard.kinds import Kind, board_of, seeded
from pnp.cellboard.pie import MIRROR, PIE_RULES
from pnp.cellboard.shapes import GROUP_SETS, MOST_CELLS
from pnp.definitions.model import (LAYOUTS, STYLE_KEYS, TEMPLATE_KEYS, AnyOf, BoardDefinition, BoardShape, GameDefinition,
                                   GoalDefinition, LookDefinition, Players)
from pnp.definitions.schemes import numbered
from pnp.spec.problems import Unplanned, show
from pnp.spec.suggest import closest

SPEC_BOARD_KEYS = ("cell_mm", "coordinates", "mudcrack")   # a spec's board keys: no size key may take their name
SEEDED_BOARD_KEYS = ("seed", "code")                         # ... and a mudcrack board's: which board it is
# The record commands' own options (pnp score, diagram, record) and --first: a size key is given as --KEY on those
# commands, so it may take none of these names (--width-mm is width_mm: a key's '_' may be typed as '-').
RECORD_OPTIONS = ("at", "dpi", "first", "format", "frame_ms", "game", "help", "json", "last_ms", "out", "quiet",
                  "verbose", "width_mm")
TEMPLATE_SUFFIX = ".md"
PROBE_SIZE = 3   # from this size on every group, and every kind of edge cell, is there


@dataclass(frozen=True)
class Parts:
    """What pydantic accepted of a definition: a key's model, or None (or left out) where it refused it."""

    board: BoardDefinition | None
    players: tuple[str, ...] | None
    pie: str | None
    goals: tuple[tuple[int, GoalDefinition], ...]   # the goals accepted, by their place in the list
    every_goal: bool                                # no goal was refused
    templates: tuple[tuple[str, str], ...]          # (key, path as written)
    look: LookDefinition | None = None

    @classmethod
    def of(cls, game: GameDefinition) -> "Parts":
        return cls(game.board, tuple(game.players), game.pie, tuple(enumerate(game.goals)), True,
                   tuple((key, getattr(game, key)) for key in TEMPLATE_KEYS if getattr(game, key) is not None),
                   game.look)

    @classmethod
    def of_data(cls, data: Mapping[str, Any]) -> "Parts":
        """The keys of a definition pydantic refused as a whole, each taken on its own."""
        goals = data.get("goals")
        written = list(enumerate(goals)) if isinstance(goals, list) else []
        accepted = tuple((i, goal) for i, item in written if (goal := _valid(GoalDefinition, item)) is not None)
        players = _valid(Players, data.get("players"))
        return cls(_valid(BoardDefinition, data.get("board")), tuple(players) if players else None,
                   data.get("pie") if data.get("pie") in PIE_RULES else None, accepted,
                   len(accepted) == len(written) and bool(written),
                   tuple((key, data[key]) for key in TEMPLATE_KEYS if isinstance(data.get(key), str)),
                   _valid(LookDefinition, data.get("look", {})))


ADAPTERS: dict[str, TypeAdapter[Any]] = {}   # made on first use: a few ms each


def _valid(model: Any, value: Any) -> Any:
    """`value` validated as `model`, or None where it is not."""
    adapter = ADAPTERS.get(str(model))
    if adapter is None:
        adapter = ADAPTERS[str(model)] = TypeAdapter(model)
    try:
        return adapter.validate_python(value)
    except ValidationError:
        return None


def problems(parts: Parts, folder: Path | Mapping[str, Path] | None) -> list[Unplanned]:
    """Every problem of meaning; `folder` holds the templates, or maps each template key to its folder (None:
    their files are not looked for)."""
    found = [*_template_problems(parts, folder), *_look_problems(parts)]
    if parts.board is None:
        return found
    goals = _goal_problems(parts, parts.board.kind)
    sound = [] if goals or not parts.every_goal else [*_reach_problems(parts, parts.board),
                                                      *_mirror_problems(parts, parts.board.kind)]
    return [*_size_problems(parts.board), *_seeded_problems(parts.board), *goals, *_ring_problems(parts, parts.board), *_pie_shape_problems(parts),
            *sound, *found, *_alternative_problems(parts, folder)]


def _alternative_problems(parts: Parts, folder: Path | Mapping[str, Path] | None) -> list[Unplanned]:
    """Each alternative board checked as the game on it (its goals, pie rule, sizes, look), each problem said at
    the alternative's key where it is the board's or its look's, else at the game's key on that board; and its key
    free among the board block's keys."""
    board = parts.board
    if board is None or not board.alternatives:
        return []
    found = []
    for name, other in board.alternatives.items():
        at = ("board", "alternatives", name)
        if name in (board.size.key, *SPEC_BOARD_KEYS[:2]):
            found.append(Unplanned(at, f"{show(name)} is already a key of the board block; name the board otherwise"))
        alone = replace(parts, board=BoardDefinition(**{k: getattr(other, k) for k in BoardShape.model_fields if getattr(other, k) is not None}),
                        look=(parts.look or LookDefinition()).over(other.look),
                        templates=())
        for problem in problems(alone, folder):
            key = problem.loc[0] if problem.loc else ""
            if key == "board" or (key == "look" and problem.loc[1] in other.look.model_fields_set):
                found.append(replace(problem, loc=(*at, *problem.loc[1:]) if key == "board" else (*at, *problem.loc)))
            else:
                found.append(replace(problem, message=f"on board.alternatives.{name}: {problem.message}"))
    return found


def _size_problems(board: BoardDefinition) -> list[Unplanned]:
    found, size, kind = [], board.size, board.kind
    if size.key in SPEC_BOARD_KEYS:
        found.append(Unplanned(("board", "size", "key"), f"{show(size.key)} is already a board key of every spec; "
                                                         "name the size otherwise (size, side, base, ...)"))
    elif seeded(board.shape) and size.key in SEEDED_BOARD_KEYS:
        found.append(Unplanned(("board", "size", "key"), f"{show(size.key)} is already a board key of every "
                                                         f"{kind.name} spec (which board it is); name the size "
                                                         "otherwise (cells, ...)"))
    elif size.key in RECORD_OPTIONS:
        found.append(Unplanned(("board", "size", "key"), f"{show(size.key)} is already an option of pnp score and "
                                                         "pnp diagram, where the size is given as --KEY; name the size "
                                                         "otherwise (size, side, base, ...)"))
    found += [Unplanned(("board", "size", key), f"{key} {getattr(size, key)} is below the smallest {kind.name} "
                                                f"board ({size.key} {kind.smallest}); give a {key} of "
                                                f"{kind.smallest} or more")
              for key in ("min", "default") if getattr(size, key) < kind.smallest]
    if kind.most is not None and size.max > kind.most:
        found.append(Unplanned(("board", "size", "max"), f"max {size.max} is beyond the largest {kind.name} board "
                                                         f"({size.key} {kind.most}); give a max of {kind.most} or "
                                                         "less"))
        return found
    if size.min > size.max:
        found.append(Unplanned(("board", "size", "max"), f"{size.max} is less than min ({size.min}); give a max of "
                                                         f"{size.min} or more"))
    elif not size.min <= size.default <= size.max:
        found.append(Unplanned(("board", "size", "default"), f"{size.default} is outside min to max; give "
                                                             f"{size.min} to {size.max}"))
    if kind.count(size.max) > MOST_CELLS:
        found.append(Unplanned(("board", "size", "max"), f"a {kind.name} of {size.key} {size.max} has "
                                                         f"{kind.count(size.max):,} cells, more than pnp draws "
                                                         f"({MOST_CELLS:,}); give a max of {kind.largest_size()} "
                                                         "or less"))
    return found


def _seeded_problems(board: BoardDefinition) -> list[Unplanned]:
    """A mudcrack board's cells are numbers, and only it is grown from a seed."""
    if not seeded(board.shape):
        return [] if board.seed is None else [Unplanned(("board", "seed"), f"a {board.shape} is made from its size "
                                                                          "alone; only a mudcrack board is grown "
                                                                          "from a seed, so leave seed out")]
    if board.ids in numbered():
        return []
    return [Unplanned(("board", "ids"), f"a {board.shape} board's cells are numbered 1 up as it is grown and have no "
                                        f"other names; write ids: {numbered()[0]}, or leave ids out")]


def _goals(parts: Parts, kind: Kind) -> list[tuple[int, Goal]]:
    return [(index, goal.goal(kind)) for index, goal in parts.goals]


def _goal_problems(parts: Parts, kind: Kind) -> list[Unplanned]:
    """Each goal on its own, then no goal twice and a goal for every player."""
    found: list[Unplanned] = []
    seen: dict[tuple[Any, ...], int] = {}
    for index, goal in parts.goals:
        here = _one_goal_problems(parts, goal, kind, ("goals", index))
        if not here:
            made = goal.goal(kind)
            key = (made.kind, made.groups, made.least, frozenset(made.players or parts.players or ()))
            if key in seen:
                here.append(Unplanned(("goals", index), f"the same goal as goals[{seen[key]}]; name each goal once"))
            seen.setdefault(key, index)
        found += here
    if not found and parts.every_goal and parts.players:
        goals = [goal for _, goal in _goals(parts, kind)]
        found += [Unplanned(("players", k), f"{player} has no goal, so could never win; give {player} a goal, or "
                                            "write one without `players` (every player's)")
                  for k, player in enumerate(parts.players) if not any(goal.of(player) for goal in goals)]
    return found


def _one_goal_problems(parts: Parts, goal: GoalDefinition, kind: Kind, at: tuple[Any, ...]) -> list[Unplanned]:
    """A goal is connect or `ring: true`, its groups the shape's, its players the game's."""
    if (goal.connect is None) == (goal.ring is None):
        return [Unplanned(at, "give a goal either connect or ring (one of them)")]
    if goal.ring is False:
        return [Unplanned((*at, "ring"), "ring: false is no goal; write ring: true, or leave the goal out")]
    known = parts.players or ()
    strangers = [] if not known else [
        Unplanned((*at, "players", k), f"{show(player)} is not a player of this game; use {' or '.join(known)}")
        for k, player in enumerate(goal.players or ()) if player not in known]
    return [*_group_problems(kind, goal, at), *strangers]


def _group_problems(kind: Kind, goal: GoalDefinition, at: tuple[Any, ...]) -> list[Unplanned]:
    """Every name in a connect goal is a group or a set of the shape; `any` at most the groups it counts among."""
    if goal.connect is None:
        return []
    any_of = isinstance(goal.connect, AnyOf)
    written = goal.connect.of if isinstance(goal.connect, AnyOf) else goal.connect
    where = (*at, "connect", "of") if any_of else (*at, "connect")
    known = (*kind.groups, *GROUP_SETS)
    found = []
    for k, name in enumerate(written):
        if name not in known:
            guess = closest(name, known)
            hint = f"did you mean '{guess}'? " if guess else ""
            found.append(Unplanned((*where, k), f"a {kind.name} has no group {show(name)}; {hint}its groups: "
                                                f"{', '.join(kind.groups)}, and the sets {' and '.join(GROUP_SETS)}"))
    groups = {group for name in written if name in known for group in kind.members(name)}
    if not found and isinstance(goal.connect, AnyOf) and goal.connect.any > len(groups):
        plural = "s" if len(groups) != 1 else ""
        found.append(Unplanned((*at, "connect", "any"), f"{goal.connect.any} of {len(groups)} group{plural} cannot "
                                                        f"be touched; give any from 1 to {len(groups)}"))
    return found


def _ring_problems(parts: Parts, board: BoardDefinition) -> list[Unplanned]:
    """A ring surrounds a cell off every side, which the smallest boards lack."""
    kind, size = board.kind, board.size
    if kind.smallest_ring <= size.min:
        return []
    return [Unplanned(("goals", index, "ring"), f"a {kind.name} of {size.key} {size.min} has no cell off its sides "
                                                 f"for a ring to surround ({size.key} {kind.smallest_ring} is the "
                                                 f"first that has); give board.size a min of {kind.smallest_ring}, "
                                                 "or drop the ring")
            for index, goal in parts.goals if goal.ring and goal.connect is None]


def _reach_problems(parts: Parts, board: BoardDefinition) -> list[Unplanned]:
    """Every group a goal names holds a cell on the smallest board, and no goal is met by one stone. Boards of
    size 3 suffice: from there on every group, and every kind of edge cell, is there."""
    size, found = board.size, []
    smallest = _probe(board, size.min)
    probe = _probe(board, size.max)
    for index, goal in _goals(parts, board.kind):
        empty = [name for name in goal.groups if not smallest.members(name)]
        if empty:
            found.append(Unplanned(("goals", index), f"{', '.join(empty)} hold{'s' if len(empty) == 1 else ''} no "
                                                     f"cell on the {board.shape} of {size.key} {size.min} (corners "
                                                     f"{board.corners}); give board.size a min of {PROBE_SIZE}"))
            continue
        wanted = probe.mask(goal.groups)
        single = next((i for i, mask in enumerate(probe.masks)
                       if goal.groups and (mask & wanted).bit_count() >= goal.least), None)
        if single is not None:
            where = ", ".join(name for name in probe.names if name in probe.groups[single])
            found.append(Unplanned(("goals", index), f"one stone on a cell in {where} meets this goal alone, so the "
                                                     "first move would win; name groups that no one cell lies in"))
    return found


def _probe(board: BoardDefinition, size: int) -> Graph:
    """The board of `size`, or of PROBE_SIZE where that is smaller, and at least the shape's smallest."""
    probed = max(board.kind.smallest, min(size, PROBE_SIZE))
    seed = board.seed if seeded(board.shape) else None   # a seed where none belongs is said by _seeded_problems
    return board_of(board.shape, probed, Numbers(), board.corners_on_sides, seed).graph


def _pie_shape_problems(parts: Parts) -> list[Unplanned]:
    """The mirror reflects the first stone in the long diagonal, which only a rhombus has."""
    kind = parts.board.kind if parts.board else None
    if parts.pie != MIRROR or kind is None or kind.mirror is not None:
        return []
    return [Unplanned(("pie",), f"mirror reflects the first stone in a rhombus's long diagonal, and a {kind.name} "
                                "has none; use take-over (the stone changes hands where it stands) or none")]


def _mirror_problems(parts: Parts, kind: Kind) -> list[Unplanned]:
    """The mirrored stone serves the second player as it served the first only where the reflection turns the
    first player's goals into the second's (Hex: top and bottom into left and right)."""
    if parts.pie != MIRROR or kind.mirror is None or not parts.players:
        return []
    goals = [goal for _, goal in _goals(parts, kind)]
    first, second = parts.players
    image = kind.mirrored_groups
    mirrored = {(g.kind, frozenset(image[n] for n in g.groups), g.least) for g in goals if g.of(first)}
    theirs = {(g.kind, frozenset(g.groups), g.least) for g in goals if g.of(second)}
    if mirrored == theirs:
        return []
    return [Unplanned(("pie",), f"mirror serves {second} only when their goals are {first}'s reflected in the long "
                                "diagonal (top <-> left, bottom <-> right), and they are not; use take-over or none, "
                                f"or give {second} the reflected goals")]


def _template_problems(parts: Parts, folder: Path | Mapping[str, Path] | None) -> list[Unplanned]:
    return [Unplanned((key,), problem) for key, written in parts.templates
            if (problem := template_problem(written, folder.get(key) if isinstance(folder, Mapping) else folder))]


def _look_problems(parts: Parts) -> list[Unplanned]:
    """`look`'s players are the game's, its style keys' names clash with no other key, its sizes are in range."""
    from pnp.style import BaseStyle, settable

    look, found = parts.look, []
    if look is None:
        return []
    if parts.players is not None:
        found += [Unplanned(("look", "dashed", i), f"{show(player)} is no player of this game; name "
                                                   f"{' or '.join(parts.players)}")
                  for i, player in enumerate(look.dashed) if player not in parts.players]
        found += [Unplanned(("look", "lines", player), f"{show(player)} is no player of this game; name "
                                                      f"{' or '.join(parts.players)}")
                  for player in look.lines if player not in parts.players]
    names = {key: look.style_keys.get(key, key) for key in STYLE_KEYS}
    taken = set(settable(BaseStyle))
    for key, name in look.style_keys.items():
        if key in taken:
            found.append(Unplanned(("look", "style_keys", key), f"{key} is a style key of every game and keeps its "
                                                                "name; leave it out"))
        elif name in taken or sum(1 for other in names.values() if other == name) > 1:
            found.append(Unplanned(("look", "style_keys", key), f"{show(name)} is another style key's name; give "
                                                                "one no other style key of the spec has"))
    if parts.board is not None and look.coordinates.layout == LAYOUTS[1] and (parts.board.shape, parts.board.ids) != (
            "triangle", "a1"):
        found.append(Unplanned(("look", "coordinates", "layout"), f"{LAYOUTS[1]} names the rows and diagonals of a "
                               "triangle of a1 ids; this board is not one: leave it out (ends)"))
    if parts.board is not None:
        size = parts.board.size
        found += [Unplanned(("look", "common_sizes", i), f"{common} is outside the board's sizes; give {size.min} "
                                                         f"to {size.max}")
                  for i, common in enumerate(look.common_sizes) if not size.min <= common <= size.max]
    return found


def template_problem(written: str, folder: Path | None) -> str | None:
    """Why a template path cannot be read, or None: relative, inside `folder` (links followed), a .md file there."""
    path = PurePosixPath(written.replace("\\", "/"))
    if path.is_absolute() or ":" in written:
        return f"{show(written)} is not relative; name the file relative to the definition's folder"
    if ".." in path.parts:
        return f"{show(written)} leaves the definition's folder; keep the template beside the definition"
    if path.suffix != TEMPLATE_SUFFIX:
        return f"{show(written)} is not a Markdown template; name a {TEMPLATE_SUFFIX} file"
    if folder is None:
        return None
    base = folder.resolve()
    target = (base / path).resolve()
    if not target.is_relative_to(base):
        return f"{show(written)} leads outside the definition's folder (through a link); keep the template beside it"
    if not target.is_file():
        return f"{show(written)} is not a file in the definition's folder; write it there, or leave the key out"
    return None
