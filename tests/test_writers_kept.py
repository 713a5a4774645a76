"""Renderings kept between builds (pnp/writers/kept.py), as `pnp watch` keeps them: an asset whose scene did not
change keeps its bytes, one that changed is rendered again, a font saved drops them all; off (every other
command) nothing is kept. And a watch's build so kept writes the bytes a build alone writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import write_spec
from watching import contents

from pnp.scene import Circle, Document, Page, Paint, PrintedDocument
from pnp.writers import WRITERS, kept


@pytest.fixture
def keeping(monkeypatch: pytest.MonkeyPatch):
    """Keeping on for the test alone, and every rendering of the SVG and PDF writers' modules counted by asset."""
    import pnp.writers.pdf
    import pnp.writers.svg

    monkeypatch.setattr(kept, "_kept", None)
    kept.keep()
    made: list[tuple[str, str]] = []
    for module in (pnp.writers.pdf, pnp.writers.svg):
        def counted(doc, *args, _render=module.render, _name=module.__name__.rsplit(".", 1)[1], **kwargs):
            made.append((_name, doc.asset))
            return _render(doc, *args, **kwargs)
        monkeypatch.setattr(module, "render", counted)
    yield made
    monkeypatch.setattr(kept, "_kept", None)


def page_of(radius: float, colour: str = "#000000") -> Document:
    """A new scene each call (equal scenes are equal, not the same object)."""
    return Document("board", "A board", (Page(100, 100, (Circle((50, 50), radius, Paint(fill=colour)),)),))


def test_an_equal_scene_keeps_its_bytes_and_a_changed_one_is_rendered(keeping):
    first = WRITERS["svg"].render(page_of(30))
    assert WRITERS["svg"].render(page_of(30)) == first and keeping == [("svg", "board")], "kept, not rendered"
    changed = WRITERS["svg"].render(page_of(30, "#ff0000"))
    assert changed != first and keeping == [("svg", "board")] * 2
    assert WRITERS["pdf"].render(page_of(30)) and keeping[-1] == ("pdf", "board"), "each writer keeps its own"


def test_the_pdf_rendered_early_for_the_kit_is_the_one_written(keeping):
    scene = page_of(30)
    early = WRITERS["pdf"].render(scene)   # build.py's _printed, for kit.pdf
    written = WRITERS["pdf"].render(PrintedDocument("board", "A board", early[0], scene=page_of(30)))
    assert written == early and keeping == [("pdf", "board")]
    assert WRITERS["pdf"].render(page_of(30)) == early and keeping == [("pdf", "board")], "kept by its scene"


def test_a_booklet_passes_through_and_a_saved_font_drops_what_was_kept(keeping):
    booklet = PrintedDocument("rules", "Rules", b"%PDF-1.4 booklet")
    assert WRITERS["pdf"].render(booklet) == [b"%PDF-1.4 booklet"]
    WRITERS["svg"].render(page_of(30))
    kept.forget()
    WRITERS["svg"].render(page_of(30))
    assert keeping.count(("svg", "board")) == 2, "rendered again after forget"


def test_each_of_several_specs_keeps_its_own_rendering_of_an_asset_and_the_oldest_goes(keeping):
    """A watch over several specs: each spec's board is kept beside the others' (one writer, one asset name), up to
    SCENES of them; the least recently used is the one rendered again."""
    radii = range(10, 10 + kept.SCENES)
    for radius in radii:
        WRITERS["svg"].render(page_of(radius))
    keeping.clear()
    for radius in radii:   # every spec saved again, nothing changed: all kept
        WRITERS["svg"].render(page_of(radius))
    assert keeping == []
    WRITERS["svg"].render(page_of(99))   # one more: the least recently used (radius 10) goes
    WRITERS["svg"].render(page_of(11))
    assert keeping == [("svg", "board")]
    WRITERS["svg"].render(page_of(10))
    assert keeping == [("svg", "board")] * 2


def test_nothing_is_kept_unless_asked(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(kept, "_kept", None)
    calls = []
    assert kept.rendered("svg", page_of(30), lambda doc: calls.append(doc) or [b"x"]) == [b"x"]
    kept.rendered("svg", page_of(30), lambda doc: calls.append(doc) or [b"x"])
    assert len(calls) == 2


def test_a_save_that_changes_the_pieces_renders_the_pieces_and_writes_what_a_build_alone_writes(tmp_path: Path,
                                                                                             keeping):
    from pnp.build import build_kit
    from pnp.spec import read_kit

    text = "game: asterisk\nname: kit\nboard: {side: 8}\n"
    spec = write_spec(tmp_path, text)
    build_kit(read_kit(spec), tmp_path / "watched")
    write_spec(tmp_path, text + "pieces: {size_mm: 30}\n")
    keeping.clear()
    build_kit(read_kit(spec), tmp_path / "watched")
    drawn = {asset for _, asset in keeping if asset not in ("rules", "rules-booklet", "kit")}   # those pass through
    assert drawn == {"pieces"}, keeping
    kept.forget()
    kept._kept = None   # a build alone: nothing kept
    build_kit(read_kit(spec), tmp_path / "alone")
    assert contents(tmp_path / "watched" / "kit") == contents(tmp_path / "alone" / "kit")
