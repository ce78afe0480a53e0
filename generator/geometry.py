"""Print geometry: paper sizes, margins, bleed, crop marks. Every print measure lives here.

All results are PostScript points (1/72 in); lengths are parsed by `cards.units`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cards.units import MM, parse_length, parse_size

from .errors import PaperError

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * 72, 11 * 72),
}

# Between the page edge and anything we print but a card's bleed: most home printers cannot
# print closer. A database may ask for more (`print: {margin: 6mm}` or one per paper).
PAGE_MARGIN = 5 * MM
# Crop marks start this far outside the bleed box, so they never print on the card.
CROP_MARK_GAP = 0.5 * MM
CROP_MARK_LENGTH = 3 * MM
# A crop mark shorter than this is hard to line a ruler up with: the plan drops a row instead.
CROP_MARK_MIN_LENGTH = 2 * MM
# Band above the bottom margin holding a sheet's footer line, clear of every crop mark.
FOOTER_BAND = 3 * MM
FOOTER_SIZE = 6.0
CROP_MARK_WIDTH = 0.25
# Overlap shared by neighbouring tiles of a board split across pages.
TILE_OVERLAP = 10 * MM
# Space between punch-out tokens, so that each has its own cut line.
TOKEN_GAP = 3 * MM
# A token's colour runs this far past its cut line, so a slightly-off cut shows no white.
TOKEN_BLEED = 1 * MM
# Cut lines of tokens: dark and thin enough to follow with scissors, thick enough to see.
CUT_LINE_WIDTH = 0.4
# Space between copies of a sheet (trackers) printed on one page, for the scissors.
SHEET_GAP = 4 * MM
# Foot of each page of a tiled board: the tile's name and what joins it.
TILE_LABEL_BAND = 7 * MM
# Registration crosses in the overlap strips of a tiled board.
REGISTRATION_CROSS_SIZE = 4 * MM
REGISTRATION_CROSS_WIDTH = 0.5


def page_size(paper: str) -> tuple[float, float]:
    """Portrait (width, height) of a paper in points."""
    try:
        return PAPERS[paper.lower()]
    except KeyError:
        raise PaperError(f"unknown paper {paper!r}; expected one of: {', '.join(PAPERS)}") from None


def landscape(size: tuple[float, float]) -> tuple[float, float]:
    """The same paper turned sideways."""
    w, h = size
    return (max(w, h), min(w, h))


def card_size(name: str) -> tuple[float, float]:
    """Trim size of a card (`poker`, `'63mm x 88mm'`) in points."""
    return parse_size(name)


def length(value: str | float) -> float:
    """A length from the database (`'3mm'`, a bare number in mm) in points."""
    return parse_length(value)


@dataclass(frozen=True)
class Box:
    """A rectangle in points; (x, y) is the lower-left corner, as in PDF."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def grown(self, by: float) -> Box:
        """This box with `by` added on every side."""
        return Box(self.x - by, self.y - by, self.w + 2 * by, self.h + 2 * by)

    def mirrored(self, page_width: float) -> Box:
        """Where this box lands on the back of the sheet after a long-edge (left-right) flip."""
        return Box(page_width - self.right, self.y, self.w, self.h)


def printable(page: tuple[float, float], margin: float = PAGE_MARGIN) -> Box:
    """The part of a page we print on."""
    w, h = page
    return Box(margin, margin, w - 2 * margin, h - 2 * margin)


def sheet_area(page: tuple[float, float], margin: float = PAGE_MARGIN) -> Box:
    """The part of a page a board, mat or tracker may cover: the printable area above its footer band."""
    area = printable(page, margin)
    return Box(area.x, area.y + FOOTER_BAND, area.w, area.h - FOOTER_BAND)


def page_that_fits(paper: str, fits: Callable[[tuple[float, float]], bool]) -> tuple[float, float] | None:
    """`paper` portrait when `fits(page)` says it holds what it must, else landscape when that
    does (a sheet or strip wider than the portrait page), else None."""
    portrait = page_size(paper)
    return next((page for page in (portrait, landscape(portrait)) if fits(page)), None)


@dataclass(frozen=True)
class Shift:
    """The printer's duplex correction in points, as the backs are moved (right and up on the
    back): one reading for portrait pages and one for landscape pages. A printer turns a
    landscape page onto its paper, so a reading taken on a portrait page is along the other
    axes of a landscape one (print audit: US Letter card sheets, landscape, were moved along
    the wrong edge); `deckwright calibrate --landscape` measures that page's own."""

    portrait: tuple[float, float] = (0.0, 0.0)
    landscape: tuple[float, float] = (0.0, 0.0)

    def on(self, page: tuple[float, float]) -> tuple[float, float]:
        return self.landscape if page[0] > page[1] else self.portrait


def back_of(front: Box, page: tuple[float, float], flip: str = "long",
            shift: Shift | tuple[float, float] = (0.0, 0.0)) -> Box:
    """Where a box of a page's front lands on its back when the sheet is turned over its `flip`
    edge ("long" or "short"), moved by the printer's duplex correction `shift` (points; a `Shift`
    holds one for each orientation): a long-edge flip turns a portrait page left to right and a
    landscape one top to bottom, a short-edge flip the other way. Card sheets, tokens and the
    calibration page all place backs so."""
    if turns_top_to_bottom(page, flip):
        box = Box(front.x, page[1] - front.top, front.w, front.h)
    else:
        box = front.mirrored(page[0])
    dx, dy = shift.on(page) if isinstance(shift, Shift) else shift
    return Box(box.x + dx, box.y + dy, box.w, box.h)


def turns_top_to_bottom(page: tuple[float, float], flip: str) -> bool:
    """Whether turning a page over its `flip` edge turns it top to bottom (else left to right):
    the front's foot is then behind the back's head."""
    return (flip == "long") == (page[0] > page[1])


def page_margin(setting: str | float | dict[str, str | float] | None, paper: str) -> float:
    """The margin in points a database's `print.margin` asks for on `paper` (a length, or one per paper)."""
    if isinstance(setting, dict):
        setting = setting.get(paper.lower())
    if setting is None:
        return PAGE_MARGIN
    return parse_length(setting)
