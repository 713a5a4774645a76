"""The Asterisk kit planned before anything is drawn: sizes, fits and placements, or why not.

`plan_kit` turns a validated spec into a KitPlan (the resolved style, the board
placed on its sheet, the piece sheets packed, the marker cards arranged, the
solitaire page laid out), computed once per build. Spec checks report the
problems a failed plan finds; composers draw a plan; the graph reads it.
Only font metrics are used here, never drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.boards.placement import BoardKit, BoardPage, BoardWords, Placement, plan_board_page, spec_placement
from pnp.games.asterisk.board import AsteriskBoard, cell_count
from pnp.games.asterisk.look import unit_extent
from pnp.games.asterisk.rules import PIECE_TYPES, PieceType, piece_size
from pnp.games.asterisk.spec import SMALLEST_MARKER_MM, SMALLEST_PIECE_MM, AsteriskSpec
from pnp.games.asterisk.style import AsteriskStyle
from pnp.geometry.rect import Rect
from pnp.layout.fit import MOST_PAGES, content_area
from pnp.layout.paper import Paper, spec_paper
from pnp.layout.text import LEADING, wrap
from pnp.spec.problems import PlanError, Unplanned
from pnp.style import resolve_style
from pnp.texts import article, say

if TYPE_CHECKING:
    from pnp.boards.cutouts import CutSheets
    from pnp.games.asterisk.solitaire_layout import SolitairePlan

LEGEND_MM = 17.0      # legend band above the footer of a piece sheet
FACE_RATIO = 0.6      # goal marker face height per mm of marker width: a low, steady tent
CARD_GAP_MM = 12.0    # between two marker cards on a page
NOTE_SIZE_MM = 3.0    # the cut-and-fold instruction above the cards
NOTE_GAP_MM = 6.0     # between the instruction and the cards


BoardPlan = BoardPage[AsteriskBoard, bool]   # the board page; its extras: coordinates drawn along the edges


@dataclass(frozen=True)
class CardSheet:
    """One page of goal-marker cards: the sheet and each card's top-left corner."""

    paper: Paper
    corners: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class MarkersPlan:
    size: float
    sheets: tuple[CardSheet, ...]


@dataclass(frozen=True)
class KitPlan(BoardKit):
    """Everything a build of one Asterisk spec draws, decided."""

    title: str
    style: AsteriskStyle
    counts: dict[str, int]
    board: BoardPlan
    pieces: CutSheets | None
    markers: MarkersPlan | None
    solitaire: SolitairePlan | None


def plan_kit(spec: AsteriskSpec) -> KitPlan:
    """Plan every output the spec asks for; raise PlanError with every problem found."""
    found: list[Unplanned] = _check_counts(spec)
    board = plan_board(spec)
    if isinstance(board, Unplanned):
        found.append(board)
    wants = set(spec.outputs)
    pieces = plan_pieces(spec, board.board.cell_mm if isinstance(board, BoardPage) else None) if "pieces" in wants else None
    markers = plan_markers(spec_paper(spec), spec.markers.size_mm) if "markers" in wants else None
    style = resolve_style(AsteriskStyle, spec.style.model_dump(), spec.print.ink, spec.print.bleed_mm)
    solitaire = _plan_solitaire(spec) if "solitaire" in wants else None
    found.extend(p for p in (pieces, markers, solitaire) if isinstance(p, Unplanned))
    if found:
        raise PlanError(found)
    assert isinstance(board, BoardPage)
    return KitPlan(spec.display_title, style, spec.piece_counts(), board, pieces, markers, solitaire)  # type: ignore[arg-type]


def _plan_solitaire(spec: AsteriskSpec) -> "SolitairePlan | Unplanned":
    """Imported here: a build without the solitaire page need not load its layout search."""
    from pnp.games.asterisk.solitaire_layout import plan_solitaire

    return plan_solitaire(spec, board_placement(spec, printed=True))


