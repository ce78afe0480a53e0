"""Token punch sheets: as many tokens as fit, cut lines, counts from the database, duplex backs."""

from __future__ import annotations

import io
import math

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from cards import load_game
from cards.units import MM
from generator.geometry import TOKEN_GAP, page_size, printable
from generator.tokens import plan_tokens, render_tokens, token_copies


@pytest.fixture(scope="module")
def heartstrings():
    return load_game("heartstrings")


def _render(db, sheet, paper: str) -> bytes:
    out = io.BytesIO()
    render_tokens(db, sheet, paper, out)
    return out.getvalue()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tokens_fill_the_printable_area_without_touching(paper):
    plan = plan_tokens(20 * MM, paper)
    area = printable(page_size(paper))
    boxes = [plan.cut_box(i) for i in range(plan.per_page)]
    assert plan.per_page >= 8 * 12  # twenty-millimetre tokens: at least 8 across, 12 down
    for box in boxes:
        assert area.x <= box.x and box.right <= area.right and area.y <= box.y and box.top <= area.top
        assert (box.w, box.h) == pytest.approx((20 * MM, 20 * MM))
    neighbours = boxes[1].x - boxes[0].right
    assert neighbours == pytest.approx(TOKEN_GAP)
    assert plan_tokens(20 * MM, paper).cols == int((area.w + TOKEN_GAP) // (20 * MM + TOKEN_GAP))


def test_a_token_too_big_for_the_paper_is_refused():
    from generator.errors import PaperError

    with pytest.raises(PaperError, match="does not fit on a4"):
        plan_tokens(300 * MM, "a4")


def test_heartstrings_prints_every_players_tokens_in_their_colour(heartstrings):
    """'12 player tokens (green or blue) used to occupy the rooms on the board' (and red for a third player)."""
    sheet = heartstrings.tokens[0]
    rules = heartstrings.rules
    assert [t.count for t in sheet.tokens] == [rules.tokens_per_player] * heartstrings.meta.players.max
    assert [t.color for t in sheet.tokens] == list(rules.player_colors)
    assert len(token_copies(sheet)) == rules.tokens_per_player * heartstrings.meta.players.max


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_duplex_token_sheets_alternate_fronts_and_mirrored_backs(heartstrings, paper):
    sheet = heartstrings.tokens[0]
    plan = plan_tokens(20 * MM, paper)
    reader = PdfReader(io.BytesIO(_render(heartstrings, sheet, paper)))
    sheets_needed = math.ceil(len(token_copies(sheet)) / plan.per_page)
    assert len(reader.pages) == 2 * sheets_needed
    assert plan.back_box(0).right == pytest.approx(page_size(paper)[0] - plan.cut_box(0).x)


def _pixel(image, box, page_height: float, scale: float, dx: float = 0.0):
    x = (box.x + box.w / 2 + dx) * scale
    y = (page_height - (box.y + box.h / 2)) * scale
    return image.getpixel((int(x), int(y)))


def test_each_token_is_printed_in_its_colour_inside_a_dark_cut_line(heartstrings):
    """Rasterised: the token's rim carries its colour; the cut circle is drawn at exactly its size."""
    sheet = heartstrings.tokens[0]
    plan = plan_tokens(20 * MM, "a4")
    scale = 4
    image = pdfium.PdfDocument(_render(heartstrings, sheet, "a4"))[0].render(scale=scale).to_pil().convert("RGB")
    page_height = page_size("a4")[1]
    for slot, token in enumerate(token_copies(sheet)[:plan.per_page]):
        box = plan.cut_box(slot)
        rim = _pixel(image, box, page_height, scale, dx=box.w * 0.45)
        expected = tuple(int(token.color[i:i + 2], 16) for i in (1, 3, 5))
        assert all(abs(a - b) <= 12 for a, b in zip(rim, expected)), (slot, rim, token.color)
        cut = _pixel(image, box, page_height, scale, dx=box.w / 2)
        assert sum(cut) < sum(expected), (slot, cut)  # the cut line is darker than the token


@pytest.mark.parametrize("colour, line_is_lighter", [("#222222", True), ("#c0392b", False), ("#f4d03f", False)])
def test_the_cut_line_shows_on_every_token_colour(colour, line_is_lighter):
    """Print audit: the dark cut line did not show on Half the Battle's black tokens, so they were
    cut on the edge of their bleed. Rasterised, the line differs from the token's colour: light
    on a dark token, dark on the others."""
    from types import SimpleNamespace

    from reportlab.pdfgen.canvas import Canvas

    from generator.geometry import Box
    from generator.tokens import draw_token

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(100, 100))
    draw_token(canvas, Box(20, 20, 60, 60), SimpleNamespace(color=colour, icon=None, label="", back_label=""), "round")
    canvas.save()
    image = pdfium.PdfDocument(out.getvalue())[0].render(scale=8).to_pil().convert("RGB")
    line, inside = image.getpixel((80 * 8, 50 * 8)), image.getpixel((70 * 8, 50 * 8))
    assert (sum(line) > sum(inside)) == line_is_lighter and abs(sum(line) - sum(inside)) > 90, (line, inside)


