"""The bad-spec corpus, each case through the real CLI.

Every bad spec must: exit 2; say on stderr which file (and, where one exists,
which line and field) is wrong, one line per problem; print no traceback; and
write nothing at all.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import PROCESS_TIMEOUT, ROOT, files_under, pnp_env, run_pnp, run_pnp_process, write_spec

@dataclass(frozen=True)
class Case:
    id: str
    text: str | bytes
    line: int | None = None       # the line the message must point at
    field: str | None = None      # the field path the message must name
    must: tuple[str, ...] = ()    # words the message must contain
    problems: int = 1             # how many lines stderr must hold


BILLION_LAUGHS = """\
game: asterisk
name: bomb
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
"""

SKY = "game: starry-night\nname: x\n"

CASES = [
    Case("yaml-syntax-indent", "game: asterisk\nname: x\nboard:\n  side: 11\n   cell_mm: 3\n", line=5, must=("YAML",)),
    Case("yaml-syntax-unclosed-quote", 'game: asterisk\nname: "x\n', must=("YAML",)),
    Case("yaml-duplicate-key", "game: asterisk\nname: x\nboard:\n  side: 11\n  side: 12\n", line=5, must=("duplicate", "side", "line 4")),
    Case("empty-file", "", must=("empty",)),
    Case("comment-only", "# nothing here yet\n", must=("empty",)),
    Case("not-utf8", b"game: asterisk\nname: \xff\xfe\n", line=2, must=("UTF-8",)),
    Case("top-level-list", "- game: asterisk\n- name: x\n", line=1, must=("list", "mapping")),
    Case("top-level-scalar", "just some words\n", line=1, must=("mapping",)),
    Case("missing-game", "name: x\n", field="game", must=("asterisk",)),
    Case("unknown-game", "name: x\ngame: chess\n", line=2, field="game", must=("chess", "asterisk")),
    Case("missing-name", "game: asterisk\nboard:\n  side: 11\n", field="name", must=("missing",)),
    Case("side-9-line-4", "game: asterisk\nname: x\nboard:\n  side: 9\n", line=4, field="board.side",
         must=("45 cells", "8, 11, 12, 15, 20, 23, 24")),
    Case("side-negative", "game: asterisk\nname: x\nboard:\n  side: -11\n", line=4, field="board.side", must=("-11",)),
    Case("side-float", "game: asterisk\nname: x\nboard:\n  side: 11.5\n", line=4, field="board.side", must=("11.5", "whole number")),
    Case("side-string", 'game: asterisk\nname: x\nboard:\n  side: "11"\n', line=4, field="board.side", must=("'11'",)),
    Case("side-huge", "game: asterisk\nname: x\nboard:\n  side: 100000\n", line=4, field="board.side", must=("200", "100000")),
    Case("typo-top-level", "game: asterisk\nname: x\ntitel: My board\n", line=3, field="titel", must=("'title'",)),
    Case("typo-nested", "game: asterisk\nname: x\nboard:\n  sied: 11\n", line=4, field="board.sied", must=("'side'",)),
    Case("paper-a7", "game: asterisk\nname: x\npaper: a7\n", line=3, field="paper", must=("a7", "a4", "letter", "half-letter")),
    Case("paper-custom-half", "game: asterisk\nname: x\npaper:\n  width_mm: 200\n", field="paper.height_mm", must=("height_mm",)),
    Case("cell-mm-zero", "game: asterisk\nname: x\nboard:\n  cell_mm: 0\n", line=4, field="board.cell_mm"),
    Case("cell-mm-too-big-to-tile", "game: asterisk\nname: x\nboard:\n  cell_mm: 200\n", line=4, field="board.cell_mm",
         must=("2 m", "at most")),
    Case("name-slash", "game: asterisk\nname: a/b\n", line=2, field="name", must=("a/b",)),
    Case("name-dotdot", "game: asterisk\nname: ..\n", line=2, field="name", must=("'..'",)),
    Case("name-absolute", "game: asterisk\nname: /tmp/x\n", line=2, field="name"),
    Case("python-tag", 'game: asterisk\nname: x\ntitle: !!python/object/apply:os.system ["touch {tmp}/pwned"]\n',
         line=3, must=("python/object",)),
    Case("python-object-new", "game: asterisk\nname: !!python/object/new:pathlib.Path [x]\n", line=2, must=("python/object",)),
    Case("alias-bomb", BILLION_LAUGHS, must=("aliases",)),
    # Starry Night: the model's ranges and the plan's checks (page, seeds, counting bound, bounded search).
    Case("sky-stars-41", SKY + "skies:\n  stars: 41\n", line=4, field="skies.stars", must=("at most 40", "41")),
    Case("sky-per-page-3", SKY + "skies:\n  per_page: 3\n", line=4, field="skies.per_page", must=("1, 2, 4, 6",)),
    Case("sky-typo", SKY + "skies:\n  stras: 12\n", line=4, field="skies.stras", must=("'stars'",)),
    Case("sky-gap-0", SKY + "skies:\n  min_gap: 0\n", line=4, field="skies.min_gap", must=("at least 1",)),
    Case("sky-rule-text", SKY + 'skies:\n  no_three_in_line: "yes"\n', line=4, field="skies.no_three_in_line",
         must=("true or false",)),
    Case("sky-grid-1mm", SKY + "skies:\n  grid_mm: 1\n", line=4, field="skies.grid_mm", must=("at least 2",)),
    Case("sky-star-colour", SKY + "style:\n  star: black\n", line=4, field="style.star", must=("#rrggbb",)),
    Case("sky-asterisk-output", SKY + "outputs: [board]\n", line=3, field="outputs[0]", must=("skies",)),
    Case("sky-crowded", SKY + "skies:\n  stars: 40\n  width: 10\n  height: 10\n", line=4, field="skies.stars",
         must=("at most 18", "skies.width", "skies.min_gap", "no_three_in_line")),
    Case("sky-not-found", SKY + "skies:\n  stars: 30\n  width: 16\n  height: 16\n  min_gap: 1\n", line=4,
         field="skies.stars", must=("placed at most", "skies.width")),
    Case("sky-frame-too-wide", SKY + "skies:\n  width: 60\n", line=4, field="skies.width",
         must=("at most", "skies.grid_mm", "paper")),
    Case("sky-seed-beyond-codes", SKY + "skies:\n  count: 8\n  seed: 99999999\n", line=5, field="skies.seed",
         must=("99999992",)),
    Case("sky-a6-six-a-page", SKY + "paper: {width_mm: 105, height_mm: 148}\nskies:\n  per_page: 6\n", field="skies.grid_mm",
         must=("skies.per_page", "paper")),
    Case("sky-three-at-once", SKY + "skies:\n  stars: 41\n  per_page: 3\n  sed: 4\n", line=4, field="skies.stars",
         problems=3),
    Case("sky-seed-and-crowding", SKY + "skies:\n  stars: 40\n  width: 10\n  height: 10\n  seed: 99999999\n",
         line=4, field="skies.stars", problems=2),
    # characters YAML refuses: the line and the character, and what to do
    Case("control-escape", b"game: asterisk\nname: x\ntitle: a\x1bb\n", line=3, must=("U+001B", "remove it")),
    Case("control-nul", b"game: asterisk\nname: x\x00\n", line=2, must=("U+0000", "remove it")),
    Case("control-delete", b"game: asterisk\nname: x\ntitle: \x7f\n", line=3, must=("U+007F",)),
    Case("form-feed-in-comment", b"game: asterisk\n# a \x0c comment\nname: x\n", line=2, must=("U+000C", "column 5")),
    Case("control-after-cr-lines", b"game: asterisk\rname: x\r\x1b\r", line=3, must=("U+001B",)),
    # `game` that is not a name
    Case("game-list", "game: [asterisk]\nname: x\n", line=1, field="game", must=("a list", "asterisk")),
    Case("game-mapping", "name: x\ngame: {a: 1}\n", line=2, field="game", must=("a mapping", "asterisk")),
    Case("game-no-value", "game:\nname: x\n", line=1, field="game", must=("no value", "asterisk")),
    # numbers and nesting beyond what Python reads without trouble
    Case("int-5000-digits", "game: asterisk\nname: x\nsolitaire:\n  seed: " + "9" * 5000 + "\n", line=4,
         must=("number too long", "5000")),
    Case("int-hex-too-long", "game: asterisk\nname: x\nboard:\n  side: 0x" + "f" * 4000 + "\n", line=4,
         must=("number too long",)),
    Case("nested-500-brackets", "game: asterisk\nname: x\ntitle: " + "[" * 500 + "]" * 500 + "\n", line=3,
         must=("nested too deeply", "32 levels")),
    Case("nested-block-lists", "game: asterisk\nname: x\ntitle:\n" + "".join("  " * i + "-\n" for i in range(1, 60)),
         must=("nested too deeply",)),
    Case("ten-thousand-values", "game: asterisk\nname: x\noutputs: [" + ", ".join(["board"] * 10_500) + "]\n", line=3,
         must=("more than 10000 values", "right file")),
    Case("empty-key", 'game: asterisk\nname: x\nboard: {"": 2}\n', line=3, field='board.""', must=("unknown key ''",)),
    Case("file-over-1-mib", "game: asterisk\nname: x\n" + "#" * (1 << 20) + "\n", must=("larger than 1048576 bytes",)),
    # a key written with no value is refused, never read as the default
    Case("colour-unquoted-hash", "game: asterisk\nname: x\nstyle:\n  left: #d55e00\n", line=4, field="style.left",
         must=("no value", 'write it as left: "#d55e00"')),
    Case("title-hash-and-comment", "game: asterisk\nname: x\ntitle: #1 game   # mine\n", line=3, field="title",
         must=('write it as title: "#1 game"',)),
    Case("title-no-value", "game: asterisk\nname: x\ntitle:\n", line=3, field="title", must=("no value", "leave the key out")),
    Case("cell-mm-tilde", "game: asterisk\nname: x\nboard:\n  cell_mm: ~\n", line=4, field="board.cell_mm", must=("no value",)),
    Case("seed-null", "game: asterisk\nname: x\nsolitaire: {seed: null}\n", line=3, field="solitaire.seed", must=("no value",)),
    # sizes under what can be printed and cut
    Case("cell-mm-hundredth", "game: asterisk\nname: x\nboard:\n  cell_mm: 0.01\n", line=4, field="board.cell_mm",
         must=("at least 5 mm", "0.01")),
    Case("cell-mm-denormal", "game: asterisk\nname: x\nboard:\n  cell_mm: 5.0e-324\n", line=4, field="board.cell_mm",
         must=("at least 5 mm",)),
    Case("cell-mm-exponent-without-dot", "game: asterisk\nname: x\nboard:\n  cell_mm: 1e1\n", line=4, field="board.cell_mm",
         must=("reads as text", "1.0e3")),
    Case("piece-size-1", "game: asterisk\nname: x\npieces:\n  size_mm: 1\n", line=4, field="pieces.size_mm", must=("at least 5 mm",)),
    Case("clearance-leaves-no-piece", "game: asterisk\nname: x\nboard: {cell_mm: 6}\npieces:\n  clearance_mm: 1.5\n",
         line=5, field="pieces.clearance_mm", must=("4.5 mm", "at most 1")),
    Case("side-200-alone-pieces", "game: asterisk\nname: x\noutputs: [pieces]\nboard: {side: 200}\n",
         field="pieces.size_mm", must=("set pieces.size_mm",)),
    # a list that names something twice
    Case("outputs-twice", "game: asterisk\nname: x\noutputs: [board, pieces, board]\n", line=3, field="outputs",
         must=("'board' is listed twice",)),
    Case("formats-twice", "game: asterisk\nname: x\nformats:\n  - svg\n  - svg\n", line=4, field="formats",
         must=("'svg' is listed twice",)),
    # keys named as written, with their line; bounds in full; long values cut short
    Case("key-on-reads-as-true", "on: 1\ngame: asterisk\nname: x\n", line=1, field="on", must=("unknown key 'on'",)),
    Case("key-tilde", "game: asterisk\nname: x\n~: 1\n", line=3, field="~", must=("unknown key '~'",)),
    Case("key-number", "game: asterisk\nname: x\nboard:\n  1: 2\n", line=4, field="board.1", must=("unknown key '1'",)),
    Case("key-list", "game: asterisk\nname: x\n? [a, b]\n: 1\n", line=3, must=("key must be a name",)),
    Case("seed-bound-in-full", "game: asterisk\nname: x\nsolitaire:\n  seed: 99999999999999999999\n", line=4,
         field="solitaire.seed", must=("at most 9223372036854775807",)),
    Case("piece-type-unknown", "game: asterisk\nname: x\npieces:\n  counts:\n    dark-circle-emtpy: 11\n", line=5,
         field="pieces.counts.dark-circle-emtpy", must=("did you mean 'dark-circle-empty'",)),
    Case("name-of-a-megabyte", "game: asterisk\nname: " + "a" * 1_000_000 + "\n", line=2, field="name", must=("aaaa…'",)),
    Case("key-of-half-a-megabyte", "game: asterisk\nname: x\n? " + "k" * 500_000 + "\n: 1\n", line=3, must=("unknown key 'kkk",)),
    Case("unknown-game-long", "game: " + "chess" * 20_000 + "\nname: x\n", line=1, field="game", must=("chesschess", "…")),
    # *Star
    Case("star-rings-12", "game: starstar\nname: x\nboard:\n  rings: 12\n", line=4, field="board.rings", must=("at most 10", "12")),
    Case("star-cell-mm-tiny", "game: starstar\nname: x\nboard:\n  cell_mm: 0.5\n", line=4, field="board.cell_mm",
         must=("at least 5 mm", "0.5")),
    Case("star-outputs-twice", "game: starstar\nname: x\noutputs: [board, board]\n", line=3, field="outputs",
         must=("'board' is listed twice",)),
    Case("sky-outputs-twice", "game: starry-night\nname: x\noutputs: [skies, skies]\n", line=3, field="outputs",
         must=("'skies' is listed twice",)),
    Case("star-stones-too-big", "game: starstar\nname: x\noutputs: [stones]\nstones:\n  size_mm: 40\n", line=5,
         field="stones.size_mm", must=("smallest cell", "at most")),
    Case("star-stones-clearance", "game: starstar\nname: x\noutputs: [stones]\nboard: {cell_mm: 6}\nstones:\n  clearance_mm: 3\n",
         line=6, field="stones.clearance_mm", must=("under the 5 mm", "stones.clearance_mm")),
    Case("star-stones-spares", "game: starstar\nname: x\nstones:\n  spares: -1\n", line=4, field="stones.spares",
         must=("at least 0",)),
    Case("star-pad-cell-tiny", "game: starstar\nname: x\noutputs: [pad]\npad:\n  cell_mm: 2\n", line=5,
         field="pad.cell_mm", must=("at least 5 mm",)),
    Case("star-scoresheet-small-paper", "game: starstar\nname: x\noutputs: [scoresheet]\npaper: {width_mm: 100, height_mm: 100}\n",
         line=4, field="paper", must=("score sheet does not fit", "A6")),
    Case("star-rings-1", "game: starstar\nname: x\nboard:\n  rings: 1\n", line=4, field="board.rings", must=("at least 2",)),
    Case("star-rings-text", "game: starstar\nname: x\nboard:\n  rings: ten\n", line=4, field="board.rings", must=("whole number",)),
    Case("star-side-key", "game: starstar\nname: x\nboard:\n  side: 11\n", line=4, field="board.side",
         must=("unknown key 'side'", "rings", "outline_rings")),
    Case("star-typo-ring", "game: starstar\nname: x\nboard:\n  ring: 8\n", line=4, field="board.ring", must=("'rings'",)),
    Case("star-outline-not-inside", "game: starstar\nname: x\nboard:\n  rings: 6\n  outline_rings: [4, 6]\n", line=5,
         field="board.outline_rings[1]", must=("6-ring", "2 to 5")),
    Case("star-outline-two-wrong", "game: starstar\nname: x\nboard:\n  rings: 4\n  outline_rings:\n    - 5\n    - 9\n",
         line=6, field="board.outline_rings[0]", must=("2 to 3",), problems=2),
    Case("star-outline-ring-1", "game: starstar\nname: x\nboard:\n  outline_rings: [1]\n", line=4,
         field="board.outline_rings[0]", must=("at least 2",)),
    Case("star-outline-not-list", "game: starstar\nname: x\nboard:\n  outline_rings: 6\n", line=4,
         field="board.outline_rings", must=("a list",)),
    Case("star-output-pieces", "game: starstar\nname: x\noutputs: [board, pieces]\n", line=3, field="outputs[1]",
         must=("'pieces'", "board")),
    Case("star-labels-maybe", "game: starstar\nname: x\nboard:\n  labels: maybe\n", line=4, field="board.labels",
         must=("true or false",)),
    Case("star-cell-too-big", "game: starstar\nname: x\nboard:\n  rings: 10\n  cell_mm: 120\n", line=5,
         field="board.cell_mm", must=("2 m", "at most")),
    Case("star-style-colour", "game: starstar\nname: x\nstyle:\n  bridge: gold\n", line=4, field="style.bridge",
         must=("#rrggbb",)),
    Case("star-and-asterisk-keys", "game: starstar\nname: x\npieces:\n  spares: 2\nboard:\n  rings: 11\n", line=3,
         field="pieces", must=("unknown key 'pieces'",), problems=2),
    # Found by tests/test_fuzz_cli.py:
    Case("key-with-record-separator", 'game: asterisk\nname: x\nboard:\n  "\\x1E": 1\n', line=4,
         field="board.\\x1e", must=("unknown key",)),
    Case("output-in-no-format", "game: asterisk\nname: x\noutputs: [board, rules-booklet]\nformats: [svg]\n", line=4,
         field="formats", must=("rules-booklet", "add pdf or png to formats")),
    Case("kit-without-pdf", "game: starstar\nname: x\noutputs: [kit]\nformats: [png]\n", line=4,
         field="formats", must=("kit is made only as a PDF", "add pdf")),
    Case("booklet-on-tiny-paper", "game: starstar\nname: x\npaper: {width_mm: 100, height_mm: 100}\n"
         "outputs: [rules]\n", line=3, field="paper", must=("50 × 100 mm", "larger paper")),
    # Issue 21: what was accepted silently, or validated and then failed or ran away in the build.
    Case("title-empty", 'game: asterisk\nname: x\ntitle: ""\n', line=3, field="title", must=("empty", "leave the key out")),
    Case("title-spaces", "game: asterisk\nname: x\ntitle: '   '\n", line=3, field="title", must=("only spaces",)),
    Case("star-outline-twice", "game: starstar\nname: x\nboard:\n  outline_rings: [6, 6]\n", line=4,
         field="board.outline_rings", must=("6 is listed twice",)),
    Case("cell-mm-nan", "game: asterisk\nname: x\nboard:\n  cell_mm: .nan\n", line=4, field="board.cell_mm", must=("nan",)),
    Case("paper-inf", "game: starstar\nname: x\npaper: {width_mm: .inf, height_mm: 200}\n", line=3,
         field="paper.width_mm", must=("inf",)),
    Case("board-alone-side-200-a4", "game: asterisk\nname: x\noutputs: [board]\nboard: {side: 200}\n", line=4,
         field="board.cell_mm", must=("0.9 mm cells, under the 5 mm", "set board.cell_mm", "board.side", "print.margin_mm")),
    Case("board-alone-small-paper", "game: asterisk\nname: x\noutputs: [board]\npaper: {width_mm: 100, height_mm: 100}\n"
         "print: {margin_mm: 25}\n", field="board.cell_mm", must=("under the 5 mm", "set board.cell_mm", "larger paper")),
    Case("star-board-alone-small-paper", "game: starstar\nname: x\noutputs: [board]\npaper: {width_mm: 100, height_mm: 100}\n"
         "print: {margin_mm: 25}\n", field="board.cell_mm", must=("a 10-ring board", "under the 5 mm", "board.rings")),
    Case("margin-40-on-100-mm", "game: asterisk\nname: x\noutputs: [board]\npaper: {width_mm: 100, height_mm: 100}\n"
         "print: {margin_mm: 40}\nboard: {cell_mm: 20}\n", line=5, field="print.margin_mm",
         must=("leave 20 mm across", "50 mm calibration bar", "at most 25")),
    Case("tile-never-below-floor", "game: asterisk\nname: x\noutputs: [board]\nboard: {side: 200, cell_mm: 9.9}\n"
         "print: {tile: never}\n", line=5, field="print.tile", must=("0.9 mm cells", "print.tile: auto")),
    Case("tiles-overlap-fills-the-page", "game: asterisk\nname: x\noutputs: [board]\npaper: {width_mm: 100, height_mm: 100}\n"
         "print: {margin_mm: 25, overlap_mm: 30}\nboard: {cell_mm: 20}\n", line=5, field="print.overlap_mm",
         must=("30 mm overlaps", "50 x 28 mm", "smaller print.overlap_mm")),
    Case("tiles-14000-pages", "game: asterisk\nname: x\noutputs: [board]\npaper: {width_mm: 100, height_mm: 100}\n"
         "board: {side: 200, cell_mm: 9.9}\n", line=5, field="board.cell_mm",
         must=("1044 pages", "more than the 500 pages", "at most 6.9", "larger paper")),
    Case("star-tiles-too-many-pages", "game: starstar\nname: x\noutputs: [board]\npaper: {width_mm: 100, height_mm: 100}\n"
         "board: {cell_mm: 91}\n", line=5, field="board.cell_mm",
         must=("1189 pages", "more than the 500 pages", "board.rings")),
    Case("pieces-30600-pages", "game: asterisk\nname: x\noutputs: [pieces]\npieces:\n  counts: {" +
         ", ".join(f"{t}: 5000" for t in ("dark-hexagon-empty", "dark-circle-asterisk", "dark-circle-empty",
                                           "light-hexagon-asterisk", "light-hexagon-empty", "light-circle-asterisk")) +
         "}\n  allow_mismatch: true\n  spares: 100\n  size_mm: 60\n", line=8, field="pieces.size_mm",
         must=("30600 pieces", "more than the 500 pages", "pieces.counts")),
    Case("card-larger-than-the-paper", "game: hex\nname: x\noutputs: [card]\npaper: {width_mm: 100, height_mm: 100}\n",
         line=4, field="paper", must=("85 × 55 mm", "holds none", "take card out of outputs")),
    Case("pieces-larger-than-the-page", "game: asterisk\nname: x\noutputs: [pieces]\npaper: {width_mm: 100, height_mm: 100}\n"
         "print: {margin_mm: 25}\nboard: {cell_mm: 40}\n", field="pieces.size_mm",
         must=("board.cell_mm less pieces.clearance_mm", "set pieces.size_mm to at most 9")),
    Case("stones-larger-than-the-page", "game: starstar\nname: x\noutputs: [stones]\npaper: {width_mm: 100, height_mm: 100}\n"
         "board: {rings: 2, cell_mm: 100}\nstones: {size_mm: 60}\n", line=6, field="stones.size_mm",
         must=("60.0 mm stones do not fit", "at most")),
    Case("star-pad-no-room", "game: starstar\nname: x\noutputs: [pad]\npaper: {width_mm: 100, height_mm: 100}\n"
         "print: {margin_mm: 25}\n", field="pad.cell_mm", must=("not even 5 mm cells fit", "larger paper")),
]
ROOT_CONFIGS = ROOT / "configs"
LONGEST_LINE = 400  # a message names what is wrong and what would be right, and repeats a value only in part


def _write(tmp_path: Path, case: Case) -> Path:
    spec = tmp_path / "spec.yaml"
    if isinstance(case.text, bytes):
        spec.write_bytes(case.text)
    else:
        spec.write_text(case.text.replace("{tmp}", str(tmp_path)), encoding="utf-8")
    return spec


def assert_refused(result, spec_paths: list[Path], tmp_path: Path, before: list[Path]) -> list[str]:
    """Exit 2, a problem per line each naming its file, no traceback, nothing written."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines, "a refusal must say why"
    names = [str(p) for p in spec_paths]
    for line in lines:
        assert any(line.startswith(n + ":") for n in names), f"line does not start with the file name: {line!r}"
    assert files_under(tmp_path) == before, "a refused build must write nothing"
    return lines


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_spec_is_refused(case: Case, tmp_path: Path):
    spec = _write(tmp_path, case)
    before = files_under(tmp_path)
    out = tmp_path / "out"
    started = time.monotonic()
    result = run_pnp("build", str(spec), "--out", str(out))
    elapsed = time.monotonic() - started
    lines = assert_refused(result, [spec], tmp_path, before)
    assert not out.exists()
    assert len(lines) == case.problems, lines
    assert all(len(line) <= LONGEST_LINE + len(str(spec)) for line in lines), max(lines, key=len)[:500]
    message = lines[0]
    if case.line is not None:
        assert message.startswith(f"{spec}:{case.line}: "), message
    if case.field is not None:
        assert f": {case.field}: " in message, message
    for word in case.must:
        assert word in message, f"{word!r} missing from {message!r}"
    if case.id == "python-tag":
        assert not (tmp_path / "pwned").exists(), "the YAML tag ran a command"
    if case.id == "alias-bomb":
        assert elapsed < 30, f"the alias bomb took {elapsed:.1f} s to refuse"


