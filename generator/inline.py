"""Inline icons in text (`:name:`), drawn as vector glyphs by a paragraph callback, and the
no-break spaces that keep an icon with its word and a number with the word it counts."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

ICON_CALLBACK = "deckwright_icon"
ICON_PATTERN = re.compile(r":([a-z][a-z0-9_-]*):")
# Width of a no-break space in Helvetica, in em: used to reserve room for an inline icon.
_NBSP_EM = stringWidth("\u00a0", "Helvetica", 1000) / 1000


def icon_names() -> set[str]:
    """The icon names `:name:` may use; empty while `generator.icons` is not available."""
    try:
        from . import icons
    except ImportError:
        return set()
    return set(icons.names())


def prepare_canvas(canvas: Any) -> None:
    """Register the inline-icon callback on a canvas that will draw these flowables."""
    canvas.setNamedCB(ICON_CALLBACK, _draw_inline_icon)


def _draw_inline_icon(canvas: Any, kind: str, label: str) -> None:
    """Paragraph callback: draw icon `label` at the current text position."""
    info = canvas._curr_tx_info
    size = info["tx"]._fontsize or info["xs"].style.fontSize
    draw_inline_icon(canvas, label, info["cur_x"], info["cur_y"], size, info["xs"].style.textColor)


def draw_inline_icon(canvas: Any, name: str, x: float, baseline: float, size: float, color: Any) -> None:
    """Icon `name` set in text of font size `size` at `x` on `baseline`, as the inline callback draws it."""
    from . import icons

    # Icons sit on the baseline, slightly lowered like a capital letter's descent.
    icons.draw_icon(canvas, name, x + size * 0.05, baseline - size * 0.12, size * 0.9, color)


# A line may not break between an inline icon and the word it marks (":shield: Defender"), nor
# inside a numbered reference ("step 3", "Room 9", "d 6"): the space becomes a no-break space.
# The space before an icon too: reportlab may break right after the icon's drawing callback.
_NUMBERED_WORDS = frozenset({"step", "room", "page", "rule", "round", "turn", "sheet", "tile", "section", "part",
                             "chapter", "level"})
# Found from the number back: a case-insensitive alternation of the twelve words, tried at every
# letter, cost a card's body text 8 us, a tenth of drawing it.
_SPACE_BEFORE_DIGIT = re.compile(r" (?=\d)")
_LAST_WORD = re.compile(r"\w+\Z")


def keep_together(text: str, icons: Iterable[str]) -> str:
    """`text` with the spaces after known `:icon:` tokens and before reference numbers made no-break."""
    if ":" in text:
        known = set(icons)
        text = ICON_PATTERN.sub(lambda m: "\u0001" + m.group(0) + "\u0000" if m.group(1) in known else m.group(0), text)
        text = text.replace(" \u0001", "\u00a0").replace("\u0000 ", "\u00a0")
        text = text.replace("\u0000", "").replace("\u0001", "")
    return _numbers_kept(text)


def _numbers_kept(text: str) -> str:
    """The space between a reference word and its number made no-break ("step 3", "Rooms 4")."""
    pieces, last = [], 0
    for space in _SPACE_BEFORE_DIGIT.finditer(text):
        at = space.start()
        # a word longer than the window is none of the words (the longest has 8 letters)
        word = _LAST_WORD.search(text, max(0, at - 10), at)
        if word is None or (at - 10 > 0 and word.start() == at - 10):
            continue
        lowered = word.group().lower()
        if lowered in _NUMBERED_WORDS or (lowered.endswith("s") and lowered[:-1] in _NUMBERED_WORDS):
            pieces.append(text[last:at])
            pieces.append("\u00a0")
            last = at + 1
    return "".join(pieces) + text[last:] if pieces else text


def icon_markup(name: str) -> str:
    """An icon callback followed by no-break spaces as wide as the icon plus a hair.

    The spaces keep the text's own size: one huge space would raise the line's height and
    push wrapped lines (and table cells) out of place."""
    count = max(1, math.ceil(1.05 / _NBSP_EM))
    return f'<onDraw name="{ICON_CALLBACK}" label="{name}"/>' + "\u00a0" * int(count)
