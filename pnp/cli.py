"""The `pnp` command: thin commands over the library, errors mapped to exit codes.

Exit 0 done, 2 bad input (spec or arguments), 1 anything else. Heavy imports
(reportlab, svgwrite) happen inside the commands that need them.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Annotated, NamedTuple, Optional

import typer
from typer.core import TyperCommand, TyperGroup

from pnp import __version__
from pnp.layout.sizes import paper_choices
from pnp.resources import SCHEMA_NAME
from pnp.closed_pipe import silence_stdout, stdout_closed
from pnp.collector import own_process, reading
from pnp.options import finite
from pnp.writers import DEFAULT_DPI, DEFAULT_FORMATS, DPI_RANGE, FORMATS, WRITERS
from pnp.writers.frames import ANIMATED, DIAGRAM_FORMATS, FRAME_MS, LAST_MS, MS_RANGE


class _Commands(TyperGroup):
    """Every command, and --help and --version: a reader that closes stdout early (`pnp score POS | head -1`)
    ends it quietly, exit 0 (pnp/closed_pipe.py)."""

    def make_context(self, *args, **kwargs):
        with _reader_may_leave():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx):
        with _reader_may_leave():
            result = super().invoke(ctx)
            sys.stdout.flush()  # a closed pipe shows here, not in Python's own flush at exit
            return result


@contextmanager
def _reader_may_leave() -> Iterator[None]:
    try:
        yield
    except BrokenPipeError:
        if not stdout_closed():  # another pipe (the build's worker): an error, as any other
            raise
        silence_stdout()
        raise typer.Exit(0) from None


def _examples(*lines: str) -> str:
    """A command's help epilog: its examples, one to a line (click's \\b keeps it from rewrapping them)."""
    return "Examples:\n\n\b\n" + "\n".join(f"  {line}" for line in lines)


app = typer.Typer(
    cls=_Commands,
    add_completion=True,  # --install-completion, --show-completion: costs nothing measurable at start-up
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    help="Print-and-play kits for abstract connection games: boards, pieces, markers and rules as SVG and PDF at true size.",
    epilog=_examples("pnp init asterisk", "pnp build asterisk.yaml", "pnp build --help"),
)


DEFAULT_JOBS = min(2, os.cpu_count() or 1)  # --jobs: the cores, at most two (one worker beside this process)

# How much a command says, the same two options on every command: -q keeps warnings and errors (and what the
# command is for: graph's and schema's JSON, score's one-line result), -v adds each step and every file.
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="Say nothing but warnings, errors and the result asked for (pnp score: its one-line result).")]
VerboseOption = Annotated[bool, typer.Option("--verbose", "-v", help="Say more: each step (an asset drawn, its files written) and every file.")]

# The writers' table is the one list of formats.
Format = Enum("Format", {name: name for name in FORMATS}, type=str)  # type: ignore[misc]
# A diagram is a picture (svg, pdf, png) or an animation of a record (gif, apng): never cut files, never a kit's format.
DiagramFormat = Enum("DiagramFormat", {name: name for name in DIAGRAM_FORMATS}, type=str)  # type: ignore[misc]
RecordFormat = Enum("RecordFormat", {name: name for name in ("sgf", "text", "yaml")}, type=str)  # pnp record's forms


def _version(value: bool) -> None:
    if value:
        _echo(f"pnp {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")] = None,
) -> None:
    """Print-and-play kits for abstract connection games."""


def _echo(text: str, err: bool = False) -> None:
    """Every line pnp prints (messages on stderr, files on stdout), each line as `printable` shows it: what a user
    typed or named (a code, a path) may hold control characters, and a terminal would act on them (an escape
    sequence retitles the window or rewrites the screen), never show them."""
    from pnp.spec.problems import printable

    typer.echo("\n".join(printable(line) for line in text.split("\n")), err=err)


def _fail(message: str, code: int) -> None:
    _echo(message, err=True)
    raise typer.Exit(code)


def _checked(read):
    """What `read` returns, or exit 2 with every problem of the input on its own line."""
    from pnp.spec import SpecError

    try:
        return read()
    except SpecError as exc:
        _echo(str(exc), err=True)
        raise typer.Exit(2) from None


def _load(specs: list[Path], ink_saver: bool = False, board_only: bool = False):
    """Checked and planned kits; `ink_saver` sets every spec's print.ink to saver; `board_only`: see read_kit."""
    with reading():   # the collector off while reading; start-up's objects frozen after (pnp/collector.py)
        from pnp.spec import read_kits

        kits = _checked(lambda: read_kits(specs, "saver" if ink_saver else None, board_only))
    _told_notes(kits)
    return kits


def _told_notes(kits) -> None:
    for note in _notes(kits):
        _echo(note, err=True)


def _notes(kits) -> list[str]:
    """The warnings planning left, a line each (a kit the build's worker keeps tells its own: pnp/shared.py)."""
    return [f"{kit.path}: {field}: warning: {note}" for kit in kits for field, note in kit.notes]


def _default_specs() -> list[Path]:
    found = sorted(Path("configs").glob("*.yaml"))
    if not found:
        _fail("pnp: no SPEC given and no configs/*.yaml here; name a spec file", 2)
    return found


def _game_names() -> list[str]:
    """Shell completion of GAME: the games pnp knows."""
    from pnp import registry

    return list(registry.names())


