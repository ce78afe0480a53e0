"""Card decks, backs and sheets (player mats, boards that fit a page) drawn from layouts.

Each deck is drawn with its `layout` (front) and `back.layout` (one back shared by the deck, or
with `back.per_card` one drawn from each card), looked up in the game's template folders; every
printed copy becomes a face imposed by `generator.imposition`, with duplex backs. A sheet (kind
mat/board/tracker) prints as many copies per page as fit (`sheet_slots`: portrait or landscape,
whichever holds more), or is tiled across pages (`generator.tiling`) when it does not fit the
printable area; every page of it has the footer card sheets have, under the sheet.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from cards import Database
from cards.texts import CardTextError, card_text, text_fields
from cards.units import MM, parse_length, parse_size

from . import laststamps
from .cardlayout import Box, load_layout, render_layout
from .dbmemo import DatabaseMemo
from .geometry import PAGE_MARGIN, SHEET_GAP, landscape, page_margin, page_size, sheet_area
from .geometry import Box as PageBox
from .imagestamps import card_images, image_sources
from .imposition import Face, LastSheet, draw_footer, impose_cards
from .layoutfile import layout_folders
from .pagecache import stamped
from .pdfcanvas import new_canvas
from .stamps import (
    card_stamp,
    deck_identity,
    digest,
    joined,
    layout_inputs,
    looked_up_cards,
    lookup_texts,
    printed_version,
    rule_lookups,
    version_label,
)
from .userconfig import duplex_setting


def base_context(db: Database) -> dict[str, Any]:
    """What every layout binding sees."""
    glossary = {k["id"]: k for k in db.rules.get("keywords", []) if isinstance(k, dict) and "id" in k}
    return {"game": db.meta, "rules": db.rules, "db": db, "version": printed_version(db), "glossary": glossary}


def card_context(db: Database, deck: Any, card: Any, number: int, base: dict[str, Any],
                 text: Any = None) -> dict[str, Any]:
    """A card face's bindings: the card's fields, its filled-in text (`text` when it is known
    already) and its place in the deck."""
    fields = {"id": card.id, "name": card.name, "count": card.count, **card.fields}
    for name in text_fields(deck, card):
        fields[name] = text if name == "text" and text is not None else card_text(card, db.rules, name)
    return {**base, "deck": deck, "card": fields, "number": number, "total": len(deck.cards),
            "corner": f"{deck.code} {number:02d}/{len(deck.cards):02d}"}


def card_text_errors(db: Database, deck: Any) -> list[CardTextError]:
    """Every card text of `deck` that cannot be filled in, each card and field tried: making the
    deck's sides stops at the first (`generator.check` lists them all in one run)."""
    errors = []
    for card in deck.cards:
        for name in text_fields(deck, card):
            try:
                card_text(card, db.rules, name)
            except CardTextError as exc:
                errors.append(exc)
    return errors


# A build asks for a deck's faces several times (check, cache keys, each paper, the components
# page, the manifest): they are made once per database object and deck.
_Sides = tuple[list[Face], list[Face], list[str], list[dict[str, str]]]  # faces, backs, stamps, own images
_SIDES: DatabaseMemo[_Sides] = DatabaseMemo(limit=64)


def deck_sides(db: Database, deck: Any) -> tuple[list[Face], list[Face]]:
    """One face per printed copy of every card of `deck`, and its backs: the one back the deck
    shares, or (`back.per_card`) one per copy, drawn from that copy's card."""
    faces, backs, _, _ = _SIDES.get(db, str(deck.id), lambda: _make_sides(db, deck))
    return list(faces), list(backs)


def printed_copies(db: Database, deck: Any) -> list[tuple[Face, Face]]:
    """Every printed copy of `deck` as (its face, the back behind it)."""
    faces, backs = deck_sides(db, deck)
    return list(zip(faces, backs if deck.back.per_card else backs * len(faces), strict=True))


