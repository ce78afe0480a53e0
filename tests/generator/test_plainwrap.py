"""Plain card texts are wrapped and drawn without a reportlab Paragraph, with the same result:
the same lines, the same height and, drawn, the same PDF operators byte for byte."""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

import generator  # noqa: F401  (registers the kit's fonts)
from generator import cardtext
from generator.cardlayout import TextStyle, fit_paragraph, fitted_text, text_markup
from generator.plainwrap import PlainText, wrap_plain

WORDS = ["the", "a", "tide", "thorn", "raven", "Gain", "2", "storm-ash", "whisper,", "crown.", "x",
         "\u00a0\u00a0\u00a0", "step\u00a03", "lantern", "supercalifragilistic"]
FONTS = ["Helvetica", "Helvetica-Bold", "Times-Roman"]
INK = HexColor("#1a1a1a")


def _text(words: list[str], spaces: list[str]) -> str:
    return "".join(word + space for word, space in zip(words, spaces, strict=False))


texts = st.builds(_text, st.lists(st.sampled_from(WORDS), max_size=40),
                  st.lists(st.sampled_from([" ", " ", " ", "  ", "\n", " \n "]), min_size=40, max_size=40))


def _drawn(draw) -> list[str]:  # type: ignore[no-untyped-def]
    canvas = Canvas(io.BytesIO(), invariant=1)
    draw(canvas)
    return list(canvas._code)


@settings(max_examples=600, deadline=None)
@given(text=texts, font=st.sampled_from(FONTS), size=st.sampled_from([6.0, 7.5, 9.5, 12.0]),
       alignment=st.sampled_from([TA_LEFT, TA_CENTER, TA_RIGHT]), width=st.floats(40, 220))
@example(text="", font="Helvetica", size=9.5, alignment=TA_LEFT, width=150.0)
@example(text="tide thorn raven crown storm", font="Helvetica", size=9.5, alignment=TA_CENTER, width=100.0)
def test_lines_and_drawing_are_reportlabs_own(text: str, font: str, size: float, alignment: int, width: float) -> None:
    style = ParagraphStyle("s", fontName=font, fontSize=size, leading=size * 1.2, alignment=alignment, textColor=INK)
    paragraph = Paragraph(text, style)
    _, height = paragraph.wrap(width, 10_000)
    plain = wrap_plain(text, font, size, size * 1.2, INK, alignment, width)
    if plain is None:  # only for a word wider than the box, which reportlab splits
        assert paragraph._splitLongWordCount
        return
    assert [(extra, list(words)) for extra, words in plain.lines] == [(e, list(w)) for e, w in paragraph.blPara.lines]
    assert plain.height == height
    assert _drawn(lambda c: plain.draw_on(c, 12.5, 30.25)) == _drawn(lambda c: paragraph.drawOn(c, 12.5, 30.25))


def test_an_over_full_line_is_squeezed_as_reportlab_squeezes_it():
    """reportlab lets a line run over by up to 5% of its spaces and draws it with narrower spaces."""
    text = "tide thorn raven crown storm tide thorn raven crown storm"
    style = ParagraphStyle("s", fontName="Helvetica", fontSize=10, leading=12, textColor=INK)
    for width in range(120, 200):
        paragraph = Paragraph(text, style)
        paragraph.wrap(width, 1000)
        if any(extra < 0 for extra, _ in paragraph.blPara.lines):
            break
    else:
        pytest.fail("no width gives an over-full line")
    plain = wrap_plain(text, "Helvetica", 10, 12, INK, TA_LEFT, width)
    assert plain is not None and plain.lines[0][0] < 0
    drawn = _drawn(lambda c: plain.draw_on(c, 0, 0))
    assert any(" Tw" in op for op in drawn)
    assert drawn == _drawn(lambda c: paragraph.drawOn(c, 0, 0))


@pytest.mark.parametrize("text", ["a supercalifragilisticexpialidocious word", "soft\u00adhyphen here"])
def test_what_reportlab_sets_otherwise_is_left_to_it(text):
    """A word wider than the box (reportlab splits it) or a soft hyphen: no plain setting."""
    assert wrap_plain(text, "Helvetica", 12, 14, INK, TA_LEFT, 60) is None


@pytest.mark.parametrize("text, box", [
    ("Gain 2 :sword: then draw a card, a rally, a storm or a tide.", (150.0, 60.0)),
    ("tide thorn raven drift oath storm ash mire bright whisper crown vow gale ember hollow", (90.0, 24.0)),
    ("Pay 1:star: to move.", (150.0, 12.0)),
])
def test_a_fitted_card_text_is_set_plainly_at_the_size_a_paragraph_fits(text, box):
    style = TextStyle("Helvetica", 9.5, 1.22, "left", "#1a1a1a", 6)
    fitted = fitted_text(text_markup(text), *box, style)
    assert isinstance(fitted.paragraph, PlainText), "the text took the Paragraph path"
    plain_text, _ = cardtext.icons_taken_out(text_markup(text))
    paragraph = fit_paragraph(plain_text, *box, style.paragraph_style(), style.floor, "", "")
    assert fitted.size == paragraph.style.fontSize
    assert fitted.height == pytest.approx(paragraph.height)


def test_a_text_that_fits_at_no_size_is_still_an_overflow():
    style = TextStyle("Helvetica", 9.5, 1.22, "left", "#1a1a1a", 8)
    assert fitted_text(text_markup("tide thorn raven drift oath storm ash mire " * 6), 90.0, 20.0, style) is None
