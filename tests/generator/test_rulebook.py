"""The rulebook pipeline: a Markdown + Jinja2 template rendered with the database, read back as a PDF.

Issue 2, item 7: "rulebook text read back with pypdf contains values from the database, and
changing a parameter in a temporary copy of the database changes the rebuilt rulebook".
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import SimpleDocTemplate

from cards import load_game
from generator.geometry import page_size
from generator.markdown import Theme, markdown_to_flowables, stylesheet
from generator.rulebook import (
    RulebookError,
    TemplateSecurityError,
    rulebook_markdown,
)
from generator.rulebook_pdf import render_rulebook
from generator.table_columns import column_widths

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _render(db, paper: str = "a4") -> bytes:
    out = io.BytesIO()
    render_rulebook(db, paper, out)
    return out.getvalue()


def _pages(pdf: bytes) -> list[str]:
    return [" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture(scope="module")
def heartstrings():
    return load_game("heartstrings")


@pytest.fixture(scope="module")
def heartstrings_pdf(heartstrings) -> bytes:
    return _render(heartstrings)


@pytest.fixture(scope="module")
def heartstrings_text(heartstrings_pdf) -> str:
    return " ".join(_pages(heartstrings_pdf))


def _tiny_copy(tmp_path: Path) -> Path:
    """A writable copy of the data-only tinygame; returns the database root."""
    shutil.copytree(FIXTURES / "tinygame", tmp_path / "db" / "tinygame")
    return tmp_path / "db"


# --- values come from the database ---------------------------------------------------------


def test_rulebook_prints_the_bead_pool_from_the_database(heartstrings, heartstrings_text):
    """Seed: "10 extra heart beads (Bead Pool)"; the number comes from rules.bead_pool."""
    assert heartstrings.rules.bead_pool == 10
    assert f"{heartstrings.rules.bead_pool} extra heart beads" in heartstrings_text


@pytest.mark.parametrize("side", ["defender", "attacker"])
def test_rulebook_prints_every_room_buff(heartstrings, heartstrings_text, side):
    """Seed: defender buffs +1/+2 in rooms 4/8, attacker buffs +1/+2/+3 in rooms 3/6/9."""
    for room, buff in heartstrings.rules[f"{side}_buffs"].items():
        assert re.search(rf"\b{room} {side.title()} Buff the {side.title()} adds \+{buff}\b", heartstrings_text), room


def test_changing_a_parameter_in_a_copy_changes_the_rebuilt_rulebook(cards_copy):
    game_yaml = cards_copy / "heartstrings" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("bead_pool: 10", "bead_pool: 7"))
    text = " ".join(_pages(_render(load_game("heartstrings", cards_copy))))
    assert "7 extra heart beads" in text
    assert "10 extra heart beads" not in text


def test_changing_a_buff_in_a_copy_changes_the_rebuilt_rulebook(cards_copy):
    game_yaml = cards_copy / "heartstrings" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("defender_buffs: {4: 1, 8: 2}", "defender_buffs: {5: 1, 8: 3}"))
    text = " ".join(_pages(_render(load_game("heartstrings", cards_copy))))
    assert "5 Defender Buff the Defender adds +1" in text
    assert "8 Defender Buff the Defender adds +3" in text
    assert "4 Defender Buff" not in text


# --- structure: contents, page numbers, rulings ----------------------------------------------


def _contents(pdf: bytes) -> str:
    """The contents page: the first page that names it."""
    return next(page for page in _pages(pdf) if "Contents" in page)


def test_a_table_of_contents_follows_the_print_instructions_listing_every_chapter(heartstrings, heartstrings_pdf):
    pages = _pages(heartstrings_pdf)
    assert "How to print this kit" in pages[1]
    contents = _contents(heartstrings_pdf)
    assert "Contents" in contents
    chapters = [line[2:] for line in rulebook_markdown(heartstrings).splitlines() if line.startswith("# ")]
    assert chapters
    for number, chapter in enumerate(chapters, 1):
        assert f"{number}. {chapter}" in contents


def test_contents_entries_point_at_the_page_that_holds_the_heading(heartstrings_pdf):
    """The PDF outline (same entries as the contents) lands on the page where the heading is printed."""
    reader = PdfReader(io.BytesIO(heartstrings_pdf))
    pages = _pages(heartstrings_pdf)
    top_level = [item for item in reader.outline if not isinstance(item, list)]
    assert len(top_level) >= 5
    for item in top_level:
        assert item.title in pages[reader.get_destination_page_number(item)]


def test_every_body_page_carries_its_page_number(heartstrings_pdf):
    pages = _pages(heartstrings_pdf)
    for number, text in enumerate(pages[1:], start=2):
        assert f"Page {number}" in text
    assert "Page 1" not in pages[0]  # the title page has no footer


def test_every_ruling_is_printed(heartstrings, heartstrings_text):
    for ruling in heartstrings.rulings:
        assert " ".join(ruling.topic.split()) in heartstrings_text, ruling.id
        assert " ".join(ruling.ruling.split())[:40] in heartstrings_text, ruling.id


def test_default_rulings_chapter_numbers_rulings_under_its_chapter(heartstrings, heartstrings_text):
    """Each ruling's topic is numbered `N.1`, `N.2` ... under the Rulings chapter N, never `N.0.1`."""
    chapter = int(re.search(r"(\d+)\. Rulings", heartstrings_text).group(1))
    for index, ruling in enumerate(heartstrings.rulings, 1):
        assert f"{chapter}.{index} {ruling.topic}" in heartstrings_text
    assert not re.search(r"\b\d+\.0\.\d+\b", heartstrings_text)


