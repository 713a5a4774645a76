"""Build: planned kits -> Documents -> files under OUT/NAME/ (named and staged by pnp/writers/files.py).

A spec's files change all at once or not at all: every asset in every format
is written into a stage folder beside OUT/NAME (the worker writes the first
format while this process writes the others, or all of a small kit: `_away`),
which then replaces OUT/NAME in one step, keeping what the build does not
replace (pnp/writers/swap.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.parallel import JobFailed, Worker
from pnp.scene import Document, PrintedDocument
from pnp.scene.size import shapes_over
from pnp.spec import Kit
from pnp.spec.base import BOOK_ASSETS, CUT_FORMAT, KIT_ASSET, PAGE_FORMATS, writes
from pnp.writers import WRITERS, Writer
from pnp.writers.atomic import Folder
from pnp.writers.files import Staged, commit, stage_format, stage_format_at, writing
from pnp.writers.swap import Replacement


# Shapes the worker writes every format of, where this process has loaded no writer (`_away`). The worker then
# writes the first format (about 14 ms of SVG at this bound) before the others, where sharing would have this
# process load the others' writers first (some 30 ms for reportlab): the bound keeps the first shorter
# (docs/contributing/speed.md, "What keeps a build fast").
WORKER_ALONE = 1000

# Told as a build goes (pnp/progress.py): the spec's name and the step starting ("drawing board", "writing board.png").
Told = Callable[[str, str], None]


@dataclass(frozen=True)
class Built:
    spec_name: str
    files: tuple[Path, ...]


def build_kit(kit: Kit, out: Path, formats: Iterable[str] | None = None, worker: Worker | None = None,
              dpi: int | None = None, told: Told | None = None) -> Built:
    """Compose every output the spec asks for, then write it in every format, all or nothing."""
    chosen = list(formats or kit.spec.formats)
    writers = [_configured(WRITERS[f], dpi, kit.spec.print.kerf_mm) for f in chosen if f in WRITERS]
    wanted = dict.fromkeys(asset for asset, _ in writes(kit.spec.outputs, [w.name for w in writers]))
    if any(w.name == CUT_FORMAT for w in writers):
        kit = for_cutting(kit)
    step = (lambda what: told(kit.spec.name, what)) if told is not None else (lambda what: None)
    with_kit = KIT_ASSET in wanted
    try:
        docs = _composed(kit, [asset for asset in wanted if asset != KIT_ASSET], with_kit, worker, step)
    except BaseException:
        if worker is not None and worker.pending:
            worker.stop()  # what it lays out is not wanted now
        raise
    away = _away(writers, worker, docs, with_kit)

    def finish(drawn: list) -> list:
        if not with_kit:
            return drawn
        step(f"drawing {KIT_ASSET}")
        return _with_kit(kit, drawn)

    target = out / kit.spec.name
    with Replacement(target) as replacement:
        try:
            staged, docs = _stage(replacement.stage, docs, writers, (worker, away), finish, step)
            alone = _split(kit, replacement.stage, [w.name for w in writers], dpi, step)
            alone += _tts(kit, replacement.stage, chosen, target, step)
        except BaseException:
            if worker is not None and worker.pending:
                worker.stop()  # it must write nothing after the stage is removed
            raise
        commit(replacement, staged, writers, kit.spec.outputs, alone)
    files = [target / name for asset, _ in docs for one in staged for name in one.get(asset, [])]
    return Built(kit.spec.name, tuple(files + [target / name for name in alone]))


def _split(kit: Kit, folder: Folder, formats: list[str], dpi: int | None, step: Callable[[str], None]) -> list[str]:
    """print.split: pieces with png among the formats: the kit's things drawn alone, staged in split/ (pnp/split.py);
    their names, relative to the stage. Nothing otherwise."""
    from pnp.split import cutouts, splits

    if not splits(kit, formats):
        return []
    from pnp.writers import DEFAULT_DPI
    from pnp.writers.split import stage_split

    step("drawing split")
    return stage_split(folder, cutouts(kit), dpi or DEFAULT_DPI, step)


def _tts(kit: Kit, folder: Folder, formats: list[str], target: Path, step: Callable[[str], None]) -> list[str]:
    """formats: tts: the Tabletop Simulator kit staged in tts/ (pnp/tts.py); its names, relative to the stage."""
    from pnp.tts import asks, stage_tts

    return stage_tts(kit, folder, target, step) if asks(formats, kit) else []


def _composed(kit: Kit, assets: list[str], with_kit: bool, worker: Worker | None,
              step: Callable[[str], None]) -> list[tuple[str, Document | PrintedDocument]]:
    """Every asset composed, in order. A worker that says it `composes` some assets (`pnp watch`'s, which has the
    booklet's libraries loaded; a fresh build's worker says none) lays those out meanwhile; where kit.pdf is
    wanted, this process renders its own assets' PDFs while it waits (the kit needs them). An error is the one
    a build in one process meets first."""
    away = [asset for asset in assets if asset in getattr(worker, "composes", ())]
    if not away:
        return [(asset, _drawn(kit, asset, step)) for asset in assets]
    worker.submit(compose_all, kit, away)  # type: ignore[union-attr]
    docs: dict[str, Document | PrintedDocument] = {}
    for asset in assets:
        if asset in away:
            step(f"drawing {asset}")
            continue
        try:
            doc = _drawn(kit, asset, step)
        except Exception:
            if assets.index(away[0]) < assets.index(asset):
                _laid_out(kit, away, worker)   # an error of an asset before this one comes first
            raise
        docs[asset] = _printed(asset, doc) if with_kit else doc
    docs.update(zip(away, _laid_out(kit, away, worker)))
    return [(asset, docs[asset]) for asset in assets]


def _laid_out(kit: Kit, assets: list[str], worker: Worker) -> list[Document | PrintedDocument]:
    """The worker's assets; where it failed, laid out again here to raise the error as itself (a template's
    error, said as pnp says it)."""
    try:
        return worker.result()
    except JobFailed:
        return compose_all(kit, assets)


def compose_all(kit: Kit, assets: list[str]) -> list[Document | PrintedDocument]:
    """`compose` of each asset (a job for the worker)."""
    return [compose(kit, asset) for asset in assets]


def _printed(asset: str, doc: Document | PrintedDocument) -> PrintedDocument:
    """The asset with its PDF rendered (kit.pdf is made of them), its scene kept for the other formats; a
    booklet already is one."""
    if isinstance(doc, PrintedDocument):
        return doc
    return PrintedDocument(asset, doc.title, WRITERS["pdf"].render(doc)[0], scene=doc)


def _drawn(kit: Kit, asset: str, step: Callable[[str], None]) -> Document | PrintedDocument:
    step(f"drawing {asset}")
    return compose(kit, asset)


def compose(kit: Kit, asset: str) -> Document | PrintedDocument:
    """The game draws its own assets; rule booklets and cards come from its templates."""
    if asset in BOOK_ASSETS:
        from pnp.booklet.kit import compose as compose_book

        return compose_book(kit, asset)
    return kit.game.compose(asset, kit.plan)


def _configured(writer: Writer, dpi: int | None, kerf: float = 0.0) -> Writer:
    """The writer with its options from the command line and the spec (PNG: dpi; cut: kerf); a writer without
    options as it is."""
    configure = getattr(writer, "configured", None)
    return configure(dpi=dpi, kerf=kerf) if configure is not None else writer


def for_cutting(kit: Kit) -> Kit:
    """The kit whose sheets of cut-out things print the registration marks their cut files hold (formats hold
    cut, from the spec or --format). Every game's plan is a dataclass holding its style."""
    style = replace(kit.plan.style, registration=True)
    return replace(kit, plan=replace(kit.plan, style=style))  # type: ignore[type-var]


