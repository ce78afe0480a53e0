"""Declarative layouts: YAML files of boxes bound to a card's fields with sandboxed Jinja2.

A layout lives in a game's template folders (`cards.paths.template_dirs`) as `<name>.yaml`:

    extends: card-base          # optional: the parent's elements come first
    elements:
      - id: title               # an element with the same id as a parent's replaces it
        type: text              # rect | text | icon | line | track
        x: 4mm                  # from the trim box's top-left corner, y downwards
        y: 4mm
        w: 55mm
        h: 8mm
        text: "{{ card.name }}"
        size: 11                # font size in pt; shrunk to `min_size` to fit, then an error
        min_size: 9
        when: "{{ card.cost is defined }}"   # optional: drawn only when true
        repeat: {name: room, from: 1, to: "{{ rules.rooms }}"}  # optional: once per value

Values that contain `{{ }}` are Jinja2 expressions rendered in the immutable sandbox with
`card, deck, game, rules, db, version, number, total, side, sheet, player`; lengths are parsed by
`cards.units` (a bare number is mm). A rect with `bleed: true` is grown by the bleed so its
colour reaches the cut. A `track` is a row of numbered cells (a health track on a mat).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import jinja2
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getAscent, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from cards.paths import contained_file
from cards.sandbox import BudgetedSandbox
from cards.texts import card_text, render_text
from cards.units import UnitError, parse_length
from cards.yamlsrc import load_yaml

from .colours import ink_on, readable_on
from .errors import ImageProblem, LayoutError, TextOverflow
from .icons import draw_icon, names
from .images import draw_image
from .markdown import ICON_CALLBACK, ICON_PATTERN, draw_inline_icon, keep_together, prepare_canvas
from .markdown import _icon_markup as icon_markup

SHRINK_STEP = 0.5
ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}
ELEMENT_TYPES = ("rect", "circle", "text", "icon", "image", "line", "track")

_ENV = BudgetedSandbox(undefined=jinja2.StrictUndefined, autoescape=False)
_ENV.globals.update(render_text=render_text, card_text=card_text, ink_on=ink_on, readable_on=readable_on)


@dataclass(frozen=True)
class Layout:
    """A resolved layout: its name, the file it came from and its elements (parents first)."""

    name: str
    source: Path
    elements: tuple[dict[str, Any], ...]
    size: str | None = None


@dataclass
class Box:
    """Where to draw: the trim box's lower-left corner and size, plus the bleed, in points."""

    x: float
    y: float
    w: float
    h: float
    bleed: float = 0.0


def load_layout(name: str, folders: list[Path]) -> Layout:
    """The layout `name` from the first folder that has `<name>.yaml`, with `extends` resolved."""
    return _load(name, tuple(folders), ())


def _load(name: str, folders: tuple[Path, ...], chain: tuple[str, ...]) -> Layout:
    if name in chain:
        raise LayoutError(f"layout {name!r} extends itself: {' -> '.join((*chain, name))}")
    path = _find(name, folders)
    data = _read(path)
    own = tuple(_checked(path, i, e) for i, e in enumerate(data.get("elements") or []))
    parent = data.get("extends")
    if not parent:
        return Layout(name, path, own, data.get("size"))
    base = _load(str(parent), folders, (*chain, name))
    return Layout(name, path, _merge(base.elements, own), data.get("size") or base.size)


def _find(name: str, folders: tuple[Path, ...]) -> Path:
    path = contained_file(list(folders), f"{name}.yaml")  # never outside the folders, never a FIFO
    if path is not None:
        return path
    searched = ", ".join(str(f) for f in folders) or "(no template folders)"
    raise LayoutError(f"layout {name!r} not found; searched: {searched}")


def _read(path: Path) -> dict[str, Any]:
    doc, problems = load_yaml(path)  # safe, with a budget on aliases
    if problems:
        raise LayoutError(f"{problems[0]}")
    data = doc.data or {}
    if not isinstance(data, dict):
        raise LayoutError(f"{path}: expected a mapping with 'elements', got {type(data).__name__}")
    unknown = set(data) - {"extends", "elements", "size", "description"}
    if unknown:
        raise LayoutError(f"{path}: unknown key(s) {', '.join(sorted(unknown))}; accepted: extends, elements, size, description")
    return data


