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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
import yaml
from jinja2.sandbox import ImmutableSandboxedEnvironment
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getAscent, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from cards.texts import card_text, render_text
from cards.units import UnitError, parse_length

from .errors import ImageProblem, LayoutError, TextOverflow
from .icons import draw_icon, names
from .images import draw_image
from .markdown import ICON_CALLBACK, ICON_PATTERN, prepare_canvas
from .markdown import _icon_markup as icon_markup

SHRINK_STEP = 0.5
ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}
ELEMENT_TYPES = ("rect", "circle", "text", "icon", "image", "line", "track")

_ENV = ImmutableSandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False)
_ENV.globals.update(render_text=render_text, card_text=card_text)


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
    for folder in folders:
        path = folder / f"{name}.yaml"
        if path.is_file():
            return path
    searched = ", ".join(str(f) for f in folders) or "(no template folders)"
    raise LayoutError(f"layout {name!r} not found; searched: {searched}")


def _read(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise LayoutError(f"{path}: not valid YAML: {exc}") from None
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
    try:
        return _compile(value).render(context)
    except jinja2.TemplateError as exc:
        raise LayoutError(f"{where}: cannot fill in {value!r}: {exc}") from None
    except _EVALUATION_ERRORS as exc:
        # a bad value reached the expression (`{{ rules.pool + 1 }}` with pool 'ten'): a data
        # problem to report with its place, never a traceback
        raise LayoutError(f"{where}: cannot evaluate {value!r}: {type(exc).__name__}: {exc}") from None


_EVALUATION_ERRORS = (TypeError, ValueError, ArithmeticError, LookupError, AttributeError)


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
    for index, element in enumerate(layout.elements):
        where = f"{component}: layout {layout.name!r} element {element.get('id', index)!r}"
        for bound in _repetitions(element, context, where):
            if "when" in element and not is_true(bind(element["when"], bound, where)):
                continue
            DRAW[element["type"]](canvas, element, box, bound, where)


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


def _integer(value: Any, where: str) -> int:
    try:
        return int(float(value))
    except (TypeError, ValueError):
        raise LayoutError(f"{where}: repeat: expected a whole number, got {value!r}") from None


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


def _draw_rect(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    x, y, w, h = _geometry(element, box, context, where)
    if element.get("bleed"):
        x, y, w, h = x - box.bleed, y - box.bleed, w + 2 * box.bleed, h + 2 * box.bleed
    fill = bind(element.get("fill"), context, where)
    stroke = bind(element.get("stroke"), context, where)
    canvas.saveState()
    if fill:
        canvas.setFillColor(_color(fill, where))
    if stroke:
        canvas.setStrokeColor(_color(stroke, where))
        canvas.setLineWidth(float(element.get("line_width", 0.8)))
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
        current = ParagraphStyle(f"{style.name}-{size}", parent=style, fontSize=size, leading=size * ratio)
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
    """`:name:` of a known icon becomes an inline vector glyph; other colons stay text."""
    if ":" not in markup:
        return markup
    known = _icon_names()
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
        """The ParagraphStyle at the starting size."""
        return ParagraphStyle("layout-text", fontName=self.font, fontSize=self.size,
                              leading=self.size * self.leading_ratio, alignment=ALIGN[self.align],
                              textColor=_hex_color(self.color))


def _draw_text(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    x, y, w, h = _geometry(element, box, context, where)
    text = str(bind(element.get("text", ""), context, where)).strip()
    if not text:
        return
    size = float(bind(element.get("size", 8), context, where))
    color = str(bind(element.get("color", "#000000"), context, where))
    _color(color, where)  # a bad colour is a located error
    style = TextStyle(str(element.get("font", "Helvetica")), size, float(element.get("leading", 1.2)),
                      str(element.get("align", "left")), color, float(element.get("min_size", size)))
    markup = text_markup(text)
    valign = element.get("valign", "top")
    if _is_one_line(markup, w, h, style):
        _draw_line_of_text(canvas, markup, x, y, w, h, style, valign)
        return
    fitted = _fitted_paragraph(markup, round(w, 3), round(h, 3), style)
    if fitted is None:
        raise TextOverflow(where, str(element.get("id", "text")), style.floor, _plain(markup))
    paragraph, needed = fitted
    if ICON_CALLBACK in markup:
        prepare_canvas(canvas)
    offset = {"top": h - needed, "middle": (h - needed) / 2, "bottom": 0.0}[valign]
    paragraph.drawOn(canvas, x, y + offset)


# Plain text on one line is drawn with drawString, as a Paragraph would place it: most card
# texts (titles, corners, stamps) are one line, and a Paragraph costs ten times as much.
def _is_one_line(markup: str, w: float, h: float, style: TextStyle) -> bool:
    """Plain text (no markup, entity or icon) that fits the box on one line at the starting size."""
    if "<" in markup or "&" in markup or style.size * style.leading_ratio > h + 0.01:
        return False
    return stringWidth(" ".join(markup.split()), style.font, style.size) <= w


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


@lru_cache(maxsize=4096)
def _fitted_paragraph(markup: str, w: float, h: float, style: TextStyle) -> tuple[Paragraph, float] | None:
    """The fitted Paragraph and its height, or None when it overflows at the floor size.

    Cached: a deck's repeated texts and the lint pass before a build are fitted once."""
    try:
        paragraph = fit_paragraph(markup, w, h, style.paragraph_style(), style.floor, "", "")
    except TextOverflow:
        return None
    return paragraph, paragraph.height


def clear_text_cache() -> None:
    """Forget every fitted paragraph (benchmarks measure a cold build)."""
    _fitted_paragraph.cache_clear()


@lru_cache(maxsize=256)
def _hex_color(value: str) -> colors.Color:
    return colors.HexColor(value)


def _draw_track(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    """Numbered cells from `from` to `to`, in rows of `columns`, filling the element's box."""
    x, y, w, h = _geometry(element, box, context, where)
    first = int(bind(element.get("from", 0), context, where))
    last = int(bind(element.get("to", 0), context, where))
    columns = int(bind(element.get("columns", last - first + 1), context, where)) or 1
    values = list(range(first, last + 1))
    rows = max(1, -(-len(values) // columns))
    cw, ch = w / columns, h / rows
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
    fill = bind(element.get("fill"), context, where)
    stroke = bind(element.get("stroke"), context, where)
    canvas.saveState()
    if fill:
        canvas.setFillColor(_color(fill, where))
    if stroke:
        canvas.setStrokeColor(_color(stroke, where))
        canvas.setLineWidth(float(element.get("line_width", 0.8)))
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
