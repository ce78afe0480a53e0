"""Components that share paper: decks on common card sheets, sparse token sheets on common pages.

A deck or token sheet whose `sheets` is `shared` (or, when it says nothing, whose game's
`print: sheets` is `shared`) is printed with the game's other sharing components:

- decks of one card size and sidedness go into one file, `cards-<paper>.pdf` (several such
  groups: `cards-<size>[-single]-<paper>.pdf`), card after card, a deck starting in the next
  free slot; each card keeps its own back, so the duplex backs stay aligned slot by slot. A
  deck whose cards lie face down (`face_down`) is kept by empty slots from touching any other
  deck (`card_slots`): cards side by side share the cut line, and a cut or duplex shift a
  fraction of a millimetre off would leave the neighbour's back colour on the edge of theirs;
- token sheets go into `tokens-<paper>.pdf`, each sheet a block of rows of its own grid, the
  blocks stacked down the page and carried to the next page when the page is full; when any of
  them is double-sided every page gets a back page, placed for the user's flip edge, on which the
  single-sided tokens leave their places blank. A tracker that shares paper joins them as a
  block of its copies where that saves a sheet (`packed_trackers`).

Sharing tokens may instead print on a card file's last sheet (`generator.hosting`, which also
lists the kit's card and token files with that counted in). A group with one member keeps the
member's own file. `generator.instructions.print_plan`
reports how full every file's sheets are, from the same plans.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from cards import Database
from cards.units import MM, parse_length, parse_size

from .errors import PaperError
from .geometry import (
    PAPERS,
    TOKEN_BLEED,
    TOKEN_GAP,
    Box,
    back_of,
    landscape,
    page_margin,
    page_size,
    page_that_fits,
    printable,
    turns_top_to_bottom,
)
from .imposition import Face, LastSheet, SheetPlan, draw_footer, impose_cards, plan_sheet
from .pdfcanvas import new_canvas
from .stamps import printed_version, version_label
from .token_rows import Region, TokenPlace, TrackerBlock, block_size, by_page, fill_regions
from .userconfig import duplex_setting

# Room at the foot of a token page for its footer (as on a token sheet of its own).
TOKEN_FOOTER_BAND = 6 * MM


@dataclass(frozen=True)
class Group:
    """One printed file of cards or tokens: its name without the paper, and what it holds."""

    id: str
    members: tuple[Any, ...]

    @property
    def shared(self) -> bool:
        return len(self.members) > 1


def shares(db: Database, component: Any) -> bool:
    """Does this deck or token sheet share its sheets with others?"""
    return (component.sheets or db.print.sheets) == "shared"


def printing_order(decks: Sequence[Any]) -> list[Any]:
    """Face-down decks first, then the others; a deck that borrows another's back right after it."""
    place = {deck.id: number for number, deck in enumerate(decks)}
    return sorted(decks, key=lambda deck: (not deck.face_down, place.get(deck.back.like or deck.id, 0)))


def card_groups(db: Database) -> list[Group]:
    """The card files of the kit in build order: one per deck, or one per group of sharing decks."""
    def key(deck: Any) -> tuple[str, ...]:
        return ("shared", deck.size, str(deck.duplex)) if shares(db, deck) else ("own", deck.id)
    # face-down decks first, the others after them together: empty slots go only
    # where a face-down deck meets another (`card_slots`), not between two open decks
    groups = _grouped(printing_order(db.decks), key)
    sizes = {k[1] for k in groups if k[0] == "shared"}
    sidedness = {k[2] for k in groups if k[0] == "shared"}
    alone = any(k[0] == "own" for k in groups)  # a deck printed on its own sheets

    def name(k: tuple[str, ...], members: list[Any]) -> str:
        if len(members) == 1:
            return str(members[0].id)
        if alone and len(members) <= 3:  # beside files of single decks, `cards` would not say which it holds
            return _and_joined([str(deck.id) for deck in members])
        stem = "cards" + f"-{_slug(k[1])}" * (len(sizes) > 1)
        return stem + "-single" * (len(sidedness) > 1 and k[2] == "False")
    return [Group(name(k, members), tuple(members)) for k, members in groups.items()]


def _and_joined(ids: list[str]) -> str:
    """`effects-and-keywords`, `a-b-and-c`: a file name for the decks sharing it."""
    return "-".join(ids[:-1]) + "-and-" + ids[-1]


