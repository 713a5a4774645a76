"""Issue 21, items 6 and 7: wrong output is never accepted silently, and validate refuses what build would.

Each promise is tested as the user meets it: the exit code and the line on
stderr (in-process through typer's CliRunner, as the process boundary is not
what is tested), the files on disk, the plan a spec gets. The bad specs of
this issue are also in the corpus of tests/test_spec_errors.py, where every
one is run through `build` and `validate`.
"""

from __future__ import annotations

import os
import random
import typing
from pathlib import Path

import pytest
import yaml
from pydantic import BaseModel, ValidationError

from conftest import ROOT, config_of, files_under, invoke, write_spec
from pnp import registry

EXAMPLES = ROOT / "examples" / "positions"
HERE = Path(__file__).resolve().parent / "positions"
CODE = "106A-H61J-GAXD"  # the first sky of configs/starry-night.yaml


def pnp(*args: str):
    return invoke(list(args))


def refused(result) -> list[str]:
    """Exit 2, no traceback: the lines on stderr."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.stderr
    return result.stderr.splitlines()


# --- nan and inf: no option and no spec field takes them ------------------------------------------------------


@pytest.mark.parametrize("width", ["nan", "NaN", "inf", "-inf", "1e999"])
def test_diagram_width_must_be_a_finite_number(tmp_path: Path, monkeypatch, width: str):
    monkeypatch.chdir(tmp_path)
    lines = refused(pnp("diagram", str(HERE / "asterisk-one-each.yaml"), "--width-mm", width, "--out", "d.svg"))
    assert "--width-mm" in lines[-1] and ("not a finite number; give one from 30 to 400" in lines[-1]
                                          or "not in the range 30.0<=x<=400.0" in lines[-1]), lines
    assert files_under(tmp_path) == []


@pytest.mark.parametrize("grid", ["nan", "inf"])
def test_sky_grid_must_be_a_finite_number(tmp_path: Path, grid: str):
    lines = refused(pnp("sky", CODE, "--grid-mm", grid, "--out", str(tmp_path / "out")))
    assert f"Invalid value for '--grid-mm': {grid} is not a finite number" in lines[-1]
    assert files_under(tmp_path) == []


def _models(model: type[BaseModel], seen: set[type[BaseModel]]) -> set[type[BaseModel]]:
    """`model` and every model its fields hold, at any depth."""
    if model in seen:
        return seen
    seen.add(model)
    for field in model.model_fields.values():
        for kind in _types(field.annotation):
            if isinstance(kind, type) and issubclass(kind, BaseModel):
                _models(kind, seen)
    return seen


def _types(annotation: typing.Any) -> list[typing.Any]:
    """Every type an annotation names (through Optional, unions, lists, dicts and Annotated)."""
    args = typing.get_args(annotation)
    return [annotation, *(t for arg in args for t in _types(arg))]


def _every_model() -> set[type[BaseModel]]:
    found: set[type[BaseModel]] = set()
    for name in registry.names():
        game = registry.game(name)
        _models(game.spec, found)
        if game.position_model() is not None:
            _models(game.position_model(), found)
    return found


def test_every_spec_and_position_model_refuses_nan_and_inf():
    """One setting on the base of every model (pnp/spec/base.py Strict), not a check per field."""
    models = _every_model()
    assert len(models) > 10
    assert {m.__name__ for m in models if m.model_config.get("allow_inf_nan") is not False} == set()


def _float_fields(model: type[BaseModel], path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    for name, field in model.model_fields.items():
        kinds = _types(field.annotation)
        if float in kinds:
            found.append((*path, name))
        found += [f for kind in kinds if isinstance(kind, type) and issubclass(kind, BaseModel)
                  for f in _float_fields(kind, (*path, name))]
    return found


@pytest.mark.parametrize("game", registry.names())
@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_every_float_field_of_a_spec_refuses_nan_and_inf(game: str, value: float):
    model = registry.game(game).spec
    fields = _float_fields(model)
    assert fields, "the walk found no float field"
    for path in fields:
        data: dict[str, typing.Any] = {"game": game, "name": "x"}
        here = data
        for key in path[:-1]:
            here = here.setdefault(key, {})
        here[path[-1]] = value
        with pytest.raises(ValidationError) as caught:
            model.model_validate(data)
        assert any(e["type"] == "finite_number" and all(key in e["loc"] for key in path) for e in caught.value.errors()), (
            path, caught.value.errors())


# --- a size of 0 is a size, not "the default" -------------------------------------------------------------------


@pytest.mark.parametrize("grid", ["0", "-0", "1", "1.99", "20.5", "30"])
def test_sky_grid_out_of_range_names_the_range(tmp_path: Path, grid: str):
    (line,) = refused(pnp("sky", CODE, "--grid-mm", grid, "--out", str(tmp_path / "out")))
    assert line.startswith("pnp sky: --grid-mm: ") and "is outside 2 to 20 mm" in line, line
    assert files_under(tmp_path) == []


def test_sky_grid_at_the_bounds_is_taken_as_given():
    from pnp.games.starry_night.one_sky import SkyError, sky_spec

    assert sky_spec(CODE, "a4", 2.0).skies.grid_mm == 2.0
    with pytest.raises(SkyError, match="with 20 mm squares does not fit a3 paper; the largest grid that fits is 10.6 mm"):
        sky_spec(CODE, "a3", 20.0)  # in range: kept as given, so it does not fit (never quietly 5 mm)


def test_a_sky_on_small_paper_never_gets_a_grid_under_2_mm():
    from pnp.games.starry_night.one_sky import SkyError, sky_spec

    for paper in ("100x100", "105x148", "a6", "a5", "a4"):
        try:
            spec = sky_spec(CODE, paper, None)
        except SkyError as exc:
            assert "--paper" in str(exc) and "choose larger paper" in str(exc)
            continue
        assert 2 <= spec.skies.grid_mm <= 5, (paper, spec.skies.grid_mm)


# --- a board alone: never drawn under the 5 mm floor ----------------------------------------------------------------


BOARDS = [("asterisk", "side", s) for s in (8, 11, 20, 51, 200)] + [("starstar", "rings", r) for r in (2, 6, 10)]
PAPERS = ["a4", "{width_mm: 100, height_mm: 100}", "{width_mm: 105, height_mm: 148}", "{width_mm: 100, height_mm: 400}"]


@pytest.mark.parametrize("game, key, size", BOARDS)
@pytest.mark.parametrize("tile", ["auto", "never"])
def test_a_board_is_never_planned_under_the_floor(tmp_path: Path, game: str, key: str, size: int, tile: str):
    """cell_mm left out (or `tile: never` shrinking a set one): a plan at 5 mm or more, or an error naming the fix."""
    from pnp.spec import SpecError, read_kit
    from pnp.spec.base import SMALLEST_CELL_MM

    cells = "" if tile == "auto" else ", cell_mm: 60"
    for paper in PAPERS:
        for margin in (3, 10, 25):
            spec = write_spec(tmp_path, f"game: {game}\nname: x\noutputs: [board]\npaper: {paper}\n"
                                        f"print: {{margin_mm: {margin}, tile: {tile}}}\nboard: {{{key}: {size}{cells}}}\n")
            try:
                kit = read_kit(spec)
            except SpecError as exc:
                (problem,) = exc.problems
                assert problem.path in ("board.cell_mm", "print.tile", "print.margin_mm"), problem
                assert f"under the {SMALLEST_CELL_MM:g} mm" in problem.message or "calibration bar" in problem.message
                continue
            assert kit.plan.board.board.cell_mm >= SMALLEST_CELL_MM - 1e-9, (paper, margin, kit.plan.board.board.cell_mm)


def test_a_board_not_printed_does_not_stop_a_spec(tmp_path: Path):
    """Only a board that is printed must fit: a spec of rules on small paper keeps its board's cells for the graph."""
    result = pnp("validate", str(write_spec(tmp_path, "game: asterisk\nname: x\noutputs: [card]\nboard: {side: 200}\n")))
    assert result.exit_code == 0, result.stderr


