"""Text elements of a layout: fit the text in its box (wrap, then shrink to `min_size`, else a
`TextOverflow` naming the card), inline `:icon:`s, one-line texts drawn directly, and the cache of
fitted paragraphs (`clear_text_cache`).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from reportlab import rl_config
from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getAscent, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from .bindings import ElementMemo, _color, _geometry, _hex_color, _positive, bind
from .errors import TextOverflow
from .fill import set_fill
from .iconplace import PlacedIcon, icons_taken_out, place_icons
from .icons import names
from .inline import (
    ICON_CALLBACK,
    ICON_PATTERN,
    draw_inline_icon,
    icon_markup,
    keep_together,
    prepare_canvas,
)
from .layoutfile import Box
from .plainwrap import PlainText, forget_widths, wrap_plain

SHRINK_STEP = 0.5
ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


def fit_paragraph(text: str, w: float, h: float, style: ParagraphStyle, floor: float,
                  component: str, field_name: str) -> Paragraph:
    """The largest Paragraph of `text` from `style.fontSize` down to `floor` that fits w x h."""
    size = style.fontSize
    ratio = style.leading / style.fontSize
    while True:
        current = style if size == style.fontSize else ParagraphStyle(
            f"{style.name}-{size}", parent=style, fontSize=size, leading=size * ratio)
        paragraph = Paragraph(text, current)
        _, needed = paragraph.wrap(w, h)
        if needed <= h + 0.01 and _fits_width(paragraph, w):
            return paragraph
        if size - SHRINK_STEP < floor - 1e-9:
            raise TextOverflow(component, field_name, floor, _plain(text))
        size -= SHRINK_STEP


def _fits_width(paragraph: Paragraph, w: float) -> bool:
    """No single word wider than the box (reportlab would let it stick out)."""
    lines = getattr(paragraph.blPara, "lines", [])
    return all(getattr(line, "extraSpace", 0) >= -0.5 if not isinstance(line, tuple) else line[0] >= -0.5
               for line in lines)


def _plain(markup: str) -> str:
    for tag in ("<b>", "</b>", "<i>", "</i>", "<br/>"):
        markup = markup.replace(tag, " " if tag == "<br/>" else "")
    return html.unescape(markup)


def text_markup(text: str) -> str:
    """Card text as Paragraph markup: escaped, `**bold**` and `*italic*`, newlines kept."""
    text = str(text)
    if _PLAIN.fullmatch(text):  # most card texts (titles, corners, stamps): nothing to mark up
        return text if _NUMBERED_HINT.search(text) is None else keep_together(text, ())
    return _marked_up(text)


def _marked_up(text: str) -> str:
    escaped = html.escape(text, quote=False)
    parts = escaped.split("**")
    bolded = "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(parts))
    return _with_icons(bolded.replace("\n", "<br/>"))


# A text with none of these has no markup, entity, icon or line break to set; only a reference
# number ("step 3", which needs a digit) may still be kept with its word.
_PLAIN = re.compile(r"[^:*<>&\n\x00\x01]*")
_NUMBERED_HINT = re.compile(r"\s\d")


def _with_icons(markup: str) -> str:
    """`:name:` of a known icon becomes an inline vector glyph kept on the line of the word after
    it; a reference number stays with its word ("step 3"); other colons stay text."""
    known = _icon_names()
    markup = keep_together(markup, known)
    if ":" not in markup:
        return markup
    return ICON_PATTERN.sub(lambda m: icon_markup(m.group(1)) if m.group(1) in known else m.group(0), markup)


@lru_cache(maxsize=1)
def _icon_names() -> frozenset[str]:
    return frozenset(names())


@dataclass(frozen=True)
class TextStyle:
    """How a text element is set; hashable, so fitted paragraphs can be reused across cards."""

    font: str
    size: float
    leading_ratio: float
    align: str
    color: str
    floor: float

    def paragraph_style(self) -> ParagraphStyle:
        """The ParagraphStyle at the starting size (one per TextStyle: Paragraphs never change it)."""
        return _paragraph_style(self)


@lru_cache(maxsize=1024)
def _text_style(font: str, size: float, leading: float, align: str, color: str, floor: float) -> TextStyle:
    """One TextStyle per setting: every card of a deck sets its title, corner and body alike."""
    return TextStyle(font, size, leading, align, color, floor)


@lru_cache(maxsize=256)
def _paragraph_style(style: TextStyle) -> ParagraphStyle:
    return ParagraphStyle("layout-text", fontName=style.font, fontSize=style.size,
                          leading=style.size * style.leading_ratio, alignment=ALIGN[style.align],
                          textColor=_hex_color(style.color))


class TextSetting(NamedTuple):
    """How a text element is set on a card: its box, style, markup and, unless it is one plain
    line, its fitted paragraph. (A tuple: every text of every card makes one.)"""

    box: tuple[float, float, float, float]
    style: TextStyle
    markup: str
    valign: str
    fitted: FittedText | None

    @property
    def size(self) -> float:
        """The size the text prints at, after shrinking to fit."""
        return self.fitted.size if self.fitted else self.style.size

    def ink_box(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the part of the box the text covers."""
        x, y, w, h = self.box
        if self.fitted is None:
            used_w = stringWidth(" ".join(self.markup.split()), self.style.font, self.style.size)
            used_h = self.style.size * self.style.leading_ratio
            x += {"center": (w - used_w) / 2, "right": w - used_w}.get(self.style.align, 0.0)
        else:
            used_w, used_h = w, self.fitted.height
        offset = {"top": h - used_h, "middle": (h - used_h) / 2, "bottom": 0.0}[self.valign]
        return x, y + offset, used_w, used_h


