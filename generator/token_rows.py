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
class TrackerBlock:
    """A tracker sheet packed with tokens: every printed copy (its binding context), one size,
    printed on the front only."""

    sheet: Any
    copies: tuple[dict[str, Any], ...]
    duplex = False

    @property
    def id(self) -> str:
        return str(self.sheet.id)

    @property
    def name(self) -> str:
        return str(self.sheet.name)

    @property
    def sheets(self) -> str | None:
        return self.sheet.sheets  # type: ignore[no-any-return]

    @property
    def fits(self) -> str | None:
        return None


def block_size(block: Any) -> tuple[float, float]:
    """Width and height of one item of a block: a token sheet's token, a tracker's copy."""
    if isinstance(block, TrackerBlock):
        return parse_length(block.sheet.width), parse_length(block.sheet.height)
    width, height = block.extent()
    return float(width), float(height)


def block_items(block: Any) -> list[Any]:
    """The printed items of a block: every token copy, or every tracker copy."""
    from .tokens import token_copies

    return list(block.copies) if isinstance(block, TrackerBlock) else token_copies(block)


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
    """Every token (or tracker copy) of `sheets` placed in `regions`, in order, as (page, place);
    None when the regions run out before the tokens do."""
    remaining = iter(regions)
    region = next(remaining, None)
    top = region.box.top if region else 0.0
    placed: list[tuple[int, TokenPlace]] = []
    for sheet in sheets:
        w, h = block_size(sheet)
        copies = block_items(sheet)
        start = 0
        while start < len(copies):
            if region is None:
                return None
            cols = int((region.box.w + TOKEN_GAP) // (w + TOKEN_GAP))
            if cols < 1 or top - h < region.box.y - 1e-6:
                region = next(remaining, None)
                top = region.box.top if region else 0.0
                continue
            x0 = region.box.x + (region.box.w - (cols * (w + TOKEN_GAP) - TOKEN_GAP)) / 2
            for col, token in enumerate(copies[start:start + cols]):
                placed.append((region.page, TokenPlace(sheet, token, Box(x0 + col * (w + TOKEN_GAP), top - h, w, h))))
            start += cols
            top -= h + TOKEN_GAP
        top -= BLOCK_GAP - TOKEN_GAP
    return placed


def by_page(placed: list[tuple[int, TokenPlace]]) -> list[list[TokenPlace]]:
    """The places grouped by page, pages in order, empty pages left out."""
    pages: dict[int, list[TokenPlace]] = {}
    for page, place in placed:
        pages.setdefault(page, []).append(place)
    return [pages[page] for page in sorted(pages)]
