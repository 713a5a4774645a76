"""A kit's booklet assets: `rules` (reading order), `rules-booklet` (imposed) and `card`, from the game's templates.

templates/rules/GAME.md and templates/cards/GAME.md are rendered with the
variables the game's `booklet` hook computes from the spec and its plan, so
every number matches the kit they print with.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from pnp.layout.paper import Paper, spec_paper
from pnp.scene import Document, PrintedDocument
from pnp.spec.kit import Kit
from pnp.texts import credit, say

if TYPE_CHECKING:
    from pnp.booklet.template import Written
    from pnp.registry import Game


def rules_template(game: str) -> "Path | Written":
    """A registered game's rules template: its file, or the one pnp writes for a definition without one."""
    from pnp import registry

    return registry.game(game).template("rules")


def card_template(game: str) -> "Path | Written":
    from pnp import registry

    return registry.game(game).template("card")


def template_text(game: str, which: str) -> str:
    """The text of a registered game's `rules` or `card` template: its file's, or the one pnp writes for it."""
    from pnp import registry
    from pnp.booklet.template import template_source

    return template_source(registry.game(game).template(which))[1]


def game_credit(game: "Game") -> str:
    """"A game by ..." for a game: its definition's designer, or its texts file's."""
    return say("pages", "credit", designer=game.designer) if game.designer else credit(game.name)


def booklet_context(kit: Kit) -> dict[str, Any]:
    """The variables the templates see: the game's numbers for this spec, and `credit`, its designer's name
    (printed on the booklet's title page and on each card)."""
    return {**kit.game.booklet_context(kit.spec, kit.plan), "credit": game_credit(kit.game)}


def compose(kit: Kit, asset: str) -> Document | PrintedDocument:
    """One of BOOK_ASSETS for this kit."""
    context = booklet_context(kit)
    if asset == "card":
        from pnp.booklet.card import compose_card

        return compose_card(kit.game.template("card"), context, spec_paper(kit.spec), kit.plan.style,
                            kit.spec.print.kerf_mm)
    pdf = _on_paper(str(kit.path), lambda: _reading_order(kit.game.template("rules"), context, spec_paper(kit.spec),
                                                          kit.plan.style.saver))
    title = say("pages", "rules.heading", title=context["title"])
    if asset == "rules":
        return PrintedDocument(asset, title, pdf)
    from pnp.booklet.impose import impose

    return PrintedDocument(asset, title, impose(pdf, title))


def paper_problem(kit: Kit) -> str | None:
    """Why the spec's paper cannot take its rule booklet, or None: what a build would refuse, found when the spec
    is read, so `validate` refuses it too. The booklet is laid out only where its pages are small (elsewhere
    the shipped templates always fit), and kept for the build."""
    from pnp.booklet.page import BookletPage

    sheet = spec_paper(kit.spec)
    if not {"rules", "rules-booklet"} & set(kit.spec.outputs) or BookletPage.half_of(sheet).roomy:
        return None
    from pnp.booklet.layout import BookletTooSmall  # reportlab: only where the booklet is laid out
    from pnp.spec.problems import SpecError

    try:
        _reading_order(kit.game.template("rules"), booklet_context(kit), sheet, kit.plan.style.saver)
    except BookletTooSmall as exc:
        return str(exc)
    except SpecError as exc:  # a part of the shipped rules (a table) wider than such a page: the paper's fault
        page = BookletPage.half_of(sheet)
        return (f"a rule booklet page, half the sheet, is {page.width_mm:g} × {page.height_mm:g} mm, too small for "
                f"the rules ({exc.problems[0].message}); choose larger paper, or take rules, rules-booklet and kit out of outputs")
    return None


def _on_paper(where: str, make: Callable[[], bytes]) -> bytes:
    """The booklet `make` builds, or a SpecError on `paper` of the file `where` when its pages are too small."""
    from pnp.booklet.layout import BookletTooSmall
    from pnp.spec.problems import Problem, SpecError

    try:
        return make()
    except BookletTooSmall as exc:
        raise SpecError([Problem(where, None, "paper", str(exc))]) from None


def build_rules(template: "Path | Written", context: dict[str, Any], sheet: Paper, saver: bool = False) -> bytes:
    """A booklet in reading order from any template (what `pnp rules` runs); `saver`: its diagrams drawn for
    the ink saver."""
    import dataclasses

    from pnp.booklet import layout
    from pnp.booklet.markdown import flowables
    from pnp.booklet.template import render, template_source

    rendered = dataclasses.replace(render(*template_source(template), context), saver=saver)
    page = layout.BookletPage.half_of(sheet)
    title = str(context["title"]) if "title" in context else Path(template_source(template)[0]).stem
    style = layout.styles(layout.font_for(title))   # the cover's title, and the notes pages' headings
    lines = [say("pages", "rules.subtitle"), *([context["credit"]] if context.get("credit") else [])]
    heading = say("pages", "rules.heading", title=title)

    story = [*layout.title_page(title, lines, page, style), *flowables(rendered, page.text_width_mm, page.text_height_mm)]
    story.append(layout.FillToFold(story, say("pages", "rules.notes"), style))
    return layout.build_pdf(heading, story, page)


_last: dict[str, bytes] = {}
KEPT_BOOKLETS = 16  # reading-order PDFs kept (about 0.1 MB each): every kit of a build whose booklet `paper_problem`
                    # already laid out while the specs were read, so none is laid out twice


def _reading_order(template: "Path | Written", context: dict[str, Any], sheet: Paper, saver: bool) -> bytes:
    """Built once per kit: the paper check while the spec is read, then `rules` and `rules-booklet`, share it."""
    key = json.dumps([str(template), context, repr(sheet), saver], sort_keys=True, default=str)
    if key not in _last:
        if len(_last) >= KEPT_BOOKLETS:
            del _last[next(iter(_last))]  # the oldest
        _last[key] = build_rules(template, context, sheet, saver)
    return _last[key]


def forget() -> None:
    """Drop the booklets kept: `pnp watch` after a template was saved (the key names the template, not its text)."""
    _last.clear()


def write_rules(template: Path, context: dict[str, Any], sheet: Paper, out: Path, name: str, where: str = "") -> list[Path]:
    """`pnp rules`: OUT/NAME/rules.pdf and rules-booklet.pdf from any template, all or nothing. `name`: a folder
    name already checked (pnp/writers/outdir.py); `where`: the file that chose the paper (the spec), named if the
    pages are too small."""
    from pnp.booklet.impose import impose
    from pnp.writers import WRITERS
    from pnp.writers.files import commit, stage_format
    from pnp.writers.swap import Replacement

    title = say("pages", "rules.heading", title=context["title"])
    pdf = _on_paper(where or str(template), lambda: build_rules(template, context, sheet))
    docs = [("rules", PrintedDocument("rules", title, pdf)), ("rules-booklet", PrintedDocument("rules-booklet", title, impose(pdf, title)))]
    with Replacement(out / name) as replacement:
        commit(replacement, [stage_format(replacement.stage, docs, WRITERS["pdf"])], [WRITERS["pdf"]], [asset for asset, _ in docs])
    return [out / name / f"{asset}.pdf" for asset, _ in docs]