@app.command(epilog=_examples("pnp init", "pnp init starstar --name club-night --out kits", "pnp init --examples"))
def init(
    game: Annotated[Optional[str], typer.Argument(help="The game; leave it out to list the games.", show_default=False,
                                                  autocompletion=_game_names)] = None,
    name: Annotated[Optional[str], typer.Option("--name", "-n", help="The spec's name: writes NAME.yaml, which builds into OUT/NAME/ (default: the game's name).", show_default=False)] = None,
    out: Annotated[str, typer.Option("--out", "-o", help="The folder to write NAME.yaml and pnp-spec.schema.json in.")] = ".",
    force: Annotated[bool, typer.Option("--force", help="Replace NAME.yaml (and with --examples the example files) where they exist.")] = False,
    examples: Annotated[bool, typer.Option("--examples", help="Also write OUT/examples/: the position files, game records and house-rules template the docs' examples use.")] = False,
    new_game: Annotated[Optional[str], typer.Option("--new-game", help="Write a game of your own instead: NAME.yaml, a commented game definition, its schema, and NAME-kit.yaml, a spec that builds its kit.", show_default=False)] = None,
    quiet: QuietOption = False,
    verbose: VerboseOption = False,
) -> None:
    """Write a starter spec NAME.yaml for a game, every key at its default with a comment, and beside it the
    JSON Schema its first line names (editors with the YAML language server complete and check keys)."""
    from pnp.starter import EXAMPLES, write_examples

    level = _level(quiet, verbose, "init")
    if new_game is not None:
        written = _new_game(new_game, out, force)
        _say(level, [str(path) for path in written])
        _say(level, f"next: pnp build {shlex.quote(str(written[2]))}", err=True)
        return
    if game is None and not examples:
        _echo("\n".join(["The games (pnp init GAME writes a starter spec for one):", *_games_listed()]))
        return
    written = _starter(game, name, out, force) if game is not None else []
    if examples:
        written += _run_guarded(lambda: write_examples(_out_folder(out, [EXAMPLES]), force))
    _say(level, [str(path) for path in written])
    first = written[0] if game is not None else next(path for path in written if path.suffix == ".yaml")
    command = "build" if game is not None else "score"   # the spec just written, else an example position
    _say(level, f"next: pnp {command} {shlex.quote(str(first))}", err=True)   # a command that runs as shown


def _new_game(name: str, out: str, force: bool) -> list[Path]:
    """`pnp init --new-game NAME`: the definition, its schema, a spec that uses it and the spec schema."""
    import re

    from pnp.definitions.model import NAME
    from pnp.starter import DEFINITION_SCHEMA, write_new_game

    if not re.fullmatch(NAME.strip("^$"), name):
        _fail(f"pnp init: --new-game {name!r} is not a game's id; use lower-case letters and digits, words joined by "
              "'-' (e.g. my-game)", 2)
    folder = _out_folder(out, [], (f"{name}.yaml", DEFINITION_SCHEMA, f"{name}-kit.yaml", SCHEMA_NAME))
    return _run_guarded(lambda: write_new_game(name, folder, force))


def _games_listed() -> list[str]:
    """A line a game: its name and what it is."""
    from pnp.starter import games

    known = dict(games())
    width = max(map(len, known)) + 2
    return [f"  {each:<{width}}{what}" for each, what in known.items()]


def _starter(game: str, name: str | None, out: str, force: bool) -> list[Path]:
    """`pnp init GAME`: NAME.yaml and the schema written (the game named in any case), or exit 2 with the one
    meant, else the list of games."""
    from pnp import registry
    from pnp.spec import gamename
    from pnp.spec.problems import show
    from pnp.starter import games, write_starter
    from pnp.writers.outdir import check_name

    known = dict(games())
    game = registry.canonical(game) or game   # any case: `pnp init Hex`
    if game not in known:
        meant = gamename.hint(game, list(known), gamename.INIT)
        _fail(f"pnp init: {show(game)} is not a game pnp knows; {meant}" if meant else
              "\n".join([f"pnp init: {show(game)} is not a game pnp knows; the games:", *_games_listed()]), 2)
    spec_name = game if name is None else _placed(lambda: check_name(name, "--name is", "the spec and its output folder"))
    folder = _out_folder(out, [], (f"{spec_name}.yaml", SCHEMA_NAME))
    return _run_guarded(lambda: write_starter(game, spec_name, folder, force))


@app.command(epilog=_examples("pnp build asterisk.yaml", "pnp build *.yaml --out prints -f pdf --ink-saver -q"))
def build(
    specs: Annotated[Optional[list[Path]], typer.Argument(help="Spec files (default: every configs/*.yaml).", show_default=False)] = None,
    out: Annotated[str, typer.Option("--out", "-o", help="Output folder; each spec writes OUT/NAME/.")] = "output",
    formats: Annotated[Optional[list[Format]], typer.Option("--format", "-f", help="Only these formats (repeat for more); default: the spec's.")] = None,
    dpi: Annotated[int, typer.Option("--dpi", min=DPI_RANGE[0], max=DPI_RANGE[1], help="Pixels per inch of --format png.")] = DEFAULT_DPI,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=64, help="Processes to build with; several specs are shared among them (default: the number of cores, at most 2).")] = DEFAULT_JOBS,
    ink_saver: Annotated[bool, typer.Option("--ink-saver", help="Print with little ink (print.ink: saver): outlines and hatching instead of large dark fills.")] = False,
    quiet: QuietOption = False,
    verbose: VerboseOption = False,
) -> None:
    """Build every asset each spec asks for into OUT/NAME/."""
    from pnp.parallel import exit_on_sigterm

    exit_on_sigterm()
    level = _level(quiet, verbose, "build")
    paths = specs or _default_specs()
    chosen = list(dict.fromkeys(f.value for f in formats)) if formats else None  # `-f svg -f svg` writes svg once
    worker = _worker(chosen, len(paths), jobs)
    try:
        loaded, fits = _load_fitted(paths, ink_saver, chosen, dpi, worker if jobs > 1 and len(paths) > 1 else None)
        _fitted(fits)
        folder = _out_folder(out, [kit.spec.name for kit in loaded])
        _run_guarded(lambda: _build(loaded, folder, chosen, worker, dpi, jobs, level))
    finally:
        if worker is not None:
            worker.close()


def _load_fitted(paths: list[Path], ink_saver: bool, formats: list[str] | None, dpi: int, worker):
    """`_load`'s kits, and what `_kit_fit` says of each. With a worker (several specs, --jobs > 1) it reads, checks
    and plans the last half of the specs meanwhile and keeps them to build (pnp/shared.py): those come back as its account."""
    check = partial(_kit_fit, formats=formats, dpi=dpi)
    if worker is None:
        kits = _load(paths, ink_saver)
        return kits, [check(kit) for kit in kits]
    with reading():   # as `_load` reads
        from pnp.shared import read_shared

        kits, fits = _checked(lambda: read_shared(paths, worker, "saver" if ink_saver else None, check))
    _told_notes(kits)
    return kits, fits


def _fitted(fits: list[_KitFit]) -> None:
    """`_fit_said`'s warnings said; its problem is exit 2, before anything is drawn."""
    warnings, problem = _fit_said(fits)
    for warning in warnings:
        _echo(warning, err=True)
    if problem:
        _fail(problem, 2)