def test_validate_reports_every_bad_file_in_one_run(tmp_path: Path):
    """The whole corpus at once through `pnp validate`: each file is named, with the same line, nothing written."""
    paths = []
    cases = CASES
    for case in cases:
        folder = tmp_path / case.id
        folder.mkdir()
        paths.append(_write(folder, case))
    before = files_under(tmp_path)
    result = run_pnp("validate", *map(str, paths), cwd=tmp_path)
    lines = assert_refused(result, paths, tmp_path, before)
    assert result.stdout == "", "no file of the corpus is ok"
    assert len(lines) == sum(c.problems for c in cases)
    for case, path in zip(cases, paths):
        mine = [line for line in lines if line.startswith(f"{path}:")]
        assert len(mine) == case.problems, (case.id, mine)
        if case.line is not None:
            assert mine[0].startswith(f"{path}:{case.line}: "), mine[0]


def _in_process(monkeypatch, *args: str):
    """`pnp ARGS` in this process; without the second process a build starts to share its work (it would change
    nothing here: every case is refused while the specs are read)."""
    import pnp.cli
    from conftest import invoke

    monkeypatch.setattr(pnp.cli, "_worker", lambda *_: None)
    return invoke(args)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_validate_and_build_agree(case: Case, tmp_path: Path, monkeypatch):
    """Whatever build refuses, validate refuses, with the same lines: one reading of a spec serves both."""
    spec = _write(tmp_path, case)
    validated = _in_process(monkeypatch, "validate", str(spec))
    built = _in_process(monkeypatch, "build", str(spec), "--out", str(tmp_path / "out"))
    assert (validated.exit_code, built.exit_code) == (2, 2), (validated.stderr, built.stderr)
    assert validated.stdout == "" and validated.stderr == built.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("case_id", ["tiles-14000-pages", "pieces-30600-pages"])