def set_text(element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> TextSetting | None:
    """The text element set in `box` (None when its text is empty); a text that cannot fit even at
    its `min_size` is a TextOverflow naming the element."""
    x, y, w, h = _geometry(element, box, context, where)
    text = str(bind(element.get("text", ""), context, where)).strip()
    if not text:
        return None
    style = _STYLES.get(element) or _element_style(element, context, where)
    markup = text_markup(text)
    valign = str(element.get("valign", "top"))
    if _is_one_line(markup, w, h, style):
        return TextSetting((x, y, w, h), style, markup, valign, None)
    fitted = fitted_text(markup, round(w, 3), round(h, 3), style)
    if fitted is None:
        raise TextOverflow(where, str(element.get("id", "text")), style.floor, _plain(markup), "min_size" in element)
    return TextSetting((x, y, w, h), style, markup, valign, fitted)


_STYLES = ElementMemo()
_STYLE_KEYS = ("size", "color", "font", "leading", "align", "min_size")


def _element_style(element: dict[str, Any], context: dict[str, Any], where: str) -> TextStyle:
    """How the element sets its text on this card; kept for the element when nothing in it is bound."""
    size = _positive(bind(element.get("size", 8), context, where), where, "size")
    color = str(bind(element.get("color", "#000000"), context, where))
    _color(color, where)  # a bad colour is a located error
    style = _text_style(str(element.get("font", "Helvetica")), size, float(element.get("leading", 1.2)),
                        str(element.get("align", "left")), color,
                        _positive(element.get("min_size", size), where, "min_size"))
    if not any(isinstance(element.get(key), str) and "{" in element[key] for key in _STYLE_KEYS):
        _STYLES.put(element, style)
    return style


def _draw_text(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    setting = set_text(element, box, context, where)
    if setting is None:
        return
    x, y, w, h = setting.box
    if setting.fitted is None:
        _draw_line_of_text(canvas, setting.markup, x, y, w, h, setting.style, setting.valign)
        return
    fitted = setting.fitted
    offset = {"top": h - fitted.height, "middle": (h - fitted.height) / 2, "bottom": 0.0}[setting.valign]
    _draw_fitted(canvas, fitted, x, y + offset)


# Plain text on one line is drawn with drawString, as a Paragraph would place it: most card
# texts (titles, corners, stamps) are one line, and a Paragraph costs ten times as much.
def _is_one_line(markup: str, w: float, h: float, style: TextStyle) -> bool:
    """Plain text (no markup, entity or icon) that fits the box on one line at the starting size."""
    if "<" in markup or "&" in markup or style.size * style.leading_ratio > h + 0.01:
        return False
    return bool(stringWidth(" ".join(markup.split()), style.font, style.size) <= w)


def _draw_line_of_text(canvas: Canvas, text: str, x: float, y: float, w: float, h: float,
                       style: TextStyle, valign: str) -> None:
    leading = style.size * style.leading_ratio
    offset = {"top": h - leading, "middle": (h - leading) / 2, "bottom": 0.0}[valign]
    drop = style.size if rl_config.paraFontSizeHeightOffset else getAscent(style.font, style.size)
    baseline = y + offset + leading - drop
    # No saved graphics state around the line (a tenth of its drawing, 3 % of a card sheet's):
    # what it sets, the font and the fill colour, every element sets again before it draws with
    # them, and each face is drawn inside a state of its own (`imposition._draw_clipped`).
    canvas.setFont(style.font, style.size, leading)
    set_fill(canvas, _hex_color(style.color))
    line = " ".join(text.split())
    if style.align == "center":
        canvas.drawCentredString(x + w / 2, baseline, line)
    elif style.align == "right":
        canvas.drawRightString(x + w, baseline, line)
    else:
        canvas.drawString(x, baseline, line)


@dataclass(frozen=True)
class FittedText:
    """A fitted text, its height, and the inline icons to draw over it (when set as plain text).

    A text with no markup but icons is set as plain lines (`plainwrap.PlainText`); any other
    markup as a reportlab Paragraph."""

    paragraph: Paragraph | PlainText
    height: float
    icons: tuple[PlacedIcon, ...] = ()

    @property
    def size(self) -> float:
        """The font size the text prints at."""
        return self._set_as()[0]

    @property
    def color(self) -> Color:
        """The text's colour."""
        return self._set_as()[1]

    def _set_as(self) -> tuple[float, Color]:
        """(font size, colour): plain lines carry them, a Paragraph's style holds them."""
        if isinstance(self.paragraph, PlainText):
            return self.paragraph.size, self.paragraph.color
        return self.paragraph.style.fontSize, self.paragraph.style.textColor


# Any tag sends reportlab's Paragraph down its slow path (a body with one inline icon costs
# about three times one without). A text whose only tags are icons is therefore set as plain
# text, the icon's no-break spaces holding its room, and each icon is drawn afterwards where
# the callback would have drawn it: the same lines, the same places, a third of the time.
@lru_cache(maxsize=4096)
def fitted_text(markup: str, w: float, h: float, style: TextStyle) -> FittedText | None:
    """The text fitted into w x h, or None when it overflows at the floor size.

    Cached: a deck's repeated texts and the lint pass before a build are fitted once."""
    plain, icons = icons_taken_out(markup)
    if "<" not in plain and "&" not in plain:
        lines = _fit_plain(plain, w, h, style)
        if isinstance(lines, PlainText):
            placed = place_icons(lines, icons) if icons else ()
            if placed is not None:
                return FittedText(lines, lines.height, placed)
        elif lines == "overflow" and not icons:
            return None
    if icons and "<" not in plain:
        paragraph = _fit_or_none(plain, w, h, style)
        placed = None if paragraph is None else place_icons(paragraph, icons)
        if paragraph is not None and placed is not None:
            return FittedText(paragraph, paragraph.height, placed)
    paragraph = _fit_or_none(markup, w, h, style)
    return None if paragraph is None else FittedText(paragraph, paragraph.height)


def _fit_plain(text: str, w: float, h: float, style: TextStyle) -> PlainText | Literal["overflow", "paragraph"]:
    """`text` (no markup) set as plain lines at the largest size from the style's down to its
    floor that fits w x h, as `fit_paragraph` would set it; "overflow" when none fits, "paragraph"
    when reportlab would set it otherwise than `plainwrap` can (see there)."""
    start = style.paragraph_style()
    size, ratio, color, align = start.fontSize, start.leading / start.fontSize, start.textColor, start.alignment
    if w < 1e-6:
        return "paragraph"
    while True:
        leading = start.leading if size == start.fontSize else size * ratio
        lines = wrap_plain(text, style.font, size, leading, color, align, w)
        if lines is None:
            return "paragraph"
        if lines.height <= h + 0.01 and lines.fits_width():
            return lines
        if size - SHRINK_STEP < style.floor - 1e-9:
            return "overflow"
        size -= SHRINK_STEP


def _fit_or_none(markup: str, w: float, h: float, style: TextStyle) -> Paragraph | None:
    try:
        return fit_paragraph(markup, w, h, style.paragraph_style(), style.floor, "", "")
    except TextOverflow:
        return None


def _draw_fitted(canvas: Canvas, fitted: FittedText, x: float, y: float) -> None:
    """Draw a fitted text with its lower-left corner at x, y, and its inline icons."""
    for icon in fitted.icons:
        draw_inline_icon(canvas, icon.name, x + icon.x, y + icon.baseline, fitted.size, fitted.color)
    if isinstance(fitted.paragraph, PlainText):
        fitted.paragraph.draw_on(canvas, x, y)
        return
    if ICON_CALLBACK in fitted.paragraph.text:
        prepare_canvas(canvas)
    fitted.paragraph.drawOn(canvas, x, y)


def clear_text_cache() -> None:
    """Forget every fitted paragraph (benchmarks measure a cold build)."""
    fitted_text.cache_clear()
    forget_widths()

