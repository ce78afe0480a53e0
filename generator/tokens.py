"""Token punch sheets: round or square tokens with cut lines, as many per page as fit.

Driven by the database's `tokens:` entries (`cards.schema.TokenSheet`): every token is
printed `count` times, filled with its colour a little past its cut line (the token's own
bleed), with its icon and label, or drawn with the sheet's `layout` (bindings: `token`,
`tokens`, `side`). A duplex sheet puts the backs on the following page, placed as card backs
are for the user's printer (its flip edge and measured offset), so each back lands behind its front.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cards import Database
from cards.units import MM

from .cardlayout import Box as LayoutBox
from .cardlayout import load_layout, render_layout
from .colours import contrast_ratio, ink_on
from .errors import PaperError
from .geometry import (
    CUT_LINE_WIDTH,
    PAGE_MARGIN,
    TOKEN_BLEED,
    TOKEN_GAP,
    Box,
    Shift,
    back_of,
    landscape,
    page_margin,
    page_size,
    page_that_fits,
    printable,
    turns_top_to_bottom,
)
from .icons import draw_icon
from .imposition import draw_footer
from .pdfcanvas import new_canvas
from .stamps import printed_version, version_label
from .userconfig import duplex_setting

CUT_LINE_GREY = 0.15
LIGHT_CUT_LINE_GREY = 0.7  # on a token the dark line hardly shows on
CUT_LINE_CONTRAST = 1.5
LABEL_FONT = "Helvetica-Bold"
# Room at the foot of the page for the sheet's name and page number.
FOOTER_BAND = 6 * MM


@dataclass(frozen=True)
class TokenPlan:
    """Where tokens go on one page: cut boxes in reading order (left to right, top down)."""

    page: tuple[float, float]
    size: float                  # a token's width (its diameter or side unless `height` is given)
    cols: int
    rows: int
    origin: tuple[float, float]  # lower-left corner of the grid
    margin: float = PAGE_MARGIN
    height: float = 0.0          # a strip's height (0: the same as `size`)
    flip: str = "long"           # the edge the sheet is turned over for its backs
    back_shift: Shift | tuple[float, float] = (0.0, 0.0)  # the printer's duplex correction, in points

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def cut_box(self, slot: int) -> Box:
        """The token at `slot` on a front page (its cut line)."""
        row, col = divmod(slot, self.cols)
        high = self.height or self.size
        x0, y0 = self.origin
        return Box(x0 + col * (self.size + TOKEN_GAP), y0 + (self.rows - 1 - row) * (high + TOKEN_GAP), self.size, high)

    def back_box(self, slot: int) -> Box:
        """Where the back of the token at `slot` goes, for the sheet's flip edge and duplex correction."""
        return back_of(self.cut_box(slot), self.page, self.flip, self.back_shift)


def plan_tokens(size: float | tuple[float, float], paper: str, margin: float = PAGE_MARGIN) -> TokenPlan:
    """The most tokens of diameter (or side) `size` points, or of (width, height), that fit one
    portrait page, centred; a landscape page when only that holds one (a long strip)."""
    width, height = size if isinstance(size, tuple) else (size, size)
    page = page_that_fits(paper, lambda page: min(_token_grid(page, margin, width, height)) >= 1)
    if page is None:
        area = printable(landscape(page_size(paper)), margin)
        raise PaperError(f"a {max(width, height) / MM:.0f} mm token does not fit on {paper} paper, even turned "
                         f"landscape: make it at most {int(area.w / MM)} x {int((area.h - FOOTER_BAND) / MM)} mm")
    area = printable(page, margin)
    cols, rows = _token_grid(page, margin, width, height)
    grid_w, grid_h = cols * (width + TOKEN_GAP) - TOKEN_GAP, rows * (height + TOKEN_GAP) - TOKEN_GAP
    x0 = (page[0] - grid_w) / 2
    y0 = area.y + FOOTER_BAND + (area.h - FOOTER_BAND - grid_h) / 2
    return TokenPlan(page, width, cols, rows, (x0, y0), margin, 0.0 if height == width else height)


