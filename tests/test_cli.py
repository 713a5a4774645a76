"""The `pnp` command line: version, help, the graph and schema contracts, the shipped configs."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from pnp.spec.base import PDF_ONLY_ASSETS
import yaml

import pnp
from conftest import ROOT, files_under, run_pnp, run_pnp_process

CONFIGS = sorted((ROOT / "configs").glob("*.yaml"))
SCHEMA_FILE = ROOT / "configs" / "pnp-spec.schema.json"
SCHEMA_LINE = "# yaml-language-server: $schema="


def test_configs_are_shipped():
    assert len(CONFIGS) >= 5
    assert {p.stem for p in CONFIGS} >= {"asterisk-8", "asterisk-11", "asterisk-12", "asterisk-15", "asterisk-20"}


# --- version and help --------------------------------------------------------------------------


def test_version():
    result = run_pnp_process("--version")  # `python -m pnp` starts
    assert result.returncode == 0
    assert result.stdout.strip() == f"pnp {pnp.__version__}"
    assert re.fullmatch(r"\d+\.\d+\.\d+", pnp.__version__)


def test_installed_entry_point_reports_the_same_version():
    script = Path(sys.executable).with_name("pnp")
    if not script.exists():
        pytest.skip("the pnp console script is not installed in this environment")
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.strip() == f"pnp {pnp.__version__}"


@pytest.mark.parametrize("command", ["", "build", "validate", "graph", "sky", "score", "diagram", "schema"], ids=lambda c: c or "app")
def test_help(command):
    args = [command, "--help"] if command else ["--help"]
    result = run_pnp(*args)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Usage:")
    assert "Traceback" not in result.stderr
    if command:
        assert f" {command} " in result.stdout.splitlines()[0]
    else:
        for name in ("build", "validate", "graph", "sky", "score", "diagram", "schema"):
            assert re.search(rf"^\s+{name}\s+\S", result.stdout, re.M), f"{name} missing from the command list"
    if command == "build":
        assert "--out" in result.stdout and "--format" in result.stdout


def test_unknown_command_is_bad_input():
    result = run_pnp("frobnicate")
    assert result.returncode == 2
    assert "frobnicate" in result.stderr
    assert "Traceback" not in result.stderr


# --- graph -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def graph11() -> dict:
    result = run_pnp("graph", str(ROOT / "configs" / "asterisk-11.yaml"))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


def test_graph_follows_the_contract(graph11):
    g = graph11
    assert set(g) == {"game", "name", "units", "cells", "nodes"}
    assert g["game"] == "asterisk" and g["name"] == "asterisk-11" and g["units"] == "mm"
    assert g["nodes"] == []
    assert len(g["cells"]) == 66
    for cell in g["cells"]:
        assert set(cell) == {"id", "center", "polygon", "neighbors", "sides", "tags"}
        assert isinstance(cell["id"], str)
        assert len(cell["center"]) == 2 and all(isinstance(v, (int, float)) for v in cell["center"])
        assert len(cell["polygon"]) == 6 and all(len(p) == 2 for p in cell["polygon"])
        assert set(cell["sides"]) <= {"left", "right", "bottom"}
        assert cell["tags"] == []
    assert g["cells"][0]["id"] == "a1" and set(g["cells"][0]["sides"]) == {"left", "right"}


def test_graph_is_consistent(graph11):
    cells = {c["id"]: c for c in graph11["cells"]}
    assert len(cells) == 66, "ids are unique"
    for cid, cell in cells.items():
        assert cid not in cell["neighbors"]
        assert len(set(cell["neighbors"])) == len(cell["neighbors"])
        for other in cell["neighbors"]:
            assert cid in cells[other]["neighbors"], f"{cid} -> {other} but not back"
        # The centre is the middle of the polygon; neighbours are one cell width apart.
        cx = sum(p[0] for p in cell["polygon"]) / 6
        cy = sum(p[1] for p in cell["polygon"]) / 6
        assert math.dist((cx, cy), cell["center"]) <= 0.002
    a1 = cells["a1"]
    width = max(p[0] for p in a1["polygon"]) - min(p[0] for p in a1["polygon"])
    for cid, cell in cells.items():
        for other in cell["neighbors"]:
            assert abs(math.dist(cell["center"], cells[other]["center"]) - width) <= 0.003
    corners = {cid for cid, c in cells.items() if len(c["sides"]) == 2}
    assert corners == {"a1", "a11", "k11"}
    for side in ("left", "right", "bottom"):
        assert sum(side in c["sides"] for c in cells.values()) == 11
    # The board's own frame: y down, origin at the top-left of the cells' bounding box.
    xs = [p[0] for c in cells.values() for p in c["polygon"]]
    ys = [p[1] for c in cells.values() for p in c["polygon"]]
    assert abs(min(xs)) <= 0.001 and abs(min(ys)) <= 0.001
    assert cells["k11"]["center"][1] > cells["a1"]["center"][1]


def test_graph_numbers_are_short_and_stable(graph11):
    """Fixed precision: no coordinate carries more than 3 decimals."""
    for cell in graph11["cells"]:
        for value in [*cell["center"], *(v for p in cell["polygon"] for v in p)]:
            assert round(value, 3) == value


def test_graph_of_a_bad_spec_is_bad_input(tmp_path: Path):
    spec = tmp_path / "bad.yaml"
    spec.write_text("game: asterisk\nname: x\nboard:\n  side: 10\n")
    result = run_pnp("graph", str(spec))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"{spec}:4:")


# --- schema ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def schema_text() -> str:
    result = run_pnp("schema")
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_schema_matches_the_committed_file(schema_text):
    committed = SCHEMA_FILE.read_bytes()
    assert schema_text.encode("utf-8") == committed, "configs/pnp-spec.schema.json is stale: run `make schema`"


def test_schema_is_valid_json_schema(schema_text):
    schema = json.loads(schema_text)
    validator_class = jsonschema.validators.validator_for(schema)
    assert validator_class is jsonschema.Draft202012Validator
    validator_class.check_schema(schema)


@pytest.fixture(scope="module")
def validator(schema_text):
    schema = json.loads(schema_text)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("config", CONFIGS, ids=[p.stem for p in CONFIGS])
def test_shipped_configs(config: Path, validator):
    text = config.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first.startswith(SCHEMA_LINE), first
    target = (config.parent / first[len(SCHEMA_LINE):].strip()).resolve()
    assert target == SCHEMA_FILE.resolve(), "the editor hint points at the committed schema"
    data = yaml.safe_load(text)
    assert data["name"] == config.stem
    validator.validate(data)
    from pnp.spec import read_kit

    spec = read_kit(config).spec  # the program accepts what the schema accepts
    assert spec.name == config.stem


FULL_SPEC = {
    "game": "asterisk",
    "name": "everything_set-1",
    "title": "All keys",
    "paper": {"width_mm": 300, "height_mm": 400},
    "outputs": ["board"],
    "formats": ["svg", "pdf"],
    "board": {"side": 12, "cell_mm": 12.5, "coordinates": False},
    "pieces": {"spares": 2, "clearance_mm": 1.0},
    "markers": {"size_mm": 60},
    "solitaire": {"seed": 7},
    "style": {"left": "#112233", "ink": "#000000"},
}


def test_schema_and_program_agree_on_a_full_spec(validator, tmp_path: Path):
    validator.validate(FULL_SPEC)
    path = tmp_path / "full.yaml"
    path.write_text(yaml.safe_dump(FULL_SPEC, sort_keys=False))
    from pnp.spec import read_kit

    assert read_kit(path).spec.board.cell_mm == 12.5


@pytest.mark.parametrize(
    "change",
    [
        {"titel": "typo"},
        {"board": {"sied": 11}},
        {"board": {"side": "11"}},
        {"board": {"side": 11.5}},
        {"board": {"side": 100000}},
        {"board": {"cell_mm": 0}},
        {"paper": "a7"},
        {"paper": {"width_mm": 200}},
        {"name": "a/b"},
        {"name": ".."},
        {"game": "chess"},
        {"outputs": []},
        {"formats": ["tiff"]},
        {"style": {"left": "red"}},
        {"outputs": ["board", "board"]},
        {"formats": ["svg", "svg"]},
        {"board": {"cell_mm": 0.01}},
        {"pieces": {"size_mm": 2.5}},
        {"style": {"left": None}},
        {"title": None},
    ],
    ids=lambda c: json.dumps(c),
)
def test_schema_rejects_what_the_program_rejects(change, validator, tmp_path: Path):
    data = {"game": "asterisk", "name": "x", **change}
    errors = list(validator.iter_errors(data))
    assert errors, f"the schema accepts {data}"
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data))
    from pnp.spec import SpecError, read_kit

    with pytest.raises(SpecError):
        read_kit(path)


# --- building the shipped configs --------------------------------------------------------------


def _asset_files(folder: Path, asset: str, ext: str) -> list[Path]:
    single = folder / f"{asset}.{ext}"
    pages = sorted(folder.glob(f"{asset}-*.{ext}"))
    return [single] if single.exists() else pages


def test_build_without_spec_builds_every_config(tmp_path: Path):
    """In a copy of the project root, `pnp build` alone builds every configs/*.yaml into output/."""
    from pnp.spec import read_kit

    shutil.copytree(ROOT / "configs", tmp_path / "configs")
    result = run_pnp("build", "--format", "svg", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    output = tmp_path / "output"
    assert sorted(p.name for p in output.iterdir()) == sorted(p.stem for p in CONFIGS)
    for config in CONFIGS:
        kit = read_kit(config)
        spec = kit.spec
        folder = output / spec.name
        assert spec.outputs, config
        for asset in spec.outputs:
            if asset in PDF_ONLY_ASSETS:  # booklets and the kit are PDF only
                assert not _asset_files(folder, asset, "svg"), f"{spec.name}: a {asset} SVG"
                continue
            assert _asset_files(folder, asset, "svg"), f"{spec.name}: no {asset} SVG"
        assert not list(folder.glob("*.pdf")), "--format svg writes no PDF"
        if spec.game == "starry-night":
            drawn = sum(p.read_text(encoding="utf-8").count("data-star=") for p in _asset_files(folder, "skies", "svg"))
            assert drawn == spec.skies.count * spec.skies.stars
        else:
            cells = len(kit.game.board_graph(spec, kit.plan)["cells"])
            assert (folder / "board.svg").read_text(encoding="utf-8").count("data-cell=") == cells
    assert all(p.suffix == ".svg" for p in files_under(output))


def test_build_without_spec_and_without_configs_is_bad_input(tmp_path: Path):
    result = run_pnp("build", cwd=tmp_path)
    assert result.returncode == 2
    assert "configs" in result.stderr
    assert "Traceback" not in result.stderr
    assert files_under(tmp_path) == []


def _two_specs(folder: Path) -> list[str]:
    paths = []
    for name in ("one", "two"):
        spec = folder / f"{name}.yaml"
        spec.write_text(f"game: asterisk\nname: {name}\noutputs: [board]\nformats: [svg]\n")
        paths.append(str(spec))
    return paths


def test_several_specs_report_plain_lines_off_a_terminal(tmp_path: Path) -> None:
    result = run_pnp("build", *_two_specs(tmp_path), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert sorted(line.split(":")[0] for line in lines) == ["one", "two"]   # as each is done, on either core
    assert all("1 file in" in line and "\x1b" not in line for line in lines)


@pytest.mark.skipif(shutil.which("script") is None, reason="needs util-linux `script` for a pseudo-terminal")
def test_several_specs_show_a_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    """Under a pseudo-terminal the same build draws rich's bar (ANSI codes, specs done of all), and the screen
    still lists what each spec built when the bar has gone."""
    command = " ".join([sys.executable, "-m", "pnp", "build", *_two_specs(tmp_path), "--out", str(tmp_path / "out")])
    result = subprocess.run(["script", "-qec", command, "/dev/null"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert result.returncode == 0, result.stdout
    assert "\x1b[" in result.stdout and "2/2" in result.stdout
    for name in ("one", "two"):
        assert f"{name}: 1 file in {tmp_path / 'out' / name}" in result.stdout
    assert (tmp_path / "out" / "two" / "board.svg").exists()


def test_a_format_named_twice_on_the_command_line_is_written_once(tmp_path: Path) -> None:
    """`-f svg -f svg` folds to svg: one file written, and the count shown is the files that exist."""
    spec = _two_specs(tmp_path)[0]
    out = tmp_path / "out"
    result = run_pnp("build", spec, "--out", str(out), "-f", "svg", "-f", "svg")
    assert result.returncode == 0, result.stderr
    written = files_under(out)
    assert [p.name for p in written] == ["board.svg"]
    assert f"{len(written)} file in" in result.stderr, result.stderr