def _check_counts(spec: AsteriskSpec) -> list[Unplanned]:
    """A set that does not fill the board is refused unless the spec says it means it."""
    cells = cell_count(spec.board.side)
    if spec.pieces.counts is None or spec.pieces.allow_mismatch:
        return []
    total = sum(spec.piece_counts().values())
    if total == cells:
        return []
    return [Unplanned(("pieces", "counts"),
             f"the counts add up to {total} pieces but the side-{spec.board.side} board has {cells} cells; "
             f"make them add up to {cells} (default {cells // 6} of each type) or set pieces.allow_mismatch: true")]


# --- the board -------------------------------------------------------------------------------


def _board(spec: AsteriskSpec) -> BoardWords:
    return BoardWords(f"a side-{spec.board.side} board", "board.side")


def board_placement(spec: AsteriskSpec, printed: bool) -> Placement:
    """Where the board goes at the spec's cell size: one sheet, or tiled over pages (the solitaire sheet follows it)."""
    extent = unit_extent(spec.board.side, spec.board.coordinates)
    return spec_placement(spec, spec.board.cell_mm, extent, _board(spec), printed)


def plan_board(spec: AsteriskSpec) -> BoardPlan | Unplanned:
    """The board at the spec's cell size (or the largest that fits), centred on its sheet."""
    side, coordinates = spec.board.side, spec.board.coordinates
    return plan_board_page(spec, spec.board.cell_mm, unit_extent(side, coordinates), _board(spec),
                           lambda cell_mm, origin: AsteriskBoard(side, cell_mm, origin), lambda _: coordinates)


# --- pieces ----------------------------------------------------------------------------------


def plan_pieces(spec: AsteriskSpec, cell_mm: float | None) -> CutSheets | Unplanned | None:
    """Pieces at their size, packed onto the fewest sheets; None when the board's own error says enough. The packing
    is imported here: a build without pieces need not load it."""
    from pnp.boards.cutouts import fewest_sheets
    from pnp.layout.packing import Apart

    if spec.pieces.size_mm is None and cell_mm is None:
        return None
    size = _piece_mm(spec, cell_mm or 0.0)
    sheet = spec_paper(spec)
    if spec.pieces.size_mm is None and size < SMALLEST_PIECE_MM:
        return _pieces_too_small(spec, cell_mm or 0.0, size)
    area = content_area(sheet)
    room = min(area.width, area.height - LEGEND_MM) - 2
    if size > room:
        made = "" if spec.pieces.size_mm is not None else " (board.cell_mm less pieces.clearance_mm)"
        fix = f"set pieces.size_mm to at most {int(room):d}" if made else f"at most {int(room):d} mm fits"
        return Unplanned(("pieces", "size_mm"), f"{size:g} mm pieces{made} do not fit {sheet.name} paper; {fix}")
    names = piece_list(spec.piece_counts(), spec.pieces.spares)
    hexes = [n for n in names if PieceType.parse(n).shape == "hexagon"]
    circles = [n for n in names if PieceType.parse(n).shape == "circle"]
    packed = fewest_sheets(sheet.orientations(), (hexes, circles), size, Apart.of(spec.print), LEGEND_MM)
    if packed is None:
        return Unplanned(("pieces", "size_mm"), f"{len(names)} pieces of {size:g} mm need more than the {MOST_PAGES} pages "
                         f"pnp prints of one asset on {sheet.name} paper; set a smaller pieces.size_mm, fewer pieces "
                         "(pieces.counts, pieces.spares, board.side) or larger paper")
    return packed


def _piece_mm(spec: AsteriskSpec, cell_mm: float) -> float:
    """The size set, else the cell less its clearance; a clearance left unset shrinks so that pieces stay cuttable."""
    size = piece_size(spec.pieces.size_mm, spec.pieces.clearance_mm, cell_mm)
    if spec.pieces.size_mm is None and "clearance_mm" not in spec.pieces.model_fields_set and size < SMALLEST_PIECE_MM:
        return min(cell_mm, SMALLEST_PIECE_MM)
    return size


