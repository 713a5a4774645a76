"""The DXF of a cut file (pnp/writers/cut.py): every sheet's cuts and folds in one drawing, written by ezdxf.

Importing ezdxf is nearly all that `--format cut` adds to a build (about 0.2 s
of CPU against a few milliseconds of geometry and writing; README, Speed). Its
package loads all of itself (some 360 modules with numpy, pyparsing and
fontTools) whichever part is used, so this module imports it as cheaply as
that can be, at its top; the build's worker imports this module while the
other core draws (pnp/cli.py, pnp/build.py). Two costs of that import are not
its modules' own, and are left out (together a fifth of the import, and of
the collections after it):
- the garbage collector sweeps the growing heap again and again while the
  modules load, and sweeps them again on later full collections. So it is
  paused for the import, and what lives then (modules, classes and tables,
  which live as long as the process) is moved out of its sight (gc.freeze)
  before it resumes;
- numpy's BLAS starts a thread per core, with its buffers, as it loads,
  though a drawing of lines and circles does no linear algebra. So it is
  asked for one, through its own setting (OPENBLAS_NUM_THREADS, read once as
  it loads, and set back as it was straight after). Where numpy is loaded
  already, or the variable set, nothing is changed.
ezdxf itself is used as it is; where it is loaded already, it is just used.
One more thing its import does is not pnp's to do: it loads a cache of the
system's fonts from the user's cache folder, and scans every font and writes
one there when there is none. pnp touches nothing outside --out, and a DXF of
lines and circles needs no font: so for the import its cache folder (the
documented XDG_CACHE_HOME) is a private temporary one holding an empty cache,
removed straight after.

DXF (R2000, millimetres: $INSUNITS 4): LINE and CIRCLE entities on a CUT
layer, LINEs on a dashed FOLD layer, y up with the sheet's bottom left corner
at (0, 0); a later page sits to the right of the one before, PAGE_GAP_MM apart.
The marks are left out: a laser needs none.
"""

from __future__ import annotations

import gc
import io
import json
import os
import re
import shutil
import sys
import tempfile
from importlib.util import find_spec
from pathlib import Path
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pnp.geometry.hexagon import Point
from pnp.writers.cut_sheet import FOLD_DASH_MM, SheetCuts

PAGE_GAP_MM = 10.0          # between pages side by side
CUT_LAYER, FOLD_LAYER = "CUT", "FOLD"
DXF_RED, DXF_BLUE = 1, 5    # AutoCAD colour indices
DXF_VERSION = "R2000"       # the oldest with $INSUNITS; read by every laser program
BLAS_THREADS = "OPENBLAS_NUM_THREADS"   # numpy's OpenBLAS reads it once, as it loads


@contextmanager
def _light_import() -> Iterator[None]:
    """For the time of an import: the collector paused, and numpy's BLAS (where numpy is not loaded yet) set to
    start one thread. After it, what lives is left out of later collections, and both are as they were."""
    collecting = gc.isenabled()
    unset = "numpy" not in sys.modules and BLAS_THREADS not in os.environ
    gc.disable()
    if unset:
        os.environ[BLAS_THREADS] = "1"
    try:
        yield
    finally:
        if unset:
            os.environ.pop(BLAS_THREADS, None)
        gc.freeze()
        if collecting:
            gc.enable()


CACHE_HOME = "XDG_CACHE_HOME"   # where ezdxf keeps its font cache (its `.cache` folder under home without it)
FONT_CACHE = Path("ezdxf") / "font_manager_cache.json"
CACHE_VERSION = re.compile(r"^CURRENT_CACHE_VERSION = (\d+)$", re.M)


@contextmanager
def _no_font_cache() -> Iterator[None]:
    """For the time of the import: ezdxf's cache folder a temporary one with an empty font cache of the version
    the installed ezdxf reads (found in its source, without importing it), so it neither scans the system's fonts
    nor writes in the user's folders. Where the version cannot be read, ezdxf scans into the temporary folder."""
    folder, before = tempfile.mkdtemp(prefix="pnp-ezdxf-"), os.environ.get(CACHE_HOME)
    version = _cache_version()
    if version is not None:
        (Path(folder) / FONT_CACHE).parent.mkdir()
        (Path(folder) / FONT_CACHE).write_text(json.dumps({"version": version, "font-faces": []}), encoding="utf-8")
    os.environ[CACHE_HOME] = folder
    try:
        yield
    finally:
        os.environ.pop(CACHE_HOME) if before is None else os.environ.__setitem__(CACHE_HOME, before)
        shutil.rmtree(folder, ignore_errors=True)


def _cache_version() -> int | None:
    spec = find_spec("ezdxf")   # a top-level name: found, not imported
    source = Path(spec.origin).parent / "fonts" / "font_manager.py" if spec and spec.origin else None
    found = CACHE_VERSION.search(source.read_text(encoding="utf-8")) if source and source.is_file() else None
    return int(found[1]) if found else None


if "ezdxf" in sys.modules:
    import ezdxf
    from ezdxf import units
else:
    with _light_import(), _no_font_cache():
        import ezdxf
        from ezdxf import units


def dxf(sheets: list[SheetCuts]) -> bytes:
    """Every sheet's cuts and folds in one DXF, side by side, y up, in millimetres; the same bytes every time."""
    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True   # no clock and no random ids in the file
    try:
        doc = ezdxf.new(DXF_VERSION, units=units.MM)
        doc.header["$MEASUREMENT"] = 1   # metric
        dash, gap = FOLD_DASH_MM
        doc.linetypes.add("DASHED", pattern=[dash + gap, dash, -gap], description="Dashed __ __ __")
        doc.layers.add(CUT_LAYER, color=DXF_RED)
        doc.layers.add(FOLD_LAYER, color=DXF_BLUE, linetype="DASHED")
        left = 0.0
        for sheet in sheets:
            _add_sheet(doc.modelspace(), sheet, left)
            left += sheet.width + PAGE_GAP_MM
        stream = io.StringIO()
        doc.write(stream)
        return doc.encode(stream.getvalue())
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed


def _add_sheet(space: Any, sheet: SheetCuts, left: float) -> None:
    """One sheet's LINEs and CIRCLEs, its bottom left corner at (left, 0), y up."""
    def at(point: Point) -> tuple[float, float]:
        return (left + point[0], sheet.height - point[1])

    for run in sheet.runs:
        for a, b in zip(run, run[1:]):
            space.add_line(at(a), at(b), dxfattribs={"layer": CUT_LAYER})
    for centre, radius in sheet.circles:
        space.add_circle(at(centre), radius, dxfattribs={"layer": CUT_LAYER})
    for a, b in sheet.folds:
        space.add_line(at(a), at(b), dxfattribs={"layer": FOLD_LAYER})
