"""Parts that fit each other: a token sheet that declares `fits: <sheet or deck>` is played on
that component's tracks, and each of its tokens must fit one track cell with `FIT_SPARE` to
spare on every side, so a player can set it down and pick it up without covering the next
number. `deckwright lint` reports every misfit, naming the token sheet, the component and the
track element.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cards import Database
from cards.units import MM, parse_length, parse_size

from .cardlayout import Box, Layout, drawn_elements, load_layout, track_cells
from .errors import Finding
from .kit import base_context, checked_card_context, sheet_copies, trim_size_mm
from .layoutfile import layout_folders

FIT_SPARE = 2 * MM


def fit_findings(db: Database) -> list[Finding]:
    """Every token sheet that does not fit the component it declares it is played on."""
    found: list[Finding] = []
    for tokens in db.tokens:
        if tokens.fits:
            found.extend(_token_fit(db, tokens))
    return found


def _token_fit(db: Database, tokens: Any) -> Iterator[Finding]:
    where = f"tokens[{tokens.id}]"
    cells = list(target_cells(db, tokens.fits))
    if not cells:
        yield Finding(where, f"fits: {tokens.fits!r} names no sheet or deck with a track to play on")
        return
    width, height = tokens.extent()
    shown = f"{width / MM:.0f} mm" if width == height else f"{width / MM:g} x {height / MM:g} mm"
    need = (f"{(width + 2 * FIT_SPARE) / MM:.0f} mm" if width == height else
            f"{(width + 2 * FIT_SPARE) / MM:g} x {(height + 2 * FIT_SPARE) / MM:g} mm")
    for target, (w, h) in dict.fromkeys(cells):
        if not fits((width, height), (w, h)):
            yield Finding(where, f"{shown} tokens do not fit the {w / MM:.1f} x {h / MM:.1f} mm cells of "
                                 f"{target} with {FIT_SPARE / MM:g} mm to spare all round (need {need})")


def fits(token: tuple[float, float], cell: tuple[float, float]) -> bool:
    """Does a token (width, height) lie in a cell with FIT_SPARE on every side, as printed or turned?"""
    (tw, th), (cw, ch) = token, cell
    return any(a + 2 * FIT_SPARE <= cw + 1e-6 and b + 2 * FIT_SPARE <= ch + 1e-6 for a, b in ((tw, th), (th, tw)))


def target_cells(db: Database, component_id: str) -> Iterator[tuple[str, tuple[float, float]]]:
    """(which track, its cell size in points) for every track of the sheet or deck `component_id`."""
    folders = layout_folders(db)
    for sheet in db.sheets:
        if sheet.id == component_id:
            layout = load_layout(sheet.layout, folders)
            box = Box(0, 0, parse_length(sheet.width), parse_length(sheet.height))
            for copy in sheet_copies(db, sheet):
                context = {**base_context(db), "sheet": sheet, "data": sheet.data, **copy}
                yield from _tracks(layout, box, context, f"sheet {sheet.id!r}")
    for deck in db.decks:
        if deck.id == component_id:
            yield from _deck_tracks(db, deck, folders)


def _deck_tracks(db: Database, deck: Any, folders: list[Any]) -> Iterator[tuple[str, tuple[float, float]]]:
    w, h = parse_size(deck.size)
    box = Box(0, 0, w, h, parse_length(db.print.bleed))
    base = {**base_context(db), **trim_size_mm(deck.size)}
    front, back = load_layout(deck.layout, folders), load_layout(deck.back.layout, folders)
    for number, card in enumerate(deck.cards, 1):
        context = checked_card_context(db, deck, card, number, base)
        yield from _tracks(front, box, context, f"deck {deck.id!r} card {card.id!r}")
        yield from _tracks(back, box, {**context, "back": deck.back}, f"deck {deck.id!r} card {card.id!r} back")


def _tracks(layout: Layout, box: Box, context: dict[str, Any], label: str) -> Iterator[tuple[str, tuple[float, float]]]:
    for element, bound, where in drawn_elements(layout, context, label):
        if element["type"] == "track":
            yield f"{label} element {element.get('id', 'track')!r}", track_cells(element, box, bound, where).cell