def _checked(path: Path, index: int, element: Any) -> dict[str, Any]:
    if not isinstance(element, dict) or element.get("type") not in ELEMENT_TYPES:
        raise LayoutError(f"{path}: elements[{index}]: expected a mapping with type one of "
                          f"{', '.join(ELEMENT_TYPES)}, got {element!r}")
    return element


def _merge(base: tuple[dict[str, Any], ...], own: tuple[dict[str, Any], ...]) -> tuple[dict[str, Any], ...]:
    """Parent elements in order, each replaced by a child element with the same id; new ones last."""
    replacing = {e["id"]: e for e in own if "id" in e}
    merged = [replacing.pop(e["id"], e) if "id" in e else e for e in base]
    return tuple(merged + [e for e in own if "id" not in e or e["id"] in replacing])


@lru_cache(maxsize=4096)
def _compile(source: str) -> jinja2.Template:
    try:
        return _ENV.from_string(source)
    except jinja2.TemplateSyntaxError as exc:
        raise LayoutError(f"template syntax error in {source!r}: {exc.message}") from None


def bind(value: Any, context: dict[str, Any], where: str) -> Any:
    """A layout value with its `{{ }}` expressions filled in (other values unchanged)."""
    if not isinstance(value, str) or "{" not in value:
        return value
    looked_up = _plain_lookup(value, context)
    if looked_up is not None:
        return looked_up
    try:
        return _compile(value).render(context)
    except jinja2.TemplateError as exc:
        raise LayoutError(f"{where}: cannot fill in {value!r}: {exc}") from None
    except _EVALUATION_ERRORS as exc:
        # a bad value reached the expression (`{{ rules.pool + 1 }}` with pool 'ten'): a data
        # problem to report with its place, never a traceback
        raise LayoutError(f"{where}: cannot evaluate {value!r}: {type(exc).__name__}: {exc}") from None


_EVALUATION_ERRORS = (TypeError, ValueError, ArithmeticError, LookupError, AttributeError)

# Most bindings are a plain `{{ card.name }}`; looking those up directly skips a Jinja2 render
# (a tenth of a card's drawing time). Anything else, or anything unusual found, goes to Jinja2.
_LOOKUP = re.compile(r"\{\{\s*([A-Za-z][A-Za-z0-9_]*)\.([A-Za-z][A-Za-z0-9_]*)\s*\}\}")
_PLAIN_VALUES = (str, int, float, bool)


def _plain_lookup(value: str, context: dict[str, Any]) -> str | None:
    """`{{ name.field }}` rendered as Jinja2 would, when the field is a plain value; else None."""
    match = _LOOKUP.fullmatch(value)
    if match is None:
        return None
    owner, name = context.get(match.group(1)), match.group(2)
    try:
        if isinstance(owner, dict):
            found = None if hasattr(owner, name) else owner.get(name)
        else:
            found = getattr(owner, name, None) if owner is not None else None
    except Exception:  # noqa: BLE001 - Jinja2 reports it, with its place
        return None
    if type(found) not in _PLAIN_VALUES or not _ENV.is_safe_attribute(owner, name, found):
        return None
    return str(found)


def is_true(value: Any) -> bool:
    """A `when:` value after binding: '', 'False', 'false', '0', 'None' and 'none' are false."""
    return value not in (False, None, 0) and str(value).strip().lower() not in ("", "false", "0", "none")


def length(value: Any, where: str) -> float:
    """A bound length in points (a bare number is mm)."""
    try:
        return parse_length(float(value) if _is_number(value) else value)
    except (UnitError, ValueError):
        raise LayoutError(f"{where}: expected a length like '4mm', got {value!r}") from None


def _is_number(value: Any) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