def all_token_groups(db: Database, with_sheets: bool = True) -> list[Group]:
    """Every token file the kit's token sheets make, printed alone or on a card sheet; with the
    sheets built too (`with_sheets`), the shared token pages take the sharing trackers that fit."""
    groups = _grouped(db.tokens, lambda sheet: ("shared",) if shares(db, sheet) else ("own", sheet.id))
    if with_sheets:
        groups[("shared",)] = packed_trackers(db, groups.get(("shared",), []))
    return [Group("tokens" if len(members) > 1 else str(members[0].id), tuple(members))
            for members in groups.values() if members]


def packed_trackers(db: Database, shared: list[Any]) -> list[Any]:
    """`shared` token sheets and, after them, each sharing tracker that packing with them saves a
    sheet on both A4 and Letter (a tracker that needs a page of its own keeps its own file)."""
    from .kit import sheet_copies

    members = list(shared)
    for sheet in db.sheets:
        if sheet.kind != "tracker" or not shares(db, sheet):
            continue
        block = TrackerBlock(sheet, tuple(sheet_copies(db, sheet)))
        if all(_sheets_saved(db, members, block, paper) for paper in PAPERS):
            members.append(block)
    return members


def _sheets_saved(db: Database, members: list[Any], block: TrackerBlock, paper: str) -> bool:
    from .kit import sheet_slots

    margin = page_margin(db.print.margin, paper)
    try:
        together = len(pack_tokens((*members, block), paper, margin))
    except PaperError:
        return False
    alone = len(pack_tokens(tuple(members), paper, margin)) if members else 0
    _, slots = sheet_slots(block_size(block), paper, margin)
    return together < alone + math.ceil(len(block.copies) / max(len(slots), 1))


def packed_sheet_ids(db: Database) -> set[str]:
    """The ids of the trackers printed on the shared token pages."""
    return {member.id for group in all_token_groups(db) for member in group.members if isinstance(member, TrackerBlock)}


def own_sheets(db: Database, with_tokens: bool = True) -> list[Any]:
    """The sheets (boards, mats, trackers) printed in files of their own; with the tokens built
    too (`with_tokens`), the trackers packed on the token pages are left out."""
    packed = packed_sheet_ids(db) if with_tokens else set()
    return [sheet for sheet in db.sheets if sheet.id not in packed]


def _grouped(components: list[Any], key: Any) -> dict[tuple[str, ...], list[Any]]:
    groups: dict[tuple[str, ...], list[Any]] = {}
    for component in components:
        groups.setdefault(key(component), []).append(component)
    return groups


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def group_names(group: Group) -> str:
    """The names of what the group holds, for its footer and checklist line."""
    return ", ".join(member.name for member in group.members)


# ---------------------------------------------------------------------------------------- cards


def card_slots(decks: Sequence[Any], copies: Sequence[int], cols: int, per_sheet: int) -> list[int | None]:
    """Each slot of a card file in order, sheet after sheet, row by row: the index in `decks` of
    the deck whose card it holds (`copies` of each, in turn), or None for a slot left empty. A
    card of a face-down deck (`face_down`) touches no card of a deck with another back, not even
    at a corner, where each card's bleed would paint into the other's trim: the deck after starts
    in the first slot clear of them, on the next sheet when none is left. Sheets fill row by row,
    or column by column where that needs fewer sheets: on a landscape sheet of two rows the gap
    between two decks is then a column of two slots instead of a row of four."""
    rows = per_sheet // cols
    by_rows = _filled(decks, copies, cols, rows, across=True)
    if rows >= cols:
        return by_rows
    by_columns = _filled(decks, copies, cols, rows, across=False)
    return by_columns if _sheets(by_columns, per_sheet) < _sheets(by_rows, per_sheet) else by_rows