def test_a_token_sheet_with_a_layout_draws_each_token_through_it(cards_copy):
    """A designer's own token look: the layout sees `token` and `side`; the cut line stays the generator's."""
    from generator.layoutfile import layout_folders

    components = cards_copy / "heartstrings" / "components.yaml"
    components.write_text(components.read_text().replace("    size: 20mm\n", "    size: 20mm\n    layout: my-token\n"))
    templates = cards_copy / "heartstrings" / "templates"
    templates.mkdir()
    (templates / "my-token.yaml").write_text(
        "elements:\n  - {id: name, type: text, x: 2, y: 8, w: 16, h: 4, size: 5, align: center,"
        " text: '{{ token.id }} {{ side }}'}\n")
    db = load_game("heartstrings", cards_copy)
    assert templates in layout_folders(db)
    text = PdfReader(io.BytesIO(_render(db, db.tokens[0], "a4"))).pages[0].extract_text()
    assert text.count("token-green front") == db.rules.tokens_per_player


@pytest.mark.parametrize("shape, corner_is_coloured", [("square", True), ("round", False)])
def test_square_tokens_fill_their_corners_and_round_ones_do_not(cards_copy, shape, corner_is_coloured):
    components = cards_copy / "heartstrings" / "components.yaml"
    components.write_text(components.read_text().replace("shape: round", f"shape: {shape}"))
    db = load_game("heartstrings", cards_copy)
    plan = plan_tokens(20 * MM, "a4")
    scale = 4
    image = pdfium.PdfDocument(_render(db, db.tokens[0], "a4"))[0].render(scale=scale).to_pil().convert("RGB")
    box = plan.cut_box(0)
    inset = 1.5 * MM  # inside the cut box, near its top-left corner
    corner = image.getpixel((int((box.x + inset) * scale), int((page_size("a4")[1] - box.top + inset) * scale)))
    expected = tuple(int(db.tokens[0].tokens[0].color[i:i + 2], 16) for i in (1, 3, 5))
    is_coloured = all(abs(a - b) <= 12 for a, b in zip(corner, expected))
    assert is_coloured is corner_is_coloured, corner


def test_strip_tokens_plan_rows_of_their_own_width_and_height():
    """`shape: strip` with `size: W x H`: cut boxes W wide and H high, a gap apart, on the page."""
    plan = plan_tokens((35 * MM, 12 * MM), "a4")
    first, right, below = plan.cut_box(0), plan.cut_box(1), plan.cut_box(plan.cols)
    assert (first.w, first.h) == (35 * MM, 12 * MM)
    assert right.x - first.x == pytest.approx(35 * MM + TOKEN_GAP)
    assert first.y - below.y == pytest.approx(12 * MM + TOKEN_GAP)
    assert plan.rows > plan.cols


def _label_sizes(page: pdfium.PdfPage, labels: set[str]) -> dict[str, float]:
    """The font size, in points, of each of `labels` found on the page."""
    import pypdfium2.raw as pdfium_c

    textpage = page.get_textpage()
    sizes = {}
    for label in labels:
        found = textpage.search(label, match_case=True, match_whole_word=True).get_next()
        if found:
            sizes[label] = round(pdfium_c.FPDFText_GetFontSize(textpage.raw, found[0]), 2)
    return sizes


def test_half_the_battle_token_backs_show_the_icon_and_every_label_at_one_size():
    """The B side of a character token printed its name alone, from huge ('Lich') to small
    ('Barbarian'); now both sides show the die's icon, and one size serves every label."""
    db = load_game("half-the-battle")
    sheet = next(s for s in db.tokens if s.id == "character-tokens")
    pdf = pdfium.PdfDocument(_render(db, sheet, "a4"))
    plan = plan_tokens(sheet.extent(), "a4")
    fronts, backs = {t.label for t in sheet.tokens}, {t.back_label for t in sheet.tokens}
    for page, labels in ((pdf[0], fronts), (pdf[1], backs)):
        sizes = _label_sizes(page, labels)
        assert set(sizes) == labels and len(set(sizes.values())) == 1, sizes
    assert _label_sizes(pdf[0], fronts)["Wizard"] == _label_sizes(pdf[1], backs)["Sorcerer"]
    image = pdf[1].render(scale=2).to_pil().convert("RGB")
    for slot, token in enumerate(token_copies(sheet)):
        box = plan.back_box(slot)  # the icon sits above the label, in white on the token's colour
        x0, y0 = box.x + box.w * 0.35, plan.page[1] - (box.y + box.h * 0.75)
        patch = image.crop((int(x0 * 2), int(y0 * 2), int((x0 + box.w * 0.3) * 2), int((y0 + box.h * 0.2) * 2)))
        assert max(min(p) for p in (patch.getpixel((x, y)) for x in range(patch.width)
                                    for y in range(patch.height))) > 240, token.id
