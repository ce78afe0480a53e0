"""Issue 16, part 4: a kit that explains how to print it, embeds its fonts and tells a print shop
where to cut.

"Every kit opens with a print-instructions page generated from the build: which file on which
paper/cardstock, how many copies, scale 100% with a 50 mm calibration square and a ruler to check
it, duplex flip edge, cutting order, and a checklist of every sheet." "PDFs embed their fonts ...,
set TrimBox and BleedBox on card pages, and carry the game and version in their metadata."
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from pdf_ops import operations
from pypdf import PdfReader
from shipped import GAMES, PAPERS

from cards import load_game
from cards.units import MM
from generator.instructions import print_plan
from generator.packing import card_groups
from generator.stamps import printed_version

KITS = [(game, paper) for game in GAMES for paper in PAPERS]
IDS = [f"{g}-{p}" for g, p in KITS]


def _files(kits, game, paper) -> dict[str, PdfReader]:
    return {path.name: PdfReader(path) for path in kits[game, paper]}


def _text(reader: PdfReader, page: int) -> str:
    return " ".join((reader.pages[page].extract_text() or "").split())


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_the_rulebook_opens_with_print_instructions_for_every_file(shipped_kits, game, paper):
    files = _files(shipped_kits, game, paper)
    rulebook = files[f"rulebook-{paper}.pdf"]
    text = " ".join(_text(rulebook, i) for i in range(1, 4))
    assert "How to print this kit" in _text(rulebook, 1)
    assert "100% scale" in text and "50 mm" in text and "long edge" in text and "Cutting order" in text
    for name in files:
        assert name in text, name
    for plan in print_plan(load_game(game), paper):
        if plan.sheets:
            assert plan.pages == len(files[plan.file].pages), plan.file
            assert re.search(rf"{re.escape(plan.file)}( \(2-sided\))?: (\[ \] \d+\s*)*\[ \] {plan.sheets}\b",
                             text)  # the checklist: a box per sheet


@pytest.mark.parametrize("paper", PAPERS)
def test_the_calibration_square_is_50_mm_in_points(shipped_kits, paper):
    rulebook = _files(shipped_kits, "heartstrings", paper)[f"rulebook-{paper}.pdf"]
    squares = [ops for ops, op in operations(rulebook, 1) if op == b"re"
               and abs(float(ops[2]) - 50 * MM) < 0.01 and abs(float(ops[3]) - 50 * MM) < 0.01]
    assert len(squares) == 1


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_every_font_is_embedded(shipped_kits, game, paper):
    for name, reader in _files(shipped_kits, game, paper).items():
        for page in reader.pages:
            fonts = page.get("/Resources", {}).get("/Font", {})
            for font in fonts.values():
                font = font.get_object()
                descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                descriptor = descendant.get("/FontDescriptor")
                assert descriptor is not None, (name, font.get("/BaseFont"))
                descriptor = descriptor.get_object()
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), (name, font["/BaseFont"])


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_card_pages_carry_trim_and_bleed_boxes(shipped_kits, game, paper):
    db = load_game(game)
    bleed = 3 * MM
    for group in card_groups(db):
        reader = _files(shipped_kits, game, paper)[f"{group.id}-{paper}.pdf"]
        for page in reader.pages:
            trim, bleed_box = page.trimbox, page.bleedbox
            assert (float(trim.width), float(trim.height)) != (float(page.mediabox.width), float(page.mediabox.height))
            assert float(bleed_box.width) == pytest.approx(float(trim.width) + 2 * bleed, abs=0.01)
            assert float(bleed_box.left) == pytest.approx(float(trim.left) - bleed, abs=0.01)


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_metadata_names_the_game_and_version(shipped_kits, game, paper):
    db = load_game(game)
    for name, reader in _files(shipped_kits, game, paper).items():
        meta = reader.metadata
        assert db.meta.name in meta.title, name
        assert printed_version(db) in (meta.subject or ""), name


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_a_component_page_pictures_every_component_with_its_count(shipped_kits, game, paper):
    """Issue 16, part 5: "A component page with a picture of each component (rendered from the kit
    itself at small size) so a player can check the box."""
    db = load_game(game)
    rulebook = _files(shipped_kits, game, paper)[f"rulebook-{paper}.pdf"]
    first_page = next(i for i in range(len(rulebook.pages)) if "What you should have" in _text(rulebook, i))
    contents = next(i for i in range(first_page, len(rulebook.pages)) if "Page " in _text(rulebook, i)
                    and " Contents " in f" {_text(rulebook, i)} ")
    # the component pages run from their heading up to the contents (Half the Battle's take two)
    text = " ".join(_text(rulebook, page) for page in range(first_page, contents))
    for deck in db.decks:
        assert f"{deck.name}: {sum(card.count for card in deck.cards)}" in text
    for tokens in db.tokens:
        for token in tokens.tokens:
            assert f"{token.name}: {token.count}" in text
    for sheet in db.sheets:
        assert sheet.name in text
    # the pictures are the kit's own drawings: the first deck's first card prints its corner, small
    first = f"{db.decks[0].code} 01/" if db.decks else db.sheets[0].name
    assert first in text


def _body_fill(page, frame_top: float, frame_bottom: float) -> float:
    """Share of the text frame's height between its highest and lowest line of body text."""
    textpage = page.get_textpage()
    boxes = [textpage.get_rect(i) for i in range(textpage.count_rects())]
    body = [(bottom, top) for _, bottom, _, top in boxes if bottom > frame_bottom - 1]
    if not body:
        return 0.0
    return (max(top for _, top in body) - min(bottom for bottom, _ in body)) / (frame_top - frame_bottom)


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_no_rulebook_page_is_nearly_empty(shipped_kits, game, paper):
    """Issue 16, part 5: "No ... nearly empty pages: ... a page that would hold under 15% of a
    page's text pulls back." Measured on the text of every page after the cover (a title page,
    not a page of text), the last page included: the issue makes no exception for it, and the
    guard pushes text onto a last page that tightening cannot pull back."""
    import pypdfium2 as pdfium

    path = next(p for p in shipped_kits[game, paper] if p.name == f"rulebook-{paper}.pdf")
    document = pdfium.PdfDocument(path)
    for number in range(1, len(document)):
        page = document[number]
        _, height = page.get_size()
        fill = _body_fill(page, height - 20 * MM, 22 * MM)
        assert fill >= 0.15, f"page {number + 1} holds {fill:.0%} of a page"


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_no_rulebook_page_ends_with_a_heading(shipped_kits, game, paper):
    """Looking at every page: "14.1 Other terms" ended page 15 of the Halfwish rulebook, its list
    overleaf (and three more in Skirmish). A heading starts a new page unless what it introduces
    fits under it (`generator.keepwith.room_under_introductions`)."""
    import pypdfium2 as pdfium

    from generator.markdown import markdown_to_flowables
    from generator.rulebook import rulebook_markdown
    from generator.rulebook_pdf import RULEBOOK_THEME

    db = load_game(game)
    headings = {f.toc_text for f in markdown_to_flowables(rulebook_markdown(db), 400, RULEBOOK_THEME)
                if hasattr(f, "toc_text")}
    path = next(p for p in shipped_kits[game, paper] if p.name == f"rulebook-{paper}.pdf")
    document = pdfium.PdfDocument(path)
    for number in range(len(document)):
        lines = [line.strip() for line in document[number].get_textpage().get_text_range().splitlines()]
        body = [line for line in lines if line and "\u2014 Rules" not in line and not line.startswith(("version ", "Page "))]
        assert not body or body[-1] not in headings, f"page {number + 1} ends with the heading {body[-1]!r}"


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_no_rulebook_page_ends_with_a_lead_in(shipped_kits, game, paper):
    """Looking at every page: the Skirmish Letter rulebook ended page 8 with "Hits to faint:", the
    table it introduces overleaf. A line ending in a colon stays with what it introduces, like a
    heading (`generator.keepwith.room_under_introductions`); a picture after it moves whole.
    A lead-in is a paragraph that ends with a colon: a page may break inside a paragraph after a
    line that happens to end with one (a ruling's "... Why:")."""
    import pypdfium2 as pdfium

    from generator.markdown import markdown_to_flowables
    from generator.paragraphs import Paragraph
    from generator.rulebook import rulebook_markdown
    from generator.rulebook_pdf import RULEBOOK_THEME

    flowables = markdown_to_flowables(rulebook_markdown(load_game(game)), 400, RULEBOOK_THEME)
    lead_ins = [" ".join(f.getPlainText().split()) for f in flowables
                if isinstance(f, Paragraph) and f.getPlainText().rstrip().endswith(":")]
    path = next(p for p in shipped_kits[game, paper] if p.name == f"rulebook-{paper}.pdf")
    document = pdfium.PdfDocument(path)
    for number in range(len(document)):
        lines = [line.strip() for line in document[number].get_textpage().get_text_range().splitlines()]
        body = [line for line in lines if line and "\u2014 Rules" not in line and not line.startswith(("version ", "Page "))]
        if body and body[-1].endswith(":"):
            ending = [lead for lead in lead_ins if lead.endswith(body[-1])]
            assert not ending, f"page {number + 1} ends with the lead-in {ending[0]!r}"


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_no_rulebook_page_ends_with_a_heading_and_one_line_of_what_runs_on(shipped_kits, game, paper):
    """Print audit: Which Witch's "10. Rulings" and its one line ended an A4 page, every ruling
    overleaf; a Half the Battle ruling's heading and one line ended a page, its "Why:" overleaf.
    A heading and one line end a page only when the next page starts with the next heading."""
    import pypdfium2 as pdfium

    from generator.markdown import markdown_to_flowables
    from generator.rulebook import rulebook_markdown
    from generator.rulebook_pdf import RULEBOOK_THEME

    headings = {f.toc_text for f in markdown_to_flowables(rulebook_markdown(load_game(game)), 400, RULEBOOK_THEME)
                if hasattr(f, "toc_text")}
    path = next(p for p in shipped_kits[game, paper] if p.name == f"rulebook-{paper}.pdf")
    document = pdfium.PdfDocument(path)
    pages = []
    for number in range(len(document)):
        lines = [line.strip() for line in document[number].get_textpage().get_text_range().splitlines()]
        pages.append([line for line in lines if line and "\u2014 Rules" not in line and not line.startswith(("version ", "Page "))])
    for number, (body, after) in enumerate(itertools.pairwise(pages), 1):
        if len(body) >= 2 and body[-2] in headings and after:
            assert after[0] in headings, f"page {number} ends with {body[-2]!r} and one line, the rest overleaf"


