"""Build: planned kits -> Documents -> files under OUT/NAME/ (named and staged by pnp/writers/files.py).

A spec's files change all at once or not at all: every asset in every format
is staged as temporaries (the worker stages the first format while this
process stages the others), then all are renamed into place, then stale pages
are removed. The folder is locked meanwhile, so its temporaries are this
build's or a dead build's, and removing them is always safe.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from pnp.parallel import Worker
from pnp.scene import Document, PrintedDocument
from pnp.spec import Kit
from pnp.spec.base import BOOK_ASSETS, KIT_ASSET, PAGE_FORMATS, writes
from pnp.writers import WRITERS, Writer
from pnp.writers.atomic import Folder
from pnp.writers.files import Staged, commit, remove_stale, remove_temporaries, stage_format, stage_format_at


@dataclass(frozen=True)
class Built:
    spec_name: str
    files: tuple[Path, ...]


def build_kit(kit: Kit, out: Path, formats: Iterable[str] | None = None, worker: Worker | None = None,
              dpi: int | None = None) -> Built:
    """Compose every output the spec asks for, then write it in every format, all or nothing."""
    writers = [_configured(WRITERS[f], dpi) for f in (formats or kit.spec.formats)]
    wanted = dict.fromkeys(asset for asset, _ in writes(kit.spec.outputs, [w.name for w in writers]))
    docs = [(asset, compose(kit, asset)) for asset in wanted if asset != KIT_ASSET]
    with_kit = KIT_ASSET in wanted
    finish = (lambda drawn: _with_kit(kit, drawn)) if with_kit else (lambda drawn: drawn)
    extensions = [writer.extension for writer in WRITERS.values()]
    with Folder.create(out / kit.spec.name) as folder:
        folder.lock()
        remove_temporaries(folder, kit.spec.outputs, extensions)  # left by a killed build
        try:
            staged, docs = _stage(folder, docs, writers, worker, finish)
            commit(folder, staged)
        except BaseException:
            if worker is not None and worker.pending:
                worker.stop()  # it must write nothing after the sweep below
            remove_temporaries(folder, kit.spec.outputs, extensions)
            raise
        for writer, files in zip(writers, staged):
            remove_stale(folder, files, writer)
    files = [folder.path / name for asset, _ in docs for one in staged for name, _ in one.get(asset, [])]
    return Built(kit.spec.name, tuple(files))


def compose(kit: Kit, asset: str) -> Document | PrintedDocument:
    """The game draws its own assets; rule booklets and cards come from its templates."""
    if asset in BOOK_ASSETS:
        from pnp.booklet.kit import compose as compose_book

        return compose_book(kit, asset)
    return kit.game.compose(asset, kit.plan)


def _build_shared(kits: list[Kit], out: Path, formats: Iterable[str] | None, progress: Callable[[Built], None],
                  worker: Worker, dpi: int | None) -> list[Built]:
    """Kits shared between this process and the worker, each built whole by one of them (the same bytes as one
    by one). Progress is told as each finishes: the worker's as soon as its result is in."""
    there, here = kits[1::2], kits[0::2]
    chosen = list(formats) if formats is not None else None
    for kit in there:
        worker.submit(build_kit, kit, out, chosen, None, dpi)
    done: dict[str, Built] = {}

    def collect(wait: bool) -> None:
        while worker.pending and (wait or worker.ready()):
            built = worker.result()
            done[built.spec_name] = built
            progress(built)

    for kit in here:
        built = build_kit(kit, out, chosen, None, dpi)
        done[built.spec_name] = built
        progress(built)
        collect(wait=False)
    collect(wait=True)
    return [done[kit.spec.name] for kit in kits]


def _configured(writer: Writer, dpi: int | None) -> Writer:
    """The writer with its options from the command line (PNG: dpi); a writer without options as it is."""
    configure = getattr(writer, "configured", None)
    return configure(dpi=dpi) if configure is not None else writer


def _with_kit(kit: Kit, docs: list[tuple[str, Document | PrintedDocument]]) -> list[tuple[str, Document | PrintedDocument]]:
    """Every asset rendered to PDF once, here (the kit needs the bytes; the PDF writer then passes them through),
    and kit.pdf made of them."""
    from pnp.layout.paper import spec_paper
    from pnp.print_kit import compose_kit
    from pnp.writers import pdf as pdf_writer

    printed: list[tuple[str, Document | PrintedDocument]] = []
    for asset, doc in docs:
        if isinstance(doc, PrintedDocument):
            printed.append((asset, doc))
        else:
            printed.append((asset, PrintedDocument(asset, doc.title, pdf_writer.render(doc)[0], scene=doc)))
    parts = [(asset, doc.pdf) for asset, doc in printed if isinstance(doc, PrintedDocument)]
    return [*printed, (KIT_ASSET, compose_kit(kit.plan.title, spec_paper(kit.spec), kit.plan.style, parts))]


def _stage(folder: Folder, docs: list[tuple[str, Document]], writers: list[Writer], worker: Worker | None,
           finish: Callable[[list], list]) -> tuple[list[Staged], list]:
    """Every format's files staged, in `writers` order, and the docs as `finish` completed them (the kit added).

    With a worker and several formats, the first is staged there, while this process finishes the docs (the kit
    needs every asset's PDF) and stages the others. A PDF writer first waits for the kit: it writes it.
    """
    remote = worker is not None and len(writers) > 1
    early = remote and writers[0].name not in PAGE_FORMATS   # SVG: nothing of it waits for the kit
    if early:
        worker.submit(stage_format_at, folder.ref, docs, writers[0])
    docs = finish(docs)
    if remote and not early:
        worker.submit(stage_format_at, folder.ref, docs, writers[0])
    here = [stage_format(folder, docs, writer) for writer in writers[remote:]]
    return ([worker.result(), *here] if remote else here), docs


def build_all(kits: list[Kit], out: Path, formats: Iterable[str] | None,
              progress: Callable[[Built], None] = lambda built: None, worker: Worker | None = None,
              dpi: int | None = None, jobs: int = 1) -> list[Built]:
    """Every kit built; with a worker, `jobs` > 1 and several kits, the worker builds every other kit whole."""
    if worker is not None and jobs > 1 and len(kits) > 1:
        return _build_shared(kits, out, formats, progress, worker, dpi)
    results = []
    for kit in kits:
        built = build_kit(kit, out, formats, worker, dpi)
        progress(built)
        results.append(built)
    return results