def _fit(loaded, formats: list[str] | None, dpi: int) -> tuple[list[str], str | None]:
    """What --format and --dpi ask of these kits, checked before anything is drawn: the warnings, and the first
    problem (None: none)."""
    return _fit_said([_kit_fit(kit, formats, dpi) for kit in loaded])


class _KitFit(NamedTuple):
    """What --format and --dpi ask of one kit ('' for none), as `_kit_fit` finds it."""

    dpi: str             # a PNG page with more pixels than pnp draws
    margin: str          # `--format cut`: no room beside the cutter's marks
    warnings: list[str]  # tts/ or split/ that will not be written
    split: str           # a split/ image with more pixels than pnp draws


def _kit_fit(kit, formats: list[str] | None, dpi: int) -> _KitFit:
    """What --format and --dpi ask of one kit; `_fit_said` says it of all kits in order. A --dpi that would give
    PNG pages more pixels than pnp draws; `--format cut` where the margins leave no room for the calibration bar
    beside the cutter's registration marks (a spec whose own formats hold cut is refused as it is read);
    print.split: pieces where the build writes no split/ (no png, nothing to draw alone: a warning), or an image
    with more pixels than pnp draws at --dpi. Run where the kit is (the worker, for the kits it keeps)."""
    from pnp.layout.paper import margin_problem, spec_paper
    from pnp.spec.base import marks_mm
    from pnp.split import FIELD, split_check
    from pnp.tts import tts_warning
    from pnp.writers.pixels import dpi_problem

    margin = margin_problem(spec_paper(kit.spec), marks_mm(formats)) if formats else ""
    warnings = []
    said = tts_warning(kit, formats)
    if said:
        warnings.append(f"{kit.path}: formats: warning: {said}")
    warning, problem = split_check(kit, formats, dpi)
    if warning:
        warnings.append(f"{kit.path}: {FIELD}: warning: {warning}")
    return _KitFit(dpi_problem([kit], formats, dpi), f"--format cut: {kit.path}: print.margin_mm: {margin}" if margin else "",
                   warnings, problem)


def _fit_said(fits: list[_KitFit]) -> tuple[list[str], str | None]:
    """The kits' `_kit_fit`s as one build says them: the first dpi problem, else the first margin problem, else
    the warnings up to the first split problem and that problem (None: none)."""
    for problem in (next((fit.dpi for fit in fits if fit.dpi), ""), next((fit.margin for fit in fits if fit.margin), "")):
        if problem:
            return [], f"pnp: {problem}"
    warnings: list[str] = []
    for fit in fits:
        warnings += fit.warnings
        if fit.split:
            return warnings, f"pnp: {fit.split}"
    return warnings, None


def _worker(formats: list[str] | None, specs: int, jobs: int):
    """The second process, where it pays: several formats, or several specs to share. It imports the formats'
    writers on the other core while the specs are read: it writes the first format, and all of them for a small
    kit that needs none of them in this process (pnp/build.py, `_away`)."""
    from pnp.parallel import start_worker

    if formats is None or len(formats) > 1 or (jobs > 1 and specs > 1):
        return start_worker(_writer_modules(formats))
    return None


def _writer_modules(formats: list[str] | None) -> tuple[str, ...]:
    """What writes `formats` (the default ones where the specs choose; tts has no writer of its own), and the
    staging the writers share."""
    return ("pnp.writers.files", *(WRITERS[each].module for each in formats or DEFAULT_FORMATS if each in WRITERS))


def _out_folder(out: str, names: list[str], files: tuple[str, ...] = (), folders: tuple[str, ...] = ()) -> Path:
    """--out checked before anything is written, or exit 2 saying what is wrong with the folder."""
    from pnp.writers.outdir import check_out

    return _placed(lambda: check_out(out, names, files, folders))


def _placed(check):
    """What `check` returns, or exit 2 with its OutputPlaceError: where pnp would write cannot be used."""
    from pnp.writers.atomic import OutputPlaceError

    try:
        return check()
    except OutputPlaceError as exc:
        _fail(f"pnp: {exc}", 2)


def _level(quiet: bool, verbose: bool, command: str):
    """How much `pnp COMMAND` says; -q and -v together are a contradiction: exit 2."""
    from pnp.progress import Level

    if quiet and verbose:
        _fail(f"pnp {command}: --quiet and --verbose contradict each other; choose one", 2)
    return Level.QUIET if quiet else Level.VERBOSE if verbose else Level.NORMAL


def _say(level, lines, err: bool = False, least=None) -> None:
    """`lines` (a string or several; none: nothing) when the command says at least `least` (default: unless -q)."""
    from pnp.progress import Level

    if lines and level >= (Level.NORMAL if least is None else least):
        _echo("\n".join([lines] if isinstance(lines, str) else lines), err=err)


def _build(loaded, out: Path, formats: list[str] | None, worker, dpi: int = DEFAULT_DPI, jobs: int = 1,
           level=None) -> None:
    """Every kit built; with a worker, `jobs` > 1 and several kits, shared by the two processes, each kit built whole
    by one of them (pnp/shared.py: `loaded` may hold the worker's own kits, read there)."""
    from pnp.progress import Level, reporter

    with reporter(len(loaded), Level.NORMAL if level is None else level) as report:
        if worker is not None and jobs > 1 and len(loaded) > 1:
            from pnp.shared import build_shared

            build_shared(loaded, out, formats, report, worker, dpi, report.step)
        else:
            from pnp.build import build_all

            build_all(loaded, out, formats, report, worker, dpi, report.step)


@app.command(epilog=_examples("pnp preview asterisk.yaml", "pnp preview *.yaml --out prints",
                              "pnp preview asterisk.yaml --watch"))
