"""The house's promises: one registry per game, plans apart from drawing, writers behind one
protocol, composers that need no spec, measured bounds, and importing pnp changes no other library."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import typing
from pathlib import Path

import pytest

from conftest import ROOT, write_spec

from pnp import registry
from pnp.boards.placement import BoardPage
from pnp.games.asterisk.assets.board import compose_board
from pnp.games.asterisk.board import AsteriskBoard
from pnp.games.asterisk.draw import board_group
from pnp.games.asterisk.look import unit_extent
from pnp.games.asterisk.style import AsteriskStyle
from pnp.geometry.rect import Rect
from pnp.layout.paper import Paper
from pnp.scene import Circle, Group, Paint, Path as ScenePath, Polygon, Polyline, Text
from pnp.scene.bounds import bounds
from pnp.scene.dispatch import visit
from pnp.scene.transform import half_turn, shift
from pnp.spec import read_kit
from pnp.spec.base import Format
from pnp.writers import FORMATS, KIT_FORMATS, WRITERS
from pnp.writers.files import dropped_by, file_names


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True, text=True, timeout=120)


# --- the registry ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", registry.names())
def test_every_game_composes_every_asset_from_its_plan_alone(name: str, tmp_path: Path):
    game = registry.game(name)
    assert game.name == name
    spec = game.spec.model_validate({"game": name, "name": "house"})
    plan = game.make_plan(spec)
    for asset in game.assets:
        doc = game.compose(asset, plan)
        assert doc.asset == asset and doc.pages, asset
    graph = game.board_graph(spec, plan)
    assert graph["game"] == name and (graph.get("cells") or graph.get("skies"))  # boards have cells, Starry Night skies


def test_the_registry_is_the_one_list_of_games(tmp_path: Path):
    spec = write_spec(tmp_path, "game: chess\nname: x\n")
    from pnp.spec import SpecError

    with pytest.raises(SpecError) as caught:
        read_kit(spec)
    assert f"use one of: {', '.join(registry.names())}" in str(caught.value)


@pytest.mark.parametrize("name", registry.names())
def test_a_game_with_positions_names_its_model_score_and_diagram(name: str):
    """Positions are optional per game, but all three hooks come together (a game without them has None)."""
    from pnp.positions.base import PositionBase

    game = registry.game(name)
    hooks = (game.position, game.score, game.diagram)
    assert all(hooks) or not any(hooks), hooks
    if game.position:
        model = game.position_model()
        assert issubclass(model, PositionBase)
        assert model.model_fields["game"].annotation.__args__ == (name,)  # type: ignore[union-attr]


def test_scoring_a_position_loads_no_drawing_or_writer_code():
    done = _python("""
        import sys
        from pathlib import Path
        from pnp.positions import read_position
        for path in ("examples/positions/asterisk-8-light-wins.yaml", "examples/positions/starry-night-tie.yaml"):
            position = read_position(Path(path))
            position.game.judge(position.model).as_json()
        print(sorted(m for m in sys.modules if m.endswith((".draw", ".diagram", ".assets")) or m.startswith((
              "pnp.writers.svg", "pnp.writers.pdf", "svgwrite", "reportlab.pdfgen", "reportlab.graphics"))))
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout


# --- plans apart from drawing --------------------------------------------------------------------