def render_layout(canvas: Canvas, layout: Layout, box: Box, context: dict[str, Any], component: str) -> None:
    """Draw every element of `layout` into `box` with values bound from `context`."""
    for element, bound, where in drawn_elements(layout, context, component):
        DRAW[element["type"]](canvas, element, box, bound, where)


def drawn_elements(layout: Layout, context: dict[str, Any],
                   component: str) -> Iterator[tuple[dict[str, Any], dict[str, Any], str]]:
    """(element, its bindings, where) for every element drawn, in drawing order: once, or once per
    repetition, skipping those whose `when` is false."""
    for index, element in enumerate(layout.elements):
        where = f"{component}: layout {layout.name!r} element {element.get('id', index)!r}"
        for bound in _repetitions(element, context, where):
            if "when" in element and not is_true(bind(element["when"], bound, where)):
                continue
            yield element, bound, where


def _repetitions(element: dict[str, Any], context: dict[str, Any], where: str) -> Iterator[dict[str, Any]]:
    """The contexts an element is drawn with: once, or once per value of its `repeat`."""
    spec = element.get("repeat")
    if spec is None:
        yield context
        return
    if not isinstance(spec, dict) or set(spec) != {"name", "from", "to"}:
        raise LayoutError(f"{where}: repeat: expected {{name, from, to}}, got {spec!r}")
    first = _integer(bind(spec["from"], context, where), where)
    last = _integer(bind(spec["to"], context, where), where)
    for value in range(first, last + 1):
        yield {**context, str(spec["name"]): value}


def _integer(value: Any, where: str, what: str = "repeat") -> int:
    try:
        return int(float(value))
    except (TypeError, ValueError):
        raise LayoutError(f"{where}: {what}: expected a whole number, got {value!r}") from None


def _number(value: Any, where: str, what: str) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        raise LayoutError(f"{where}: {what}: expected a number, got {value!r}") from None