def preview(
    specs: Annotated[Optional[list[Path]], typer.Argument(help="Spec files (default: every configs/*.yaml).", show_default=False)] = None,
    out: Annotated[str, typer.Option("--out", "-o", help="Output folder: specs are built into OUT/NAME/, the gallery is OUT/index.html.")] = "output",
    rebuild: Annotated[bool, typer.Option("--rebuild", help="Build every spec again, not only those with files missing or older than the spec.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=64, help="Processes to build with (default: the number of cores, at most 2).")] = DEFAULT_JOBS,
    live: Annotated[bool, typer.Option("--watch", help="Serve the gallery on 127.0.0.1 and rebuild as `pnp watch` does: the page reloads itself after each rebuild and shows the error of a bad save. Ctrl-C stops.")] = False,
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="With --watch: the port to serve on (default 0: a free one, printed).")] = 0,
    quiet: QuietOption = False,
    verbose: VerboseOption = False,
) -> None:
    """Build what is missing, then write OUT/index.html: every output as a thumbnail, with its files and facts."""
    from pnp.gallery.page import PAGE, THUMBS
    from pnp.parallel import exit_on_sigterm

    level = _level(quiet, verbose, "preview")
    if live:
        return _live_preview(specs or _default_specs(), out, rebuild, port, level)
    exit_on_sigterm()
    loaded = _load(specs or _default_specs())
    # Everything the gallery writes, checked before anything is built: the page, and each spec's thumbnails.
    thumbs = [f"{THUMBS}/{kit.spec.name}" for kit in loaded]
    pictures = [f"{folder}/{asset}.png" for folder, kit in zip(thumbs, loaded) for asset in kit.spec.outputs]
    folder = _out_folder(out, [kit.spec.name for kit in loaded], (PAGE, *pictures), (THUMBS, *thumbs))
    worker = _worker(None, len(loaded), jobs)
    try:
        page = _run_guarded(lambda: _preview(loaded, folder, out, rebuild, worker, jobs, level))
    finally:
        if worker is not None:
            worker.close()
    _say(level, f"{page}: {len(loaded)} spec{'s' if len(loaded) != 1 else ''}; open {page.resolve().as_uri()}")


def _live_preview(paths: list[Path], out: str, rebuild: bool, port: int, level) -> None:
    """`pnp preview --watch`: the port bound first (exit 2 if it cannot be), then the first round and the gallery,
    served until Ctrl-C (pnp/gallery/live.py)."""
    from pnp.gallery.live import Live
    from pnp.gallery.page import PAGE, THUMBS

    folder = _out_folder(out, [], (PAGE,), (THUMBS,))
    try:
        server = Live(folder, out, port)
    except OSError as exc:
        _fail(f"pnp preview: --port {port}: cannot serve on 127.0.0.1: {(exc.strerror or str(exc)).lower()}; "
              f"{'leave --port out for a free one' if port else 'is the loopback address there?'}", 2)
    _watched(paths, out, None, DEFAULT_DPI, False, level, server, only_stale=not rebuild)


def _preview(loaded, folder: Path, out: str, rebuild: bool, worker, jobs: int, level) -> Path:
    from pnp.gallery.collect import collect, needs_build
    from pnp.gallery.page import write_gallery

    stale = [kit for kit in loaded if rebuild or needs_build(kit, folder)]
    if stale:
        _build(stale, folder, None, worker, DEFAULT_DPI, jobs, level)
    return write_gallery([collect(kit, folder, out) for kit in loaded], folder, out)


@app.command(epilog=_examples("pnp watch asterisk.yaml", "pnp watch *.yaml --out prints -f pdf",
                              "pnp preview asterisk.yaml --watch"))
def watch(
    specs: Annotated[Optional[list[Path]], typer.Argument(help="Spec files (default: every configs/*.yaml).", show_default=False)] = None,
    out: Annotated[str, typer.Option("--out", "-o", help="Output folder; each spec writes OUT/NAME/.")] = "output",
    formats: Annotated[Optional[list[Format]], typer.Option("--format", "-f", help="Only these formats (repeat for more); default: the spec's.")] = None,
    dpi: Annotated[int, typer.Option("--dpi", min=DPI_RANGE[0], max=DPI_RANGE[1], help="Pixels per inch of --format png.")] = DEFAULT_DPI,
    ink_saver: Annotated[bool, typer.Option("--ink-saver", help="Print with little ink (print.ink: saver).")] = False,
    quiet: QuietOption = False,
    verbose: VerboseOption = False,
) -> None:
    """Build, then wait: each time a spec, or a file it names (its font, its game definition and that definition's
    templates), is saved, rebuild the specs it touches, with the bytes `pnp build` writes. A bad save prints its
    error and leaves the last good files in place. Ctrl-C stops (exit 0)."""
    level = _level(quiet, verbose, "watch")
    chosen = list(dict.fromkeys(f.value for f in formats)) if formats else None
    _watched(specs or _default_specs(), out, chosen, dpi, ink_saver, level)


def _watched(paths: list[Path], out: str, formats: list[str] | None, dpi: int, ink_saver: bool, level,
             live=None, only_stale: bool = False) -> None:
    """`pnp watch` (and with `live`, a pnp/gallery/live.py server, `pnp preview --watch`): the first round, then a
    round per save until Ctrl-C, SIGTERM or SIGHUP, which end it with exit 0 and nothing left half-written."""
    worker = _worker(formats, len(paths), DEFAULT_JOBS)   # first, as `pnp build` forks it: it warms up meanwhile
    from pnp.watch.helper import start_helper
    from pnp.watch.loop import stopped_by_signals, watch as watch_saves
    from pnp.writers import kept

    kept.keep()   # an asset whose scene a save did not change keeps its bytes (pnp/writers/kept.py)
    helper = None
    with stopped_by_signals():
        try:
            session = _watch_session(paths, out, formats, dpi, ink_saver, level, only_stale, worker)
            # the rounds' helper, forked warm before anything is watched
            helper = session.worker = start_helper(_writer_modules(formats))
            if helper is not None:
                helper.start()
            if live is not None:
                live.follow(session)
                _echo(f"pnp preview: serving {live.url} (Ctrl-C stops)")
            watch_saves(session, partial(_watching, session, level))
        except KeyboardInterrupt:
            _say(level, "pnp watch: stopped", err=True)
        finally:
            if worker is not None:
                worker.close()   # the first round's (closed after it already, unless it never began)
            if helper is not None:
                helper.stop()   # killed and reaped: a watch leaves no process behind
            if live is not None:
                live.close()


def _watching(session, level) -> None:
    """Said once the watcher is set up: from then on every save is seen (scripts and tests wait for this line)."""
    from pnp.progress import Level

    files, specs = len(session.watched()), len(session.specs)
    _say(level, f"pnp watch: watching {files} file{'s' if files != 1 else ''} of {specs} spec{'s' if specs != 1 else ''}"
                f"; Ctrl-C stops", err=True)
    _say(level, [f"  {path}" for path in session.watched()], err=True, least=Level.VERBOSE)


