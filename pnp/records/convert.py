"""`pnp record REC --format sgf|text|yaml [--out FILE]`: any record pnp reads, written in another of its forms.

    pnp record game.sgf --format text              # HexGui's file as pnp's text form, on stdout
    pnp record pad.txt --game hex --size 11 -o pad.sgf

The record is read and checked as `pnp score` reads it (YAML, a text record, an
SGF file), then written: SGF (pnp/records/sgf_write.py), the text form of the
score sheets (pnp/positions/text_record.py), or YAML as a position file holds
it. Each keeps the moves, the swap, a resignation and the facts besides the
moves (meta), so a round trip gives the same record; the same record gives the
same bytes. --out FILE writes the file in one step (a regular file there is
replaced, as `pnp diagram -o` replaces its file); never the record being read.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import yaml

from pnp.writers.atomic import Folder, OutputPlaceError
from pnp.writers.onefile import replace_file
from pnp.writers.outdir import check_file

FORMATS: dict[str, str] = {"sgf": ".sgf", "text": ".txt", "yaml": ".yaml"}   # --format -> the extension it writes
EXTENSIONS = {**{ext: fmt for fmt, ext in FORMATS.items()}, ".yml": "yaml"}
# A position file's keys in the order a person writes them: the game and its board, what is on it, the record.
KEY_ORDER = ("game", "board", "code", "stars", "opening", "handicap", "first", "stones", "pieces", "moves", "edges",
             "resigned", "meta", "caption", "highlight", "marks", "chain", "chains")


class RecordError(ValueError):
    """Options that cannot both hold, or a record the form asked for cannot keep; the message says what would."""


def written(position: Any, fmt: str) -> str:
    """The record in `fmt`; RecordError for one the form cannot hold (stones set up before a text record, an
    SGF of a game whose moves are not stones)."""
    from pnp.positions.text_record import record_text
    from pnp.records.sgf_write import NotStones, record_sgf

    writers: dict[str, Callable[[Any], str]] = {"sgf": record_sgf, "text": record_text, "yaml": record_yaml}
    try:
        return writers[fmt](position)
    except (NotStones, ValueError) as exc:
        raise RecordError(str(exc)) from None


def record_yaml(position: Any) -> str:
    """The position as a YAML position file: the keys it was given, in KEY_ORDER, lists of moves in flow style; a
    designer's game named by its definition's file name, read beside it."""
    from pnp.positions.text_games import game_written

    data = {**position.model_dump(mode="json", exclude_unset=True), "game": game_written(position)}
    ordered = {key: data.pop(key) for key in KEY_ORDER if key in data}
    return yaml.safe_dump({**ordered, **data}, sort_keys=False, allow_unicode=True, default_flow_style=None,
                          width=100)


def chosen(fmt: str | None, out: str | None) -> str:
    """The format: --format, else --out's extension; RecordError when neither says, or they disagree."""
    named = EXTENSIONS.get(Path(out).suffix.lower()) if out else None
    if out and named is None and not Path(out).is_dir():
        raise RecordError(f"--out {out}: pnp writes records as {', '.join(sorted(EXTENSIONS))} files; name one of those")
    if fmt and named and fmt != named:
        raise RecordError(f"--out {out} is a {named} name but --format is {fmt}; make them agree")
    if not fmt and not named:
        raise RecordError(f"give --format ({', '.join(FORMATS)}), or --out FILE with one of their extensions")
    return fmt or named   # type: ignore[return-value]


def target(record: Path, out: str, fmt: str) -> Path:
    """The file --out names (a folder: RECORD's name with the format's extension, inside it), checked as `pnp
    diagram -o` checks its file; never the record being read."""
    path = Path(out) / (record.stem + FORMATS[fmt]) if Path(out).is_dir() else Path(out)
    path = check_file(out, path)
    if path.exists() and record.exists() and os.path.samefile(path, record):
        raise OutputPlaceError(f"--out {out} is the record being read; write the {fmt} form to another file")
    return path


def write(path: Path, text: str) -> Path:
    """The file written in one step: a reader sees the old file or the new one."""
    with Folder.chosen(path.parent) as folder:
        replace_file(folder, path.name, text.encode("utf-8"))
    return path