# --- tiling on small paper: counted first, never an IndexError --------------------------------------------------


@pytest.mark.parametrize("overlap", [5, 10, 27, 30, 50])
@pytest.mark.parametrize("margin", [3, 10, 25])
def test_tiling_small_paper_plans_or_says_why(tmp_path: Path, margin: int, overlap: int):
    from pnp.build import compose
    from pnp.layout.fit import MOST_PAGES
    from pnp.spec import SpecError, read_kit

    for cell in (5, 20, 60):
        spec = write_spec(tmp_path, f"game: asterisk\nname: x\noutputs: [board]\npaper: {{width_mm: 100, height_mm: 100}}\n"
                                    f"print: {{margin_mm: {margin}, overlap_mm: {overlap}}}\nboard: {{side: 8, cell_mm: {cell}}}\n")
        try:
            kit = read_kit(spec)
        except SpecError as exc:
            (problem,) = exc.problems
            assert problem.path in ("print.overlap_mm", "board.cell_mm"), problem
            assert "print.overlap_mm" in problem.message or f"{MOST_PAGES} pages" in problem.message, problem
            continue
        tiling = kit.plan.board.tiling
        pages = len(tiling.tiles) if tiling else 1
        assert 1 <= pages <= MOST_PAGES
        if pages <= 40:
            assert len(compose(kit, "board").pages) == pages


