"""Every spec a user is shown passes: a bare side.

The specs are checked through the real CLI (`pnp validate`, one run for many
files), as a user would copy them.
"""

from __future__ import annotations

from pathlib import Path

from conftest import run_pnp

from pnp.games.asterisk.rules import side_splits_six_ways
from pnp.games.asterisk.spec import MAX_SIDE

# The solitaire layout is quadratic in the cells until issue 8's speed item lands (side 200: ~7 s);
# past this side the bare-side sweep leaves the solitaire page out to stay within a few seconds.
SOLITAIRE_QUICK_UP_TO = 96


def _bare_sides(tmp_path: Path, extra: str = "", up_to: int = MAX_SIDE, above: int = 0) -> list[Path]:
    paths = []
    for side in range(above + 1, up_to + 1):
        if side_splits_six_ways(side):
            path = tmp_path / f"side-{side}.yaml"
            path.write_text(f"game: asterisk\nname: side-{side}\nboard: {{side: {side}}}\n{extra}", encoding="utf-8")
            paths.append(path)
    return paths


def _refusals(paths: list[Path]) -> dict[str, str]:
    """Each spec that `pnp validate` refuses, with its one problem: a piece size of its own to set."""
    result = run_pnp("validate", *map(str, paths))
    assert result.returncode in (0, 2), result.stderr
    assert "Traceback" not in result.stderr
    refused: dict[str, str] = {}
    for line in result.stderr.splitlines():
        file, rest = line.split(": ", 1)
        assert file not in refused, f"{file} has more than one problem: {refused[file]!r} and {rest!r}"
        assert rest.startswith("pieces.size_mm: ") and "set pieces.size_mm" in rest, line
        refused[file] = rest
    assert set(refused) <= set(map(str, paths))
    return refused


def test_every_side_with_nothing_else_set_validates_or_names_the_key(tmp_path: Path):
    paths = _bare_sides(tmp_path, up_to=SOLITAIRE_QUICK_UP_TO)
    refused = _refusals(paths)
    fine = [int(p.stem.split("-")[1]) for p in paths if str(p) not in refused]
    # On a4 every side whose cells come out at 5 mm or more gets pieces (sides 32 to 36: with less clearance).
    assert fine == [3, 8, 11, 12, 15, 20, 23, 24, 27, 32, 35, 36], refused


def test_every_larger_side_without_solitaire_validates_or_names_the_key(tmp_path: Path):
    _refusals(_bare_sides(tmp_path, "outputs: [board, pieces, markers]\n", above=SOLITAIRE_QUICK_UP_TO))
