"""Card imposition, checked in points in the PDF itself: trim size, bleed, crop marks, duplex.

DESIGN: "true physical sizes (poker 63x88 mm by default), 3 mm bleed, ... crop marks outside
the card, A4 and US Letter, the most cards per sheet that fit, and duplex backs placed so
that a long-edge flip lines each back up with its front. Print at 100% must measure right:
tests check positions in points."
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cards.units import MM, parse_size
from generator.errors import PaperError
from generator.geometry import CROP_MARK_GAP, PAGE_MARGIN, Box, landscape, page_size
from generator.imposition import impose_cards, plan_sheet, render_cards_pdf

POKER = parse_size("poker")
BLEED = 3 * MM
TOLERANCE = 0.01  # points; PDF numbers are written with 4-5 decimals
PAPERS = ["a4", "letter"]
# Poker cards per sheet (columns, rows) and page orientation: on Letter a portrait 3x3 grid leaves
# no room for crop marks inside the 5 mm margin, so the sheet turns landscape and holds eight.
POKER_GRID = {"a4": (3, 3, False), "letter": (4, 2, True)}
FULL = {paper: cols * rows for paper, (cols, rows, _) in POKER_GRID.items()}


def _face(index: int, side: str):
    """A face that fills its whole bleed box with a colour that identifies card and side."""
    shade = (index + 1) / 64

    def draw(canvas, x, y, w, h):
        if side == "front":
            canvas.setFillColorRGB(shade, 0, 0)
        else:
            canvas.setFillColorRGB(0, 0, shade)
        canvas.rect(x, y, w, h, stroke=0, fill=1)

    return draw


@dataclass
class Page:
    """What a PDF page holds: the filled boxes by fill colour (not clip paths), the line segments."""

    size: tuple[float, float]
    fills: dict[tuple[float, ...], Box]
    fill_count: dict[tuple[float, ...], int]
    lines: list[tuple[float, float, float, float]]


def _read_pages(data: bytes) -> list[Page]:
    reader = PdfReader(io.BytesIO(data))
    pages = []
    for page in reader.pages:
        fills: dict[tuple[float, ...], Box] = {}
        counts: dict[tuple[float, ...], int] = {}
        lines = []
        colour: tuple[float, ...] = ()
        rect: list[float] = []
        start = (0.0, 0.0)
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            values = [float(v) for v in operands] if op in (b"rg", b"re", b"m", b"l") else []
            if op == b"rg":
                colour = tuple(values)
            elif op == b"re":
                rect = values
            elif op in (b"f", b"f*") and colour and rect:
                fills[colour] = Box(*rect)
                counts[colour] = counts.get(colour, 0) + 1
            elif op == b"m":
                start = (values[0], values[1])
            elif op == b"l":
                lines.append((start[0], start[1], values[0], values[1]))
        size = (float(page.mediabox.width), float(page.mediabox.height))
        pages.append(Page(size, fills, counts, lines))
    return pages


def _render(paper: str, count: int, with_backs: bool = True, card=POKER) -> list[Page]:
    faces = [_face(i, "front") for i in range(count)]
    backs = [_face(i, "back") for i in range(count)] if with_backs else None
    buffer = io.BytesIO()
    render_cards_pdf(buffer, faces, backs, card, BLEED, paper, "test deck")
    return _read_pages(buffer.getvalue())


def _front_colour(index: int) -> tuple[float, ...]:
    return (round((index + 1) / 64, 5), 0.0, 0.0)


def _back_colour(index: int) -> tuple[float, ...]:
    return (0.0, 0.0, round((index + 1) / 64, 5))


def _lookup(page: Page, colour: tuple[float, ...]) -> Box:
    for found, box in page.fills.items():
        if all(abs(a - b) < 1e-4 for a, b in zip(found, colour, strict=True)):
            return box
    raise AssertionError(f"no box filled with {colour} on the page; found {list(page.fills)}")


def _trim(bleed_box: Box) -> Box:
    return bleed_box.grown(-BLEED)


@pytest.mark.parametrize("paper", PAPERS)
def test_pages_have_the_paper_size_in_points(paper):
    pages = _render(paper, 9)
    expected = landscape(page_size(paper)) if POKER_GRID[paper][2] else page_size(paper)
    assert all(p.size == pytest.approx(expected, abs=TOLERANCE) for p in pages)


@pytest.mark.parametrize("paper", PAPERS)
def test_poker_trim_box_is_exactly_63_by_88_mm(paper):
    """Each face is handed its bleed box; trimmed, that is 63 x 88 mm, with 3 mm on every side."""
    front = _render(paper, FULL[paper])[0]
    for index in range(FULL[paper]):
        bleed_box = _lookup(front, _front_colour(index))
        assert bleed_box.w == pytest.approx(63 * MM + 2 * BLEED, abs=TOLERANCE)
        assert bleed_box.h == pytest.approx(88 * MM + 2 * BLEED, abs=TOLERANCE)
        assert _trim(bleed_box).w == pytest.approx(178.5827, abs=TOLERANCE)  # 63 mm in points
        assert _trim(bleed_box).h == pytest.approx(249.4488, abs=TOLERANCE)  # 88 mm in points


@pytest.mark.parametrize("paper", PAPERS)
def test_poker_cards_fill_a_sheet_and_stay_inside_the_margin(paper):
    plan = plan_sheet(POKER, BLEED, paper)
    assert (plan.cols, plan.rows, plan.is_landscape) == POKER_GRID[paper]
    width, height = plan.page
    for slot in range(plan.per_sheet):
        bleed_box = plan.bleed_box(plan.trim_box(slot))
        assert bleed_box.x >= PAGE_MARGIN and bleed_box.y >= PAGE_MARGIN
        assert bleed_box.right <= width - PAGE_MARGIN and bleed_box.top <= height - PAGE_MARGIN


@pytest.mark.parametrize("paper", PAPERS)
def test_neighbouring_cards_share_their_trim_lines(paper):
    """No gutter: one cut separates two cards, so the next card starts where the last was trimmed."""
    front = _render(paper, FULL[paper])[0]
    first, second = (_trim(_lookup(front, _front_colour(i))) for i in (0, 1))
    below = _trim(_lookup(front, _front_colour(POKER_GRID[paper][0])))
    assert second.x == pytest.approx(first.right, abs=TOLERANCE)
    assert below.top == pytest.approx(first.y, abs=TOLERANCE)


@pytest.mark.parametrize("paper", PAPERS)
def test_crop_marks_lie_on_trim_lines_outside_every_card(paper):
    front = _render(paper, FULL[paper])[0]
    plan = plan_sheet(POKER, BLEED, paper)
    grid_bleed = plan.grid.grown(BLEED)
    verticals = [ln for ln in front.lines if abs(ln[0] - ln[2]) < TOLERANCE]
    horizontals = [ln for ln in front.lines if abs(ln[1] - ln[3]) < TOLERANCE]
    assert sorted({round(ln[0], 2) for ln in verticals}) == pytest.approx(plan.cut_xs(), abs=TOLERANCE)
    assert sorted({round(ln[1], 2) for ln in horizontals}) == pytest.approx(plan.cut_ys(), abs=TOLERANCE)
    for x1, y1, x2, y2 in front.lines:
        nearest_end = min(abs(y1 - grid_bleed.y), abs(y1 - grid_bleed.top), abs(x1 - grid_bleed.x),
                          abs(x1 - grid_bleed.right))
        assert nearest_end == pytest.approx(CROP_MARK_GAP, abs=TOLERANCE)
        outside = (max(y1, y2) <= grid_bleed.y or min(y1, y2) >= grid_bleed.top
                   or max(x1, x2) <= grid_bleed.x or min(x1, x2) >= grid_bleed.right)
        assert outside, f"crop mark {(x1, y1, x2, y2)} touches the printed cards"


@pytest.mark.parametrize("paper", PAPERS)
def test_each_back_lands_behind_its_front_after_a_long_edge_flip(paper):
    """Backs follow on the next page; turned over the paper's long edge (left to right on a portrait
    page, top to bottom on a landscape one), every back covers its own front."""
    pages = _render(paper, FULL[paper])
    front, back = pages[0], pages[1]
    width, height = front.size
    for index in range(FULL[paper]):
        front_box = _lookup(front, _front_colour(index))
        back_box = _lookup(back, _back_colour(index))
        if POKER_GRID[paper][2]:
            assert (back_box.x, back_box.y) == pytest.approx((front_box.x, height - front_box.top), abs=TOLERANCE)
        else:
            assert (back_box.x, back_box.y) == pytest.approx((width - front_box.right, front_box.y), abs=TOLERANCE)
        assert (back_box.w, back_box.h) == pytest.approx((front_box.w, front_box.h), abs=TOLERANCE)


@pytest.mark.parametrize("paper", PAPERS)
def test_first_card_back_is_where_the_flip_puts_it(paper):
    """Top right of a portrait back page; bottom left of a landscape one."""
    pages = _render(paper, FULL[paper])
    first_back = _lookup(pages[1], _back_colour(0))
    last_back = _lookup(pages[1], _back_colour(FULL[paper] - 1))
    if POKER_GRID[paper][2]:
        assert first_back.y < last_back.y and first_back.x < last_back.x
    else:
        assert first_back.x > _lookup(pages[1], _back_colour(2)).x


def test_fronts_and_backs_alternate_over_sheets():
    pages = _render("a4", 11)
    assert len(pages) == 4
    _lookup(pages[0], _front_colour(8))
    _lookup(pages[1], _back_colour(8))
    _lookup(pages[2], _front_colour(9))
    _lookup(pages[3], _back_colour(10))


def test_no_backs_means_one_page_per_sheet_of_fronts():
    assert len(_render("letter", 10, with_backs=False)) == 2


def test_a_single_back_is_used_for_every_card():
    """Checked on the rasterised back page, so it holds however the back is drawn (inline or as a form)."""
    import pypdfium2

    buffer = io.BytesIO()
    faces = [_face(i, "front") for i in range(3)]
    render_cards_pdf(buffer, faces, [_face(7, "back")], POKER, BLEED, "a4", "one back")
    plan = plan_sheet(POKER, BLEED, "a4")
    image = pypdfium2.PdfDocument(buffer.getvalue())[1].render(scale=1).to_pil().convert("RGB")
    expected_blue = round(8 / 64 * 255)
    for slot in range(3):
        box = plan.back_box(slot)
        centre = (round(box.x + box.w / 2), round(plan.page[1] - (box.y + box.h / 2)))
        red, green, blue = image.getpixel(centre)
        assert (red, green) == (0, 0) and abs(blue - expected_blue) <= 2, (slot, image.getpixel(centre))
    empty = plan.back_box(3)
    assert image.getpixel((round(empty.x + empty.w / 2), round(plan.page[1] - empty.y - empty.h / 2))) == (
        255, 255, 255)


@pytest.mark.parametrize(("size", "expected"), [
    pytest.param("tarot", (2, 2), id="tarot"),
    pytest.param("mini", (4, 4), id="mini"),
    pytest.param("jumbo", (2, 2), id="jumbo"),
])
def test_other_card_sizes_get_the_most_that_fit_on_a4(size, expected):
    plan = plan_sheet(parse_size(size), BLEED, "a4")
    assert (plan.cols, plan.rows) == expected


def test_a_card_larger_than_the_paper_is_refused():
    with pytest.raises(PaperError, match="does not fit inside the .* margin of a4"):
        plan_sheet((300 * MM, 400 * MM), BLEED, "a4")


def test_unknown_paper_names_the_choices():
    with pytest.raises(PaperError, match="a4, letter"):
        page_size("tabloid")


def test_same_cards_same_bytes():
    def build() -> bytes:
        buffer = io.BytesIO()
        render_cards_pdf(buffer, [_face(0, "front")] * 5, [_face(0, "back")], POKER, BLEED, "a4", "t")
        return buffer.getvalue()

    assert build() == build()


def test_two_decks_can_be_imposed_on_one_canvas():
    """gen-book's reference cards impose several groups on one canvas; each keeps its own faces."""
    from generator.pdfcanvas import new_canvas

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, page_size("a4"), "two decks")
    impose_cards(canvas, [_face(0, "front")] * 2, [_face(0, "back")], POKER, BLEED, "a4")
    impose_cards(canvas, [_face(1, "front")] * 2, [_face(1, "back")], POKER, BLEED, "a4")
    canvas.save()
    import pypdfium2

    document = pypdfium2.PdfDocument(buffer.getvalue())
    plan = plan_sheet(POKER, BLEED, "a4")
    box = plan.trim_box(0)
    centre = (round(box.x + box.w / 2), round(plan.page[1] - (box.y + box.h / 2)))
    first, second = (document[i].render(scale=1).to_pil().convert("RGB").getpixel(centre) for i in (0, 2))
    assert abs(first[0] - round(1 / 64 * 255)) <= 2
    assert abs(second[0] - round(2 / 64 * 255)) <= 2
