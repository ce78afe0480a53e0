"""Cards on sheets: as many per page as fit, bleed, crop marks outside the trim, duplex backs.

Cards share their trim lines (no gutter). Each card is clipped to its own cell, and a card with
no neighbour on a side keeps its bleed there. Crop marks sit around the cards, on the extension
of every trim line, never on a card, and like the footer at least the page margin inside the
paper: the plan takes the orientation holding the most cards with room for marks at least
`CROP_MARK_MIN_LENGTH` long (poker cards: nine on A4 portrait, eight on Letter landscape, where
a portrait grid would push the marks into the unprintable strip). A partly filled sheet marks
only the cards it holds. Backs go on the following page, placed for a long-edge flip: mirrored
left to right on a portrait page, top to bottom on a landscape one.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from .errors import PaperError
from .fill import forget_fill
from .geometry import (
    CROP_MARK_GAP,
    CROP_MARK_LENGTH,
    CROP_MARK_MIN_LENGTH,
    CROP_MARK_WIDTH,
    FOOTER_BAND,
    FOOTER_SIZE,
    PAGE_MARGIN,
    Box,
    Shift,
    back_of,
    landscape,
    page_size,
    printable,
)
from .pagecache import cached_page, cached_slot, face_stamp, stamped
from .pagerecord import note_form
from .pdfcanvas import new_canvas

# Draws one card face into the box (x, y, w, h) that includes the bleed.
Face = Callable[[Canvas, float, float, float, float], None]
# Draws more on the last sheet's "front" or "back" page, placed by the sheet's plan.
LastSheet = Callable[[Canvas, "SheetPlan", str], None]

FOOTER_FONT = ("Helvetica", FOOTER_SIZE)


@dataclass(frozen=True)
class SheetPlan:
    """Where cards go on one sheet: trim boxes in reading order (left to right, top down)."""

    page: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int
    origin: tuple[float, float]  # lower-left corner of the grid's trim area
    margin: float = PAGE_MARGIN
    flip: str = "long"  # the edge the sheet is turned over for its backs: "long" or "short"
    back_shift: Shift | tuple[float, float] = (0.0, 0.0)  # the printer's duplex correction, in points

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def is_landscape(self) -> bool:
        return self.page[0] > self.page[1]

    @property
    def grid(self) -> Box:
        """The trim area of the whole grid."""
        return Box(*self.origin, self.cols * self.card[0], self.rows * self.card[1])

    def trim_box(self, slot: int) -> Box:
        """The trimmed card at `slot` on a front page."""
        row, col = divmod(slot, self.cols)
        w, h = self.card
        x0, y0 = self.origin
        return Box(x0 + col * w, y0 + (self.rows - 1 - row) * h, w, h)

    def back_box(self, slot: int) -> Box:
        """Where the back of the card at `slot` goes on the back page: mirrored across the edge
        the sheet turns over (a long-edge flip turns a portrait page left to right), then moved
        by the printer's duplex correction."""
        return self.back_of(self.trim_box(slot))

    def back_of(self, front: Box) -> Box:
        """Where a box of the front page lands on the back page (see `back_box`)."""
        return back_of(front, self.page, self.flip, self.back_shift)

    def bleed_box(self, trim: Box) -> Box:
        """The card with its bleed on every side."""
        return trim.grown(self.bleed)

    def clip_box(self, trim: Box, placed: Sequence[Box] | None = None) -> Box:
        """The area a card may paint: its trim, plus bleed on every side where no other placed card
        (by default: every slot of the grid) shares its edge."""
        others = [self.trim_box(s) for s in range(self.per_sheet)] if placed is None else placed
        b = self.bleed
        left = trim.x - b * (not _touches(others, trim, "left"))
        right = trim.right + b * (not _touches(others, trim, "right"))
        bottom = trim.y - b * (not _touches(others, trim, "bottom"))
        top = trim.top + b * (not _touches(others, trim, "top"))
        return Box(left, bottom, right - left, top - bottom)

    def cut_xs(self) -> list[float]:
        """x of every vertical trim line."""
        return [self.origin[0] + i * self.card[0] for i in range(self.cols + 1)]

    def cut_ys(self) -> list[float]:
        """y of every horizontal trim line."""
        return [self.origin[1] + j * self.card[1] for j in range(self.rows + 1)]

    def mark_room(self) -> tuple[float, float]:
        """How long crop marks may be beside (left/right) and above/below the grid, inside the margin
        (and, below and above, clear of the footer band)."""
        reach = self.bleed + CROP_MARK_GAP
        grid = self.grid
        side = min(grid.x, self.page[0] - grid.right) - reach - self.margin
        ends = min(grid.y, self.page[1] - grid.top) - reach - self.margin - FOOTER_BAND
        return side, ends