def _sheets(slots: Sequence[int | None], per_sheet: int) -> int:
    return -(-len(slots) // per_sheet)


def _filled(decks: Sequence[Any], copies: Sequence[int], cols: int, rows: int, across: bool) -> list[int | None]:
    """`card_slots` filling each sheet along its rows (`across`) or down its columns."""
    per_sheet = cols * rows
    owner: dict[tuple[int, int, int], int] = {}  # (sheet, row, column) -> deck index

    def cell(number: int) -> tuple[int, int, int]:  # the number-th slot in filling order
        sheet, at = divmod(number, per_sheet)
        row, col = divmod(at, cols) if across else reversed(divmod(at, rows))
        return sheet, row, col

    def is_clear(number: int, index: int) -> bool:
        sheet, row, col = cell(number)
        near = (owner.get((sheet, row + dr, col + dc)) for dr in (-1, 0, 1) for dc in (-1, 0, 1))
        return not any(other is not None and kept_apart(decks[index], decks[other]) for other in near)

    start = 0
    for index, count in enumerate(copies):
        # only the deck's first sheet-full can meet an earlier deck's cards
        while not all(is_clear(number, index) for number in range(start, start + min(count, per_sheet))):
            start += 1
        owner.update({cell(number): index for number in range(start, start + count)})
        start += count
    slots: list[int | None] = [None] * (max((s * per_sheet + r * cols + c for s, r, c in owner), default=-1) + 1)
    for (sheet, row, col), index in owner.items():
        slots[sheet * per_sheet + row * cols + col] = index
    return slots


def kept_apart(a: Any, b: Any) -> bool:
    """Must cards of these two decks not touch on a sheet? A face-down card beside a card with
    another back: a cut or duplex shift a fraction of a millimetre off would leave that back's
    colour on the edge of its own."""
    return a is not b and (a.face_down or b.face_down) and not same_back(a, b)


def same_back(a: Any, b: Any) -> bool:
    """Do the two decks print one back (`back: {like: ...}`)? Side by side they tell nothing apart."""
    return a.back.like == b.id or b.back.like == a.id or (a.back.like is not None and a.back.like == b.back.like)


def group_slots(group: Group, plan: SheetPlan) -> list[int | None]:
    """`card_slots` of the decks of a card file on the sheets of `plan`."""
    copies = [sum(card.count for card in deck.cards) for deck in group.members]
    return card_slots(group.members, copies, plan.cols, plan.per_sheet)


def slotted(decks: Sequence[Any], cards: Sequence[Sequence[tuple[Face, Face | None]]],
            plan: SheetPlan) -> tuple[list[Face | None], list[Face | None]]:
    """The faces and backs of `cards` (each deck's (face, back) pairs, deck after deck) slot by
    slot on the sheets of `plan`, None where `card_slots` leaves a slot empty."""
    left = [iter(pairs) for pairs in cards]
    placed = [None if index is None else next(left[index])
              for index in card_slots(decks, [len(pairs) for pairs in cards], plan.cols, plan.per_sheet)]
    return [None if card is None else card[0] for card in placed], [None if card is None else card[1] for card in placed]


def render_card_group(db: Database, group: Group, paper: str, out: Path | BinaryIO,
                      last_sheet: LastSheet | None = None) -> None:
    """A PDF of every printed copy of every deck of `group`, filling each sheet before the next
    (but for the empty slots around a face-down deck, `card_slots`), every card with its own
    deck's back behind it."""
    from .kit import printed_copies

    first = group.members[0]
    plan = plan_sheet(parse_size(first.size), parse_length(db.print.bleed), paper, page_margin(db.print.margin, paper))
    faces, backs = slotted(group.members, [printed_copies(db, deck) for deck in group.members], plan)
    codes = " ".join(deck.code for deck in group.members)
    canvas = new_canvas(out, page_size(paper), f"{db.meta.name}: cards {codes}",
                        f"{db.meta.name}, {version_label(db)}")
    footer = f"{db.meta.name} \u00b7 cards {codes} \u00b7 version {printed_version(db)}"
    duplex = duplex_setting()  # the user's printer, as for a deck of its own
    impose_cards(canvas, faces, backs if first.duplex else None, parse_size(first.size),
                 parse_length(db.print.bleed), paper, footer, page_margin(db.print.margin, paper),
                 duplex.flip, duplex.shift, last_sheet=last_sheet)
    canvas.save()


# --------------------------------------------------------------------------------------- tokens


def render_token_file(db: Database, group: Group, paper: str, out: Path | BinaryIO) -> None:
    """The PDF of one token file: a token sheet of its own, or the sheets of a shared group packed."""
    from .tokens import render_tokens

    if group.shared:
        render_token_group(db, group, paper, out)
    else:
        render_tokens(db, group.members[0], paper, out)


def pack_tokens(sheets: tuple[Any, ...], paper: str, margin: float) -> list[list[TokenPlace]]:
    """Every token of `sheets` placed on pages of `token_page`: each sheet a block of rows of its
    own grid (centred across the page), blocks stacked from the top, rows carried over to the next
    page when one is full. One list of places per page."""
    room = _token_room(token_page(sheets, paper, margin), margin)
    placed = fill_regions(sheets, (Region(number, room) for number in itertools.count()))
    assert placed is not None  # the pages never run out, and every token fits one
    return by_page(placed)


def token_page(sheets: tuple[Any, ...], paper: str, margin: float) -> tuple[float, float]:
    """The page shared tokens are packed on: portrait, or landscape when only that holds every
    part (a long strip, a wide tracker)."""
    page = page_that_fits(paper, lambda page: all(_fits(sheet, _token_room(page, margin)) for sheet in sheets))
    if page is None:
        turned = _token_room(landscape(page_size(paper)), margin)
        part = next(sheet for sheet in sheets if not _fits(sheet, turned))
        w, h = block_size(part)
        raise PaperError(f"a {w / MM:.0f} x {h / MM:.0f} mm part of {part.id!r} does not fit on {paper} paper, even "
                         f"turned landscape: make it at most {int(turned.w / MM)} x {int(turned.h / MM)} mm")
    return page


def _fits(sheet: Any, room: Box) -> bool:
    """Does the block of `sheet` (a token sheet's grid, a tracker's copies) fit `room`?"""
    w, h = block_size(sheet)
    return w <= room.w and h <= room.h


def _token_room(page: tuple[float, float], margin: float) -> Box:
    """Where tokens go on a shared page: inside the margin, above the footer, each token's colour
    (`TOKEN_BLEED` past its cut line) inside too."""
    area = printable(page, margin)
    floor = area.y + TOKEN_FOOTER_BAND + TOKEN_BLEED
    return Box(area.x + TOKEN_BLEED, floor, area.w - 2 * TOKEN_BLEED, area.top - TOKEN_BLEED - floor)


def token_area_use(pages: list[list[TokenPlace]], page: tuple[float, float], margin: float) -> tuple[int, int]:
    """(square millimetres the tokens' places take, square millimetres of the pages' token area):
    how full shared token pages of size `page` are."""
    area = printable(page, margin)
    usable = area.w * (area.h - TOKEN_FOOTER_BAND)
    taken = sum((place.box.w + TOKEN_GAP) * (place.box.h + TOKEN_GAP) for places in pages for place in places)
    return round(min(taken, usable * len(pages)) / MM**2), round(usable * len(pages) / MM**2)


def render_token_group(db: Database, group: Group, paper: str, out: Path | BinaryIO) -> None:
    """A PDF of every token of every sheet of `group`, packed together (backs on alternate pages,
    placed for the user's flip edge and duplex offset, when the group is double-sided)."""
    margin = page_margin(db.print.margin, paper)
    page = token_page(group.members, paper, margin)
    pages = pack_tokens(group.members, paper, margin)
    painters = {id(sheet): block_painter(db, sheet) for sheet in group.members}
    duplex = any(sheet.duplex for sheet in group.members)
    setting = duplex_setting()
    canvas = new_canvas(out, page, f"{db.meta.name}: tokens", f"{db.meta.name}, {version_label(db)}")
    for number, places in enumerate(pages, 1):
        footer = f"{db.meta.name} \u00b7 tokens \u00b7 version {printed_version(db)} \u00b7 sheet {number}/{len(pages)}"
        for side in ("front", "back") if duplex else ("front",):
            for place in (p for p in places if side == "front" or p.sheet.duplex):
                box = place.box if side == "front" else back_of(place.box, page, setting.flip, setting.shift)
                painters[id(place.sheet)](canvas, box, place.token, side)
            top = side == "back" and turns_top_to_bottom(page, setting.flip)
            draw_footer(canvas, page, footer + f" {side}s" * duplex, margin, top)
            canvas.showPage()
    canvas.save()


def block_painter(db: Database, block: Any) -> Any:
    """A function drawing one item of a packed block into its box: a token side, or (front only)
    a copy of a tracker."""
    from .kit import sheet_painter
    from .tokens import token_painter

    if not isinstance(block, TrackerBlock):
        return token_painter(db, block)

    def tracker(canvas: Any, box: Box, copy: dict[str, Any], side: str) -> None:
        if side == "front":
            sheet_painter(db, block.sheet, copy)[1](canvas, box.x, box.y)
    return tracker
