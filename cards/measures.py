"""Bounds on what a kit prints: sizes that can be cut from paper, counts a printer can print.

The schema checks that a size parses; these checks say whether it makes sense to print, so
`size: 0mm`, `size: .nan`, `size: 100000mm` or `count: 5000000` is a located lint error
instead of a division by zero, a hang or a storm of pages.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

from .units import MM, UnitError, parse_length, parse_size

MAX_CARD_MM = 400        # a card, token or reference card side (a jumbo card is 126 mm)
MAX_SHEET_MM = 2000      # a board tiled over pages (a large board is 840 mm)
MAX_COPIES = 10_000      # copies of one card, token, sheet or reference card
MAX_PRINT_MARGIN_MM = 20  # bleed and safe zone

# A problem found: (path inside the component, message)
Finding = tuple[tuple[int | str, ...], str]


def length_problem(value: Any, largest_mm: float, allow_zero: bool = False) -> str | None:
    """Why a length cannot be printed (not a number, zero, negative, endless, too large), or None."""
    try:
        points = parse_length(value)
    except UnitError as exc:
        return str(exc)
    if not math.isfinite(points):
        return f"expected a finite length, got {value!r}"
    if points < 0 or (points == 0 and not allow_zero):
        return f"expected a length above 0, got {value!r}"
    if points > largest_mm * MM:
        return f"{value!r} is larger than {largest_mm} mm, the largest this can be printed"
    return None


def size_problem(value: Any, largest_mm: float = MAX_CARD_MM) -> str | None:
    """Why a named or `W x H` size cannot be printed, or None."""
    try:
        width, height = parse_size(value)
    except UnitError as exc:
        return str(exc)
    for side in (width, height):
        if not math.isfinite(side) or side <= 0 or side > largest_mm * MM:
            return f"expected a size with sides above 0 and up to {largest_mm} mm, got {value!r}"
    return None


def count_problem(count: Any) -> str | None:
    """Why a count of copies cannot be printed, or None (the schema already checked it is an int)."""
    if isinstance(count, int) and count > MAX_COPIES:
        return f"{count:,} copies; at most {MAX_COPIES:,} of one component"
    return None


def component_findings(section: str, item: Any) -> Iterator[Finding]:
    """Every unprintable size or count of one component of `section`."""
    checks: dict[str, Callable[[Any], Iterator[Finding]]] = {
        "decks": _deck, "sheets": _sheet, "tokens": _token_sheet, "references": _reference, "dice": _counted,
    }
    check = checks.get(section)
    if check is not None:
        yield from check(item)


def print_findings(settings: Any) -> Iterator[Finding]:
    """Bleed and safe zone: a margin from 0 up to MAX_PRINT_MARGIN_MM."""
    for name in ("bleed", "safe"):
        problem = length_problem(getattr(settings, name), MAX_PRINT_MARGIN_MM, allow_zero=True)
        if problem:
            yield (name,), problem


def _deck(deck: Any) -> Iterator[Finding]:
    problem = size_problem(deck.size)
    if problem:
        yield ("size",), problem
    for index, card in enumerate(deck.cards):
        problem = count_problem(card.count)
        if problem:
            yield ("cards", index, "count"), problem


def _sheet(sheet: Any) -> Iterator[Finding]:
    for name in ("width", "height"):
        problem = length_problem(getattr(sheet, name), MAX_SHEET_MM)
        if problem:
            yield (name,), problem
    yield from _counted(sheet)


def _token_sheet(sheet: Any) -> Iterator[Finding]:
    strip = isinstance(sheet.size, str) and any(mark in sheet.size.lower() for mark in "x\u00d7")
    problem = size_problem(sheet.size) if strip else length_problem(sheet.size, MAX_CARD_MM)
    if problem:
        yield ("size",), problem
    if not sheet.tokens:  # it would write a PDF of no pages
        yield ("tokens",), f"token sheet {sheet.id!r} prints no token: add a token, or remove the sheet"
    for index, token in enumerate(sheet.tokens):
        problem = count_problem(token.count)
        if problem:
            yield ("tokens", index, "count"), problem


def _reference(reference: Any) -> Iterator[Finding]:
    problem = size_problem(reference.size)
    if problem:
        yield ("size",), problem
    yield from _counted(reference)


def _counted(item: Any) -> Iterator[Finding]:
    problem = count_problem(item.count)
    if problem:
        yield ("count",), problem
