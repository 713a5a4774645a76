"""What a record says beyond its moves: who played, when, where, the result a site or a program wrote down.

    meta:
      players: {red: Alice, blue: Bob}     # a player's id -> their name
      event: Club championship
      round: "3"
      date: "2024-05-01"
      place: Leiden
      result: red by resignation           # as the file reported it (see RESULT)
      source: PlayHex                      # the site or program the record came from
      reflected: true                      # read from a file whose swap changed colours (HexGui's swap-sides)

Every key is optional. An SGF file's PB, PW, EV, RO, DT, PC, RE and SO (or
AP) come here (pnp/records/), a text record's `# key: value` lines, a YAML
position's `meta:` block; `pnp score --json` adds it as `meta`, and a
diagram's caption starts with the players, the event and the date. The
names are one printable line each; a diagram draws a character the fonts
lack as `?` (the JSON keeps it).
"""

from __future__ import annotations

import datetime
import re
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field

from pnp.spec.base import Strict
from pnp.spec.problems import Unplanned

META_CHARS = 200          # a name, an event, a date: far beyond any, as a caption's own bound
FIELDS = ("event", "round", "date", "place", "result", "source")   # the keys besides players and reflected
RESULT = re.compile(r"(?P<winner>[a-z][a-z0-9-]*)(?: (?P<how>by resignation|on time|by forfeit))?|draw|void|unknown")
RESULT_HELP = ("The result as reported: PLAYER, PLAYER by resignation, PLAYER on time, PLAYER by forfeit, draw, void "
               "or unknown (PLAYER a player's id, e.g. red).")


def _text(value: Any) -> Any:
    """A YAML date (2024-05-01 unquoted) as its text; any other value as given, for the checks."""
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, str) and not value.isprintable():
        raise ValueError("holds a line break or a control character; write it on one line")
    if isinstance(value, str) and not value.strip():
        raise ValueError("empty; write the text, or leave the key out")
    return value


def _result(value: str | None) -> str | None:
    if value is not None and not RESULT.fullmatch(value):
        raise ValueError(f"{value!r} is not a result pnp reads; {RESULT_HELP[0].lower()}{RESULT_HELP[1:]}")
    return value


MetaText = Annotated[str, BeforeValidator(_text), Field(max_length=META_CHARS)]


class Meta(Strict):
    """A record's facts besides its moves, each optional."""

    players: dict[str, MetaText] = Field(default_factory=dict, description="A player's id -> their name.")
    event: MetaText | None = Field(None, description="The event: a tournament, a league, a club night.")
    round: MetaText | None = Field(None, description="The round of the event.")
    date: MetaText | None = Field(None, description="When the game was played, as written (SGF: YYYY-MM-DD).")
    place: MetaText | None = Field(None, description="Where it was played.")
    result: Annotated[MetaText | None, AfterValidator(_result), Field(description=RESULT_HELP)] = None
    source: MetaText | None = Field(None, description="The site or program the record came from.")
    reflected: bool = Field(False, description="The record was read from a file whose swap changed the players' "
                                               "colours (HexGui's swap-sides): its later moves are shown reflected, "
                                               "so each player keeps their colour.")

    def given(self) -> bool:
        return bool(self.players) or self.reflected or any(getattr(self, key) for key in FIELDS)

    def as_json(self) -> dict[str, Any]:
        """What `pnp score --json` adds as `meta`: the keys given."""
        return self.model_dump(mode="json", exclude_defaults=True)


def result_text(winner: str | None, how: str = "") -> str:
    """A result in RESULT's words: `winner` (None: unknown) and how they won ('', 'by resignation', ...)."""
    return "unknown" if winner is None else f"{winner} {how}".strip()


def meta_problems(meta: Meta, players: tuple[str, ...]) -> list[Unplanned]:
    """A name given for someone who is no player of the game, or a result naming one."""
    known = ", ".join(players)
    found = [Unplanned(("meta", "players", key), f"{key!r} is not a player of this game; name {known}")
             for key in meta.players if key not in players]
    winner = RESULT.fullmatch(meta.result)["winner"] if meta.result else None
    if winner and winner not in players:
        found.append(Unplanned(("meta", "result"), f"{winner!r} is not a player of this game; name {known}, or "
                                                   "write draw, void or unknown"))
    return found


def meta_caption(meta: Meta, caption: str) -> str:
    """A diagram's caption opened by the record's players, event and date (as far as it names them), and closed by
    a note when the board is shown reflected; `caption` alone for a record that names none."""
    from pnp.texts import say

    said = [_players_line(meta.players), *(value for value in (meta.event, meta.round and say("records", "meta.round", round=meta.round),
                                                                meta.date) if value)]
    opening = say("records", "meta.joined").join(part for part in said if part)
    parts = [opening + say("records", "meta.end") if opening else "", caption]
    if meta.reflected:
        parts.append(("" if caption.rstrip().endswith((".", "!", "?", ")")) else ".") + " " + say("records", "reflected"))
    return drawable("".join(parts))


def _players_line(players: dict[str, str]) -> str:
    from pnp.texts import say

    named = [say("records", "meta.named", who=name, player=player.capitalize()) for player, name in players.items()]
    if len(named) == 2:
        return say("records", "meta.versus", first=named[0], second=named[1])
    return named[0] if named else ""


def drawable(text: str) -> str:
    """`text` with each character the shipped fonts cannot set as written (a letter they lack, a right-to-left
    letter, which would print backwards) drawn as `?`: a name from a stranger's file never stops a diagram."""
    if text.isascii():
        return text
    from pnp.fonts import DEJAVU, lacks, right_to_left

    missing = set(lacks(DEJAVU, text))
    return "".join("?" if c in missing or right_to_left(c) else c for c in text)