def _watch_session(paths: list[Path], out: str, formats: list[str] | None, dpi: int, ink_saver: bool, level,
                   only_stale: bool = False, worker=None):
    """The watch's Session (pnp/watch/session.py) after its first round, built as `pnp build` builds (its worker
    too); the caller forks the helper of the rounds after (pnp/watch/helper.py) once it is in, so the first round
    is as quick as `pnp build`. `only_stale`: the first round builds only specs whose files are missing or older
    (`pnp preview`).
    A SPEC that is no file, or an --out that cannot be used, is exit 2 at once; a spec with an error is said
    and watched, for the save that mends it."""
    from pnp.watch.session import Session

    missing = [path for path in paths if not path.is_file()]
    if missing:
        _load(missing)   # says why each cannot be read: exit 2
    folder = _out_folder(out, [])
    ink = "saver" if ink_saver else None
    session = Session(paths, partial(_watch_prepare, out, formats, dpi, ink),
                      partial(_watch_build, folder, formats, dpi, level, only_stale),
                      partial(_watch_say, level))
    try:
        session.start(worker)
    finally:
        if worker is not None:
            worker.close()
    return session


def _watch_say(level, text: str, always: bool) -> None:
    """A watch's line on stderr: warnings and errors `always` (-q too), the rest unless -q."""
    from pnp.progress import Level

    _say(level, text, err=True, least=Level.QUIET if always else None)


def _watch_prepare(out: str, formats: list[str] | None, dpi: int, ink: str | None, spec: Path):
    """A spec read and checked as `pnp build` checks it (pnp/watch/session.py's `prepare`): its kit and the
    warnings to print, or Refused with what `pnp build` would say."""
    from pnp.spec import SpecError, read_kit
    from pnp.watch.session import Refused
    from pnp.writers.atomic import OutputPlaceError
    from pnp.writers.outdir import check_out

    try:
        with reading():   # the first read is start-up, as in `pnp build`; the later ones only pause the collector
            kit = read_kit(spec, ink)
        check_out(out, [kit.spec.name])
    except SpecError as exc:
        raise Refused(str(exc)) from None
    except OutputPlaceError as exc:
        raise Refused(f"pnp: {exc}") from None
    warnings, problem = _fit([kit], formats, dpi)
    if problem:
        raise Refused("\n".join([*_notes([kit]), *warnings, problem]))
    return kit, [*_notes([kit]), *warnings]


def _watch_build(folder: Path, formats: list[str] | None, dpi: int, level, only_stale: bool, kit, worker,
                 first: bool) -> None:
    """One kit built as `pnp build` builds it (pnp/watch/session.py's `build`); an error is Refused with what
    `pnp build` would say (PNP_DEBUG=1: its traceback too), and the watch goes on."""
    from pnp.watch.session import Refused

    if first and only_stale:
        from pnp.gallery.collect import needs_build

        if not needs_build(kit, folder):
            return
    try:
        _build([kit], folder, formats, worker, dpi, 1, level)
    except Exception as exc:  # noqa: BLE001 - said, and the watch goes on
        if os.environ.get("PNP_DEBUG"):
            import traceback

            traceback.print_exc()
        raise Refused(_failure(exc)[0]) from None


@app.command(epilog=_examples("pnp validate asterisk.yaml", "pnp validate *.yaml -q"))
def validate(specs: Annotated[list[Path], typer.Argument(help="Spec files to check.")],
             quiet: QuietOption = False, verbose: VerboseOption = False) -> None:
    """Check specs without writing anything; report every problem (-v: and what a build of each would write)."""
    from pnp.progress import Level
    from pnp.spec.base import writes

    level = _level(quiet, verbose, "validate")
    for kit in _load(specs):
        _say(level, f"{kit.path}: ok ({kit.spec.game}, name {kit.spec.name})")
        made: dict[str, list[str]] = {}
        for asset, fmt in writes(kit.spec.outputs, kit.spec.formats):
            made.setdefault(asset, []).append(fmt)
        _say(level, [f"  {asset}: {', '.join(formats)}" for asset, formats in made.items()], least=Level.VERBOSE)


@app.command(epilog=_examples("pnp graph asterisk.yaml > board.json"))
def graph(spec: Annotated[Path, typer.Argument(help="One spec file.")],
          quiet: QuietOption = False, verbose: VerboseOption = False) -> None:
    """Print the board graph as JSON: cells, centres, polygons, neighbours, sides. Only the board (or the skies)
    is planned: stones, a pad or a booklet the spec also asks for are not checked here (pnp validate checks them)."""
    import json

    _level(quiet, verbose, "graph")
    (kit,) = _load([spec], board_only=True)
    _run_guarded(lambda: sys.stdout.write(json.dumps(kit.game.board_graph(kit.spec, kit.plan), indent=1) + "\n"))


@app.command(epilog=_examples("pnp sky 106A-H61J-GAXD", "pnp sky 106A-H61J-GAXD --paper letter -f pdf"))
def sky(
    code: Annotated[list[str], typer.Argument(help="A sky code as printed with a Starry Night sky, e.g. 106A-H61J-GAXD (spaces allowed).")],
    out: Annotated[str, typer.Option("--out", "-o", help="Output folder; the sky goes to OUT/sky-CODE/.")] = "output",
    paper: Annotated[str, typer.Option("--paper", help=f"{paper_choices()} (any case), or WIDTHxHEIGHT in mm.")] = "a4",
    grid_mm: Annotated[Optional[float], typer.Option("--grid-mm", callback=finite, help="Grid square size; default 5, less if the sky needs it.", show_default=False)] = None,
    formats: Annotated[Optional[list[Format]], typer.Option("--format", "-f", help="Only these formats (repeat for more).")] = None,
    quiet: QuietOption = False,
    verbose: VerboseOption = False,
) -> None:
    """Rebuild the Starry Night sky a code names, on a sheet of its own."""
    from pnp.build import build_kit
    from pnp.games.starry_night.one_sky import SkyError, sky_kit
    from pnp.parallel import exit_on_sigterm
    from pnp.progress import Level

    exit_on_sigterm()
    level = _level(quiet, verbose, "sky")
    try:
        kit = sky_kit(" ".join(code), paper, grid_mm)
    except SkyError as exc:
        _fail(f"pnp sky: {exc}", 2)
    folder = _out_folder(out, [kit.spec.name])
    told = (lambda name, what: _echo(f"{name}: {what}", err=True)) if level >= Level.VERBOSE else None
    built = _run_guarded(lambda: build_kit(kit, folder, [f.value for f in formats] if formats else None, told=told))
    _say(level, [str(f) for f in built.files])