def deck_stamps(db: Database, deck: Any) -> list[str]:
    """The content stamp of every card of `deck`, in deck order (see `generator.manifest`)."""
    return list(_SIDES.get(db, str(deck.id), lambda: _make_sides(db, deck))[2])


def deck_images(db: Database, deck: Any) -> list[dict[str, str]]:
    """The images each card of `deck` draws by a path of its own, {path: content hash}, in deck
    order (empty where its layouts name none; see `generator.imagestamps`)."""
    return list(_SIDES.get(db, str(deck.id), lambda: _make_sides(db, deck))[3])


def _make_sides(db: Database, deck: Any) -> _Sides:
    folders = layout_folders(db)
    front = load_layout(deck.layout, folders)
    back = load_layout(deck.back.layout, folders)
    bleed = parse_length(db.print.bleed)
    base = {**base_context(db), **trim_size_mm(deck.size)}
    faces: list[Face] = []
    backs: list[Face] = []
    stamps: list[str] = []
    images: list[dict[str, str]] = []
    shared = layout_inputs(db, [front, back], per_card=True)
    # what every face of the deck shows besides its card (a face's stamp keys its cached pages)
    inputs = [shared, deck_settings(deck), dict(db.rules), db.meta, db.print, base["version"]]
    lender = db.deck(deck.back.like) if deck.back.like else None
    identity = deck_identity(deck, front, back, lender)
    # a borrowed back is drawn from the lending deck: its settings are an input of every face too,
    # so a new colour there draws these cards' pages again instead of replaying them from the cache
    common = digest([*inputs, deck_settings(lender)] if lender is not None else inputs)
    lookups = lookup_texts([front, back])
    rules = rule_lookups([front, back])
    # each card's text and stamp as this process last made them, while its deck's inputs are the same
    last = laststamps.deck_stamps(str(db.folder), str(deck.id), (common, identity, lookups, rules))
    total = len(deck.cards)
    _, own_images = image_sources([front, back])  # paths filled in per card: `art/{{ card.id }}.png`
    # no card's stamp takes anything from other cards, rules or its own image files
    plain = not lookups and not rules and not own_images
    for number, card in enumerate(deck.cards, 1):
        # a layout that cannot draw this card names it and where it is written (a keyword misspelt
        # in the card is found by the layout that looks it up: the designer fixes the card)
        where = f" ({db.sources[card.id]})" if card.id in db.sources else ""
        old = last.same(card, number, total)
        if old is None or not plain:
            context = card_context(db, deck, card, number, base, None if old is None else old.text)
            looked_up = looked_up_cards(db, lookups, context, rules)
            if own_images:  # what the card reads from outside its fields: its art files' content too
                seen = {**context, "back": deck.back}  # a back's image path may name its settings
                looked_up = {"looked up": looked_up, "images": card_images(db.folder, own_images, seen)}
            if old is None or old.looked_up != looked_up:
                stamp = card_stamp(shared, identity, context, looked_up)
                old = laststamps.Stamped(card, number, total, context["card"].get("text"), looked_up, stamp)
        last.note(old)
        stamps.append(old.stamp)
        images.append(old.looked_up["images"] if own_images else {})
        context_of: Callable[[], dict[str, Any]] = functools.partial(
            _stamped_context, db, deck, card, number, base, old)
        if deck.back.per_card:  # its front and its own back bind the same context: made once
            context_of = functools.cache(context_of)
        face = stamped(_face(front, context_of, bleed, f"card {card.id!r}{where} of deck {deck.id!r}"),
                       joined(common, "front", old.stamp))
        faces.extend([face] * card.count)
        if deck.back.per_card:
            # copies of a card share one back Face, so imposition still draws it once as a PDF form
            own = _face(back, functools.partial(_with_back, context_of, deck.back), bleed,
                        f"back of card {card.id!r}{where} of deck {deck.id!r}")
            backs.extend([stamped(own, joined(common, "back", old.stamp))] * card.count)
    if lender is not None:  # the back of the deck it joins in play, drawn as that deck's (its colour, code)
        lent_context = shared_back_context(base, lender)
        backs = [stamped(_face(back, lambda: lent_context, bleed, f"back of deck {lender.id!r} on deck {deck.id!r}"),
                         joined(common, "back"))]
    elif not deck.back.per_card:
        back_context = shared_back_context(base, deck)
        backs = [stamped(_face(back, lambda: back_context, bleed, f"back of deck {deck.id!r}"), joined(common, "back"))]
    laststamps.finished(str(db.folder), str(deck.id), last)
    return faces, backs, stamps, images


