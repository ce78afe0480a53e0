"""Plain card texts wrapped and drawn without building a reportlab Paragraph.

Most fitted card texts are one font, one colour and no markup (an inline icon is set as no-break
spaces and drawn afterwards, `iconplace.place_icons`). For such a text, reportlab's Paragraph
parses the text as XML, breaks it with its general line breaker and draws it through two saved
graphics states: about half of a card's drawing time. `wrap_plain` breaks the lines exactly as
`Paragraph.breakLines` does for one plain fragment (greedy, the same word widths, the same
allowance for squeezed spaces) and `PlainText.draw_on` writes the same PDF operators that
`Paragraph.drawOn` writes for it. `tests/generator/test_plainwrap.py` compares both with
reportlab's own, byte for byte. A text this module does not set as reportlab would (a word wider
than the box, which reportlab splits; a soft hyphen; a justified style; hyphenation turned on in
reportlab's settings) gets None, and the caller builds a Paragraph.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab import rl_config
from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import getAscent, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus.paragraph import cleanBlockQuotedText, split, strip

Line = tuple[float, list[str]]  # (unused width, words): reportlab's kind-0 line


@dataclass(frozen=True)
class PlainText:
    """A plain text wrapped at one size: its lines as reportlab's Paragraph would break them."""

    text: str
    font: str
    size: float
    leading: float
    color: Color
    alignment: int
    lines: tuple[Line, ...]

    @property
    def height(self) -> float:
        """The height the lines take, as `Paragraph.wrap` reports it."""
        return len(self.lines) * self.leading

    def fits_width(self) -> bool:
        """No line wider than the box beyond what reportlab squeezes (half a point)."""
        return all(extra >= -0.5 for extra, _ in self.lines)

    def draw_on(self, canvas: Canvas, x: float, y: float) -> None:
        """Draw the lines with their lower-left corner at x, y, as `Paragraph.drawOn` does."""
        canvas.saveState()
        canvas.translate(x, y)
        if not self.lines:
            canvas.restoreState()
            return
        canvas.saveState()
        canvas.setFillColor(self.color)
        drop = self.size if rl_config.paraFontSizeHeightOffset else getAscent(self.font, self.size)
        text = canvas.beginText(0, self.height - drop)
        text.setFont(self.font, self.size, self.leading)
        for extra, words in self.lines:
            _draw_line(text, self.alignment, extra, words)
        canvas.drawText(text)
        canvas.restoreState()
        canvas.restoreState()


def _draw_line(text, alignment: int, extra: float, words: list[str]) -> None:  # type: ignore[no-untyped-def]
    """One line as reportlab's `_leftDrawParaLine` (centre, right) writes it."""
    line = " ".join(words)
    if extra > -1e-8 or len(words) + line.count("\xa0") - 1 <= 0:
        shift = {TA_CENTER: 0.5 * extra, TA_RIGHT: extra}.get(alignment, 0.0)
        _move(text, shift)
        text._textOut(line, 1)
    else:  # an over-full line: its spaces are squeezed
        shift = 0.0
        text.setWordSpace(extra / float(len(words) + line.count("\xa0") - 1))
        text._textOut(line, 1)
        text.setWordSpace(0)
    _move(text, -shift)


def _move(text, dx: float) -> None:  # type: ignore[no-untyped-def]
    if dx > 1e-6 or dx < -1e-6:
        text.setXPos(dx)


def plain_settable(style_alignment: int) -> bool:
    """Whether reportlab's settings and the alignment leave a plain text to this module."""
    return (style_alignment in (TA_LEFT, TA_CENTER, TA_RIGHT) and not rl_config.hyphenationLang
            and not rl_config.embeddedHyphenation and not rl_config.uriWasteReduce)


def wrap_plain(text: str, font: str, size: float, leading: float, color: Color, alignment: int,
               width: float) -> PlainText | None:
    """`text` broken into lines `width` wide as reportlab breaks one plain fragment; None when
    reportlab would do more than break at spaces (a word wider than the box, a soft hyphen)."""
    if "\xad" in text or not plain_settable(alignment):
        return None
    cleaned = strip(cleanBlockQuotedText(text))
    words = split(cleaned) if cleaned else []
    widths = _word_widths(font, size)
    space = widths[" "]
    squeeze = rl_config.spaceShrinkage * space
    lines: list[Line] = []
    line: list[str] = []
    used = -space  # no space before a line's first word
    for word in words:
        word_width = widths[word]
        if word_width > width:
            return None  # reportlab splits the word
        wider = used + space + word_width
        if wider <= width + squeeze * len(line) or not line:
            line.append(word)
            used = wider
        else:
            lines.append((width - used, line))
            line, used = [word], word_width
    if line:
        lines.append((width - used, line))
    return PlainText(cleaned, font, size, leading, color, alignment, tuple(lines))


class _Widths(dict[str, float]):
    """Words' widths in one font and size, each measured once."""

    def __init__(self, font: str, size: float) -> None:
        super().__init__()
        self.font, self.size = font, size

    def __missing__(self, word: str) -> float:
        width: float = stringWidth(word, self.font, self.size)
        self[word] = width
        return width


_WIDTHS: dict[tuple[str, float], _Widths] = {}


def _word_widths(font: str, size: float) -> _Widths:
    found = _WIDTHS.get((font, size))
    if found is None:
        found = _WIDTHS[font, size] = _Widths(font, size)
    return found


def forget_widths() -> None:
    """Forget the measured words (a font file may have changed; benchmarks start cold)."""
    _WIDTHS.clear()