def _position(path: Path, at: int | None = None, header=None):
    """A checked position, cut after move `at` of its record (None: all of it); `header`: a text record's options."""
    from dataclasses import replace

    from pnp.positions.record import AtError, at_move
    from pnp.records import read_record

    loaded = _checked(lambda: read_record(path, header))
    for note in loaded.notes:   # an SGF file's variations left out
        _echo(note, err=True)
    try:
        return loaded, replace(loaded, model=at_move(loaded.model, at))
    except AtError as exc:
        _fail(f"{path}: {exc}", 2)


AT_HELP = "The position after this move of the file's record (default: all of it)."
# A text record (FILE.txt, typed from a score sheet) says only its moves: --game says its game, and the game's
# own options (its board's size key, --size 11, --base 8, a designer's --rings 5; --first) its board and who began.
GameOption = Annotated[Optional[str], typer.Option("--game", help="A text record's game (an SGF file's, where it "
                                                   "does not say), a name or a game definition's .yaml file; then "
                                                   "the game's own options, e.g. --size 11 (listed below the options).",
                                                   autocompletion=_game_names, show_default=False)]
GAME_OPTIONS = "pnp.game_options"   # the click context's meta key the game's own options are set aside under


class GameOptionsCommand(TyperCommand):
    """A command that reads records: besides its own options it takes the named game's, whatever the game
    (`--size 11`, `--base 8`, a designer's `--rings 5`, `--first blue`). They are set aside as typed, then checked
    against the game when the record is read (pnp/positions/text_games.py); --help lists each game's."""

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        own, ctx.meta[GAME_OPTIONS] = _set_aside(args, self.get_params(ctx), quiet=ctx.resilient_parsing)
        return super().parse_args(ctx, own)

    def format_options(self, ctx, formatter) -> None:
        super().format_options(ctx, formatter)
        with formatter.section("The game's own options (a text record's, or an SGF file's that does not say them)"):
            formatter.write_dl(game_options())


def _set_aside(args: list[str], params, quiet: bool = False) -> tuple[list[str], dict[str, str]]:
    """The arguments the command itself takes, and the long options it does not (`--size 11`, `--size=11`: name
    -> value as typed; the last of one given twice, as click keeps). Exit 2 for such an option without its value,
    unless `quiet` (shell completion parses a half-typed line: such an option is left out)."""
    takes_value = {opt: not getattr(param, "is_flag", False) and param.param_type_name == "option"
                   for param in params for opt in (*param.opts, *param.secondary_opts)}
    own: list[str] = []
    aside: dict[str, str] = {}
    words = iter(args)
    for word in words:
        name, equals, value = word.partition("=")
        if word == "--":
            own += [word, *words]
        elif name.startswith("--") and len(name) > 2 and name not in takes_value:
            if not equals:
                value = next(words, None)
                if (value is None or value.startswith("--")) and not quiet:
                    _no_such_option(name, [opt for opt in takes_value if opt.startswith("--")])
            if value is not None:
                aside[name[2:]] = value
        else:
            own.append(word)
            if takes_value.get(name) and not equals:
                own += [following for following in [next(words, None)] if following is not None]
    return own, aside


def _no_such_option(name: str, options: list[str]) -> None:
    """Exit 2 for an option the command does not take, given without a value (so no game's own option either)."""
    from pnp.spec.suggest import closest

    meant = closest(name, options)
    hint = f"; did you mean {meant}?" if meant else ""
    _fail(f"pnp: no such option {name}{hint} (a game's own option takes a value, e.g. --size 11: see --help)", 2)


def game_options() -> list[tuple[str, str]]:
    """(game, the options it takes and what each takes) of every game with records, and a designer's definition."""
    from pnp.positions.text_games import described, games_with_records

    return [*((game, described(game)) for game in games_with_records()),
            ("GAME.yaml", "its board's size key as an option (--KEY N, within its range), and --first")]


def _header(game: str | None, ctx: typer.Context):
    """A text record's options, as pnp/positions/text_games.py reads them."""
    from pnp.positions.text_games import Header

    return Header(game=game, options=ctx.meta.get(GAME_OPTIONS, {}))


DIAGRAM_WIDTH_MM = 80.0
DIAGRAM_WIDEST_MM = 180.0        # the default width grows to this at most for a board's labels to print at 5 pt
WIDTH_MM_RANGE = (30.0, 400.0)   # what --width-mm takes; a record's numbers may widen a diagram past it
WIDTH_HELP = (f"The diagram's width (default: {DIAGRAM_WIDTH_MM:g}, grown up to {DIAGRAM_WIDEST_MM:g} for the "
              f"board's coordinates or cell ids to print at 5 pt, and as wide as a record's move numbers need). "
              f"Where labels would print under 5 pt they are drawn on every other line or left out, with a note.")


@app.command(cls=GameOptionsCommand, epilog=_examples("pnp score examples/positions/hex-7-red-wins.yaml",
                              "pnp score examples/positions/asterisk-8-record.yaml --at 20 --json",
                              "pnp score examples/records/starstar-10.txt --game starstar --rings 10"))
def score(
    ctx: typer.Context,
    position: Annotated[Path, typer.Argument(help="A position file (YAML: game, and pieces or stars and edges), "
                                                  "or a game record; FILE.txt: a record typed from a score sheet, "
                                                  "with --game.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the score as JSON.")] = False,
    at: Annotated[Optional[int], typer.Option("--at", min=0, help=AT_HELP, show_default=False)] = None,
    game: GameOption = None,
    quiet: QuietOption = False,
    verbose: VerboseOption = False,
) -> None:
    """Score a position: each player's goals (or seas) and the winner, as a short report or JSON (-q: one line,
    the referee's sentence)."""
    import json

    from pnp.positions.record import record_json, record_line
    from pnp.progress import Level

    level = _level(quiet, verbose, "score")
    whole, loaded = _position(position, at, _header(game, ctx))

    def run() -> None:
        verdict = loaded.game.judge(loaded.model)
        if as_json:
            sys.stdout.write(json.dumps(record_json(whole.model, at, verdict.as_json())) + "\n")
        elif level == Level.QUIET:
            sys.stdout.write(verdict.caption() + "\n")
        else:
            sys.stdout.write("\n".join([*record_line(whole.model, at), *verdict.report()]) + "\n")

    _run_guarded(run)


