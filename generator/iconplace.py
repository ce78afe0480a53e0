"""Inline icons of a text set as plain lines: the icons are taken out of the markup (their
no-break spaces hold their room) and each is placed where reportlab's inline callback would have
drawn it, read from the wrapped lines. A body with one icon set this way costs a third of one
set with the callback, which sends reportlab's Paragraph down its slow multi-fragment path.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from reportlab import rl_config
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import getAscent, stringWidth
from reportlab.platypus import Paragraph

from .inline import ICON_CALLBACK
from .plainwrap import Line, PlainText


@dataclass(frozen=True)
class PlacedIcon:
    """An inline icon of a fitted text: where its text position is, from the paragraph's lower-left corner."""

    name: str
    x: float
    baseline: float


def icons_taken_out(markup: str) -> tuple[str, tuple[tuple[str, int], ...]]:
    """The markup without its icon callbacks, and (icon name, character offset in the unescaped text)."""
    pieces, icons, length, last = [], [], 0, 0
    for match in _ICON_TAG.finditer(markup):
        before = markup[last:match.start()]
        pieces.append(before)
        length += len(html.unescape(before))
        icons.append((match.group(1), length))
        last = match.end()
    pieces.append(markup[last:])
    return "".join(pieces), tuple(icons)


_ICON_TAG = re.compile(f'<onDraw name="{ICON_CALLBACK}" label="([^"<>]+)"/>')


def place_icons(paragraph: Paragraph | PlainText,
                icons: tuple[tuple[str, int], ...]) -> tuple[PlacedIcon, ...] | None:
    """Where each (name, offset) icon falls in a wrapped plain text; None if its lines cannot be traced."""
    wrapped = _wrapped(paragraph)
    if wrapped is None:
        return None
    words = _traced_words(wrapped.text, wrapped.lines, max(offset for _, offset in icons))
    if words is None:
        return None
    placed = []
    for name, offset in icons:
        spot = next((word for word in words if word.start <= offset < word.end), None)
        if spot is None:
            return None
        placed.append(PlacedIcon(name, _x_in_line(wrapped, spot, offset), _baseline(wrapped, spot.line)))
    return tuple(placed)


class _Wrapped(NamedTuple):
    """A plain text's lines and how they are set, from a PlainText or a plain Paragraph."""

    text: str
    lines: tuple[Line, ...] | list[Line]
    font: str
    size: float
    leading: float
    alignment: int
    height: float


def _wrapped(paragraph: Paragraph | PlainText) -> _Wrapped | None:
    """The lines of a wrapped plain text; None for a Paragraph with markup or a split word."""
    if isinstance(paragraph, PlainText):
        return _Wrapped(paragraph.text, paragraph.lines, paragraph.font, paragraph.size, paragraph.leading,
                        paragraph.alignment, paragraph.height)
    bl_para = paragraph.blPara
    if bl_para.kind != 0 or len(paragraph.frags) != 1 or getattr(paragraph, "_splitLongWordCount", 0):
        return None
    style = paragraph.style
    return _Wrapped(paragraph.frags[0].text, bl_para.lines, style.fontName, style.fontSize, style.leading,
                    style.alignment, paragraph.height)


class _TracedWord(NamedTuple):
    """A word of a wrapped plain Paragraph: its line, its index in the line and its span in the text."""

    line: int
    index: int  # type: ignore[assignment]  # shadows tuple.index, a name that says what it is
    start: int
    end: int


def _traced_words(text: str, lines: Sequence[Line], last: int) -> list[_TracedWord] | None:
    """The words of `lines` found in order in `text`, up to the one holding character `last`.

    None when a word is not in the text as it is (split or hyphenated by reportlab)."""
    traced, position = [], 0
    for number, (_, words) in enumerate(lines):
        for index, word in enumerate(words):
            start = text.find(word, position)
            if start < 0:
                return None
            position = start + len(word)
            traced.append(_TracedWord(number, index, start, position))
            if position > last:
                return traced
    return traced


def _x_in_line(wrapped: _Wrapped, word: _TracedWord, offset: int) -> float:
    """The x of character `offset` of the text, as reportlab draws the word's line."""
    extra, words = wrapped.lines[word.line]
    before = " ".join([*words[:word.index], wrapped.text[word.start:offset]])
    x: float = stringWidth(before, wrapped.font, wrapped.size)
    if extra < -1e-8:  # an over-full line is squeezed with word spacing, which PDF applies to spaces
        spaces = len(words) + " ".join(words).count("\u00a0") - 1
        return x + (extra / spaces) * before.count(" ") if spaces > 0 else x
    shift: float = {TA_CENTER: extra / 2, TA_RIGHT: extra}.get(wrapped.alignment, 0.0)
    return x + shift


def _baseline(wrapped: _Wrapped, line: int) -> float:
    """The baseline of line `line` (0 = first) from the text's bottom, as `drawPara` places it."""
    drop = wrapped.size if rl_config.paraFontSizeHeightOffset else getAscent(wrapped.font, wrapped.size)
    return wrapped.height - drop - line * wrapped.leading
