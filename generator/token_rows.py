"""Tokens laid out in rows inside free regions of pages: a whole page, or the room a card sheet
leaves below and beside its cards.

Each token sheet is a block of rows of its own size, centred across the region; the next sheet's
block starts a `BLOCK_GAP` below; a row that does not fit the region goes to the next region.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cards.units import parse_length

from .geometry import TOKEN_GAP, Box

# Space between two token sheets' blocks in one region.
BLOCK_GAP = 2 * TOKEN_GAP


@dataclass(frozen=True)
class TokenPlace:
    """One printed token: its sheet, the token, its cut box."""

    sheet: Any
    token: Any
    box: Box


@dataclass(frozen=True)
class Region:
    """Room for tokens on page `page` (counted from 0): where their cut boxes may lie (their colour
    bleed is already left out of it)."""

    page: int
    box: Box


def fill_regions(sheets: Iterable[Any], regions: Iterable[Region]) -> list[tuple[int, TokenPlace]] | None:
    """Every token of `sheets` placed in `regions`, in order, as (page, place); None when the
    regions run out before the tokens do."""
    from .tokens import token_copies

    remaining = iter(regions)
    region = next(remaining, None)
    top = region.box.top if region else 0.0
    placed: list[tuple[int, TokenPlace]] = []
    for sheet in sheets:
        size = parse_length(sheet.size)
        pitch = size + TOKEN_GAP
        copies = token_copies(sheet)
        start = 0
        while start < len(copies):
            if region is None:
                return None
            cols = int((region.box.w + TOKEN_GAP) // pitch)
            if cols < 1 or top - size < region.box.y - 1e-6:
                region = next(remaining, None)
                top = region.box.top if region else 0.0
                continue
            x0 = region.box.x + (region.box.w - (cols * pitch - TOKEN_GAP)) / 2
            for col, token in enumerate(copies[start:start + cols]):
                placed.append((region.page, TokenPlace(sheet, token, Box(x0 + col * pitch, top - size, size, size))))
            start += cols
            top -= pitch
        top -= BLOCK_GAP - TOKEN_GAP
    return placed


def by_page(placed: list[tuple[int, TokenPlace]]) -> list[list[TokenPlace]]:
    """The places grouped by page, pages in order, empty pages left out."""
    pages: dict[int, list[TokenPlace]] = {}
    for page, place in placed:
        pages.setdefault(page, []).append(place)
    return [pages[page] for page in sorted(pages)]
