"""Sparse token files printed in the room a card file's last sheet leaves free.

A token file whose sheets share paper (`sheets: shared`) and that would fill only part of a page
of its own goes onto the last sheet of one of the kit's card files instead, when all its tokens
fit there on both A4 and Letter: beside the last cards of a partly filled row, and below the
last row, clear of every crop mark and of the footer. The deck its tokens are played on (`fits:`)
is tried first, then the card files with the most free slots. Double-sided tokens need a
double-sided host; their backs go on the host's back page, placed as the card backs are.

`token_groups`, `group_label` and `render_card_file` give the kit's token and card files with
that counted in (the build and the print guide use them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from cards import Database
from cards.units import MM, parse_length, parse_size

from .geometry import (
    CROP_MARK_GAP,
    CROP_MARK_LENGTH,
    PAPERS,
    TOKEN_BLEED,
    TOKEN_GAP,
    Box,
    page_margin,
    printable,
)
from .imposition import SheetPlan, plan_sheet
from .packing import (
    TOKEN_FOOTER_BAND,
    Group,
    all_token_groups,
    block_painter,
    card_groups,
    group_names,
    group_slots,
    render_card_group,
    shares,
)
from .token_rows import Region, TokenPlace, fill_regions

# Space kept between tokens and the crop marks or cards beside them.
CLEARANCE = 2 * TOKEN_BLEED


@dataclass(frozen=True)
class Host:
    """A card file that may print tokens on its last sheet: a deck or shared decks (`kind` cards,
    `id` the file's stem), or the reference cards when they are all one size (`kind` reference)."""

    kind: str
    id: str
    size: str
    copies: int
    duplex: bool
    decks: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Hosting:
    """The token file `tokens` printed on the last sheet of `host`."""

    host: Host
    tokens: Group


def hosts(db: Database) -> list[Host]:
    """Every card file of the kit that could take tokens on its last sheet."""
    from .rulebook import reference_copies

    found = [Host("cards", group.id, group.members[0].size, sum(card.count for deck in group.members for card in deck.cards),
                  bool(group.members[0].duplex), group.members) for group in card_groups(db)]
    sizes = {reference.size for reference in db.references}
    if len(sizes) == 1:
        found.append(Host("reference", "reference", sizes.pop(), sum(reference_copies(db, r) for r in db.references),
                          any(reference.back for reference in db.references)))
    return found


def last_sheet_regions(plan: SheetPlan, on_last: int) -> list[Region]:
    """The room the last sheet of a card file leaves for tokens when it holds `on_last` cards:
    the empty slots of its last row, then the full width below that row (crop marks, the
    cards' bleed and the footer band left out)."""
    w, h = plan.card
    x0, y0 = plan.origin
    rows_used = math.ceil(on_last / plan.cols)
    in_last_row = on_last - (rows_used - 1) * plan.cols
    reach = plan.bleed + CROP_MARK_GAP
    area = printable(plan.page, plan.margin)
    row_bottom = y0 + (plan.rows - rows_used) * h
    regions = []
    side, ends = (min(CROP_MARK_LENGTH, room) for room in plan.mark_room())
    if in_last_row < plan.cols:  # clear of the marks beside the last card, which run into the free slots
        left = x0 + in_last_row * w + reach + side + CLEARANCE
        right = x0 + plan.cols * w - TOKEN_BLEED
        top = row_bottom + h - (reach if rows_used > 1 else 0) - CLEARANCE
        regions.append(Region(0, Box(left, row_bottom + TOKEN_BLEED, right - left, top - row_bottom - TOKEN_BLEED)))
    top = row_bottom - reach - ends - CLEARANCE
    bottom = area.y + TOKEN_FOOTER_BAND + TOKEN_BLEED
    if top > bottom:
        regions.append(Region(0, Box(area.x + TOKEN_BLEED, bottom, area.w - 2 * TOKEN_BLEED, top - bottom)))
    return regions


def card_file_plan(db: Database, host: Host, paper: str) -> tuple[SheetPlan, int]:
    """The sheet plan of a card file on `paper` and how many cards its last sheet holds."""
    plan = plan_sheet(parse_size(host.size), parse_length(db.print.bleed), paper, page_margin(db.print.margin, paper))
    slots = len(group_slots(Group(host.id, host.decks), plan)) if host.decks else host.copies  # empty ones too
    return plan, slots - (math.ceil(slots / plan.per_sheet) - 1) * plan.per_sheet


def place_on(db: Database, host: Host, tokens: Group, paper: str, plan: SheetPlan | None = None) -> list[TokenPlace] | None:
    """Every token of `tokens` on the last sheet of `host` (on `plan`, by default the file's own),
    or None when they do not all fit."""
    own, on_last = card_file_plan(db, host, paper)
    placed = fill_regions(tokens.members, last_sheet_regions(plan or own, on_last))
    return None if placed is None else [place for _, place in placed]


def hostings(db: Database) -> list[Hosting]:
    """Which token files print on which card file's last sheet."""
    found: list[Hosting] = []
    taken: set[str] = set()
    candidates_all = hosts(db)
    for tokens in all_token_groups(db):
        if not all(shares(db, sheet) for sheet in tokens.members):
            continue
        duplex = any(sheet.duplex for sheet in tokens.members)
        played_on = {sheet.fits for sheet in tokens.members}
        candidates = [host for host in candidates_all if host.id not in taken and (host.duplex or not duplex)]
        candidates.sort(key=lambda host: (not any(deck.id in played_on for deck in host.decks), -_free_slots(db, host)))
        for host in candidates:
            if all(place_on(db, host, tokens, paper) is not None for paper in PAPERS):
                found.append(Hosting(host, tokens))
                taken.add(host.id)
                break
    return found


def _free_slots(db: Database, host: Host) -> int:
    plan, on_last = card_file_plan(db, host, "a4")
    return plan.per_sheet - on_last


def hosting_of(db: Database, host_id: str) -> Hosting | None:
    """The tokens printed on the last sheet of the card file `host_id` (a card group's id, or
    "reference"), if any."""
    return next((h for h in hostings(db) if h.host.id == host_id), None)


def last_sheet_drawer(db: Database, host_id: str, paper: str) -> Any:
    """A `last_sheet` drawer (see `generator.imposition.impose_cards`) printing the tokens hosted
    by card file `host_id` on its last sheet: fronts on the front page, backs where the card
    backs' flip puts them; None when the file hosts none."""
    hosting = hosting_of(db, host_id)
    if hosting is None:
        return None
    host, tokens = hosting.host, hosting.tokens
    painters = {id(sheet): block_painter(db, sheet) for sheet in tokens.members}

    def draw(canvas: Canvas, plan: SheetPlan, side: str) -> None:
        for place in place_on(db, host, tokens, paper, plan) or []:
            if side == "front":
                painters[id(place.sheet)](canvas, place.box, place.token, "front")
            elif place.sheet.duplex:
                painters[id(place.sheet)](canvas, plan.back_of(place.box), place.token, "back")
    return draw


def slot_use_with_tokens(db: Database, host_id: str, paper: str, used: int, slots: int) -> tuple[int, int]:
    """How full a card file's sheets are with the tokens it hosts counted in: (used, places) in
    square millimetres, the cards' slots and the tokens' places with their gaps; the card counts
    unchanged when it hosts none."""
    hosting = hosting_of(db, host_id)
    places = place_on(db, hosting.host, hosting.tokens, paper) if hosting else None
    if hosting is None or places is None:
        return used, slots
    w, h = parse_size(hosting.host.size)
    cell = w * h / MM**2
    tokens = sum((place.box.w + TOKEN_GAP) * (place.box.h + TOKEN_GAP) for place in places) / MM**2
    return round(used * cell + tokens), round(slots * cell)


# -------------------------------------------------------- the kit's files, tokens on card sheets counted


def token_groups(db: Database, kinds: tuple[str, ...] = ("cards", "sheets", "reference")) -> list[Group]:
    """The token files of the kit in build order: one per token sheet, or one for all sharing
    sheets (and the trackers packed with them when `kinds` builds the sheets too); a file printed
    on the last sheet of a card file (`generator.hosting`) is left out when `kinds` builds that."""
    hosted = {hosting.tokens.id for hosting in hostings(db) if hosting.host.kind in kinds}
    return [group for group in all_token_groups(db, "sheets" in kinds) if group.id not in hosted]


def group_label(db: Database, group: Group) -> str:
    """What the group is called in the checklist and on its footer (with the tokens printed on
    its last sheet, if any)."""
    label = group_names(group)
    hosting = hosting_of(db, group.id) if any(deck is group.members[0] for deck in db.decks) else None
    return label if hosting is None else f"{label} + {group_label(db, hosting.tokens)}"


def render_card_file(db: Database, group: Group, paper: str, out: Path | BinaryIO) -> None:
    """The PDF of one card file: a deck of its own, or the decks of a shared group (and the token
    file printed on its last sheet, if any)."""
    from .kit import render_deck

    last_sheet = last_sheet_drawer(db, group.id, paper)
    if group.shared:
        render_card_group(db, group, paper, out, last_sheet)
    else:
        render_deck(db, group.members[0], paper, out, last_sheet)
