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
_NUMBERED = re.compile(r"\b(step|room|page|rule|round|turn|sheet|tile|section|part|chapter|level)s? (?=\d)", re.IGNORECASE)


def keep_together(text: str, icons: Iterable[str]) -> str:
    """`text` with the spaces after known `:icon:` tokens and before reference numbers made no-break."""
    known = set(icons)
    text = ICON_PATTERN.sub(lambda m: "\u0001" + m.group(0) + "\u0000" if m.group(1) in known else m.group(0), text)
    text = text.replace(" \u0001", "\u00a0").replace("\u0000 ", "\u00a0")
    text = text.replace("\u0000", "").replace("\u0001", "")
    return _NUMBERED.sub(lambda m: m.group(0)[:-1] + "\u00a0", text)


def icon_markup(name: str, size: float) -> str:
    """An icon callback followed by no-break spaces as wide as the icon plus a hair.

    The spaces keep the text's own size: one huge space would raise the line's height and
    push wrapped lines (and table cells) out of place."""
    count = max(1, math.ceil(1.05 / _NBSP_EM))
    return f'<onDraw name="{ICON_CALLBACK}" label="{name}"/>' + "\u00a0" * int(count)
