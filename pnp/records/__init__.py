"""Game records in other programs' forms: SGF read (HexGui's, PlayHex's and Little Golem's dialects, and plain SGF of
any stone game) into the position data a YAML record gives, and any record pnp reads written as SGF, text or YAML.

sgf.py (the format's trees, bounded), dialects.yaml with dialects.py (which game a file holds and how its moves
are written, as data), sgf_read.py (a file's main line -> position data with each move on its line),
littlegolem.py (Little Golem's cell names), sgf_write.py and convert.py (`pnp record`).
"""

from pathlib import Path

from pnp.positions.read import Position, read_position
from pnp.positions.text_games import Header


def read_record(path: Path, header: Header | None = None) -> Position:
    """A position or record in any form pnp reads: an SGF file (FILE.sgf) here, any other as read_position reads it."""
    from pnp.records.sgf import is_sgf   # the SGF reader (its dialects, Little Golem's names) only for SGF

    if not is_sgf(path):
        return read_position(path, header)
    from pnp.records.sgf_read import read_sgf

    return read_sgf(path, header or Header())
