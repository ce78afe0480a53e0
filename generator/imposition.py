"""Cards on sheets: as many per page as fit, bleed, crop marks outside the trim, duplex backs.

Cards share their trim lines (no gutter), so poker cards fit nine to a page on A4 and
Letter. Each card is clipped to its own cell, and the outer cards keep their bleed.
Crop marks sit in the margin around the grid, on the extension of every trim line,
never on a card. Backs go on the following page, mirrored left to right, so that a
long-edge flip puts each back behind its front.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from .errors import PaperError
from .geometry import (
    CROP_MARK_GAP,
    CROP_MARK_LENGTH,
    CROP_MARK_WIDTH,
    Box,
    page_size,
    printable,
)
from .pdfcanvas import new_canvas

# Draws one card face into the box (x, y, w, h) that includes the bleed.
Face = Callable[[Canvas, float, float, float, float], None]

FOOTER_FONT = ("Helvetica", 5.5)


@dataclass(frozen=True)
class SheetPlan:
    """Where cards go on one sheet: trim boxes in reading order (left to right, top down)."""

    page: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int
    origin: tuple[float, float]  # lower-left corner of the grid's trim area

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def trim_box(self, slot: int) -> Box:
        """The trimmed card at `slot` on a front page."""
        row, col = divmod(slot, self.cols)
        w, h = self.card
        x0, y0 = self.origin
        return Box(x0 + col * w, y0 + (self.rows - 1 - row) * h, w, h)

    def back_box(self, slot: int) -> Box:
        """Where the back of the card at `slot` goes on the back page (long-edge flip)."""
        return self.trim_box(slot).mirrored(self.page[0])

    def bleed_box(self, trim: Box) -> Box:
        """The card with its bleed on every side."""
        return trim.grown(self.bleed)

    def clip_box(self, trim: Box) -> Box:
        """The area a card may paint: its trim, plus bleed only where no neighbour is."""
        x0, y0 = self.origin
        grid = Box(x0, y0, self.cols * self.card[0], self.rows * self.card[1])
        b = self.bleed
        left = trim.x - b if abs(trim.x - grid.x) < 1e-6 else trim.x
        right = trim.right + b if abs(trim.right - grid.right) < 1e-6 else trim.right
        bottom = trim.y - b if abs(trim.y - grid.y) < 1e-6 else trim.y
        top = trim.top + b if abs(trim.top - grid.top) < 1e-6 else trim.top
        return Box(left, bottom, right - left, top - bottom)

    def cut_xs(self) -> list[float]:
        """x of every vertical trim line."""
        return [self.origin[0] + i * self.card[0] for i in range(self.cols + 1)]

    def cut_ys(self) -> list[float]:
        """y of every horizontal trim line."""
        return [self.origin[1] + j * self.card[1] for j in range(self.rows + 1)]


def plan_sheet(card: tuple[float, float], bleed: float, paper: str) -> SheetPlan:
    """The most cards of this size that fit one portrait page, centred."""
    page = page_size(paper)
    area = printable(page)
    cols = int((area.w - 2 * bleed) // card[0])
    rows = int((area.h - 2 * bleed) // card[1])
    if cols < 1 or rows < 1:
        raise PaperError(f"a {card[0]:.0f}x{card[1]:.0f} pt card with {bleed:.1f} pt bleed does not "
                         f"fit on {paper} paper")
    x0 = (page[0] - cols * card[0]) / 2
    y0 = (page[1] - rows * card[1]) / 2
    return SheetPlan(page, card, bleed, cols, rows, (x0, y0))


def impose_cards(canvas: Canvas, faces: Sequence[Face], backs: Sequence[Face] | None,
                 card_size: tuple[float, float], bleed_pt: float, paper: str,
                 footer: str = "") -> None:
    """Draw every face (and, on alternate pages, every back) onto `canvas`, one sheet at a time.

    `backs` is None (no backs), one Face (the same back for every card) or one per face.
    """
    plan = plan_sheet(card_size, bleed_pt, paper)
    backs = _expand_backs(faces, backs)
    faces, backs = _share_repeated(canvas, faces, backs, plan.bleed_box(plan.trim_box(0)))
    sheets = _chunks(len(faces), plan.per_sheet)
    canvas.setPageSize(plan.page)
    for number, (start, stop) in enumerate(sheets, 1):
        label = _page_label(footer, number, len(sheets))
        _draw_page(canvas, plan, faces[start:stop], plan.trim_box, label + " fronts" * bool(backs))
        if backs:
            _draw_page(canvas, plan, backs[start:stop], plan.back_box, label + " backs")


def render_cards_pdf(out: Path | str | BinaryIO, faces: Sequence[Face], backs: Sequence[Face] | None,
                     card_size: tuple[float, float], bleed: float, paper: str, title: str,
                     footer: str = "") -> None:
    """A whole PDF of imposed cards, written to a path or a binary buffer."""
    canvas = new_canvas(out, page_size(paper), title)
    impose_cards(canvas, faces, backs, card_size, bleed, paper, footer or title)
    canvas.save()


def _expand_backs(faces: Sequence[Face], backs: Sequence[Face] | None) -> list[Face] | None:
    if not backs:
        return None
    if len(backs) == 1:
        return [backs[0]] * len(faces)
    if len(backs) != len(faces):
        raise ValueError(f"expected 1 back or {len(faces)} (one per face), got {len(backs)}")
    return list(backs)


def _share_repeated(canvas: Canvas, faces: Sequence[Face], backs: list[Face] | None,
                    cell: Box) -> tuple[list[Face], list[Face] | None]:
    """Faces printed more than once (a deck's back, copies of a card) are drawn once as a PDF
    form and placed by reference: smaller files, and a 500-card deck's back is laid out once."""
    repeated = _repeated_ids(faces) | _repeated_ids(backs or [])
    shared: dict[int, Face] = {}

    def share(face: Face) -> Face:
        if id(face) not in repeated:
            return face
        if id(face) not in shared:
            shared[id(face)] = _form_face(canvas, face, _next_form_name(canvas), cell.w, cell.h)
        return shared[id(face)]
    return [share(f) for f in faces], [share(b) for b in backs] if backs else None


def _repeated_ids(faces: Sequence[Face]) -> set[int]:
    """Identities of the faces that occur more than once in `faces`."""
    return {key for key, count in Counter(id(face) for face in faces).items() if count > 1}


def _next_form_name(canvas: Canvas) -> str:
    """A form name unique on this canvas (several decks may share one PDF), in drawing order."""
    count = getattr(canvas, "_deckwright_forms", 0) + 1
    canvas._deckwright_forms = count  # type: ignore[attr-defined]
    return f"face{count}"


def _form_face(canvas: Canvas, face: Face, name: str, w: float, h: float) -> Face:
    """A Face that draws `face` into the form `name` on first use, then places the form."""
    defined = False

    def draw(canvas_: Canvas, x: float, y: float, bw: float, bh: float) -> None:
        nonlocal defined
        if not defined:
            canvas.beginForm(name, 0, 0, w, h)
            face(canvas, 0, 0, w, h)
            canvas.endForm()
            defined = True
        canvas_.saveState()
        canvas_.translate(x, y)
        canvas_.doForm(name)
        canvas_.restoreState()
    return draw


def _chunks(total: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(start + size, total)) for start in range(0, total, size)]