def test_thousands_of_pages_are_refused_at_once(case_id: str, tmp_path: Path, monkeypatch):
    """The pages are counted before any is laid out (at most MOST_PAGES of one asset), so the refusal is quick."""
    from pnp.layout.fit import MOST_PAGES

    case = next(c for c in CASES if c.id == case_id)
    _in_process(monkeypatch, "validate", str(ROOT_CONFIGS / "asterisk-8.yaml"))  # imports and validators built
    started = time.monotonic()
    result = _in_process(monkeypatch, "build", str(_write(tmp_path, case)), "--out", str(tmp_path / "out"))
    elapsed = time.monotonic() - started
    assert result.exit_code == 2 and f"more than the {MOST_PAGES} pages" in result.stderr, result.stderr
    assert elapsed < 2.0, f"refused after {elapsed:.1f} s"


MULTI = """\
game: asterisk
name: bad/name
titel: Oops
paper: a7
board:
  side: 9
  cell_mm: 0
"""


def test_several_problems_in_one_file_are_all_reported(spec_file, tmp_path: Path):
    spec = spec_file(MULTI)
    before = files_under(tmp_path)
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    lines = assert_refused(result, [spec], tmp_path, before)
    assert len(lines) == 5, lines
    expected = {2: "name", 3: "titel", 4: "paper", 6: "board.side", 7: "board.cell_mm"}
    found = {}
    for line in lines:
        rest = line[len(str(spec)) + 1:]
        number, fieldname, _ = rest.split(": ", 2)
        found[int(number)] = fieldname
    assert found == expected


