"""Issue 16, part 1: nothing important in the strip a home printer cannot print.

"every mark, label and footer lies at least 5 mm inside the paper ... Test: rasterise every page
of every shipped kit and assert no ink within 5 mm of the edge outside the card/board area."
"Footers and stamps are measured and never overlap anything (a test checks text boxes for overlap
on every component)." "Rulebook covers: ... keep full-bleed art inside the printable area."
"""

from __future__ import annotations

import pytest
from shipped import GAMES, PAPERS, ink_near_edges, overprinted_text

from cards.units import MM, parse_size
from generator.geometry import FOOTER_BAND, PAGE_MARGIN, page_margin
from generator.imposition import crop_mark_segments, footer_baseline, plan_sheet

KITS = [(game, paper) for game in GAMES for paper in PAPERS]


@pytest.mark.parametrize(("game", "paper"), KITS, ids=[f"{g}-{p}" for g, p in KITS])
def test_no_ink_within_5_mm_of_the_paper_edge(shipped_kits, game, paper):
    """Every page of every file of the kit, rasterised: the 5 mm edge strip stays white."""
    found = [(path.name, ink) for path in shipped_kits[game, paper] for ink in ink_near_edges(path, 5)]
    assert not found, found[:10]


@pytest.mark.parametrize(("inset_mm", "edge", "found"),
                         [(4.9, "left", True), (5.0, "left", False), (4.9, "top", True), (4.9, "bottom", True),
                          (4.9, "right", True), (5.0, "right", False)])
def test_the_edge_check_finds_ink_4_9_mm_from_the_edge(tmp_path, inset_mm, edge, found):
    """A hairline 4.9 mm from the paper's edge is in the strip, one at 5 mm is not: at 100 dpi the
    strip was 4.6 mm wide, and a colour band 4.9 mm in passed the check above."""
    from reportlab.pdfgen.canvas import Canvas

    width, height = 595.0, 842.0
    canvas = Canvas(str(tmp_path / "mark.pdf"), pagesize=(width, height))
    canvas.setLineWidth(0.25)
    inset = inset_mm * MM
    x = {"left": inset, "right": width - inset}.get(edge, width / 2)
    y = {"bottom": inset, "top": height - inset}.get(edge, height / 2)
    along = {"left": (0, 20), "right": (0, 20), "top": (20, 0), "bottom": (20, 0)}[edge]
    dx, dy = {"left": (-1, 0), "right": (1, 0), "bottom": (0, -1), "top": (0, 1)}[edge]
    canvas.line(x - dx * 0.125 + along[0], y - dy * 0.125 + along[1],
                x - dx * 0.125 - along[0], y - dy * 0.125 - along[1])  # its outer side at the inset
    canvas.save()
    hits = ink_near_edges(tmp_path / "mark.pdf", 5)
    assert [hit.edge for hit in hits] == ([edge] if found else []), hits


@pytest.mark.parametrize(("game", "paper"), KITS, ids=[f"{g}-{p}" for g, p in KITS])
def test_no_text_is_printed_over_other_text(shipped_kits, game, paper):
    """Footers, stamps and labels of every component: no two text runs share their box."""
    found = [(path.name, *hit) for path in shipped_kits[game, paper] for hit in overprinted_text(path)]
    assert not found, found[:10]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", ["poker", "tarot", "bridge", "mini"])
def test_crop_marks_and_footer_stay_inside_the_margin(size, paper):
    """Each crop mark ends at least the margin inside the paper; the bottom ones clear the footer band."""
    plan = plan_sheet(parse_size(size), 3 * MM, paper)
    width, height = plan.page
    for x0, y0, x1, y1 in crop_mark_segments(plan):
        assert min(x0, x1) >= PAGE_MARGIN - 0.01 and max(x0, x1) <= width - PAGE_MARGIN + 0.01
        assert min(y0, y1) >= PAGE_MARGIN + FOOTER_BAND - 0.01
        assert max(y0, y1) <= height - PAGE_MARGIN - FOOTER_BAND + 0.01
    assert footer_baseline() - 0.25 * 6 >= PAGE_MARGIN - 0.01


def test_letter_poker_sheet_turns_landscape_rather_than_print_marks_in_the_margin():
    """On Letter a 3x3 poker grid leaves 7.7 mm above and below: no room for bleed and marks. The
    plan says so by taking the layout that fits: 4 x 2 on a landscape page."""
    plan = plan_sheet(parse_size("poker"), 3 * MM, "letter")
    assert (plan.cols, plan.rows, plan.is_landscape) == (4, 2, True)
    a4 = plan_sheet(parse_size("poker"), 3 * MM, "a4")
    assert (a4.cols, a4.rows, a4.is_landscape) == (3, 3, False)


def test_a_wider_margin_gives_fewer_cards():
    """`print: {margin: ...}` per paper: a printer that needs 12 mm gets a grid that leaves it."""
    assert page_margin({"letter": "12mm"}, "letter") == pytest.approx(12 * MM)
    assert page_margin({"letter": "12mm"}, "a4") == pytest.approx(PAGE_MARGIN)
    assert page_margin(None, "a4") == pytest.approx(5 * MM)
    wide = plan_sheet(parse_size("poker"), 3 * MM, "a4", margin=12 * MM)
    assert wide.per_sheet < plan_sheet(parse_size("poker"), 3 * MM, "a4").per_sheet
    for x0, y0, x1, y1 in crop_mark_segments(wide):
        assert min(x0, x1, y0, y1) >= 12 * MM - 0.01


def test_a_partial_sheet_marks_only_the_cards_it_holds():
    """'partial sheets print no crop marks for empty slots': 2 cards on a 3x3 sheet mark one row."""
    plan = plan_sheet(parse_size("poker"), 3 * MM, "a4")
    placed = [plan.trim_box(0), plan.trim_box(1)]
    marks = crop_mark_segments(plan, placed)
    xs = {round(x0, 3) for x0, y0, x1, y1 in marks if x0 == x1}
    assert xs == {round(v, 3) for v in (placed[0].x, placed[0].right, placed[1].right)}
    lowest = min(min(y0, y1) for _, y0, _, y1 in marks)
    assert lowest > plan.trim_box(3).top - 10 * MM  # nothing around the empty second and third rows
