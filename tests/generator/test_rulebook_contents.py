"""The rulebook's table of contents starts with the headings it will list
(`generator.rulebook_pdf.expect_contents`), so `multiBuild` needs two passes instead of three
and the PDF is byte for byte the one an empty start gives."""

from __future__ import annotations

import io
from typing import Any

import pytest
from reportlab.platypus import Paragraph
from reportlab.platypus.doctemplate import BaseDocTemplate
from reportlab.platypus.tableofcontents import TableOfContents

from cards import load_game
from generator import rulebook_pdf
from generator.markdown import Theme, stylesheet

MULTIBUILD = BaseDocTemplate.multiBuild


def _render(monkeypatch: pytest.MonkeyPatch, game: str) -> tuple[bytes, list[int]]:
    passes: list[int] = []

    def counted(self: BaseDocTemplate, story: list[Any], **kwargs: Any) -> int:
        passes.append(MULTIBUILD(self, story, **kwargs))
        return passes[-1]

    monkeypatch.setattr(BaseDocTemplate, "multiBuild", counted)
    out = io.BytesIO()
    rulebook_pdf.render_rulebook(load_game(game), "a4", out)
    return out.getvalue(), passes


def test_the_contents_known_in_advance_save_a_pass_and_change_no_byte(monkeypatch: pytest.MonkeyPatch) -> None:
    expected, expected_passes = _render(monkeypatch, "halfwish")
    monkeypatch.setattr(rulebook_pdf, "expect_contents", lambda story: None)
    empty_start, empty_passes = _render(monkeypatch, "halfwish")
    assert expected == empty_start
    assert (expected_passes, empty_passes) == ([2], [3])


def test_the_expected_entries_are_the_headings_in_order() -> None:
    heading = Paragraph("1. Setup", stylesheet(Theme())["h1"])
    heading.toc_level, heading.toc_text = 0, "1. Setup & play"
    deep = Paragraph("1.1.1 Deep", stylesheet(Theme())["h3"])
    deep.toc_level, deep.toc_text = 2, "1.1.1 Deep"  # below the contents' levels: not listed
    story = rulebook_pdf.contents_page(Theme()) + [heading, deep]
    rulebook_pdf.expect_contents(story)
    toc = next(f for f in story if isinstance(f, TableOfContents))
    assert toc._entries == [(0, "1. Setup &amp; play", 0, "h1")]