def test_problems_across_files_are_all_reported_and_nothing_builds(tmp_path: Path):
    bad_side = write_spec(tmp_path, "game: asterisk\nname: one\nboard:\n  side: 10\n", "one.yaml")
    bad_paper = write_spec(tmp_path, "game: asterisk\nname: two\npaper: b7\n", "two.yaml")
    good = write_spec(tmp_path, "game: asterisk\nname: three\noutputs: [board]\n", "three.yaml")
    before = files_under(tmp_path)
    result = run_pnp("build", str(good), str(bad_side), str(bad_paper), "--out", str(tmp_path / "out"))
    lines = assert_refused(result, [good, bad_side, bad_paper], tmp_path, before)
    assert len(lines) == 2, lines
    assert lines[0].startswith(f"{bad_side}:4: board.side: ") and "55 cells" in lines[0]
    assert lines[1].startswith(f"{bad_paper}:3: paper: ") and "b7" in lines[1]
    assert not (tmp_path / "out").exists(), "a good spec must not build while another is bad"


def test_two_specs_with_one_name_are_refused(tmp_path: Path):
    a = write_spec(tmp_path, "game: asterisk\nname: same\noutputs: [board]\n", "a.yaml")
    b = write_spec(tmp_path, "game: asterisk\nname: same\noutputs: [board]\nboard:\n  side: 8\n", "b.yaml")
    before = files_under(tmp_path)
    result = run_pnp("build", str(a), str(b), "--out", str(tmp_path / "out"))
    lines = assert_refused(result, [a, b], tmp_path, before)
    assert "same" in lines[0] and str(a) in lines[0]


