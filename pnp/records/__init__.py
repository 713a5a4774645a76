"""Game records in other programs' forms: SGF read (HexGui's, PlayHex's and Little Golem's dialects, and plain SGF of
any stone game) into the position data a YAML record gives, and any record pnp reads written as SGF, text or YAML.

sgf.py (the format's trees, bounded), dialects.yaml with dialects.py (which game a file holds and how its moves
are written, as data), sgf_read.py (a file's main line -> position data with each move on its line),
littlegolem.py (Little Golem's cell names), sgf_write.py and convert.py (`pnp record`).
"""