def test_a_template_that_places_the_rulings_prints_them_once(tmp_path):
    """tinygame's template calls `{{ rulings_section() }}`: no second chapter is appended."""
    db = load_game("tinygame", _tiny_copy(tmp_path))
    markdown = rulebook_markdown(db)
    assert markdown.count("# Rulings") == 1
    assert markdown.index("# Rulings") > markdown.index("## The cards")


# --- paper, determinism, safety ------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_is_the_chosen_paper_size(heartstrings, paper):
    reader = PdfReader(io.BytesIO(_render(heartstrings, paper)))
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(page_size(paper), abs=0.5)


def test_a4_and_letter_differ_only_in_layout_not_in_words(heartstrings, heartstrings_pdf):
    """The rules, from the contents on (the print instructions name the paper and its files)."""
    def rules_words(pdf: bytes) -> set[str]:
        pages = _pages(pdf)
        start = next(i for i, page in enumerate(pages) if "Contents" in page)
        return set(re.findall(r"[A-Za-z]{4,}", " ".join(pages[start:])))
    assert rules_words(heartstrings_pdf) == rules_words(_render(heartstrings, "letter"))


def test_same_database_gives_the_same_bytes(heartstrings, heartstrings_pdf):
    assert _render(heartstrings) == heartstrings_pdf


@pytest.mark.parametrize("escape", [
    "{{ ''.__class__.__mro__ }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ rules.clear() }}",
], ids=["mro", "subclasses", "mutate-rules"])
def test_template_escaping_the_sandbox_fails_with_a_clear_error(tmp_path, escape):
    root = _tiny_copy(tmp_path)
    template = root / "tinygame" / "templates" / "rulebook.md.j2"
    template.write_text(template.read_text() + f"\n{escape}\n")
    lines = template.read_text().count("\n")
    with pytest.raises(TemplateSecurityError) as caught:
        rulebook_markdown(load_game("tinygame", root))
    message = str(caught.value)
    assert f"rulebook.md.j2:{lines}" in message
    assert "unsafe" in message