def test_missing_spec_file(tmp_path: Path):
    missing = tmp_path / "nowhere.yaml"
    result = run_pnp("build", str(missing), "--out", str(tmp_path / "out"))
    assert_refused(result, [missing], tmp_path, [])


def test_validate_good_spec_exits_0_and_writes_nothing(spec_file, tmp_path: Path):
    spec = spec_file("game: asterisk\nname: fine\noutputs: [board]\n")
    before = files_under(tmp_path)
    result = run_pnp("validate", str(spec), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert str(spec) in result.stdout and "ok" in result.stdout
    assert result.stderr == ""
    assert files_under(tmp_path) == before
    assert not (tmp_path / "output").exists()


def test_unknown_format_is_bad_input(spec_file, tmp_path: Path):
    spec = spec_file("game: asterisk\nname: fine\noutputs: [board]\n")
    before = files_under(tmp_path)
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"), "--format", "tiff", cwd=tmp_path)
    assert result.returncode == 2
    assert "tiff" in result.stderr and "--format" in result.stderr
    assert "Traceback" not in result.stderr
    assert files_under(tmp_path) == before


def test_out_pointing_at_a_file_is_bad_input(spec_file, tmp_path: Path):
    spec = spec_file("game: asterisk\nname: fine\noutputs: [board]\n")
    target = tmp_path / "out"
    target.write_text("keep me\n")
    before = files_under(tmp_path)
    result = run_pnp("build", str(spec), "--out", str(target), cwd=tmp_path)
    assert result.returncode == 2
    assert str(target) in result.stderr
    assert "Traceback" not in result.stderr
    assert target.read_text() == "keep me\n"
    assert files_under(tmp_path) == before


# --- paths that are not spec files ---------------------------------------------------------------


def test_a_folder_is_not_a_spec(tmp_path: Path):
    folder = tmp_path / "specs.yaml"
    folder.mkdir()
    result = run_pnp("validate", str(folder))
    (line,) = assert_refused(result, [folder], tmp_path, [])
    assert "a folder, not a spec file" in line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path):
    fifo = tmp_path / "spec.yaml"
    os.mkfifo(fifo)
    started = time.monotonic()
    result = run_pnp_process("build", str(fifo), "--out", str(tmp_path / "out"))  # a hang ends at its timeout
    assert time.monotonic() - started < 30, "opening the FIFO waited for a writer"
    (line,) = assert_refused(result, [fifo], tmp_path, [])
    assert "a pipe (FIFO), not a spec file" in line


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_refused():
    result = run_pnp_process("validate", "/dev/zero")  # a hang ends at its timeout
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("/dev/zero: ") and "a device, not a spec file" in result.stderr