# --- the same bytes whatever SOURCE_DATE_EPOCH holds ------------------------------------------------------------------


EPOCHS = ["0", "1700000000", "garbage", " 42 ", "-1", "1e10", "99999999999999999999", ""]


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in files_under(folder)}


def test_every_pdf_of_a_kit_is_the_same_whatever_source_date_epoch(tmp_path: Path, monkeypatch):
    """rules.pdf and rules-booklet.pdf (reportlab's document templates) as well as the drawn assets and kit.pdf."""
    from pnp.build import build_kit
    from pnp.spec import read_kit

    spec = write_spec(tmp_path, "game: starstar\nname: x\nboard: {rings: 4}\noutputs: [board, rules, rules-booklet, card, kit]\n"
                                "formats: [pdf]\n")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    build_kit(read_kit(spec), tmp_path / "plain")
    plain = _snapshot(tmp_path / "plain")
    assert {"x/rules.pdf", "x/rules-booklet.pdf", "x/kit.pdf", "x/board.pdf", "x/card.pdf"} <= set(plain)
    for epoch in ("0", "garbage"):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
        build_kit(read_kit(spec), tmp_path / epoch)
        assert _snapshot(tmp_path / epoch) == plain, epoch
        assert os.environ["SOURCE_DATE_EPOCH"] == epoch, "the variable is put back for everything else"