def _with_kit(kit: Kit, docs: list[tuple[str, Document | PrintedDocument]]) -> list[tuple[str, Document | PrintedDocument]]:
    """Every asset rendered to PDF once, here (the kit needs the bytes; the PDF writer then passes them through),
    and kit.pdf made of them."""
    from pnp.layout.paper import spec_paper
    from pnp.print_kit import compose_kit
    from pnp.booklet.kit import game_credit

    printed = [(asset, _printed(asset, doc)) for asset, doc in docs]
    parts = [(asset, doc.pdf) for asset, doc in printed]
    return [*printed, (KIT_ASSET, compose_kit(kit.plan.title, spec_paper(kit.spec), kit.plan.style, parts, game_credit(kit.game)))]


def _away(writers: list[Writer], worker: Worker | None, docs: list[tuple[str, Document | PrintedDocument]],
          with_kit: bool) -> list[Writer]:
    """The formats the worker stages: the first, where there are more, so both processes work. All of them where
    this process has loaded none of their writers, draws no kit (which needs every PDF here) and the pages hold at
    most WORKER_ALONE shapes: the worker loaded the writers while this process read the spec. Writing all of them
    there takes the first format's time longer than the others take; sharing, the time this process would take to
    load the others' writers (reportlab for the PDF), which the bound keeps the longer of the two."""
    if worker is None:
        return []
    if not with_kit and not any(w.loaded for w in writers) \
            and not shapes_over([doc for _, doc in docs], WORKER_ALONE):
        return writers
    return writers[:1] if len(writers) > 1 else []