_PEAK_REPORTED = """
import atexit, os, sys

def report():  # VmHWM: this process's own peak since exec (ru_maxrss would include the parent it was forked from)
    with open("/proc/self/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    with open(os.environ["PEAK_FILE"], "w") as file:
        file.write(peak)

atexit.register(report)
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.cli import main
main()
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc/self/status for the peak")
def test_a_huge_file_is_not_read_whole(tmp_path: Path, tmp_path_factory):
    """A sparse 512 MiB file: refused as too long after reading at most 1 MiB and a byte."""
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as file:
        file.write(b"game: asterisk\nname: x\n# ")
        file.truncate(512 << 20)
    peak_file = tmp_path_factory.mktemp("peak") / "kB"  # outside tmp_path, which must hold only the spec
    result = subprocess.run([sys.executable, "-c", _PEAK_REPORTED, "validate", str(huge)], cwd=ROOT,
                            env=pnp_env(PEAK_FILE=str(peak_file)), capture_output=True, text=True, timeout=PROCESS_TIMEOUT)
    (line,) = assert_refused(result, [huge], tmp_path, [huge])
    assert "larger than 1048576 bytes" in line
    peak_mib = int(peak_file.read_text()) / 1024
    assert peak_mib < 300, f"pnp validate held {peak_mib:.0f} MiB"


def test_the_problems_of_one_file_are_told_twenty_then_how_many_more(tmp_path: Path):
    """A file with a problem at every turn (a spec listing hundreds of wrong outputs, a position of hundreds of cells
    that do not exist) is told in MAX_TOLD lines and one saying how many more: a screen, not a flood. Each other
    file gets its own twenty."""
    from pnp.spec.problems import MAX_TOLD

    spec = write_spec(tmp_path, "game: hex\nname: x\noutputs: [" + ", ".join(f"o{n}" for n in range(300)) + "]\n", "x.yaml")
    other = write_spec(tmp_path, "game: hex\nname: y\nboard: {size: 99}\n", "y.yaml")
    done = run_pnp("validate", str(spec), str(other))
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and len(lines) == MAX_TOLD + 2, lines
    assert all(line.startswith(f"{spec}:3: outputs[") for line in lines[:MAX_TOLD])
    assert lines[MAX_TOLD] == (f"{spec}: ... and {300 - MAX_TOLD} more problems like these (the first {MAX_TOLD} are "
                               "told); fix these and run again")
    assert lines[-1].startswith(f"{other}:3: board.size:")
    cells = ", ".join(f"z{n}" for n in range(1, 500))
    position = write_spec(tmp_path, f"game: hex\nboard: {{size: 5}}\nstones: {{red: [{cells}]}}\n", "p.yaml")
    lines = run_pnp("score", str(position)).stderr.splitlines()
    assert len(lines) == MAX_TOLD + 1 and lines[-1].startswith(f"{position}: ... and {499 - MAX_TOLD} more problems")