@pytest.mark.parametrize("epoch", EPOCHS)
def test_a_diagram_pdf_and_the_reading_of_the_variable_never_raise(tmp_path: Path, monkeypatch, epoch: str):
    from pnp.writers.pdf import no_source_date_epoch

    position = str(EXAMPLES / "starstar-4-red-wins.yaml")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert pnp("diagram", position, "--out", str(tmp_path / "plain.pdf")).exit_code == 0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    with no_source_date_epoch():
        assert "SOURCE_DATE_EPOCH" not in os.environ
    assert os.environ["SOURCE_DATE_EPOCH"] == epoch
    done = pnp("diagram", position, "--out", str(tmp_path / "set.pdf"))
    assert done.exit_code == 0, done.stderr
    assert (tmp_path / "set.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()


# --- captions say what the referee finds, or nothing of the result ------------------------------------------------


def _drawn_star_position() -> str:
    """A full 3-ring *Star board whose scores are equal (8 each): a draw."""
    from pnp.games.starstar.referee import PLAYERS, cells_of, judge

    for seed in range(500):
        rng = random.Random(seed)
        stones = {c: rng.choice(PLAYERS) for c in cells_of(3).ids}
        if judge(3, stones).drawn:
            lists = {p: sorted(c for c, who in stones.items() if who == p) for p in PLAYERS}
            return "game: starstar\nboard: {rings: 3}\n" + yaml.safe_dump({"stones": lists}, default_flow_style=None, width=1000)
    raise AssertionError("no drawn board found")


STAR = (EXAMPLES / "starstar-4-red-wins.yaml").read_text()                  # Red 11, Blue 10: Red wins
ASTERISK = (EXAMPLES / "asterisk-8-light-wins.yaml").read_text()            # Light wins: light and circle connect ...
STARRY = (EXAMPLES / "starry-night-peninsula.yaml").read_text()             # First 1 sea, Second 1 sea: First wins, ...
UNDECIDED = (HERE / "starry-closed.yaml").read_text()                        # First 1 sea, Second 0 seas so far; ...

WRONG = [
    (STAR, "Blue wins", "the caption says Blue wins"),
    (STAR, "Blue has won", "the caption says Blue wins"),
    (STAR, "Winner: Blue", "the caption says Blue wins"),
    (STAR, "Red: 7, Blue: 14", "the caption says Red 7"),
    (STAR, "Red 11, Blue 14", "the caption says Blue 14"),
    (STAR, "blue WINS by one", "the caption says Blue wins by 1"),
    (STAR, "Red wins by two", "the caption says Red wins by 2"),
    (STAR, "Red wins 12-9", "the caption says the score is 12-9"),
    (STAR, "10-11 to Blue", "the caption says Blue wins"),
    (STAR, "Red loses", "the caption says Red loses"),
    (STAR, "Blue leads", "the caption says Blue leads"),
    (STAR, "Red has twelve points", "the caption says Red 12 points"),
    (STAR, "It is a draw", "the caption says there is no winner"),
    (STAR, "Red and Blue are tied", "the caption says Red and Blue are tied"),
    (STAR, "Red, beaten by Blue", "pnp cannot check 'beaten' in the caption"),
    (STAR, "The score is 12 to 9", "pnp cannot check '12' in the caption"),
    (ASTERISK, "Dark wins", "the caption says Dark wins"),
    (ASTERISK, "Winner: Dark", "the caption says Dark wins"),
    (ASTERISK, "the dark-hexagon-asterisk player has won", "the caption says Dark wins"),
    (ASTERISK, "Light 3 goals", "the caption says Light 3 goals"),
    (ASTERISK, "No winner yet", "the caption says there is no winner"),
    (ASTERISK, "the dark player wins", "pnp cannot check 'wins' in the caption"),
    (STARRY, "Second wins", "the caption says Second wins"),
    (STARRY, "First 2 seas, Second 1 sea", "the caption says First 2 seas"),
    (STARRY, "Victory for Second", "the caption says Second wins"),
    (UNDECIDED, "First wins", "the caption says First wins"),
    (UNDECIDED, "Second leads", "the caption says Second leads"),
]
RIGHT = [
    (STAR, "Red 11, Blue 10: Red wins"), (STAR, "Red wins 11-10"), (STAR, "Winner: Red"), (STAR, "Blue has lost"),
    (STAR, "RED WINS BY ONE"), (STAR, "Red leads"), (STAR, "Blue is behind"), (STAR, "11-10 to Red"),
    (STAR, "Red: 11, Blue: 10"), (STAR, "Two two-way stretches: a for Red, b for Blue. The game can end here."),
    (ASTERISK, "Light wins: light and circle connect all three sides"), (ASTERISK, "Light to play"),
    (ASTERISK, "The three dark ones above, the light ones below"), (ASTERISK, "Light 2 goals, Dark none"), (ASTERISK, "Light 2 goals, Dark 0 goals"),
    (STARRY, "First 1 sea, Second 1 sea: First wins, having ended the game"), (STARRY, "Tied on seas; First wins"),
    (STARRY, "the first edge closes a sea"), (UNDECIDED, "No winner yet"), (UNDECIDED, "First leads, 1 sea to 0"),
]


def _position(tmp_path: Path, text: str, caption: str) -> tuple[Path, int]:
    """The position with `caption` as its last line; the file and that line's number."""
    body = text.rstrip("\n") + "\n"
    path = tmp_path / "pos.yaml"
    path.write_text(body + f"caption: {caption!r}\n".replace("'", '"'), encoding="utf-8")
    return path, body.count("\n") + 1


@pytest.mark.parametrize("text, caption, says", WRONG, ids=[c for _, c, _ in WRONG])
def test_a_caption_that_states_another_result_is_refused(tmp_path: Path, text: str, caption: str, says: str):
    from pnp.positions import read_position

    plain = tmp_path / "plain.yaml"
    plain.write_text(text, encoding="utf-8")
    loaded = read_position(plain)
    own = loaded.game.judge(loaded.model).caption()  # what the referee finds, in its own words
    path, line = _position(tmp_path, text, caption)
    for result in (pnp("score", str(path)), pnp("diagram", str(path), "--out", str(tmp_path / "d.svg"))):
        (message,) = refused(result)
        assert message.startswith(f"{path}:{line}: caption: {says}"), message
        assert f"the referee finds: {own}" in message, message
    assert not (tmp_path / "d.svg").exists()


@pytest.mark.parametrize("text, caption", RIGHT, ids=[c for _, c in RIGHT])
def test_a_caption_that_says_what_the_referee_finds_is_drawn(tmp_path: Path, text: str, caption: str):
    path, _ = _position(tmp_path, text, caption)
    result = pnp("diagram", str(path), "--out", str(tmp_path / "d.svg"))
    assert result.exit_code == 0, result.stderr
    assert caption in (tmp_path / "d.svg").read_text(encoding="utf-8")


@pytest.mark.parametrize("caption, ok", [("Red 8, Blue 8: a draw", True), ("The game is drawn", True), ("Tied", True),
                                         ("Red wins", False), ("Blue leads", False), ("Red 9", False)])
def test_captions_of_a_drawn_game(tmp_path: Path, caption: str, ok: bool):
    path, line = _position(tmp_path, _drawn_star_position(), caption)
    result = pnp("diagram", str(path), "--out", str(tmp_path / "d.svg"))
    if ok:
        assert result.exit_code == 0, result.stderr
    else:
        (message,) = refused(result)
        assert message.startswith(f"{path}:{line}: caption: the caption says ") and "Red 8, Blue 8: a draw" in message


def test_a_booklet_diagram_caption_is_checked_the_same_way(tmp_path: Path):
    template = tmp_path / "house.md"
    body = STAR.rstrip("\n").split("\n")
    template.write_text("# House rules\n\n```diagram\n" + "\n".join(body) + "\ncaption: 'Winner: Blue'\n```\n", encoding="utf-8")
    (message,) = refused(pnp("rules", str(template), "--out", str(tmp_path / "out")))
    assert message.startswith(f"{template}:{4 + len(body)}: caption: the caption says Blue wins, but the referee finds: "
                              "Red 11, Blue 10: Red wins"), message
    assert files_under(tmp_path / "out") == []


@pytest.mark.parametrize("caption", ['""', '"   "'])
def test_a_blank_caption_is_refused(tmp_path: Path, caption: str):
    path = tmp_path / "pos.yaml"
    path.write_text(ASTERISK + f"caption: {caption}\n", encoding="utf-8")
    (message,) = refused(pnp("diagram", str(path), "--out", str(tmp_path / "d.svg")))
    assert message.startswith(f"{path}:{ASTERISK.count(chr(10)) + 1}: caption: ") and "leave the key out" in message


# --- validate sees what build sees: the rule booklet on the spec's paper ------------------------------------------


def test_validate_refuses_a_booklet_the_paper_cannot_take(tmp_path: Path):
    spec = write_spec(tmp_path, "game: starstar\nname: x\noutputs: [rules]\npaper: {width_mm: 100, height_mm: 100}\n")
    (line,) = refused(pnp("validate", str(spec)))
    assert line.startswith(f"{spec}:4: paper: a rule booklet page, half the sheet, is 50 × 100 mm") and "larger paper" in line


@pytest.mark.parametrize("game", registry.names())
@pytest.mark.parametrize("stretch", [(0, 0), (0, 46), (150, 0)])
def test_the_rules_fit_every_page_validate_does_not_try(game: str, stretch: tuple[int, int]):
    """Validate lays the booklet out only on pages under ROOMY_TEXT_MM: at that bound (and beyond) every shipped
    template must fit, else a spec could pass validate and fail the build."""
    from pnp.booklet.kit import build_rules, rules_template
    from pnp.booklet.page import MARGIN_MM, ROOMY_TEXT_MM, BookletPage
    from pnp.layout.paper import Paper
    from pnp.spec import read_kit

    text_w, text_h = ROOMY_TEXT_MM
    long, short = 2 * (text_w + 2 * MARGIN_MM) + stretch[0], text_h + 2 * MARGIN_MM + stretch[1]
    sheet = Paper("custom", min(short, long), max(short, long), 10.0)
    page = BookletPage.half_of(sheet)
    assert page.roomy and (page.text_width_mm, page.text_height_mm) == (text_w + stretch[0] / 2, text_h + stretch[1])
    kit = read_kit(config_of(game))
    assert build_rules(rules_template(game), kit.game.booklet_context(kit.spec, kit.plan), sheet).startswith(b"%PDF")