def geometry(element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the element in page points; x, y is its lower-left corner."""
    return _geometry(element, box, context, where)


def _geometry(element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the element in page points; x, y is its lower-left corner."""
    x = length(bind(element.get("x", 0), context, where), where)
    y = length(bind(element.get("y", 0), context, where), where)
    w = length(bind(element.get("w", 0), context, where), where)
    h = length(bind(element.get("h", 0), context, where), where)
    return box.x + x, box.y + box.h - y - h, w, h


def _color(value: Any, where: str) -> colors.Color:
    try:
        return colors.HexColor(str(value))
    except ValueError:
        raise LayoutError(f"{where}: expected a colour like '#1f618d', got {value!r}") from None


def _set_paint(canvas: Canvas, element: dict[str, Any], context: dict[str, Any],
               where: str) -> tuple[Any, Any]:
    """Set the element's `fill` and `stroke` colours (and `line_width`); return both bound values."""
    fill = bind(element.get("fill"), context, where)
    stroke = bind(element.get("stroke"), context, where)
    if fill:
        canvas.setFillColor(_color(fill, where))
    if stroke:
        canvas.setStrokeColor(_color(stroke, where))
        canvas.setLineWidth(float(element.get("line_width", 0.8)))
    return fill, stroke


def _draw_rect(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    x, y, w, h = _geometry(element, box, context, where)
    if element.get("bleed"):
        x, y, w, h = x - box.bleed, y - box.bleed, w + 2 * box.bleed, h + 2 * box.bleed
    canvas.saveState()
    fill, stroke = _set_paint(canvas, element, context, where)
    radius = length(bind(element.get("radius", 0), context, where), where)
    if radius:
        canvas.roundRect(x, y, w, h, radius, stroke=1 if stroke else 0, fill=1 if fill else 0)
    else:
        canvas.rect(x, y, w, h, stroke=1 if stroke else 0, fill=1 if fill else 0)
    canvas.restoreState()


def _draw_line(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    x, y, w, h = _geometry(element, box, context, where)
    canvas.saveState()
    canvas.setStrokeColor(_color(bind(element.get("color", "#000000"), context, where), where))
    canvas.setLineWidth(float(element.get("line_width", 0.5)))
    canvas.line(x, y + h, x + w, y)
    canvas.restoreState()


def _draw_icon(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    x, y, w, h = _geometry(element, box, context, where)
    name = str(bind(element.get("name", ""), context, where)).strip()
    if not name:
        return
    size = min(w, h) if w and h else max(w, h)
    draw_icon(canvas, name, x + (w - size) / 2, y + (h - size) / 2, size,
              _color(bind(element.get("color", "#000000"), context, where), where))


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
    escaped = html.escape(" ".join(str(text).split(" ")), quote=False)
    parts = escaped.split("**")
    bolded = "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(parts))
    return _with_icons(bolded.replace("\n", "<br/>"))


def _with_icons(markup: str) -> str:
    """`:name:` of a known icon becomes an inline vector glyph kept on the line of the word after
    it; a reference number stays with its word ("step 3"); other colons stay text."""
    known = _icon_names()
    markup = keep_together(markup, known)
    if ":" not in markup:
        return markup
    return ICON_PATTERN.sub(lambda m: icon_markup(m.group(1), 0) if m.group(1) in known else m.group(0), markup)


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


@lru_cache(maxsize=256)
def _paragraph_style(style: TextStyle) -> ParagraphStyle:
    return ParagraphStyle("layout-text", fontName=style.font, fontSize=style.size,
                          leading=style.size * style.leading_ratio, alignment=ALIGN[style.align],
                          textColor=_hex_color(style.color))


@dataclass(frozen=True)
class TextSetting:
    """How a text element is set on a card: its box, style, markup and, unless it is one plain
    line, its fitted paragraph."""

    box: tuple[float, float, float, float]
    style: TextStyle
    markup: str
    valign: str
    fitted: FittedText | None

    @property
    def size(self) -> float:
        """The size the text prints at, after shrinking to fit."""
        return self.fitted.paragraph.style.fontSize if self.fitted else self.style.size

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
    size = _number(bind(element.get("size", 8), context, where), where, "size")
    color = str(bind(element.get("color", "#000000"), context, where))
    _color(color, where)  # a bad colour is a located error
    style = TextStyle(str(element.get("font", "Helvetica")), size, float(element.get("leading", 1.2)),
                      str(element.get("align", "left")), color, float(element.get("min_size", size)))
    markup = text_markup(text)
    valign = str(element.get("valign", "top"))
    if _is_one_line(markup, w, h, style):
        return TextSetting((x, y, w, h), style, markup, valign, None)
    fitted = fitted_text(markup, round(w, 3), round(h, 3), style)
    if fitted is None:
        raise TextOverflow(where, str(element.get("id", "text")), style.floor, _plain(markup))
    return TextSetting((x, y, w, h), style, markup, valign, fitted)


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
    canvas.saveState()
    canvas.setFont(style.font, style.size, leading)
    canvas.setFillColor(_hex_color(style.color))
    line = " ".join(text.split())
    if style.align == "center":
        canvas.drawCentredString(x + w / 2, baseline, line)
    elif style.align == "right":
        canvas.drawRightString(x + w, baseline, line)
    else:
        canvas.drawString(x, baseline, line)
    canvas.restoreState()


@dataclass(frozen=True)
class PlacedIcon:
    """An inline icon of a fitted text: where its text position is, from the paragraph's lower-left corner."""

    name: str
    x: float
    baseline: float


@dataclass(frozen=True)
class FittedText:
    """A fitted Paragraph, its height, and the inline icons to draw over it (when set as plain text)."""

    paragraph: Paragraph
    height: float
    icons: tuple[PlacedIcon, ...] = ()


# Any tag sends reportlab's Paragraph down its slow path (a body with one inline icon costs
# about three times one without). A text whose only tags are icons is therefore set as plain
# text, the icon's no-break spaces holding its room, and each icon is drawn afterwards where
# the callback would have drawn it: the same lines, the same places, a third of the time.
@lru_cache(maxsize=4096)
def fitted_text(markup: str, w: float, h: float, style: TextStyle) -> FittedText | None:
    """The text fitted into w x h, or None when it overflows at the floor size.

    Cached: a deck's repeated texts and the lint pass before a build are fitted once."""
    plain, icons = _icons_taken_out(markup)
    if icons and "<" not in plain:
        paragraph = _fit_or_none(plain, w, h, style)
        placed = None if paragraph is None else place_icons(paragraph, icons)
        if paragraph is not None and placed is not None:
            return FittedText(paragraph, paragraph.height, placed)
    paragraph = _fit_or_none(markup, w, h, style)
    return None if paragraph is None else FittedText(paragraph, paragraph.height)


def _fit_or_none(markup: str, w: float, h: float, style: TextStyle) -> Paragraph | None:
    try:
        return fit_paragraph(markup, w, h, style.paragraph_style(), style.floor, "", "")
    except TextOverflow:
        return None


def _icons_taken_out(markup: str) -> tuple[str, tuple[tuple[str, int], ...]]:
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


def place_icons(paragraph: Paragraph, icons: tuple[tuple[str, int], ...]) -> tuple[PlacedIcon, ...] | None:
    """Where each (name, offset) icon falls in a wrapped plain Paragraph; None if its lines cannot be traced."""
    bl_para = paragraph.blPara
    if bl_para.kind != 0 or len(paragraph.frags) != 1 or getattr(paragraph, "_splitLongWordCount", 0):
        return None
    words = _traced_words(paragraph.frags[0].text, bl_para.lines, max(offset for _, offset in icons))
    if words is None:
        return None
    placed = []
    for name, offset in icons:
        spot = next((word for word in words if word.start <= offset < word.end), None)
        if spot is None:
            return None
        placed.append(PlacedIcon(name, _x_in_line(paragraph, spot, offset), _baseline(paragraph, spot.line)))
    return tuple(placed)


class _TracedWord(NamedTuple):
    """A word of a wrapped plain Paragraph: its line, its index in the line and its span in the text."""

    line: int
    index: int  # type: ignore[assignment]  # shadows tuple.index, a name that says what it is
    start: int
    end: int


def _traced_words(text: str, lines: list[Any], last: int) -> list[_TracedWord] | None:
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


def _x_in_line(paragraph: Paragraph, word: _TracedWord, offset: int) -> float:
    """The x of character `offset` of the paragraph's text, as reportlab draws the word's line."""
    style = paragraph.style
    extra, words = paragraph.blPara.lines[word.line]
    text = paragraph.frags[0].text
    before = " ".join(words[:word.index] + [text[word.start:offset]])
    x: float = stringWidth(before, style.fontName, style.fontSize)
    if extra < -1e-8:  # an over-full line is squeezed with word spacing, which PDF applies to spaces
        spaces = len(words) + " ".join(words).count("\u00a0") - 1
        return x + (extra / spaces) * before.count(" ") if spaces > 0 else x
    shift: float = {TA_CENTER: extra / 2, TA_RIGHT: extra}.get(style.alignment, 0.0)
    return x + shift


def _baseline(paragraph: Paragraph, line: int) -> float:
    """The baseline of line `line` (0 = first) from the paragraph's bottom, as `drawPara` places it."""
    style = paragraph.style
    drop = style.fontSize if rl_config.paraFontSizeHeightOffset else getAscent(style.fontName, style.fontSize)
    baseline: float = paragraph.height - drop - line * style.leading
    return baseline


def _draw_fitted(canvas: Canvas, fitted: FittedText, x: float, y: float) -> None:
    """Draw a fitted text with its lower-left corner at x, y, and its inline icons."""
    style = fitted.paragraph.style
    for icon in fitted.icons:
        draw_inline_icon(canvas, icon.name, x + icon.x, y + icon.baseline, style.fontSize, style.textColor)
    if ICON_CALLBACK in fitted.paragraph.text:
        prepare_canvas(canvas)
    fitted.paragraph.drawOn(canvas, x, y)


def clear_text_cache() -> None:
    """Forget every fitted paragraph (benchmarks measure a cold build)."""
    fitted_text.cache_clear()


@lru_cache(maxsize=256)
def _hex_color(value: str) -> colors.Color:
    return colors.HexColor(value)


@dataclass(frozen=True)
class TrackCells:
    """A track's numbered cells: their values in order, the grid and one cell's size in points."""

    values: tuple[int, ...]
    columns: int
    rows: int
    cell: tuple[float, float]


def track_cells(element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> TrackCells:
    """The cells of a `track` element: `from`..`to` every `step`, in rows of `columns`."""
    _, _, w, h = _geometry(element, box, context, where)
    first = _integer(bind(element.get("from", 0), context, where), where, "from")
    last = _integer(bind(element.get("to", 0), context, where), where, "to")
    step = _integer(bind(element.get("step", 1), context, where), where, "step") or 1
    values = tuple(range(first, last + 1, step))
    columns = _integer(bind(element.get("columns", len(values)), context, where), where, "columns") or 1
    rows = max(1, -(-len(values) // columns))
    return TrackCells(values, columns, rows, (w / columns, h / rows))


def _draw_track(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    """Numbered cells from `from` to `to` (every `step`), in rows of `columns`, filling the element's box."""
    x, y, _, h = _geometry(element, box, context, where)
    cells = track_cells(element, box, context, where)
    values, columns = cells.values, cells.columns
    cw, ch = cells.cell
    stroke = _color(bind(element.get("stroke", "#444444"), context, where), where)
    fill = bind(element.get("fill"), context, where)
    canvas.saveState()
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(stroke)
    font_size = min(ch * 0.45, cw * 0.45, float(element.get("size", 12)))
    for i, value in enumerate(values):
        row, col = divmod(i, columns)
        cx, cy = x + col * cw, y + h - (row + 1) * ch
        if fill:
            canvas.setFillColor(_color(fill, where))
            canvas.rect(cx, cy, cw, ch, stroke=1, fill=1)
        else:
            canvas.rect(cx, cy, cw, ch, stroke=1, fill=0)
        canvas.setFillColor(stroke)
        canvas.setFont("Helvetica-Bold", font_size)
        canvas.drawCentredString(cx + cw / 2, cy + ch / 2 - font_size * 0.35, str(value))
    canvas.restoreState()


def _draw_circle(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    """The largest circle centred in the element's box: `fill`, `stroke`, `line_width`."""
    x, y, w, h = _geometry(element, box, context, where)
    canvas.saveState()
    fill, stroke = _set_paint(canvas, element, context, where)
    canvas.circle(x + w / 2, y + h / 2, min(w, h) / 2, stroke=1 if stroke else 0, fill=1 if fill else 0)
    canvas.restoreState()


def _draw_image(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    """Art from `src` (a path inside the game folder), `fit: cover|contain`; a placeholder when missing."""
    x, y, w, h = _geometry(element, box, context, where)
    src = str(bind(element.get("src", ""), context, where)).strip()
    label = str(bind(element.get("label", ""), context, where)).strip()
    db = context.get("db")
    folder = Path(db.folder) if db is not None else Path.cwd()
    try:
        if src:
            draw_image(canvas, folder, src, (x, y, w, h), str(element.get("fit", "cover")), label)
        else:
            from .images import draw_placeholder
            draw_placeholder(canvas, (x, y, w, h), label)
    except ImageProblem as exc:
        raise LayoutError(f"{where}: {exc}") from None


DRAW: dict[str, Callable[[Canvas, dict[str, Any], Box, dict[str, Any], str], None]] = {
    "rect": _draw_rect, "text": _draw_text, "icon": _draw_icon, "line": _draw_line, "track": _draw_track,
    "circle": _draw_circle,
    "image": _draw_image,
}


@dataclass
class CardContext:
    """What a card face's bindings see; `as_dict` is the Jinja2 context."""

    base: dict[str, Any]
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {**self.base, **self.extra}


def iter_copies(cards: list[Any]) -> Iterator[tuple[int, Any]]:
    """(1-based design number, card) for every printed copy, in deck order."""
    for number, card in enumerate(cards, 1):
        for _ in range(card.count):
            yield number, card
