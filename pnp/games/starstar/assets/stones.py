"""Stone sheets: round tokens for Red and Blue, sized to the board's smallest cell, packed for quick cutting."""

from __future__ import annotations

from pnp.games.starstar.plan import STONE_LEGEND_MM, KitPlan, StonesPlan
from pnp.games.starstar.style import StarStyle
from pnp.geometry.hatch import circle_points
from pnp.geometry.hexagon import Point
from pnp.layout.fit import content_area
from pnp.layout.furniture import mm_text
from pnp.layout.packing import Sheet
from pnp.layout.paper import Paper
from pnp.layout.sheets import cut_sheets
from pnp.scene import Circle, Document, Group, Paint, Shape, Text
from pnp.style import saver_fill
from pnp.texts import say

LEGEND_TEXT_MM = 3.0
HINT_TEXT_MM = 2.6
ICON_MM = 4.6
EDGE_SHARE = 0.04      # a stone's rim, per mm of stone: the line the scissors follow
EDGE_MAX_MM = 0.35


def stone(player: str, at: Point, size: float, style: StarStyle, tagged: bool = True) -> Group:
    """One stone: a disc in its player's colour with a dark rim, so its edge shows on white paper."""
    fill = style.red if player == "red" else style.blue
    data = (("piece", f"stone-{player}"),) if tagged else ()
    if style.saver and player == "blue":   # the dark stone, with little ink: hatched inside a thick rim
        return Group(tuple(saver_fill(circle_points(at, size / 2), size, style.blue, style)), cls="stone saver", data=data)
    rim = min(EDGE_MAX_MM, EDGE_SHARE * size)
    disc = Circle(at, (size - rim) / 2, Paint(fill=fill, stroke=style.outline, width=rim))
    if tagged and style.bleed:   # the colour runs on past the cut, under the stone
        return Group((Group((Circle(at, size / 2 + style.bleed, Paint(fill=fill)),), cls="bleed"), disc), cls="stone", data=data)
    return Group((disc,), cls="stone", data=data)


def compose_stones(stones: StonesPlan, cell_mm: float, title: str, style: StarStyle) -> Document:
    """Each sheet: furniture, the cut grid under the stones, the stones, and a legend of what is on it."""
    heading = say("starstar", "stones.heading", title=title)
    facts = say("starstar", "stones.facts", size=mm_text(stones.size), cell=mm_text(cell_mm), count=stones.per_colour)
    titles = (heading, lambda n, total: heading + say("starstar", "stones.sheet_of", sheet=n, sheets=total), facts)
    return cut_sheets("stones", stones.sheet, stones.pages, stones.size, style, titles,
                      lambda sheet: [stone(p.name, p.center, stones.size, style) for p in sheet.circles],
                      lambda sheet: legend(stones.sheet, sheet, style))


def legend(paper: Paper, sheet: Sheet, style: StarStyle) -> Group:
    """How many stones of each player this sheet holds, with a small stone beside each count."""
    area = content_area(paper)
    top = area.y + area.height - STONE_LEGEND_MM + 3.0
    shapes: list[Shape] = [Text((area.x, top), say("starstar", "stones.legend_heading"), LEGEND_TEXT_MM, style.ink, bold=True)]
    column = area.width / 3
    present = [player for player in ("red", "blue") if any(p.name == player for p in sheet.circles)]
    for i, player in enumerate(present):
        count = sum(p.name == player for p in sheet.circles)
        x, y = area.x + i * column, top + 5.0
        shapes.append(stone(player, (x + 2.5, y), ICON_MM, style, tagged=False))
        words = say("starstar", "stones.legend_line", count=count, player=say("starstar", f"stones.players.{player}"))
        shapes.append(Text((x + 6.5, y + 1.1), words, LEGEND_TEXT_MM, style.ink))
    shapes.append(Text((area.x + area.width, top), say("starstar", "stones.hint"), HINT_TEXT_MM, style.muted, anchor="end"))
    return Group(tuple(shapes), cls="legend")


def asset(plan: KitPlan) -> Document:
    assert plan.stones is not None, "the plan has stones whenever the spec asks for them"
    return compose_stones(plan.stones, plan.board.board.cell_mm, plan.title, plan.style)