@app.command(cls=GameOptionsCommand, epilog=_examples("pnp diagram examples/positions/hex-7-red-wins.yaml",
                              "pnp diagram examples/positions/hex-7-red-wins.yaml -o hex.pdf --width-mm 120",
                              "pnp diagram examples/positions/asterisk-8-record.yaml -o game.gif"))
def diagram(
    ctx: typer.Context,
    position: Annotated[Path, typer.Argument(help="A position file.")],
    out: Annotated[Optional[str], typer.Option("--out", "-o", help="The file to write (default: output/diagrams/STEM.svg).", show_default=False)] = None,
    fmt: Annotated[Optional[DiagramFormat], typer.Option("--format", "-f", help="svg, pdf, png, or an animation of a record: gif or apng (default: from --out, else svg).", show_default=False)] = None,
    width_mm: Annotated[Optional[float], typer.Option("--width-mm", min=WIDTH_MM_RANGE[0], max=WIDTH_MM_RANGE[1], callback=finite, help=WIDTH_HELP, show_default=False)] = None,
    at: Annotated[Optional[int], typer.Option("--at", min=0, help=AT_HELP, show_default=False)] = None,
    game: GameOption = None,
    dpi: Annotated[int, typer.Option("--dpi", min=DPI_RANGE[0], max=DPI_RANGE[1], help="Pixels per inch of png, gif and apng.")] = DEFAULT_DPI,
    frame_ms: Annotated[int, typer.Option("--frame-ms", min=MS_RANGE[0], max=MS_RANGE[1], help="gif and apng: how long each move shows, in milliseconds.")] = FRAME_MS,
    last_ms: Annotated[int, typer.Option("--last-ms", min=MS_RANGE[0], max=MS_RANGE[1], help="gif and apng: how long the last position shows before the animation starts over.")] = LAST_MS,
    quiet: QuietOption = False,
    verbose: VerboseOption = False,
) -> None:
    """Draw a position as a diagram: the board or sky, the pieces or edges, what the referee found, a caption; or
    play a record through as an animation (gif, apng), a frame per move."""
    from pnp.positions.files import TargetError, target, write_diagram

    level = _level(quiet, verbose, "diagram")
    whole, loaded = _position(position, at, _header(game, ctx))  # first: a missing file is that, not a name that cannot name the diagram
    try:
        where = _placed(lambda: target(position, out, fmt.value if fmt else None))
    except TargetError as exc:
        _fail(f"pnp diagram: {exc}", 2)
    asked = DIAGRAM_WIDTH_MM if width_mm is None else width_mm
    widest = DIAGRAM_WIDEST_MM if width_mm is None else None
    check = partial(_numbers_fit, position, loaded.model, asked, width_mm is not None)
    if where.fmt in ANIMATED:
        from pnp.parallel import exit_on_sigterm, start_worker
        from pnp.positions.animate import write_animation
        from pnp.writers.animated import Timing

        exit_on_sigterm()  # a worker process may draw half the frames: stopped with this one
        write = partial(write_animation, whole, at, where, asked, dpi, Timing(frame_ms, last_ms), check,
                        partial(start_worker, ()), widest)
    else:
        write = partial(write_diagram, loaded, where, asked, check, dpi, widest)
    _say(level, str(_run_guarded(lambda: _within_pixels(position, write))))


def _within_pixels(path: Path, write):
    """What `write` returns; a picture or an animation larger than pnp draws (or a position with no record to
    animate) is exit 2, naming the option to change, with nothing written."""
    try:
        return write()
    except ValueError as exc:
        from pnp.positions.animate import AnimationError
        from pnp.writers.png import TooManyPixels

        if isinstance(exc, (AnimationError, TooManyPixels)):
            _fail(f"pnp diagram: {path}: {exc}", 2)
        raise


def _numbers_fit(path: Path, model, asked: float, given: bool, drawn) -> None:
    """A record's diagram drawn wider than a --width-mm the user gave, for its move numbers to print at 5 pt: exit
    2, nothing written (a width chosen for a page is kept or refused). Else the drawing's notes: labels thinned or
    left out, and under the default width a diagram its numbers widened."""
    from pnp.positions.record import numbers_width

    width = drawn.pages[0].width
    if given and width > asked + 1e-6:
        why = numbers_width(model, width)
        wider = (f"give --width-mm {width:g} or more, or leave it out to have it widened" if width <= WIDTH_MM_RANGE[1]
                 else f"leave --width-mm out to have it widened (past the {WIDTH_MM_RANGE[1]:g} mm it takes)")
        _fail(f"pnp diagram: {path}: --width-mm {asked:g} is too narrow for this record: {why}; {wider}", 2)
    for note in drawn.notes:
        _echo(f"pnp diagram: note: {path}: {note}", err=True)


@app.command(cls=GameOptionsCommand, epilog=_examples("pnp record examples/records/hex-11.sgf --format text",
                              "pnp record examples/records/hex-11.txt --game hex --size 11 -o hex-11.sgf",
                              "pnp record examples/positions/asterisk-8-record.yaml --format text"))