def _token_grid(page: tuple[float, float], margin: float, width: float, height: float) -> tuple[int, int]:
    """(columns, rows) of tokens of `width` x `height` points a page holds above its footer."""
    area = printable(page, margin)
    return (int((area.w + TOKEN_GAP) // (width + TOKEN_GAP)),
            int((area.h - FOOTER_BAND + TOKEN_GAP) // (height + TOKEN_GAP)))


def token_copies(sheet: Any) -> list[Any]:
    """Every printed token of `sheet`, each repeated `count` times, in database order."""
    return [token for token in sheet.tokens for _ in range(token.count)]


def render_tokens(db: Database, sheet: Any, paper: str, out: Path | BinaryIO) -> None:
    """A PDF of every token of `sheet` with cut lines (and backs on alternate pages if duplex)."""
    margin = page_margin(db.print.margin, paper)
    duplex = duplex_setting()
    plan = replace(plan_tokens(sheet.extent(), paper, margin), flip=duplex.flip, back_shift=duplex.shift)
    copies = token_copies(sheet)
    canvas = new_canvas(out, plan.page, f"{db.meta.name}: {sheet.name}", f"{db.meta.name}, {version_label(db)}")
    draw = token_painter(db, sheet)
    pages = [copies[i:i + plan.per_page] for i in range(0, len(copies), plan.per_page)]
    for number, chunk in enumerate(pages, 1):
        footer = f"{db.meta.name} \u00b7 {sheet.name} \u00b7 version {printed_version(db)} \u00b7 sheet {number}/{len(pages)}"
        _draw_page(canvas, plan, chunk, lambda c, b, t: draw(c, b, t, "front"), plan.cut_box,
                   footer + " fronts" * sheet.duplex)
        if sheet.duplex:
            _draw_page(canvas, plan, chunk, lambda c, b, t: draw(c, b, t, "back"), plan.back_box,
                       footer + " backs", turns_top_to_bottom(plan.page, plan.flip))
    canvas.save()


def _draw_page(canvas: Canvas, plan: TokenPlan, tokens: list[Any], draw: Any, place: Any, footer: str,
               footer_on_top: bool = False) -> None:
    for slot, token in enumerate(tokens):
        box = place(slot)
        draw(canvas, box, token)
    draw_footer(canvas, plan.page, footer, plan.margin, footer_on_top)
    canvas.showPage()


def token_painter(db: Database, sheet: Any) -> Any:
    """A function drawing one token side into its cut box: the sheet's layout, or the default look."""
    if sheet.layout:
        from .kit import base_context
        from .layoutfile import layout_folders

        layout = load_layout(sheet.layout, layout_folders(db))
        base = {**base_context(db), "tokens": sheet}

        def with_layout(canvas: Canvas, box: Box, token: Any, side: str) -> None:
            _draw_token_ground(canvas, box, token, sheet.shape)
            render_layout(canvas, layout, LayoutBox(box.x, box.y, box.w, box.h),
                          {**base, "token": token, "side": side}, f"token {token.id!r} of {sheet.id!r}")
            _draw_cut_line(canvas, box, sheet.shape, token.color)
        return with_layout

    label_size = shared_label_size(sheet)

    def default(canvas: Canvas, box: Box, token: Any, side: str) -> None:
        draw_token(canvas, box, token, sheet.shape, side, label_size)
    return default


def shared_label_size(sheet: Any) -> float | None:
    """One label size for every round or square token of `sheet`, both sides: the largest that
    fits its longest label, so a set of tokens reads as one set (None for strips, which fit
    each label on its own)."""
    if sheet.shape == "strip" or not sheet.tokens:
        return None
    width, height = sheet.extent()
    box = Box(0, 0, width, height)
    return min((_label_size(box, label, centred=not token.icon, shape=sheet.shape)
                for token in sheet.tokens for label in token_labels(token) if label), default=None)


def token_labels(token: Any) -> tuple[str, str]:
    """The labels a token prints on its front and its back (the front's again unless it has its own)."""
    return token.label or "", token.back_label if token.back_label is not None else token.label or ""


def draw_token(canvas: Canvas, box: Box, token: Any, shape: str, side: str = "front",
               label_size: float | None = None) -> None:
    """One token: its colour past the cut line, its icon and label, then the cut line. Both sides
    show the icon, so a flipped token is still recognised; only the label differs."""
    _draw_token_ground(canvas, box, token, shape)
    front, back = token_labels(token)
    label = back if side == "back" else front
    ink = _ink_for(token.color)
    if shape == "strip":
        _draw_strip_face(canvas, box, token.icon if side == "front" else None, label, ink)
        _draw_cut_line(canvas, box, shape, token.color)
        return
    if token.icon:
        icon_size = box.h * (0.42 if label else 0.6)
        icon_y = box.y + box.h * (0.42 if label else 0.2)
        draw_icon(canvas, token.icon, box.x + (box.w - icon_size) / 2, icon_y, icon_size, ink)
    if label:
        _draw_label(canvas, box, label, ink, centred=not token.icon, size=label_size, shape=shape)
    _draw_cut_line(canvas, box, shape, token.color)


def _draw_strip_face(canvas: Canvas, box: Box, icon: str | None, label: str, ink: colors.Color) -> None:
    """A strip laid across a lane: its icon at both ends, its label large between them."""
    icon_size = box.h * 0.5
    inset = box.h * 0.1
    if icon:
        for x in (box.x + inset, box.x + box.w - inset - icon_size):
            draw_icon(canvas, icon, x, box.y + (box.h - icon_size) / 2, icon_size, ink)
    if not label:
        return
    font = "Helvetica-Bold"
    room = box.w - 2 * (inset + icon_size + inset) if icon else box.w - 2 * inset
    size = min(box.h * 0.42, room / max(canvas.stringWidth(label, font, 1), 1e-6))
    canvas.saveState()
    canvas.setFillColor(ink)
    canvas.setFont(font, size)
    canvas.drawCentredString(box.x + box.w / 2, box.y + box.h / 2 - size * 0.35, label)
    canvas.restoreState()


def _draw_token_ground(canvas: Canvas, box: Box, token: Any, shape: str) -> None:
    ground = box.grown(TOKEN_BLEED)
    canvas.saveState()
    canvas.setFillColor(colors.HexColor(token.color))
    if shape == "round":
        canvas.circle(ground.x + ground.w / 2, ground.y + ground.h / 2, ground.w / 2, stroke=0, fill=1)
    else:
        canvas.rect(ground.x, ground.y, ground.w, ground.h, stroke=0, fill=1)
    canvas.restoreState()


def _grey(level: float) -> str:
    return "#" + f"{round(level * 255):02x}" * 3


def _draw_cut_line(canvas: Canvas, box: Box, shape: str, ground: str | None = None) -> None:
    """The line to cut along, dark grey; light grey on a dark token, where the dark one did not
    show (print audit: black tokens ended up cut on the edge of their bleed)."""
    canvas.saveState()
    canvas.setLineWidth(CUT_LINE_WIDTH)
    dark = ground is None or contrast_ratio(_grey(CUT_LINE_GREY), ground) >= CUT_LINE_CONTRAST
    canvas.setStrokeGray(CUT_LINE_GREY if dark else LIGHT_CUT_LINE_GREY)
    if shape == "round":
        canvas.circle(box.x + box.w / 2, box.y + box.h / 2, box.w / 2, stroke=1, fill=0)
    else:
        canvas.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
    canvas.restoreState()


def _label_size(box: Box, label: str, centred: bool, shape: str = "round") -> float:
    """The largest size at which `label` fits its token (centred alone, or under the icon): on a
    round token within the circle's narrower chord, on a square one across most of its width
    (print audit: Skirmish's 12 mm 'Attacked' came out at 5.8 pt, under the smallest legible size)."""
    room = box.w * (0.62 if centred else 0.72) * (1.15 if shape == "square" else 1.0)
    return float(min(box.h * (0.34 if centred else 0.2), room / max(stringWidth(label, LABEL_FONT, 1), 1e-6)))


def _draw_label(canvas: Canvas, box: Box, label: str, ink: colors.Color, centred: bool,
                size: float | None = None, shape: str = "round") -> None:
    size = min(size or math.inf, _label_size(box, label, centred, shape))
    baseline = box.y + (box.h / 2 - size * 0.35 if centred else box.h * 0.2)
    canvas.saveState()
    canvas.setFillColor(ink)
    canvas.setFont(LABEL_FONT, size)
    canvas.drawCentredString(box.x + box.w / 2, baseline, label)
    canvas.restoreState()


def _ink_for(color: str) -> colors.Color:
    """White or black, whichever contrasts more with the token's colour."""
    return colors.HexColor(ink_on(color))
