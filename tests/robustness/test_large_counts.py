"""Every count the schema allows lays out: a card printed 5,000 times passed lint, then `build`
crashed in reportlab (LayoutError) because the rulebook's print checklist became one row taller
than a page; and what no page can hold is a located problem in lint, never a traceback (audit
s25, D1b)."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from cards.measures import MAX_COPIES


@pytest.mark.parametrize("count", [5000, MAX_COPIES])
def test_a_deck_of_thousands_of_copies_lints_and_builds_with_every_sheet_in_the_checklist(tiny, tmp_path,
                                                                                          count: int) -> None:
    tiny.edit("deck.yaml", r"name: Spark, suit: fire, points: 1, count: 2", f"name: Spark, suit: fire, points: 1, "
                                                                           f"count: {count}")
    tiny.edit("deck.yaml", r"^    total: 12$", "")
    assert tiny.lint().exit_code == 0
    built = tiny.build(tmp_path / "out")
    assert built.exit_code == 0, built.output
    kit = tmp_path / "out" / "tinygame"
    sheets = len(PdfReader(kit / "race-a4.pdf").pages) // 2  # fronts and backs
    pages = [page.extract_text() for page in PdfReader(kit / "rulebook-a4.pdf").pages]
    start = next(n for n, text in enumerate(pages) if "Checklist, a box for each sheet" in text)
    end = next(n for n, text in enumerate(pages) if "What you should have" in text)
    checklist = pages[start:end]
    assert len(checklist) >= 2  # the checklist runs on over the pages before the components page
    boxes = {int(n) for text in checklist for n in re.findall(r"\[\s*\]\s*(\d+)", text)}
    assert max(boxes) == sheets and len(boxes) == sheets


def test_a_rulebook_table_row_taller_than_a_page_is_a_located_problem(tiny, tmp_path) -> None:
    """A row of a table never splits: one whose cell holds pages of text cannot be laid out."""
    template = tiny.folder / "templates" / "rulebook.md.j2"
    template.write_text(template.read_text() + "\n\n| Long | Text |\n|---|---|\n| row | " + "word " * 3000 + "|\n")
    linted = tiny.lint()
    assert linted.exit_code == 1
    output = " ".join(linted.output.split())
    assert ("rulebook.md.j2: rulebook: the rulebook text holds a table starting 'Long', taller than one A4 page and not one "
            "that can be split across pages; make it shorter") in output, output


def test_a_build_that_meets_what_no_page_holds_says_so_in_words(tiny, tmp_path) -> None:
    """A build does not measure every piece before laying out (lint does): laying out, it says
    what failed, exit 1, and writes nothing."""
    template = tiny.folder / "templates" / "rulebook.md.j2"
    template.write_text(template.read_text() + "\n\n| Long | Text |\n|---|---|\n| row | " + "word " * 3000 + "|\n")
    built = tiny.build(tmp_path / "out")
    assert built.exit_code == 1 and "Traceback" not in built.output
    said = " ".join(built.output.split())
    assert "holds something taller than a page that cannot be split across pages; `deckwright lint tinygame` names it" in said
    assert "KeptTable" not in said and not (tmp_path / "out" / "tinygame").exists()