def record(
    ctx: typer.Context,
    position: Annotated[Path, typer.Argument(help="A game record: YAML, a text record (FILE.txt, with --game), or "
                                                  "SGF (FILE.sgf: HexGui's, PlayHex's, Little Golem's, plain).")],
    fmt: Annotated[Optional[RecordFormat], typer.Option("--format", "-f", help="sgf, text or yaml (default: from --out).", show_default=False)] = None,
    out: Annotated[Optional[str], typer.Option("--out", "-o", help="The file to write (default: print the record).", show_default=False)] = None,
    game: GameOption = None, quiet: QuietOption = False,
    verbose: VerboseOption = False,
) -> None:
    """Write a record in another form: SGF (HexGui's for Hex, plain SGF for the other stone games), the text form
    of the score sheets, or YAML; the moves, the swap, a resignation and the players, event and date are kept."""
    from pnp.records.convert import RecordError, chosen, target, write, written

    level = _level(quiet, verbose, "record")
    try:
        form = chosen(fmt.value if fmt else None, out)
    except RecordError as exc:
        _fail(f"pnp record: {exc}", 2)
    whole, _ = _position(position, None, _header(game, ctx))
    where = _placed(lambda: target(position, out, form)) if out is not None else None
    try:
        text = written(whole.model, form)
    except RecordError as exc:
        _fail(f"pnp record: {position}: {exc}", 2)
    if where is None:
        _run_guarded(lambda: sys.stdout.write(text))
    else:
        _say(level, str(_run_guarded(lambda: write(where, text))))


@app.command(epilog=_examples("pnp rules examples/house-rules.md",
                              "pnp rules examples/house-rules.md --spec asterisk.yaml --out prints"))
def rules(
    template: Annotated[Path, typer.Argument(help="A Markdown rules template (Jinja2 variables, ```diagram blocks).")],
    spec: Annotated[Optional[Path], typer.Option("--spec", "-s", help="Take the variables and paper from this spec.", show_default=False)] = None,
    out: Annotated[str, typer.Option("--out", "-o", help="Output folder; writes OUT/NAME/rules.pdf and rules-booklet.pdf.")] = "output",
    name: Annotated[Optional[str], typer.Option("--name", "-n", help="The folder under OUT (default: the template's file name without .md); letters, digits, '-' and '_'.", show_default=False)] = None,
    quiet: QuietOption = False,
    verbose: VerboseOption = False,
) -> None:
    """Build a rule booklet from any template: in reading order, and imposed for folding and stapling."""
    from pnp.booklet.kit import write_rules
    from pnp.parallel import exit_on_sigterm

    exit_on_sigterm()
    level = _level(quiet, verbose, "rules")
    folder_name = _rules_folder(template, name)
    if spec is not None:
        (kit,) = _load([spec])
        from pnp.layout.paper import spec_paper

        from pnp.booklet.kit import booklet_context

        context, sheet = booklet_context(kit), spec_paper(kit.spec)
    else:
        from pnp.layout.paper import paper

        context, sheet = {"title": template.stem.replace("-", " ").replace("_", " ").capitalize()}, paper("a4")
    folder = _out_folder(out, [folder_name])
    files = _run_guarded(lambda: write_rules(template, context, sheet, folder, folder_name, str(spec or template)))
    _say(level, [str(f) for f in files])


def _rules_folder(template: Path, name: str | None) -> str:
    """OUT/NAME's name: --name, else the template's file name, held to the rule of a spec's `name`; or exit 2."""
    from pnp.writers.outdir import check_name, derived_name

    what = "the folder OUT/NAME"
    if name is not None:
        return _placed(lambda: check_name(name, "--name is", what))
    return _placed(lambda: derived_name(template.stem, template, what, "rename the file, or name the folder with --name"))


@app.command(epilog=_examples("pnp schema > pnp-spec.schema.json"))
def schema(quiet: QuietOption = False, verbose: VerboseOption = False) -> None:
    """Print the spec's JSON Schema: what `pnp init` writes beside a spec as pnp-spec.schema.json."""
    from pnp.spec.schema import schema_json

    _level(quiet, verbose, "schema")
    sys.stdout.write(schema_json())


def _run_guarded(action):
    """What `action` returns; anything unexpected is exit 1 with one line; PNP_DEBUG=1 shows the traceback."""
    try:
        return action()
    except (typer.Exit, KeyboardInterrupt):
        raise
    except Exception as exc:  # noqa: BLE001 - the CLI's last line of defence
        if os.environ.get("PNP_DEBUG") or (isinstance(exc, BrokenPipeError) and stdout_closed()):
            raise  # a closed stdout: _Commands.invoke ends quietly
        _fail(*_failure(exc))


def _failure(exc: Exception) -> tuple[str, int]:
    """What pnp says of an error that ended a command, and its exit code: 2 for bad input, 1 for the rest."""
    from pnp.parallel import JobFailed
    from pnp.spec import SpecError
    from pnp.writers.atomic import OutputPlaceError, WriteError
    from pnp.writers.outdir import PLACE_ERRNOS

    if isinstance(exc, SpecError):  # a template's problem found while composing: its file and line
        return str(exc), 2
    if isinstance(exc, OutputPlaceError):
        return f"pnp: {exc}", 2
    if isinstance(exc, WriteError) and exc.errno in PLACE_ERRNOS:  # the place chosen takes no files (/proc, ...)
        return f"pnp: {exc}; choose another --out", 2
    # A worker's error names its own kind; a WriteError is worded for the user already.
    kind = "" if isinstance(exc, (JobFailed, WriteError)) else f"{type(exc).__name__}: "
    return f"pnp: error: {kind}{exc}", 1


def run() -> None:
    """The `pnp` command (and `python -m pnp`): `main`, then the process ends without tearing Python down
    (pnp/leave.py)."""
    from pnp.leave import leave

    leave(main)


def main() -> None:
    # pydantic's documented switch: pnp uses no plugins, so skip looking for them in package metadata.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    # This process is the command's alone: what reading the specs made may be frozen (pnp/collector.py).
    with own_process(), only_named(sys.argv[1:]):
        app()


@contextmanager
def only_named(args: list[str]) -> Iterator[typer.Typer]:
    """The app with only the command the first of `args` names (all of them where `_named_first` says so), put
    back after: what a run hands typer, here and in the tests that run pnp in process."""
    every = app.registered_commands
    app.registered_commands = _named_first(args) or every
    try:
        yield app
    finally:
        app.registered_commands = every


def _named_first(args: list[str]) -> list:
    """The command the first word names, alone. Typer makes a click command of every command (each option
    converted) before it runs one, tens of milliseconds at each start; a run needs only its own. The group's
    help, its options, completion and a mistyped command (its suggestion) see them all: nothing then."""
    if not args or os.environ.get("_PNP_COMPLETE"):
        return []
    return [info for info in app.registered_commands if (info.name or info.callback.__name__) == args[0]]
