"""Layout values bound to a card: `{{ }}` expressions in the Jinja2 sandbox, lengths, numbers, colours
and an element's box on the page (`geometry`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import jinja2
from reportlab.lib import colors

from cards.sandbox import BudgetedSandbox
from cards.texts import card_text, render_text
from cards.undefined import NamingUndefined
from cards.units import MM, UnitError, parse_length

from .colours import checked_colour, ink_on, readable_on
from .errors import LayoutError
from .layoutfile import Box

_ENV = BudgetedSandbox(undefined=NamingUndefined, autoescape=False)
_ENV.globals.update(render_text=render_text, card_text=card_text, ink_on=ink_on, readable_on=readable_on)


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

# Most bindings are a plain `{{ card.name }}` or `v {{ version }}`; looking those up directly skips
# a Jinja2 render (a tenth of a card's drawing time). Anything else, or anything unusual found, goes
# to Jinja2.
_LOOKUP = re.compile(r"([^{}]*)\{\{\s*([A-Za-z][A-Za-z0-9_]*)(?:\.([A-Za-z][A-Za-z0-9_]*))?\s*\}\}([^{}]*)")
_PLAIN_VALUES = (str, int, float, bool)


@lru_cache(maxsize=4096)
def _parsed_lookup(value: str) -> tuple[str, str, str | None, str] | None:
    """(text before, variable, field or None, text after) of a one-lookup binding, else None."""
    match = _LOOKUP.fullmatch(value)
    if match is None or match.group(4).endswith("\n"):  # Jinja2 drops one trailing newline
        return None
    return match.group(1), match.group(2), match.group(3), match.group(4)


def _plain_lookup(value: str, context: dict[str, Any]) -> str | None:
    """`{{ name }}` or `{{ name.field }}`, with plain text around it, rendered as Jinja2 would when
    the value found is a plain value; else None."""
    parsed = _parsed_lookup(value)
    if parsed is None:
        return None
    before, variable, name, after = parsed
    if variable not in context:
        return None  # Jinja2 reports it, with its place
    owner = context[variable]
    if name is None:
        return f"{before}{owner}{after}" if type(owner) in _PLAIN_VALUES else None
    try:
        if isinstance(owner, dict):
            found = None if hasattr(owner, name) else owner.get(name)
        else:
            found = getattr(owner, name, None) if owner is not None else None
    except Exception:  # noqa: BLE001 - Jinja2 reports it, with its place
        return None
    if type(found) not in _PLAIN_VALUES or not _ENV.is_safe_attribute(owner, name, found):
        return None
    return f"{before}{found}{after}"


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


def _positive(value: Any, where: str, what: str) -> float:
    """A number above 0 (a text size of 0 divided by zero as the text was fitted), else a located error."""
    number = _number(value, where, what)
    if not number > 0:
        raise LayoutError(f"{where}: {what} must be above 0, got {number:g}")
    return number


def geometry(element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the element in page points; x, y is its lower-left corner."""
    return _geometry(element, box, context, where)


class ElementMemo:
    """Values worked out once per layout element. An element is a dict, so it is known by its
    identity; the memo keeps it, so its id cannot be reused while the value is kept."""

    def __init__(self) -> None:
        self._found: dict[int, tuple[dict[str, Any], Any]] = {}

    def get(self, element: dict[str, Any]) -> Any:
        """The value kept for `element`, else None."""
        hit = self._found.get(id(element))
        return hit[1] if hit is not None and hit[0] is element else None

    def put(self, element: dict[str, Any], value: Any) -> None:
        """Keep `value` for `element` (a long-lived `--watch` process drops them all now and then)."""
        if len(self._found) >= 4096:
            self._found.clear()
        self._found[id(element)] = (element, value)


_OFFSETS = ElementMemo()
_NO_OFFSETS = ()


def _geometry(element: dict[str, Any], box: Box, context: dict[str, Any], where: str) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the element in page points; x, y is its lower-left corner."""
    offsets = _OFFSETS.get(element)
    if offsets is None:
        offsets = _constant_offsets(element)
        _OFFSETS.put(element, offsets)
    if offsets:
        x, y, w, h = offsets
        return box.x + x, box.y + box.h - y - h, w, h
    x = element_length(element.get("x", 0), context, where)
    y = element_length(element.get("y", 0), context, where)
    w = element_length(element.get("w", 0), context, where)
    h = element_length(element.get("h", 0), context, where)
    if (w <= 0 or h <= 0) and element.get("type") != "line":  # a line runs from (x, y) by w, h
        key, value = ("w", w) if w <= 0 else ("h", h)
        raise LayoutError(f"{where}: {key} must be above 0, got {value / MM:g} mm")
    return box.x + x, box.y + box.h - y - h, w, h


def element_length(value: Any, context: dict[str, Any], where: str) -> float:
    """An element's length: bound and parsed, or, written as a plain value, parsed once per value."""
    if isinstance(value, str) and "{" in value:
        return length(bind(value, context, where), where)
    try:
        return _constant_length(value)
    except (UnitError, ValueError, TypeError):
        return length(value, where)  # raises the located error


def _constant_offsets(element: dict[str, Any]) -> tuple[float, ...]:
    """(x, y, w, h) from the box's top-left corner when the element writes all four as plain
    lengths (most do), else () and they are bound and parsed per card."""
    values = [element.get(key, 0) for key in ("x", "y", "w", "h")]
    if any(isinstance(value, str) and "{" in value for value in values):
        return _NO_OFFSETS
    try:
        return tuple(_constant_length(value) for value in values)
    except (UnitError, ValueError, TypeError):
        return _NO_OFFSETS  # parsed per card, which reports the mistake with its place


@lru_cache(maxsize=1024)
def _constant_length(value: Any) -> float:
    return parse_length(float(value) if _is_number(value) else value)


def _color(value: Any, where: str) -> colors.Color:
    try:
        return _hex_color(str(value))
    except ValueError as exc:
        raise LayoutError(f"{where}: {exc}") from None


@lru_cache(maxsize=256)
def _hex_color(value: str) -> colors.Color:
    """The colour '#rrggbb' (ValueError for anything else: reportlab reads '#c0392' as another colour)."""
    return colors.HexColor(checked_colour(value))