def _page_label(footer: str, number: int, count: int) -> str:
    return f"{footer}  ·  sheet {number}/{count}".strip(" ·")


def _draw_page(canvas: Canvas, plan: SheetPlan, faces: Sequence[Face],
               place: Callable[[int], Box], label: str) -> None:
    for slot, face in enumerate(faces):
        trim = place(slot)
        _draw_clipped(canvas, plan, trim, face)
    draw_crop_marks(canvas, plan)
    draw_footer(canvas, plan.page, label, (plan.origin[1] - plan.bleed) / 2)
    canvas.showPage()


def _draw_clipped(canvas: Canvas, plan: SheetPlan, trim: Box, face: Face) -> None:
    clip = plan.clip_box(trim)
    bleed = plan.bleed_box(trim)
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(clip.x, clip.y, clip.w, clip.h)
    canvas.clipPath(path, stroke=0, fill=0)
    face(canvas, bleed.x, bleed.y, bleed.w, bleed.h)
    canvas.restoreState()


def draw_crop_marks(canvas: Canvas, plan: SheetPlan) -> None:
    """Short hairlines on the extension of each trim line, outside the grid's bleed."""
    xs, ys = plan.cut_xs(), plan.cut_ys()
    reach = plan.bleed + CROP_MARK_GAP
    canvas.saveState()
    canvas.setLineWidth(CROP_MARK_WIDTH)
    canvas.setStrokeColorRGB(0, 0, 0)
    for x in xs:
        canvas.line(x, ys[0] - reach, x, ys[0] - reach - CROP_MARK_LENGTH)
        canvas.line(x, ys[-1] + reach, x, ys[-1] + reach + CROP_MARK_LENGTH)
    for y in ys:
        canvas.line(xs[0] - reach, y, xs[0] - reach - CROP_MARK_LENGTH, y)
        canvas.line(xs[-1] + reach, y, xs[-1] + reach + CROP_MARK_LENGTH, y)
    canvas.restoreState()


def draw_footer(canvas: Canvas, page: tuple[float, float], label: str, middle: float = 0.0) -> None:
    """A small centred line at the foot of the page (component, version, sheet number)."""
    if not label:
        return
    baseline = max(middle - FOOTER_FONT[1] / 3, FOOTER_FONT[1] * 0.5)
    canvas.saveState()
    canvas.setFont(*FOOTER_FONT)
    canvas.setFillColorRGB(0.35, 0.35, 0.35)
    canvas.drawCentredString(page[0] / 2, baseline, label)
    canvas.restoreState()