def _touches(others: Sequence[Box], trim: Box, side: str) -> bool:
    """Does another box share `trim`'s edge on `side`?"""
    def near(a: float, b: float) -> bool:
        return abs(a - b) < 1e-6
    for other in others:
        if side == "left" and near(other.right, trim.x) and near(other.y, trim.y):
            return True
        if side == "right" and near(other.x, trim.right) and near(other.y, trim.y):
            return True
        if side == "bottom" and near(other.top, trim.y) and near(other.x, trim.x):
            return True
        if side == "top" and near(other.y, trim.top) and near(other.x, trim.x):
            return True
    return False


def plan_sheet(card: tuple[float, float], bleed: float, paper: str, margin: float = PAGE_MARGIN) -> SheetPlan:
    """The most cards of this size that fit one page with room for crop marks inside the margin;
    portrait unless landscape holds more."""
    portrait = page_size(paper)
    plans = [_plan_on(page, card, bleed, margin) for page in (portrait, landscape(portrait))]
    best = max(plans, key=lambda plan: plan.per_sheet)
    if best.per_sheet < 1:
        raise PaperError(f"a {card[0]:.0f}x{card[1]:.0f} pt card with {bleed:.1f} pt bleed and crop marks does not "
                         f"fit inside the {margin:.1f} pt margin of {paper} paper")
    return best