def _stage(folder: Folder, docs: list[tuple[str, Document]], writers: list[Writer],
           remote: tuple[Worker | None, list[Writer]], finish: Callable[[list], list],
           step: Callable[[str], None]) -> tuple[list[Staged], list]:
    """Every format's files staged, in `writers` order, and the docs as `finish` completed them (the kit added).

    `remote` is (the worker, the formats it stages (`_away`)). Those are staged there while this process
    finishes the docs (the kit needs every asset's PDF) and stages the others; SVG and cut files are sent at
    once, a PDF writer first waits for the kit: it writes it.
    """
    worker, away = remote
    early = [w for w in away if w.name not in PAGE_FORMATS]   # SVG, cut: nothing of them waits for the kit
    sent = {writer.name: _sent(docs, writer) for writer in early}
    for writer in early:
        worker.submit(stage_format_at, folder.ref, sent[writer.name], writer)  # type: ignore[union-attr]
    docs = finish(docs)
    late = [w for w in away if w not in early]
    for writer in late:
        sent[writer.name] = docs
        worker.submit(stage_format_at, folder.ref, docs, writer)  # type: ignore[union-attr]
    staged = {writer.name: stage_format(folder, _sent(docs, writer), writer, step)
              for writer in writers if writer not in away}
    for writer in [*early, *late]:   # told as this process waits for them, as it tells its own
        for asset, _ in sent[writer.name]:
            step(writing(asset, writer))
        staged[writer.name] = worker.result()  # type: ignore[union-attr]
    return [staged[writer.name] for writer in writers], docs


def _sent(docs: list, writer: Writer) -> list:
    """What a format is staged from: the docs, or for cut files only their pages with cuts (less to send to the
    worker, and no step told of an asset without)."""
    if writer.name != CUT_FORMAT:
        return docs
    from pnp.writers.cut import cut_pages

    return cut_pages(docs)


def build_all(kits: list[Kit], out: Path, formats: Iterable[str] | None,
              progress: Callable[[Built], None] = lambda built: None, worker: Worker | None = None,
              dpi: int | None = None, told: Told | None = None) -> list[Built]:
    """Every kit built, one after another (with the worker staging a format of each); pnp/shared.py shares them
    between the two processes instead. `progress` hears of each kit built, `told` of each step in this process."""
    results = []
    for kit in kits:
        built = build_kit(kit, out, formats, worker, dpi, told)
        progress(built)
        results.append(built)
    return results
