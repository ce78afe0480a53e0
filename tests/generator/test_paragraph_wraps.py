"""A paragraph parses its text and breaks its lines once per process (`generator.paragraphs`),
and a rulebook laid out that way, cold or after a build that kept everything, is byte for byte
the one reportlab lays out parsing and breaking at every turn."""

from __future__ import annotations

import io
import shutil

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import paragraph as reportlab_paragraph

from cards import load_game
from generator import paragraphs
from generator.paragraphs import Paragraph
from generator.rulebook_pdf import render_rulebook

TEXT = "Reveal both cards. The higher total wins the duel; on a tie, the defender wins. " * 4


@pytest.fixture(autouse=True)
def nothing_kept():
    paragraphs.forget()
    yield
    paragraphs.forget()


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
    assert para.wrap(200, 1000) == narrow  # kept for the process, not only the last wrap
    para.style = ParagraphStyle("tight", fontSize=10, leading=11)  # what tightening a short page does
    assert para.wrap(200, 1000)[1] < narrow[1]
    assert breaks == [200, 300, 200]


def test_a_paragraph_made_again_from_the_same_text_and_style_neither_parses_nor_breaks(monkeypatch):
    breaks = _counting_breaks(monkeypatch)
    parses: list[str] = []
    real_parse = reportlab_paragraph.ParaParser.parse

    def counted_parse(self, text, style):
        parses.append(text)
        return real_parse(self, text, style)
    monkeypatch.setattr(reportlab_paragraph.ParaParser, "parse", counted_parse)
    mixed = "Roll <b>two dice</b> and <i>add</i> them. " * 6  # mixed fonts: reportlab swaps its fragments
    first = Paragraph(mixed, ParagraphStyle("body", fontSize=10, leading=12))
    size = first.wrap(200, 1000)
    again = Paragraph(mixed, ParagraphStyle("body", fontSize=10, leading=12))  # the next build's
    assert again.wrap(200, 1000) == size
    assert again.blPara is first.blPara
    assert len(parses) == 1 and breaks == [200]


def test_the_same_text_in_another_style_is_parsed_and_broken_for_that_style(monkeypatch):
    breaks = _counting_breaks(monkeypatch)
    small = Paragraph(TEXT, ParagraphStyle("body", fontSize=10, leading=12)).wrap(200, 1000)
    large = Paragraph(TEXT, ParagraphStyle("body", fontSize=12, leading=14)).wrap(200, 1000)
    assert large[1] > small[1]
    assert breaks == [200, 200]


def _plain_reportlab(monkeypatch) -> None:
    monkeypatch.setattr(paragraphs.Paragraph, "_setup", reportlab_paragraph.Paragraph._setup)
    monkeypatch.setattr(paragraphs.Paragraph, "wrap", reportlab_paragraph.Paragraph.wrap)


def test_a_width_too_small_to_hold_text_is_not_remembered(monkeypatch):
    para = Paragraph(TEXT, ParagraphStyle("body", fontSize=10, leading=12))
    size = para.wrap(200, 1000)
    assert para.wrap(0, 1000)[0] == 0
    assert para.wrap(200, 1000) == size


def _rulebook(game: str, root=None) -> bytes:
    out = io.BytesIO()
    render_rulebook(load_game(game, root), "a4", out)
    return out.getvalue()


def test_the_halfwish_rulebook_is_the_one_reportlab_lays_out_without_keeping_anything(monkeypatch):
    cold = _rulebook("halfwish")
    warm = _rulebook("halfwish")  # every paragraph found in what the first build kept
    _plain_reportlab(monkeypatch)
    assert cold == warm == _rulebook("halfwish")


def test_a_rulebook_rebuilt_after_an_edit_is_the_one_reportlab_lays_out(monkeypatch, tmp_path):
    """The rebuild `build --watch` makes: the edited card's text is new, the rest was kept."""
    shutil.copytree(load_game("halfwish").folder, tmp_path / "halfwish")
    _rulebook("halfwish", tmp_path)
    actions = next((tmp_path / "halfwish").rglob("actions.yaml"))
    actions.write_text(actions.read_text().replace("Strike for DV", "Strike hard for DV", 1))
    rebuilt = _rulebook("halfwish", tmp_path)
    _plain_reportlab(monkeypatch)
    assert rebuilt == _rulebook("halfwish", tmp_path)