def deck_settings(deck: Any) -> Any:
    """A deck's own settings (name, code, size, back, layout), its cards left to their stamps."""
    return deck.model_dump(mode="json", exclude={"cards"})


def _stamped_context(db: Database, deck: Any, card: Any, number: int, base: dict[str, Any],
                     stamped: laststamps.Stamped) -> dict[str, Any]:
    """A card face's bindings with its stamp, made when the face is drawn: most faces of a
    rebuild are taken from the render cache and never need theirs."""
    return _with_stamp(card_context(db, deck, card, number, base, stamped.text), stamped.stamp)


def _with_back(context_of: Callable[[], dict[str, Any]], back: Any) -> dict[str, Any]:
    """A card's own back's bindings: its front's, and the deck's `back` settings."""
    return {**context_of(), "back": back}


def _with_stamp(context: dict[str, Any], stamp: str) -> dict[str, Any]:
    """A card face prints its own content stamp as its `version` (the game's is `game_version`)."""
    return {**context, "version": stamp, "stamp": stamp, "game_version": context["version"]}


STAMP_STAND_IN = "00000000"  # as wide as any stamp (a digit is as wide as any hex letter, or wider)


def checked_card_context(db: Database, deck: Any, card: Any, number: int, base: dict[str, Any],
                         stamp: str = STAMP_STAND_IN) -> dict[str, Any]:
    """A card face's bindings as the checks see them: as it is drawn, with its stamp (or one as
    wide). Without it, a layout printing `v {{ stamp }}`, as the docs advise, failed lint with a
    traceback (sixth-game audit)."""
    return _with_stamp(card_context(db, deck, card, number, base), stamp)


def shared_back_context(base: dict[str, Any], deck: Any) -> dict[str, Any]:
    """The bindings of a deck's one back (drawn for every card): no card, and the game's version
    as its `stamp`, so a layout a front and a back share binds on both."""
    return {**base, "deck": deck, "back": deck.back, "card": {}, "corner": deck.code,
            "stamp": base["version"], "game_version": base["version"]}


def back_designs(deck: Any, backs: list[Face]) -> list[tuple[Any | None, Face]]:
    """Each distinct back of `deck` (from `deck_sides`) with its card, or None for the shared back."""
    if not deck.back.per_card:
        return [(None, backs[0])]
    printed = [card for card in deck.cards if card.count > 0]
    return list(zip(printed, dict.fromkeys(backs), strict=True))


def trim_size_mm(size: str) -> dict[str, float]:
    """`width` and `height` of a card size in mm, so one layout can serve every card size."""
    w, h = parse_size(size)
    return {"width": round(w / MM, 3), "height": round(h / MM, 3)}


