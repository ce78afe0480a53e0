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

This module draws the elements; `layoutfile` finds and resolves layout files, `bindings` fills
in values, `cardtext` fits and draws texts. Their public names are importable from here too.
"""

from __future__ import annotations

import contextlib
import contextvars
import re
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from cards.errors import Problem
from cards.locations import Loc

from .bindings import (
    _color,
    _geometry,
    _integer,
    _positive,
    bind,
    element_length,
    geometry,
    is_true,
    length,
)
from .cardtext import (
    ALIGN,
    SHRINK_STEP,
    FittedText,
    TextSetting,
    TextStyle,
    _draw_text,
    clear_text_cache,
    fit_paragraph,
    fitted_text,
    set_text,
    text_markup,
)
from .errors import GeneratorError, ImageProblem, LayoutError
from .fill import set_fill
from .geometry import Box as PageBox
from .iconplace import PlacedIcon, place_icons
from .icons import draw_icon
from .images import draw_image
from .layoutfile import ELEMENT_TYPES, Box, Layout, load_layout
from .visible import reaches

# a value that prints one database field alone: `{{ card.icon }}`, `{{ game.name | default('') }}`
FIELD_ALONE = re.compile(r"\s*\{\{\s*(card|game|deck)\.([A-Za-z_][A-Za-z0-9_]*)\s*(\|\s*default\([^)]*\)\s*)?\}\}\s*")


# elements a check draws its layouts without (`Place.key`): the layout check refused them, and
# drawing them would fail again in other words, or with a traceback (`generator.check`)
_LEFT_OUT: contextvars.ContextVar[frozenset[Loc]] = contextvars.ContextVar("deckwright_left_out",
                                                                          default=frozenset())


@contextlib.contextmanager
def drawn_without(elements: Collection[Loc]) -> Iterator[None]:
    """Within it, layouts are drawn and checked without the elements written at `elements`."""
    token = _LEFT_OUT.set(frozenset(elements))
    try:
        yield
    finally:
        _LEFT_OUT.reset(token)


def _elements(layout: Layout) -> Iterator[tuple[int, dict[str, Any]]]:
    """(index, element) of every element drawn: all of them, but those a check leaves out."""
    left_out = _LEFT_OUT.get()
    if not left_out:
        return enumerate(layout.elements)
    places = layout.places
    return ((index, element) for index, element in enumerate(layout.elements)
            if index >= len(places) or places[index].key not in left_out)


def render_layout(canvas: Canvas, layout: Layout, box: Box, context: dict[str, Any], component: str,
                  visible: PageBox | None = None) -> None:
    """Draw every element of `layout` into `box` with values bound from `context`; with `visible`
    (a tile's piece of a board), only the elements that reach it (`generator.visible`).

    An element that cannot be drawn does not stop the others: the first error is raised once all
    are drawn, the others with it (`GeneratorError.also`), so a check lists every element's
    mistake in one run (audit: eight mistakes in one layout took seven runs). An element's
    repetitions stop at its first error: every other repetition would say it again. (One loop,
    no list per card: it draws every element of every card, `bench/build.py`.)"""
    errors: list[GeneratorError] = []
    for index, element in _elements(layout):
        where = _element_where(component, layout, element, index)
        try:
            shown = _shown_bindings(layout, element, context, where)
        except GeneratorError as exc:  # located at the element already
            errors.append(exc)
            continue
        draw = DRAW[element["type"]]
        for bound in shown:
            if visible is not None and not reaches(element, box, bound, where, visible):
                continue
            try:
                draw(canvas, element, box, bound, where)
            except GeneratorError as exc:
                errors.append(exc.located(card_field_place(element, bound, exc.message)
                                          or element_place(layout, element, exc.message)))
                break
    if errors:
        raise errors[0].with_also(errors[1:])


def card_field_place(element: dict[str, Any], bound: dict[str, Any], message: str) -> Problem | None:
    """The card's own field, when the value the message quotes is one the element prints from it
    alone (`name: "{{ card.icon }}"`): the mistake is the card's (audit: `icon: boltt` on one card
    was reported at the shipped layout's line, the card unnamed)."""
    card, db = bound.get("card"), bound.get("db")
    card_problem = getattr(db, "card_problem", None)
    if not isinstance(card, dict) or card_problem is None:
        return None
    for value in element.values():
        shown = FIELD_ALONE.fullmatch(value) if isinstance(value, str) else None
        if shown and shown.group(1) == "card" and repr(str(card.get(shown.group(2)))) in message:
            found: Problem | None = card_problem(card.get("id"), shown.group(2), "")
            return found
    return None


def drawn_elements(layout: Layout, context: dict[str, Any],
                   component: str) -> Iterator[tuple[dict[str, Any], dict[str, Any], str]]:
    """(element, its bindings, where) for every element drawn, in drawing order: once, or once per
    repetition, skipping those whose `when` is false."""
    for index, element in _elements(layout):
        where = _element_where(component, layout, element, index)
        for bound in _shown_bindings(layout, element, context, where):
            yield element, bound, where


def _element_where(component: str, layout: Layout, element: dict[str, Any], index: int) -> str:
    return f"{component}: layout {layout.name!r} element {element.get('id', index)!r}"


def _shown_bindings(layout: Layout, element: dict[str, Any], context: dict[str, Any],
                    where: str) -> list[dict[str, Any]]:
    """The bindings `element` is drawn with (one per repetition whose `when` is true); a `repeat`
    or `when` that cannot be filled in is raised at the element."""
    try:
        return [bound for bound in _repetitions(element, context, where)
                if "when" not in element or is_true(bind(element["when"], bound, where))]
    except GeneratorError as exc:
        raise exc.located(element_place(layout, element, exc.message)) from None


def element_place(layout: Layout, element: dict[str, Any], message: str) -> Problem | None:
    """Where the mistake a `message` about `element` names is written: the key whose value the
    message quotes, else the element."""
    place = layout.place_of(element)
    if place is None:
        return None
    return place.problem("", "", _quoted_key(element, message))


def _quoted_key(values: dict[str, Any], message: str) -> tuple[str, ...] | None:
    """The keys down to the text value a message quotes (`('repeat', 'to')`), else None."""
    for key, value in values.items():
        if key in ("id", "type"):
            continue
        if isinstance(value, str) and repr(value) in message:
            return (key,)
        inner = _quoted_key(value, message) if isinstance(value, dict) else None
        if inner:
            return (key, *inner)
    return None


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
    _refuse_too_many(last - first + 1, f"{where}: repeat")
    for value in range(first, last + 1):
        yield {**context, str(spec["name"]): value}


def _set_paint(canvas: Canvas, element: dict[str, Any], context: dict[str, Any],
               where: str) -> tuple[Any, Any]:
    """Set the element's `fill` and `stroke` colours (and `line_width`); return both bound values."""
    fill = bind(element.get("fill"), context, where)
    stroke = bind(element.get("stroke"), context, where)
    if fill:
        set_fill(canvas, _color(fill, where))
    if stroke:
        canvas.setStrokeColor(_color(stroke, where))
        canvas.setLineWidth(float(element.get("line_width", 0.8)))
    return fill, stroke


def _draw_rect(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    x, y, w, h = _geometry(element, box, context, where)
    if element.get("bleed"):
        x, y, w, h = x - box.bleed, y - box.bleed, w + 2 * box.bleed, h + 2 * box.bleed
    # A filled rect sets only the fill colour, as a line of text does, which every element sets
    # before it draws with it: no saved state around it (most frames and panels; with `set_fill`,
    # 3% of drawing a card sheet). A stroked one sets the line's colour and width too.
    stroked = bool(element.get("stroke"))
    if stroked:
        canvas.saveState()
    fill, stroke = _set_paint(canvas, element, context, where)
    radius = element_length(element.get("radius", 0), context, where)
    if radius:
        canvas.roundRect(x, y, w, h, radius, stroke=1 if stroke else 0, fill=1 if fill else 0)
    else:
        canvas.rect(x, y, w, h, stroke=1 if stroke else 0, fill=1 if fill else 0)
    if stroked:
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


@dataclass(frozen=True)
class TrackCells:
    """A track's numbered cells: their values in order, the grid and one cell's size in points."""

    values: tuple[int, ...]
    columns: int
    rows: int
    cell: tuple[float, float]
    size: float  # the size its numbers are written at

    def number_size(self) -> float:
        """The size its numbers print at: its `size` (12 pt), less in a cell too small for it."""
        return min(self.cell[1] * 0.45, self.cell[0] * 0.45, self.size)


MAX_REPEATS = 1000  # copies a `repeat` draws, or cells a track has (a board's largest track: 100)


def _refuse_too_many(count: int, what: str) -> None:
    """A count no layout means (`to: 100000000` took gigabytes before it failed; sixth-game audit)."""
    if count > MAX_REPEATS:
        raise LayoutError(f"{what}: {count:,} copies; at most {MAX_REPEATS:,}")


def track_cells(element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> TrackCells:
    """The cells of a `track` element: `from`..`to` every `step`, in rows of `columns`."""
    _, _, w, h = _geometry(element, box, context, where)
    first = _integer(bind(element.get("from", 0), context, where), where, "from")
    last = _integer(bind(element.get("to", 0), context, where), where, "to")
    step = _integer(bind(element.get("step", 1), context, where), where, "step")
    if step < 1:
        raise LayoutError(f"{where}: step: expected a whole number above 0, got {step}")
    _refuse_too_many(len(range(first, last + 1, step)), f"{where}: track")
    values = tuple(range(first, last + 1, step))
    columns = _integer(bind(element.get("columns", len(values) or 1), context, where), where, "columns")
    if columns < 1:
        raise LayoutError(f"{where}: columns: expected a whole number above 0, got {columns}")
    rows = max(1, -(-len(values) // columns))
    size = _positive(bind(element.get("size", 12), context, where), where, "size")
    return TrackCells(values, columns, rows, (w / columns, h / rows), size)


def _draw_track(canvas: Canvas, element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> None:
    """Numbered cells from `from` to `to` (every `step`), in rows of `columns`, filling the element's box."""
    x, y, _, h = _geometry(element, box, context, where)
    cells = track_cells(element, box, context, where)
    values, columns = cells.values, cells.columns
    cw, ch = cells.cell
    stroke = _color(bind(element.get("stroke", "#444444"), context, where), where)
    fill = bind(element.get("fill"), context, where)
    ink = _color(bind(element["color"], context, where), where) if element.get("color") else stroke
    canvas.saveState()
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(stroke)
    font_size = cells.number_size()
    for i, value in enumerate(values):
        row, col = divmod(i, columns)
        cx, cy = x + col * cw, y + h - (row + 1) * ch
        if fill:
            canvas.setFillColor(_color(fill, where))
            canvas.rect(cx, cy, cw, ch, stroke=1, fill=1)
        else:
            canvas.rect(cx, cy, cw, ch, stroke=1, fill=0)
        canvas.setFillColor(ink)
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


__all__ = [  # the layout API, wherever its parts live
    "ALIGN", "DRAW", "ELEMENT_TYPES", "SHRINK_STEP", "Box", "CardContext", "FittedText", "Layout", "LayoutError",
    "PlacedIcon", "TextSetting", "TextStyle", "TrackCells", "bind", "clear_text_cache", "drawn_elements",
    "fit_paragraph", "fitted_text", "geometry", "is_true", "iter_copies", "length", "load_layout", "place_icons",
    "render_layout", "set_text", "text_markup", "track_cells",
]