def test_checking_a_spec_loads_no_drawing_or_writer_code():
    """Validation plans the kit (metrics only) and imports no composer, writer or drawing library."""
    done = _python("""
        import sys
        from pathlib import Path
        from pnp.spec import read_kit
        kit = read_kit(Path("configs/asterisk-11.yaml"))
        assert kit.plan.pieces.pages and kit.plan.solitaire.layout.blocks
        print(sorted(m for m in sys.modules if m.startswith(("pnp.games.asterisk.assets", "pnp.games.asterisk.draw",
              "pnp.writers.svg", "pnp.writers.pdf", "svgwrite", "reportlab.pdfgen", "reportlab.graphics"))))
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout


def test_the_plan_is_made_once_per_build(tmp_path: Path, monkeypatch):
    import pnp.games.asterisk.plan as plan_module
    from pnp.build import build_kit

    calls = []
    real = plan_module.plan_kit
    monkeypatch.setattr(plan_module, "plan_kit", lambda spec: calls.append(spec) or real(spec))
    kit = read_kit(write_spec(tmp_path, "game: asterisk\nname: once\nboard: {side: 8}\n"))
    build_kit(kit, tmp_path / "out", ["svg"])
    assert len(calls) == 1
    assert sorted(p.name for p in (tmp_path / "out" / "once").iterdir()) == [
        "board.svg", "card-1.svg", "card-2.svg", "markers.svg", "pieces.svg", "solitaire.svg"]


def test_a_composer_needs_no_spec():
    """A booklet diagram can draw a board from a board page (a board placed on a sheet) and a style."""
    board = AsteriskBoard(8, 10.0, (20.0, 40.0))
    doc = compose_board(BoardPage(Paper("a5", 148.0, 210.0), board, False), "Diagram", AsteriskStyle())
    (page,) = doc.pages
    cells = [s for s in page.children[-1].children if isinstance(s, Polygon) and dict(s.data).get("cell")]
    assert len(cells) == 36 and (page.width, page.height) == (148.0, 210.0)


# --- measured bounds -------------------------------------------------------------------------------


@pytest.mark.parametrize("side", [8, 11, 20, 24])
@pytest.mark.parametrize("coordinates", [True, False])
def test_the_planned_envelope_holds_the_drawn_board(side: int, coordinates: bool):
    """The room the planner leaves (look.unit_extent) holds everything the board draws, measured from
    the shapes themselves, and is not much larger."""
    cell = 10.0
    drawn = bounds(board_group(AsteriskBoard(side, cell), AsteriskStyle(), coordinates))
    planned = unit_extent(side, coordinates).scaled(cell)
    assert planned.contains(drawn, tolerance=0.05), (planned, drawn)
    assert planned.width - drawn.width < 0.5 * cell and planned.height - drawn.height < 0.5 * cell


def test_bounds_of_each_primitive():
    paint = Paint(stroke="#000000", width=2.0)
    assert bounds(Polygon(((0, 0), (10, 0), (10, 5)), paint)) == Rect.from_edges(-1, -1, 11, 6)
    assert bounds(Circle((5, 5), 3, Paint(fill="#000000"))) == Rect(2, 2, 6, 6)
    assert bounds(ScenePath((((0, 0), (4, 0)), ((0, 8), (2, 9))), paint)) == Rect.from_edges(-1, -1, 5, 10)
    text = bounds(Text((10, 20), "Wide text", 4.0, anchor="end"))
    assert text.right == pytest.approx(10) and text.bottom > 20 > text.y and text.width > 10
    turned = bounds(Text((10, 20), "Wide text", 4.0, rotate=90))
    assert turned.height == pytest.approx(text.width) and turned.y == pytest.approx(20)


def test_transforms_move_every_primitive():
    group = Group((Polygon(((0, 0), (1, 0), (1, 1)), Paint()), Circle((1, 1), 1, Paint()),
                   Polyline(((0, 0), (2, 0)), Paint()), ScenePath((((0, 0), (0, 2)),), Paint()), Text((1, 2), "a", 1.0)))
    moved, before = bounds(shift(group, 10, 20)), bounds(group)
    assert (moved.x, moved.y, moved.right, moved.bottom) == pytest.approx(
        (before.x + 10, before.y + 20, before.right + 10, before.bottom + 20))
    turned = half_turn(group, (0, 0))
    assert turned.children[-1].at == (-1, -2) and turned.children[-1].rotate == 180


def test_one_dispatch_refuses_an_unknown_primitive():
    with pytest.raises(TypeError, match="unknown primitive"):
        visit("not a shape", object())  # type: ignore[arg-type]


# --- writers behind one protocol -----------------------------------------------------------------


def test_one_table_of_formats_feeds_spec_and_cli():
    assert typing.get_args(Format) == FORMATS == (*WRITERS, *KIT_FORMATS)
    for name, writer in WRITERS.items():
        assert writer.name == name and writer.extension.startswith(f".{name}") and isinstance(writer.per_page, bool)
    done = subprocess.run([sys.executable, "-m", "pnp", "build", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert all(f in done.stdout for f in FORMATS), done.stdout


class _PerPage:
    name, extension, per_page = "png", ".png", True


def test_file_names_and_stale_pages_for_any_format(tmp_path: Path):
    writer = _PerPage()
    assert file_names("pieces", writer, 1) == ["pieces.png"]
    assert file_names("pieces", writer, 3) == ["pieces-1.png", "pieces-2.png", "pieces-3.png"]
    for name in ("pieces-1.png", "pieces-2.png", "pieces-3.png", "pieces.png", "pieces-notes.png", "board.png", "pieces-1.svg"):
        (tmp_path / name).write_bytes(b"x")
    dropped = dropped_by([{"pieces": ["pieces-1.png", "pieces-2.png"]}], [writer], ["pieces"])
    assert sorted(p.name for p in tmp_path.iterdir() if not dropped(p.name)) == [
        "board.png", "pieces-1.png", "pieces-1.svg", "pieces-2.png", "pieces-notes.png"]


def test_a_stale_pdf_is_removed_too(tmp_path: Path):
    """A PDF left under a per-page name by hand or by another tool is not mistaken for this build's."""
    from pnp.build import build_kit

    kit = read_kit(write_spec(tmp_path, "game: asterisk\nname: stale\noutputs: [board]\nboard: {side: 8}\n"))
    folder = tmp_path / "out" / "stale"
    folder.mkdir(parents=True)
    (folder / "board-2.pdf").write_bytes(b"old")
    build_kit(kit, tmp_path / "out", ["pdf"])
    assert sorted(p.name for p in folder.iterdir()) == ["board.pdf"]


# --- the worker process ------------------------------------------------------------------------------


def test_the_worker_runs_jobs_in_order_and_reports_errors():
    from pnp.parallel import JobFailed, start_worker

    worker = start_worker(("json",))
    assert worker is not None
    try:
        worker.submit(json.dumps, [1, 2])
        worker.submit(json.loads, "not json")
        worker.submit(sorted, [3, 1, 2])
        assert worker.result() == "[1, 2]"
        with pytest.raises(JobFailed, match="JSONDecodeError"):
            worker.result()
        assert worker.result() == [1, 2, 3]
    finally:
        worker.close()


def test_a_job_sent_in_part_stops_the_worker(monkeypatch):
    """Ctrl-C in the middle of sending a large job leaves half a message in the pipe: the worker would wait for
    the rest and this process for its reply (a watch that never ends). The worker is stopped instead."""
    import pnp.parallel as parallel

    worker = parallel.start_worker(())
    assert worker is not None

    def cut_short(fd: int, payload: bytes) -> None:
        os.write(fd, parallel._SIZE.pack(len(payload)) + payload[:3])
        raise KeyboardInterrupt

    monkeypatch.setattr(parallel, "_send", cut_short)
    pid = worker.pid
    try:
        with pytest.raises(KeyboardInterrupt):
            worker.submit(sorted, [3, 1, 2])
    finally:
        monkeypatch.undo()
        stopped = (worker.pid, worker.pending)
        worker.stop()
    assert stopped == (0, 0), "stopped and reaped"
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def test_a_folder_in_the_way_is_one_clean_error_line(tmp_path: Path):
    """A folder where the SVG should go: found before any rename, exit 2, one line naming it, nothing written."""
    spec = write_spec(tmp_path, "game: asterisk\nname: ro\noutputs: [board]\nboard: {side: 8}\n")
    folder = tmp_path / "out" / "ro"
    folder.mkdir(parents=True)
    (folder / "board.svg").mkdir()  # a folder where the SVG should go
    done = subprocess.run([sys.executable, "-m", "pnp", "build", str(spec), "--out", str(tmp_path / "out")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"pnp: {folder / 'board.svg'} is a folder where pnp writes a file; remove it\n"
    assert sorted(p.name for p in folder.iterdir()) == ["board.svg"]


# --- start-up: a command loads what it runs, no more ---------------------------------------------------

# What no Python game's build loads: a game played from a definition (the engine, its reader, the cell boards),
# records, the watch and its library, the rule booklet's templates and Markdown, the gallery; and what belongs to
# formats it does not write, though it asks of them: the GIF and APNG writer (the command line reads their
# names and timings), tts/'s saved object, split/'s drawing (the build asks whether they are wanted).
NOT_FOR_A_BUILD = ("pnp.games.stones", "pnp.definitions.engine", "pnp.definitions.read", "pnp.cellboard", "pnp.records",
                   "pnp.positions.read", "pnp.watch", "watchfiles", "jinja2", "markdown_it", "pnp.booklet", "pnp.gallery",
                   "pnp.writers.animated", "pnp.writers.tts", "pnp.writers.split")


def _loaded_by(*args: str) -> set[str]:
    """The modules `pnp ARGS` has loaded when it ends (this process's: the build's worker is another)."""
    done = _python(f"""
        import atexit, sys
        atexit.register(lambda: print("\\n".join(sorted(sys.modules)), file=sys.stderr))
        sys.argv = ["pnp", *{list(args)!r}]
        from pnp.cli import main
        main()
    """)
    assert done.returncode == 0, done.stderr
    return set(done.stderr.split())


def _under(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


def test_the_version_loads_no_spec_model_yaml_scene_or_writer():
    loaded = _loaded_by("--version")
    assert _under(loaded, ("pydantic", "yaml", "reportlab", "svgwrite", "PIL", "pnp.spec.base", "pnp.spec.read",
                           "pnp.registry", "pnp.scene", "pnp.games", "pnp.definitions", "pnp.writers.animated")) == []


@pytest.mark.parametrize("name", registry.GAMES)
def test_building_a_board_loads_its_own_game_alone(name: str, tmp_path: Path):
    """One game's spec model, planner and composer: no other game's, no definition's, nothing of another command."""
    game = registry.game(name)
    spec = write_spec(tmp_path, f"game: {name}\nname: start\noutputs: [{game.board_asset}]\n")
    loaded = _loaded_by("build", str(spec), "--out", str(tmp_path / "out"), "-f", "svg", "-f", "pdf", "-q")
    assert (tmp_path / "out" / "start").is_dir()
    others = tuple(package for other, package in registry.GAMES.items() if other != name)
    assert _under(loaded, (*others, *NOT_FOR_A_BUILD)) == []
    assert registry.GAMES[name] in loaded
    # A small board is written wholly by the worker (pnp/build.py, `_away`), and its text measured from Vera's
    # table: this process loads neither writer's library.
    assert _under(loaded, ("reportlab", "svgwrite", "pnp.writers.pdf", "pnp.writers.svg")) == []


def test_laying_out_a_booklet_loads_no_network_code(tmp_path: Path):
    """The booklet escapes its markup with html's escape: xml.sax.saxutils would load urllib.request, http.client
    and ssl into every process that lays one out."""
    spec = sorted((ROOT / "configs").glob(f"{next(iter(registry.GAMES))}-*.yaml"))[0]
    loaded = _loaded_by("build", str(spec), "--out", str(tmp_path / "out"), "-f", "pdf", "-q")
    assert "pnp.booklet.markdown" in loaded
    assert _under(loaded, ("urllib.request", "http", "ssl", "xml.sax")) == []


def test_checking_or_scoring_loads_no_other_game():
    """`pnp validate` and `pnp score` load the game they read (the list of every game is read only for a message),
    and a YAML position no SGF reader."""
    first, *others = registry.GAMES
    position = next(path for path in sorted((ROOT / "examples" / "positions").glob(f"{first}-*.yaml"))
                    if "record" not in path.name)
    spec = sorted((ROOT / "configs").glob(f"{first}-*.yaml"))[0]
    unwanted = (*(registry.GAMES[other] for other in others), "pnp.games.stones", "pnp.definitions.engine",
                "pnp.cellboard", "pnp.watch", "watchfiles", "jinja2", "markdown_it")
    assert _under(_loaded_by("validate", str(spec)), (*unwanted, "pnp.records", "pnp.writers.pdf", "reportlab.pdfgen")) == []
    assert _under(_loaded_by("score", str(position)), (*unwanted, "pnp.records.sgf_read", "pnp.records.dialects",
                                                       "pnp.writers.pdf", "reportlab.pdfgen")) == []


# --- importing pnp changes nothing in other libraries -------------------------------------------------


def test_importing_pnp_leaves_other_libraries_alone():
    done = _python("""
        import os, sys, importlib, pkgutil
        before = set(sys.modules)
        import pnp
        for info in pkgutil.walk_packages(pnp.__path__, "pnp."):
            if info.name != "pnp.__main__":
                importlib.import_module(info.name)
        def planted(module):
            # a module of another library holding functions written in pnp: a stand-in
            values = list(vars(module).values()) if module is not None else []
            return any(getattr(v, "__module__", "") and str(getattr(v, "__module__", "")).startswith("pnp")
                       for v in values if callable(v))
        fakes = [n for n, m in list(sys.modules.items()) if not n.startswith("pnp") and planted(m)]
        print(fakes, os.environ.get("PYDANTIC_DISABLE_PLUGINS"))
        import pydantic.plugin._loader as loader, svgwrite.data.svgparser as parser
        assert loader.__file__ and parser.__file__ and callable(parser.is_valid_transferlist)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[] None", done.stdout


def test_no_module_of_pnp_writes_into_sys_modules():
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "pnp").rglob("*.py")
                 if "sys.modules[" in p.read_text(encoding="utf-8")]
    assert offenders == []


def test_player_words_come_from_templates_and_a_missing_field_is_loud():
    from pnp.texts import say, say_all

    assert say("asterisk", "solitaire.dealt_note", seed=7) == "Dealt with seed 7: set out the pieces as shown."
    assert len(say_all("asterisk", "solitaire.how_to")) == 4
    with pytest.raises(KeyError):
        say("asterisk", "solitaire.dealt_note")  # {seed} not given
    with pytest.raises(KeyError, match="has no solitaire.nothing"):
        say("asterisk", "solitaire.nothing")
