"""Build: planned kits -> Documents -> files under OUT/NAME/ (named and staged by pnp/writers/files.py).

A spec's files change all at once or not at all: every asset in every format
is written into a stage folder beside OUT/NAME (the worker writes the first
format while this process writes the others), which then replaces OUT/NAME in
one step, keeping what the build does not replace (pnp/writers/swap.py).
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
from pnp.writers.files import Staged, commit, stage_format, stage_format_at
from pnp.writers.swap import Replacement


# Told as a build goes (pnp/progress.py): the spec's name and the step starting ("drawing board", "writing board.png").
Told = Callable[[str, str], None]


@dataclass(frozen=True)
class Built:
    spec_name: str
    files: tuple[Path, ...]


def build_kit(kit: Kit, out: Path, formats: Iterable[str] | None = None, worker: Worker | None = None,
              dpi: int | None = None, told: Told | None = None) -> Built:
    """Compose every output the spec asks for, then write it in every format, all or nothing."""
    writers = [_configured(WRITERS[f], dpi) for f in (formats or kit.spec.formats)]
    wanted = dict.fromkeys(asset for asset, _ in writes(kit.spec.outputs, [w.name for w in writers]))
    step = (lambda what: told(kit.spec.name, what)) if told is not None else (lambda what: None)
    docs = [(asset, _drawn(kit, asset, step)) for asset in wanted if asset != KIT_ASSET]
    with_kit = KIT_ASSET in wanted

    def finish(drawn: list) -> list:
        if not with_kit:
            return drawn
        step(f"drawing {KIT_ASSET}")
        return _with_kit(kit, drawn)

    target = out / kit.spec.name
    with Replacement(target) as replacement:
        try:
            staged, docs = _stage(replacement.stage, docs, writers, worker, finish, step)
        except BaseException:
            if worker is not None and worker.pending:
                worker.stop()  # it must write nothing after the stage is removed
            raise
        commit(replacement, staged, writers, kit.spec.outputs)
    files = [target / name for asset, _ in docs for one in staged for name in one.get(asset, [])]
    return Built(kit.spec.name, tuple(files))


def _drawn(kit: Kit, asset: str, step: Callable[[str], None]) -> Document | PrintedDocument:
    step(f"drawing {asset}")
    return compose(kit, asset)


def compose(kit: Kit, asset: str) -> Document | PrintedDocument:
    """The game draws its own assets; rule booklets and cards come from its templates."""
    if asset in BOOK_ASSETS:
        from pnp.booklet.kit import compose as compose_book

        return compose_book(kit, asset)
    return kit.game.compose(asset, kit.plan)


def _build_shared(kits: list[Kit], out: Path, formats: Iterable[str] | None, progress: Callable[[Built], None],
                  worker: Worker, dpi: int | None, told: Told | None = None) -> list[Built]:
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
        built = build_kit(kit, out, chosen, None, dpi, told)
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
    from pnp.texts import credit
    from pnp.writers import pdf as pdf_writer

    printed: list[tuple[str, Document | PrintedDocument]] = []
    for asset, doc in docs:
        if isinstance(doc, PrintedDocument):
            printed.append((asset, doc))
        else:
            printed.append((asset, PrintedDocument(asset, doc.title, pdf_writer.render(doc)[0], scene=doc)))
    parts = [(asset, doc.pdf) for asset, doc in printed if isinstance(doc, PrintedDocument)]
    return [*printed, (KIT_ASSET, compose_kit(kit.plan.title, spec_paper(kit.spec), kit.plan.style, parts, credit(kit.game.name)))]


def _stage(folder: Folder, docs: list[tuple[str, Document]], writers: list[Writer], worker: Worker | None,
           finish: Callable[[list], list], step: Callable[[str], None]) -> tuple[list[Staged], list]:
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
    here = [stage_format(folder, docs, writer, step) for writer in writers[remote:]]
    return ([worker.result(), *here] if remote else here), docs


def build_all(kits: list[Kit], out: Path, formats: Iterable[str] | None,
              progress: Callable[[Built], None] = lambda built: None, worker: Worker | None = None,
              dpi: int | None = None, jobs: int = 1, told: Told | None = None) -> list[Built]:
    """Every kit built; with a worker, `jobs` > 1 and several kits, the worker builds every other kit whole.
    `progress` hears of each kit built, `told` of each step in this process."""
    if worker is not None and jobs > 1 and len(kits) > 1:
        return _build_shared(kits, out, formats, progress, worker, dpi, told)
    results = []
    for kit in kits:
        built = build_kit(kit, out, formats, worker, dpi, told)
        progress(built)
        results.append(built)
    return results