def _face(layout: Any, context: Callable[[], dict[str, Any]], bleed: float, component: str) -> Face:
    def draw(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        box = Box(x + bleed, y + bleed, w - 2 * bleed, h - 2 * bleed, bleed)
        render_layout(canvas, layout, box, context(), component)
    draw.component = component  # type: ignore[attr-defined]  # what its errors name it (`face_checks`)
    return draw


def face_checks(db: Database, deck: Any, is_checked: Callable[[str], bool] | None = None
                ) -> Iterator[tuple[str, Callable[[], None]]]:
    """(what its errors name it, draw it into a throwaway canvas) for every face and back of `deck`
    to check: overflow and layout errors surface, each face's own (`generator.check` collects them).

    `is_checked(stamp)` says a face with that content stamp drew before (the render cache knows)."""
    import io

    faces, backs = deck_sides(db, deck)
    canvas = Canvas(io.BytesIO())
    w, h = parse_size(deck.size)
    bleed = parse_length(db.print.bleed)
    for face in dict.fromkeys([*faces, *backs]):
        if is_checked is None or not is_checked(face.stamp):  # type: ignore[attr-defined]
            yield face.component, functools.partial(face, canvas, 0, 0, w + 2 * bleed, h + 2 * bleed)  # type: ignore[attr-defined]


def check_deck(db: Database, deck: Any, is_checked: Callable[[str], bool] | None = None) -> None:
    """Draw every face and every back once into a throwaway canvas; the first error is raised."""
    for _, draw in face_checks(db, deck, is_checked):
        draw()


def render_deck(db: Database, deck: Any, paper: str, out: Path | BinaryIO, last_sheet: LastSheet | None = None) -> None:
    """A PDF of every printed copy of `deck` with duplex backs, on `paper` (`last_sheet`: see
    `generator.imposition.impose_cards`)."""
    faces, backs = deck_sides(db, deck)
    title = f"{db.meta.name}: {deck.name}"
    canvas = new_canvas(out, page_size(paper), title, f"{db.meta.name}, {version_label(db)}")
    footer = f"{db.meta.name} \u00b7 {deck.name} ({deck.code}) \u00b7 version {printed_version(db)}"
    duplex = duplex_setting()  # the user's printer, from the user config (never the database)
    impose_cards(canvas, faces, backs if deck.duplex else None, parse_size(deck.size),
                 parse_length(db.print.bleed), paper, footer, page_margin(db.print.margin, paper),
                 duplex.flip, duplex.shift, last_sheet)
    canvas.save()


def sheet_copies(db: Database, sheet: Any) -> list[dict[str, Any]]:
    """One binding context per printed copy: per-player sheets get a `player` number."""
    players = db.meta.players.max if sheet.per_player else 1
    return [{"player": p, "copy": c} for p in range(1, players + 1) for c in range(1, sheet.count + 1)]


def render_sheet(db: Database, sheet: Any, paper: str, out: Path | BinaryIO) -> None:
    """A PDF of every copy of `sheet`: as many copies per page as fit, or tiled across pages when
    too large; each page with its footer (game, sheet, version, page number) under the sheet."""
    from .tiling import fits_one_page

    layout = load_layout(sheet.layout, layout_folders(db))
    size = (parse_length(sheet.width), parse_length(sheet.height))
    base = {**base_context(db), "sheet": sheet, "data": sheet.data}
    painters = [_sheet_painter(layout, size, {**base, **copy}, f"sheet {sheet.id!r}") for copy in sheet_copies(db, sheet)]
    margin = page_margin(db.print.margin, paper)
    draw = _draw_slotted if fits_one_page(size, paper, margin) else _draw_tiled
    draw(db, sheet, paper, out, painters, margin)


def _draw_tiled(db: Database, sheet: Any, paper: str, out: Path | BinaryIO, painters: list[Any], margin: float) -> None:
    """Each copy of a sheet too large for a page, tiled across pages (`generator.tiling`)."""
    from .tileseams import placed_cuts
    from .tiling import draw_tiles, plan_tiles

    canvas = new_canvas(out, page_size(paper), f"{db.meta.name}: {sheet.name}", f"{db.meta.name}, {version_label(db)}")
    # the copies of a sheet share its layout: its cut edges are placed clear of the first one's content
    plan = placed_cuts(plan_tiles((parse_length(sheet.width), parse_length(sheet.height)), paper, margin=margin),
                       painters[0])
    labels = page_labels(_sheet_footer(db, sheet), len(painters) * len(plan.tiles()))
    for number, paint in enumerate(painters):
        draw_tiles(canvas, plan, paint, f"{db.meta.name} {sheet.name}", labels[number * len(plan.tiles()):])
    canvas.save()


def _draw_slotted(db: Database, sheet: Any, paper: str, out: Path | BinaryIO, painters: list[Any],
                  margin: float) -> None:
    """The copies of a sheet, as many to a page as fit (`sheet_slots`)."""
    page, slots = sheet_slots((parse_length(sheet.width), parse_length(sheet.height)), paper, margin)
    canvas = new_canvas(out, page, f"{db.meta.name}: {sheet.name}", f"{db.meta.name}, {version_label(db)}")
    starts = range(0, len(painters), len(slots))
    for start, label in zip(starts, page_labels(_sheet_footer(db, sheet), len(starts)), strict=True):
        for paint, (x, y) in zip(painters[start:start + len(slots)], slots, strict=False):
            paint(canvas, x, y)
        draw_footer(canvas, page, label, margin)
        canvas.showPage()
    canvas.save()


def _sheet_footer(db: Database, sheet: Any) -> str:
    return f"{db.meta.name} \u00b7 {sheet.name} \u00b7 version {printed_version(db)}"


def page_labels(footer: str, count: int) -> list[str]:
    """`footer` with each page's number: `... · sheet 2/3`, as token sheets print it."""
    return [f"{footer} \u00b7 sheet {number}/{count}" for number in range(1, count + 1)]


def sheet_slots(size: tuple[float, float], paper: str,
                margin: float = PAGE_MARGIN) -> tuple[tuple[float, float], list[tuple[float, float]]]:
    """The page (portrait or landscape) holding the most copies of a sheet, and their lower-left corners.

    Copies are stacked top down, then left to right, `SHEET_GAP` apart, the group centred on the
    page but clear of the footer band (`sheet_area`); when both orientations hold as many, a
    wide sheet goes on a landscape page.
    """
    portrait = page_size(paper)
    pages = [landscape(portrait), portrait] if size[0] > size[1] else [portrait, landscape(portrait)]
    layouts = [(page, _grid(size, page, margin)) for page in pages]
    page, (cols, rows) = max(layouts, key=lambda item: item[1][0] * item[1][1])
    w, h = size
    x0 = (page[0] - (cols * w + (cols - 1) * SHEET_GAP)) / 2
    high = rows * h + (rows - 1) * SHEET_GAP
    top = max((page[1] + rows * h + (rows - 1) * SHEET_GAP) / 2, sheet_area(page, margin).y + high)
    slots = [(x0 + c * (w + SHEET_GAP), top - (r + 1) * h - r * SHEET_GAP) for c in range(cols) for r in range(rows)]
    return page, slots


def _grid(size: tuple[float, float], page: tuple[float, float], margin: float) -> tuple[int, int]:
    area = sheet_area(page, margin)
    cols = int((area.w + SHEET_GAP + 1e-6) // (size[0] + SHEET_GAP))
    rows = int((area.h + SHEET_GAP + 1e-6) // (size[1] + SHEET_GAP))
    return cols, rows


def _sheet_painter(layout: Any, size: tuple[float, float], context: dict[str, Any], component: str) -> Any:
    """Draws the whole sheet with its lower-left corner at (x, y)."""
    def paint(canvas: Canvas, x: float, y: float, visible: PageBox | None = None) -> None:
        render_layout(canvas, layout, Box(x, y, size[0], size[1]), context, component, visible)
    return paint


def sheet_painter(db: Database, sheet: Any, copy: dict[str, Any] | None = None) -> tuple[tuple[float, float], Any]:
    """The size of `sheet` in points and a painter of one copy (the first unless `copy` is given)."""
    layout = load_layout(sheet.layout, layout_folders(db))
    size = (parse_length(sheet.width), parse_length(sheet.height))
    context = {**base_context(db), "sheet": sheet, "data": sheet.data, **(copy or sheet_copies(db, sheet)[0])}
    return size, _sheet_painter(layout, size, context, f"sheet {sheet.id!r}")
