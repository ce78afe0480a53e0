"""A paragraph breaks its lines once per width (`generator.paragraphs`), and a rulebook laid out
that way is byte for byte the one reportlab lays out breaking them at every wrap."""

from __future__ import annotations

import io

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import paragraph as reportlab_paragraph

from cards import load_game
from generator import paragraphs
from generator.paragraphs import Paragraph
from generator.rulebook_pdf import render_rulebook

TEXT = "Reveal both cards. The higher total wins the duel; on a tie, the defender wins. " * 4


def _counting_breaks(monkeypatch) -> list[float]:
    widths: list[float] = []
    real = reportlab_paragraph.Paragraph.breakLines

    def counted(self, widths_: list[float]):
        widths.append(widths_[0])
        return real(self, widths_)
    monkeypatch.setattr(reportlab_paragraph.Paragraph, "breakLines", counted)
    return widths


def test_a_second_wrap_at_the_same_width_does_not_break_the_lines_again(monkeypatch):
    breaks = _counting_breaks(monkeypatch)
    para = Paragraph(TEXT, ParagraphStyle("body", fontSize=10, leading=12))
    first = para.wrap(200, 1000)
    lines = para.blPara
    assert para.wrap(200, 500) == first
    assert para.blPara is lines
    assert breaks == [200]


def test_another_width_or_style_breaks_the_lines_again(monkeypatch):
    breaks = _counting_breaks(monkeypatch)
    para = Paragraph(TEXT, ParagraphStyle("body", fontSize=10, leading=12))
    narrow = para.wrap(200, 1000)
    wide = para.wrap(300, 1000)
    assert wide[1] < narrow[1]
    assert para.wrap(200, 1000) == narrow  # only the last wrap is remembered
    para.style = ParagraphStyle("tight", fontSize=10, leading=11)  # what tightening a short page does
    assert para.wrap(200, 1000)[1] < narrow[1]
    assert breaks == [200, 300, 200, 200]


def test_a_width_too_small_to_hold_text_is_not_remembered(monkeypatch):
    para = Paragraph(TEXT, ParagraphStyle("body", fontSize=10, leading=12))
    size = para.wrap(200, 1000)
    assert para.wrap(0, 1000)[0] == 0
    assert para.wrap(200, 1000) == size


def test_the_halfwish_rulebook_is_the_one_reportlab_lays_out_without_remembering(monkeypatch):
    db = load_game("halfwish")
    remembered = io.BytesIO()
    render_rulebook(db, "a4", remembered)
    monkeypatch.setattr(paragraphs.Paragraph, "wrap", reportlab_paragraph.Paragraph.wrap)
    plain = io.BytesIO()
    render_rulebook(db, "a4", plain)
    assert remembered.getvalue() == plain.getvalue()