def test_a_heading_keeps_room_for_a_picture_its_one_line_leads_into():
    """`9. The battlefield`, its one line, then the map: the three start a page together (the
    Skirmish Letter rulebook ended a page with the heading and the line, the map overleaf), while a
    table after the line may run on overleaf as before, and a second paragraph after its first
    two lines."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Spacer, Table

    from generator.keepwith import _room_after
    from generator.paragraphs import Paragraph

    line = Paragraph("6 columns (A to F) and 8 rows.", ParagraphStyle("body", fontSize=10, leading=12))
    picture = Spacer(400, 200)  # a drawing that cannot be split
    assert _room_after([line, picture], 400, most=72) >= 12 + 200
    assert _room_after([line, Paragraph("More text. " * 30, line.style), picture], 400, most=72) == 12 + 2 * 12
    assert _room_after([line, Table([["a"]])], 400, most=72) == 12
    long = Paragraph("Words and more words. " * 80, line.style)
    assert _room_after([long, picture], 400, most=72) == 72


def test_a_lead_in_keeps_room_for_a_long_tables_first_rows_and_a_chapter_for_its_first_section():
    """Looking at every page: Halfwish's "15.4 Powers (PWR)" and its one line ended a page, the
    table of ten powers overleaf (it splits only after two rows, and two did not fit); and
    "15. Card lists" with its one paragraph ended a page, its first section overleaf."""
    from reportlab.lib.styles import ParagraphStyle

    from generator.keepwith import _room_after
    from generator.paragraphs import Paragraph
    from generator.tables import KeptTable

    style = ParagraphStyle("body", fontSize=10, leading=12)
    line = Paragraph("Each player has a Power Deck of all ten.", style)
    table = KeptTable([["Card", "Text"], *[[f"Power {n}", "Two lines of\ntext"] for n in range(10)]], repeatRows=1)
    header_and_two_rows = sum(table.wrapOn(None, 400, 1e6) and table._rowHeights[:3])
    assert _room_after([line, table], 400, most=72) >= 12 + header_and_two_rows
    heading = Paragraph("15.1 Basic Actions", style)
    heading.toc_text = "15.1 Basic Actions"
    section = [heading, line, table]
    assert _room_after([line, *section], 400, most=72) >= 12 + 12 + _room_after(section[1:], 400, most=72)


@pytest.mark.parametrize(("game", "cuts", "not_said"), [
    ("which-witch", ["Cards: the long cuts", "Tokens: along each cut line."], ["A board on several pages"]),
    ("heartstrings", ["Cards: the long cuts", "Tokens: along each cut line.", "A board on several pages"], []),
])
def test_the_print_guide_gives_the_cuts_of_the_components_the_game_has(game, cuts, not_said):
    """Sixth-game audit: a game without a board was told how to tape a board's tiles together."""
    from generator.instructions import instructions_markdown

    guide = " ".join(instructions_markdown(load_game(game), "a4").split())
    order = guide[guide.index("**Cutting order.**"):]
    assert all(cut in order for cut in cuts) and not any(text in guide for text in not_said)


def test_a_kit_without_double_sided_files_hears_nothing_of_flipping(tmp_path):
    import shutil

    from generator.instructions import instructions_markdown

    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "tinygame", tmp_path / "tinygame")
    deck = tmp_path / "tinygame" / "deck.yaml"
    deck.write_text(deck.read_text().replace("    back: {layout: tiny-back, label: Race Deck}\n", "    duplex: false\n"
                                             "    back: {layout: tiny-back, label: Race Deck}\n"))
    db = load_game("tinygame", tmp_path)
    assert not any(plan.duplex for plan in print_plan(db, "a4"))
    assert "Double-sided" not in instructions_markdown(db, "a4")