def _plan_on(page: tuple[float, float], card: tuple[float, float], bleed: float, margin: float) -> SheetPlan:
    area = printable(page, margin)
    outside = 2 * (bleed + CROP_MARK_GAP + CROP_MARK_MIN_LENGTH)
    cols = max(0, int((area.w - outside + 1e-6) // card[0]))
    rows = max(0, int((area.h - 2 * FOOTER_BAND - outside + 1e-6) // card[1]))
    x0 = (page[0] - cols * card[0]) / 2
    y0 = (page[1] - rows * card[1]) / 2
    return SheetPlan(page, card, bleed, cols, rows, (x0, y0), margin)


def impose_cards(canvas: Canvas, faces: Sequence[Face | None], backs: Sequence[Face | None] | None,
                 card_size: tuple[float, float], bleed_pt: float, paper: str,
                 footer: str = "", margin: float = PAGE_MARGIN, flip: str = "long",
                 back_shift: Shift | tuple[float, float] = (0.0, 0.0),
                 last_sheet: LastSheet | None = None) -> SheetPlan:
    """Draw every face (and, on alternate pages, every back) onto `canvas`, one sheet at a time.

    `backs` is None (no backs), one Face (the same back for every card) or one per face; `flip`
    and `back_shift` place the backs for the user's printer (see `SheetPlan.back_box`). A face
    (and its back) that is None leaves its slot empty (`generator.packing.card_slots`).
    `last_sheet(canvas, plan, side)` draws more on the last sheet's front and back (other small
    parts in the room its cards leave). Returns the sheet plan used.
    """
    plan = replace(plan_sheet(card_size, bleed_pt, paper, margin), flip=flip, back_shift=back_shift)
    backs = _expand_backs(faces, backs)
    faces, backs = _share_repeated(canvas, faces, backs, plan.bleed_box(plan.trim_box(0)))
    sheets = _chunks(len(faces), plan.per_sheet)
    canvas.setPageSize(plan.page)
    described: dict[tuple[str, tuple[int, ...]], list[Any]] = {}  # the sheet plan and boxes as page keys show them
    for number, (start, stop) in enumerate(sheets, 1):
        label = _page_label(footer, number, len(sheets))
        more = last_sheet if number == len(sheets) else None
        _draw_page(canvas, plan, faces[start:stop], plan.trim_box, label + " fronts" * bool(backs), more, "front",
                   described)
        if backs:
            _draw_page(canvas, plan, backs[start:stop], plan.back_box, label + " backs", more, "back", described)
    return plan


def render_cards_pdf(out: Path | str | BinaryIO, faces: Sequence[Face], backs: Sequence[Face] | None,
                     card_size: tuple[float, float], bleed: float, paper: str, title: str,
                     footer: str = "") -> None:
    """A whole PDF of imposed cards, written to a path or a binary buffer."""
    canvas = new_canvas(out, page_size(paper), title)
    impose_cards(canvas, faces, backs, card_size, bleed, paper, footer or title)
    canvas.save()


def _expand_backs(faces: Sequence[Face | None], backs: Sequence[Face | None] | None) -> list[Face | None] | None:
    if not backs:
        return None
    if len(backs) == 1:
        return [backs[0]] * len(faces)
    if len(backs) != len(faces):
        raise ValueError(f"expected 1 back or {len(faces)} (one per face), got {len(backs)}")
    return list(backs)


def _share_repeated(canvas: Canvas, faces: Sequence[Face | None], backs: list[Face | None] | None,
                    cell: Box) -> tuple[list[Face | None], list[Face | None] | None]:
    """Faces printed more than once (a deck's back, copies of a card) are drawn once as a PDF
    form and placed by reference: smaller files, and a 500-card deck's back is laid out once."""
    repeated = _repeated_ids(faces) | _repeated_ids(backs or [])
    shared: dict[int, Face] = {}

    def share(face: Face | None) -> Face | None:
        if face is None or id(face) not in repeated:
            return face
        if id(face) not in shared:
            shared[id(face)] = _form_face(canvas, face, _next_form_name(canvas), cell.w, cell.h)
        return shared[id(face)]
    return [share(f) for f in faces], [share(b) for b in backs] if backs else None


def _repeated_ids(faces: Sequence[Face | None]) -> set[int]:
    """Identities of the faces that occur more than once in `faces` (an empty slot is no face)."""
    return {key for key, count in Counter(id(face) for face in faces if face is not None).items() if count > 1}


def _next_form_name(canvas: Canvas) -> str:
    """A form name unique on this canvas (several decks may share one PDF), in drawing order."""
    count = getattr(canvas, "_deckwright_forms", 0) + 1
    canvas._deckwright_forms = count
    return f"face{count}"


def _form_face(canvas: Canvas, face: Face, name: str, w: float, h: float) -> Face:
    """A Face that draws `face` into the form `name` on first use, then places the form."""
    def draw(canvas_: Canvas, x: float, y: float, bw: float, bh: float) -> None:
        if not canvas.hasForm(name):  # the document may hold it already: a cached page defined it
            canvas.beginForm(name, 0, 0, w, h)
            face(canvas, 0, 0, w, h)
            note_form(canvas, name, (0, 0, w, h))
            canvas.endForm()
        canvas_.saveState()
        canvas_.translate(x, y)
        canvas_.doForm(name)
        canvas_.restoreState()
    draw.form_name = name  # type: ignore[attr-defined]
    stamp = face_stamp(face)
    return stamped(draw, stamp) if stamp is not None else draw


def _chunks(total: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(start + size, total)) for start in range(0, total, size)]


def _page_label(footer: str, number: int, count: int) -> str:
    return f"{footer}  ·  sheet {number}/{count}".strip(" ·")


def _draw_page(canvas: Canvas, plan: SheetPlan, faces: Sequence[Face | None], place: Callable[[int], Box],
               label: str, more: LastSheet | None, side: str,
               described: dict[tuple[str, tuple[int, ...]], list[Any]]) -> None:
    """One sheet side (a face that is None leaves its slot empty); `described` remembers the text
    of the plan and boxes for each side and set of slots filled (the same on every full sheet: a
    500-card deck's key need not repeat it 112 times)."""
    slots = tuple(slot for slot, face in enumerate(faces) if face is not None)
    placed = [place(slot) for slot in slots]
    shown = [face for face in faces if face is not None]

    def draw() -> None:
        _set_print_boxes(canvas, plan, placed)
        sheet = described.get((side, slots))
        for slot, trim, face in zip(slots, placed, shown, strict=True):
            # a face that showed before in this slot, on the same document, is replayed
            cached_slot(canvas, face, (sheet, slot), functools.partial(_draw_clipped, canvas, plan, trim, face, placed))
        draw_crop_marks(canvas, plan, placed)
        if more:
            more(canvas, plan, side)
        draw_footer(canvas, plan.page, label, plan.margin)
    if more:  # tokens printed in the room a last sheet leaves are not in the page's key: drawn
        draw()
    else:  # drawn, or replayed from the render cache when every face carries its content stamp
        if (side, slots) not in described:
            described[side, slots] = [repr(plan), [repr(box) for box in placed]]
        cached_page(canvas, shown, [getattr(face, "form_name", None) for face in shown],
                    [*described[side, slots], label], draw)
    canvas.showPage()


def _set_print_boxes(canvas: Canvas, plan: SheetPlan, placed: Sequence[Box]) -> None:
    """TrimBox around the cards' trim lines and BleedBox around their bleed, for a print shop's tools."""
    left, bottom = min(b.x for b in placed), min(b.y for b in placed)
    right, top = max(b.right for b in placed), max(b.top for b in placed)
    canvas.setTrimBox((left, bottom, right, top))
    b = plan.bleed
    canvas.setBleedBox((left - b, bottom - b, right + b, top + b))


def _draw_clipped(canvas: Canvas, plan: SheetPlan, trim: Box, face: Face, placed: Sequence[Box]) -> None:
    clip = _clip_box(plan, trim, tuple(placed))
    bleed = plan.bleed_box(trim)
    canvas.saveState()
    forget_fill(canvas)  # what the face draws is replayed in other places (`cached_slot`)
    path = canvas.beginPath()
    path.rect(clip.x, clip.y, clip.w, clip.h)
    canvas.clipPath(path, stroke=0, fill=0)
    face(canvas, bleed.x, bleed.y, bleed.w, bleed.h)
    canvas.restoreState()


@functools.lru_cache(maxsize=256)
def _clip_box(plan: SheetPlan, trim: Box, placed: tuple[Box, ...]) -> Box:
    """`plan.clip_box`, worked out once per slot of a sheet (every full sheet of a deck is alike)."""
    return plan.clip_box(trim, placed)


def crop_mark_segments(plan: SheetPlan, placed: Sequence[Box] | None = None) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of every crop mark around the placed cards (by default a full sheet): on
    the extension of each trim line, outside the bleed, no longer than the margin allows."""
    boxes = list(placed) if placed is not None else [plan.trim_box(s) for s in range(plan.per_sheet)]
    if not boxes:
        return []
    xs = sorted({round(v, 4) for b in boxes for v in (b.x, b.right)})
    ys = sorted({round(v, 4) for b in boxes for v in (b.y, b.top)})
    reach = plan.bleed + CROP_MARK_GAP
    side_room, end_room = plan.mark_room()
    side, end = min(CROP_MARK_LENGTH, side_room), min(CROP_MARK_LENGTH, end_room)
    marks = []
    for x in xs:
        marks.append((x, ys[0] - reach, x, ys[0] - reach - end))
        marks.append((x, ys[-1] + reach, x, ys[-1] + reach + end))
    for y in ys:
        marks.append((xs[0] - reach, y, xs[0] - reach - side, y))
        marks.append((xs[-1] + reach, y, xs[-1] + reach + side, y))
    return marks


def draw_crop_marks(canvas: Canvas, plan: SheetPlan, placed: Sequence[Box] | None = None) -> None:
    """Short hairlines on the extension of each trim line of the placed cards, outside their bleed."""
    canvas.saveState()
    canvas.setLineWidth(CROP_MARK_WIDTH)
    canvas.setStrokeColorRGB(0, 0, 0)
    for x0, y0, x1, y1 in crop_mark_segments(plan, placed):
        canvas.line(x0, y0, x1, y1)
    canvas.restoreState()


def footer_baseline(margin: float = PAGE_MARGIN) -> float:
    """Where a page footer's baseline goes: its descenders just clear the margin."""
    return margin + FOOTER_SIZE * 0.25


def draw_footer(canvas: Canvas, page: tuple[float, float], label: str, margin: float = PAGE_MARGIN,
                top: bool = False) -> None:
    """A small centred line at the foot of the page (component, version, sheet number), inside the
    margin and below every crop mark; with `top`, at the head instead (a back page turned top to
    bottom, whose foot holds what the front kept clear of its own footer)."""
    if not label:
        return
    canvas.saveState()
    canvas.setFont(*FOOTER_FONT)
    canvas.setFillColorRGB(0.3, 0.3, 0.3)
    baseline = page[1] - margin - FOOTER_SIZE * 0.75 if top else footer_baseline(margin)
    canvas.drawCentredString(page[0] / 2, baseline, label)
    canvas.restoreState()