def test_sandbox_escape_through_the_cli_exits_one_without_a_traceback(runner, tmp_path):
    from companion.cli import cli

    root = _tiny_copy(tmp_path)
    (root / "tinygame" / "templates" / "rulebook.md.j2").write_text("{{ ''.__class__.__mro__ }}\n")
    result = runner.invoke(cli, ["--cards", str(root), "build", "tinygame", "--only", "rulebook",
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "unsafe operation" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "tinygame" / "rulebook-a4.pdf").exists()


def test_missing_template_names_the_folders_searched(tmp_path):
    root = _tiny_copy(tmp_path)
    (root / "tinygame" / "templates" / "rulebook.md.j2").unlink()
    with pytest.raises(RulebookError, match=r"template 'rulebook.md.j2' not found; searched: .*tinygame"):
        rulebook_markdown(load_game("tinygame", root))


# --- tables wrap at spaces -------------------------------------------------------------------

NARROW_TABLE = """
| Room | Power | Effect | Cost | Range | Note |
|---|---|---|---|---|---|
| 4 | Earthquake | Every token in the room loses one bead and the defender rerolls | 3 | 2 | shakes |
| 8 | Thunderclap | Stuns | 1 | 1 | loud |
"""


def test_table_columns_are_at_least_as_wide_as_their_longest_word():
    """A narrow column once printed "Earthquak/e": now each column holds its longest word whole."""
    theme = Theme()
    style = stylesheet(theme)["cell"]
    texts = [["Room", "Power", "Effect", "Cost", "Range", "Note"],
             ["4", "Earthquake", "Every token in the room loses one bead", "3", "2", "shakes"]]
    widths = column_widths(texts, 300, style)
    assert sum(widths) == pytest.approx(300)
    for col, word in enumerate(["Room", "Earthquake", "Effect", "Cost", "Range", "shakes"]):
        assert widths[col] > stringWidth(word, style.fontName, style.fontSize), word


def test_a_short_column_beside_a_long_text_is_not_wrapped():
    """Print audit: Halfwish's card lists wrapped "Assassin / (competitive)" in the Card column
    while the Copies column stood half empty: every column got a share of the spare width in
    proportion to what it wanted, and the long Text column wanted it all. Where that makes the
    table no taller, columns that fit an even share keep their text on one line."""
    style = stylesheet(Theme())["cell"]
    texts = [["#", "Card", "Copies", "Text"],
             ["01", "Mirror (starter)", "2", "3 Strikes, 2 Long Strikes, 1 Heavy Strike, 2 Evades, 2 Defends"],
             ["02", "Assassin (competitive)", "2", "4 Strikes, 1 Long Strike, 2 Defends, 3 Evades"],
             ["07", "Rogue (competitive)", "2", "4 Strikes, 2 Long Strikes, 2 Defends, 2 Evades; innate: 1 Long Strike"]]
    bold = [["Helvetica-Bold"] * 4, *[["Helvetica", "Helvetica-Bold", "Helvetica", "Helvetica"]] * 3]
    widths = column_widths(texts, 447, style, bold)
    assert sum(widths) == pytest.approx(447)
    for col, text in ((1, "Assassin (competitive)"), (2, "Copies")):
        assert widths[col] > stringWidth(text, "Helvetica-Bold", style.fontSize), text
    assert widths[3] > 447 / 2  # the long text still has most of the page


def test_columns_are_not_kept_whole_where_that_makes_the_table_taller():
    """Half the Battle's print guide on Letter: keeping "2-sided, long edge*" whole narrowed the
    long What column, the table grew by a line and the checklist ran onto a page of its own."""
    style = stylesheet(Theme())["cell"]
    texts = [["File", "What", "On", "Sides", "Sheets", "Used"],
             ["characters-letter.pdf", "Character Cards (14 cards)", "cardstock", "2-sided, long edge*", "2", "88%"],
             ["tokens-letter.pdf", ("Character tokens (A side up for the A team, B side up for the B team), Lane "
                                    "indicators, Ability tokens and the initiative token (55 tokens)"),
              "cardstock", "2-sided, long edge",
              "1", "48%"]]
    widths = column_widths(texts, 476, style)
    assert widths[3] < stringWidth("2-sided, long edge*", style.fontName, style.fontSize)  # it wraps


def test_table_header_and_bold_words_are_measured_in_the_bold_font():
    style = stylesheet(Theme())["cell"]
    texts = [["Copies"], ["1"]]
    bold = column_widths(texts, 300, style, [["Helvetica-Bold"], ["Helvetica"]])[0]
    assert bold > stringWidth("Copies", "Helvetica-Bold", style.fontSize)


def test_a_narrow_table_prints_every_word_whole():
    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=A4, leftMargin=130, rightMargin=130)
    doc.build(markdown_to_flowables(NARROW_TABLE, doc.width))
    words = " ".join(_pages(out.getvalue())).split()
    for word in ("Earthquake", "Thunderclap", "Effect", "Range", "shakes"):
        assert word in words


def test_a_bold_word_in_a_body_cell_keeps_room_for_its_bold_width():
    table_md = NARROW_TABLE.replace("| Earthquake |", "| **Earthquake** |").replace("| Thunderclap |", "| Gust |")
    theme = Theme()
    table = markdown_to_flowables(table_md, 335, theme)[0]
    bold_width = stringWidth("Earthquake", theme.bold_font, stylesheet(theme)["cell"].fontSize)
    cell_padding = 2 * theme.body_size * 0.4  # the table style's left and right padding
    assert table._colWidths[1] - cell_padding >= bold_width


def test_lint_says_how_to_give_a_game_without_a_rulebook_template_its_rulebook(runner, tmp_path):
    """Designer audit: a game.yaml with no `rulebook:` key and no templates/rulebook.md.j2 got an
    unlocated `template 'rulebook.md.j2' not found` and no word of what to write."""
    root = _tiny_copy(tmp_path)
    (root / "tinygame" / "templates" / "rulebook.md.j2").unlink()
    from companion.cli import cli

    result = runner.invoke(cli, ["--cards", str(root), "lint", "tinygame"])
    assert result.exit_code == 1
    assert ("template 'rulebook.md.j2' not found" in result.output
            and "every game needs its rulebook: write templates/rulebook.md.j2 in the game's folder" in result.output)
    assert "Traceback" not in result.output