def _pieces_too_small(spec: AsteriskSpec, cell_mm: float, size: float) -> Unplanned:
    """Name the one key that fixes it: a smaller clearance if that is enough, else a piece size of its own."""
    clearance = spec.pieces.clearance_mm
    cells = (f"{cell_mm:.1f} mm cells" if spec.board.cell_mm is not None
             else f"{cell_mm:.1f} mm cells (the largest a side-{spec.board.side} board gets on {spec_paper(spec).name} paper)")
    room = int((cell_mm - SMALLEST_PIECE_MM) * 10) / 10  # the most clearance that still leaves a piece, rounded down
    if room >= 0:
        return Unplanned(("pieces", "clearance_mm"),
                f"{clearance:g} mm clearance leaves pieces of {size:.1f} mm for {cell_mm:.1f} mm cells, under the "
                f"{SMALLEST_PIECE_MM:g} mm a piece needs to be cut out; set pieces.clearance_mm to at most {room:g} "
                "(or set pieces.size_mm)")
    return Unplanned(("pieces", "size_mm"),
            f"{cells} leave no room for pieces of at least {SMALLEST_PIECE_MM:g} mm, the smallest that can be cut out; "
            "set pieces.size_mm (pieces for another board), a larger paper, or leave pieces out of outputs")


def piece_list(counts: dict[str, int], spares: int) -> list[str]:
    """Every piece to print, grouped by type: hexagons first, then circles."""
    kinds = sorted(PIECE_TYPES, key=lambda name: (PieceType.parse(name).shape != "hexagon", PIECE_TYPES.index(name)))
    return [name for name in kinds for _ in range(counts[name] + spares)]


# --- goal markers ----------------------------------------------------------------------------


def tent_size(size_mm: float) -> tuple[float, float]:
    """(width, height) of the unfolded card: two faces stacked about the fold."""
    return size_mm, 2 * FACE_RATIO * size_mm


def note_lines(sheet: Paper) -> list[str]:
    """The cut-and-fold instruction wrapped to the sheet's content width."""
    return wrap(say("asterisk", "markers.note"), NOTE_SIZE_MM, content_area(sheet).width)


def card_room(sheet: Paper) -> Rect:
    """The room for cards: the content area under the instruction and a gap."""
    area = content_area(sheet)
    band = len(note_lines(sheet)) * NOTE_SIZE_MM * LEADING + NOTE_GAP_MM
    return Rect(area.x, area.y + band, area.width, area.height - band)


def largest_marker(base: Paper) -> float:
    """The widest marker whose tent card fits the paper in some orientation."""
    per_height = tent_size(1.0)[1]
    return max(min(card_room(s).width, card_room(s).height / per_height) for s in base.orientations())


def plan_markers(base: Paper, size_mm: float) -> MarkersPlan | Unplanned:
    """Both cards on one page if they fit (side by side, else stacked), else one per page."""
    w, h = tent_size(size_mm)
    for sheet in base.orientations():
        room = card_room(sheet)
        for dx, dy in ((w + CARD_GAP_MM, 0.0), (0.0, h + CARD_GAP_MM)):  # side by side, then stacked
            across, down = w + dx, h + dy
            if across <= room.width + 1e-9 and down <= room.height + 1e-9:
                x0, y0 = room.x + (room.width - across) / 2, room.y + (room.height - down) / 2
                return MarkersPlan(size_mm, (CardSheet(sheet, ((x0, y0), (x0 + dx, y0 + dy))),))
    for sheet in base.orientations():
        room = card_room(sheet)
        if w <= room.width + 1e-9 and h <= room.height + 1e-9:
            corner = (room.x + (room.width - w) / 2, room.y + (room.height - h) / 2)
            return MarkersPlan(size_mm, (CardSheet(sheet, (corner,)), CardSheet(sheet, (corner,))))
    best = largest_marker(base)
    fix = (f"the largest that fits is {int(best * 10) / 10:g}" if best >= SMALLEST_MARKER_MM
           else f"no marker of {SMALLEST_MARKER_MM:g} mm or more fits")
    return Unplanned(("markers", "size_mm"),
            f"{article(size_mm)} {size_mm:g} mm marker makes {article(round(w))} {w:.0f} x {h:.0f} mm tent card, larger than {base.name} paper "
            f"inside its margins and headings; {fix} (or choose larger paper)")
