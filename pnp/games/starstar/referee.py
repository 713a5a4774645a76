"""The *Star referee: groups, stars and sparks, who owns each peri, the quark point, reward and score.

Pure: ids in, counts out. Ring-1 cells are adjacent through the bridge, for
groups and for regions alike (GAMES.md: the bridge links the five ring-1 cells).
A peri belongs to the stars that contain it, or to the player whose stars alone
border the region of non-star cells (empty cells and sparks) it lies in;
otherwise it is undecided, which can only happen while cells are empty.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from pnp.games.starstar.board import StarBoard
from pnp.games.starstar.rules import score_total

PLAYERS = ("red", "blue")
QUARKS_FOR_POINT = 3   # of the five corner quarks
REWARD = 2             # points per star of difference


@dataclass(frozen=True)
class Cells:
    """One board's facts the referee needs: neighbours (the bridge as direct links), peries and quarks."""

    ids: tuple[str, ...]
    near: Mapping[str, tuple[str, ...]]
    peries: frozenset[str]
    quarks: frozenset[str]


@lru_cache(maxsize=16)
def cells_of(rings: int) -> Cells:
    board = StarBoard(rings, 1.0)
    ring_one = [c.id for c in board.cells if c.id[1] == "1"]
    through_bridge = {c: tuple(o for o in ring_one if o != c) for c in ring_one}
    near = {c.id: tuple(dict.fromkeys((*(n for n in c.neighbours if n != "bridge"), *through_bridge.get(c.id, ()))))
            for c in board.cells}
    return Cells(tuple(c.id for c in board.cells), near,
                 frozenset(c.id for c in board.cells if "peri" in c.tags),
                 frozenset(c.id for c in board.cells if "quark" in c.tags))


def components(members: Iterable[str], near: Mapping[str, tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Connected parts of `members` under `near`, each in the order found."""
    left, found = set(members), []
    for start in sorted(left):
        if start not in left:
            continue
        left.discard(start)
        part, queue = [start], deque([start])
        while queue:
            for other in near[queue.popleft()]:
                if other in left:
                    left.discard(other)
                    part.append(other)
                    queue.append(other)
        found.append(tuple(part))
    return found


@dataclass(frozen=True)
class PlayerScore:
    stars: int
    peries: int
    quarks: int
    quark_point: int
    reward: int

    @property
    def score(self) -> int:
        return self.peries + self.quark_point + self.reward


@dataclass(frozen=True)
class Judgement:
    rings: int
    filled: int
    stars: Mapping[str, tuple[tuple[str, ...], ...]]   # per player, each star's cells
    owner_of_peri: Mapping[str, str]                   # peri id -> player, for every decided peri
    undecided: tuple[str, ...]
    players: Mapping[str, PlayerScore]

    @property
    def full(self) -> bool:
        return self.filled == len(cells_of(self.rings).ids)

    @property
    def winner(self) -> str | None:
        if self.undecided:
            return None
        red, blue = (self.players[p].score for p in PLAYERS)
        return "red" if red > blue else "blue" if blue > red else None

    @property
    def drawn(self) -> bool:
        """Nothing undecided and equal scores: possible on an odd number of rings, whose total is even."""
        return not self.undecided and len({self.players[p].score for p in PLAYERS}) == 1

    @property
    def total(self) -> int:
        return score_total(self.rings)


def judge(rings: int, stones: Mapping[str, str]) -> Judgement:
    """Score a position: `stones` maps cell id -> "red" or "blue"."""
    facts = cells_of(rings)
    stars: dict[str, list[tuple[str, ...]]] = {p: [] for p in PLAYERS}
    in_star: dict[str, str] = {}
    owner: dict[str, str] = {}
    for player in PLAYERS:
        mine = [c for c, p in stones.items() if p == player]
        same = {c: tuple(n for n in facts.near[c] if stones.get(n) == player) for c in mine}
        for group in components(mine, same):
            if sum(c in facts.peries for c in group) >= 2:
                stars[player].append(group)
                in_star.update({c: player for c in group})
                owner.update({c: player for c in group if c in facts.peries})
    undecided = []
    rest = [c for c in facts.ids if c not in in_star]
    rest_near = {c: tuple(n for n in facts.near[c] if n not in in_star) for c in rest}
    for region in components(rest, rest_near):
        bordering = {in_star[n] for c in region for n in facts.near[c] if n in in_star}
        peries = [c for c in region if c in facts.peries]
        if len(bordering) == 1:
            owner.update({c: next(iter(bordering)) for c in peries})
        else:
            undecided.extend(peries)
    return Judgement(rings, len(stones), {p: tuple(s) for p, s in stars.items()}, owner, tuple(sorted(undecided)),
                     _scores(facts, stars, owner))


def _scores(facts: Cells, stars: Mapping[str, list], owner: Mapping[str, str]) -> dict[str, PlayerScore]:
    quarks = {p: sum(owner.get(q) == p for q in facts.quarks) for p in PLAYERS}
    found = {}
    for player, other in (PLAYERS, PLAYERS[::-1]):
        found[player] = PlayerScore(
            stars=len(stars[player]),
            peries=sum(v == player for v in owner.values()),
            quarks=quarks[player],
            quark_point=int(quarks[player] >= QUARKS_FOR_POINT),
            reward=REWARD * (len(stars[other]) - len(stars[player])),
        )
    return found
