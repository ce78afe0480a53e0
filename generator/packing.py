"""Components that share paper: decks on common card sheets, sparse token sheets on common pages.

A deck or token sheet whose `sheets` is `shared` (or, when it says nothing, whose game's
`print: sheets` is `shared`) is printed with the game's other sharing components:

- decks of one card size and sidedness go into one file, `cards-<paper>.pdf` (several such
  groups: `cards-<size>[-single]-<paper>.pdf`), card after card, a deck starting in the next
  free slot; each card keeps its own back, so the duplex backs stay aligned slot by slot;
- token sheets go into `tokens-<paper>.pdf`, each sheet a block of rows of its own grid, the
  blocks stacked down the page and carried to the next page when the page is full; when any of
  them is double-sided every page gets a back page, mirrored for a long-edge flip, on which the
  single-sided tokens leave their places blank.

A group with one member keeps the member's own file. `generator.instructions.print_plan`
reports how full every file's sheets are, from the same plans.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from cards import Database
from cards.units import MM, parse_length, parse_size

from .geometry import TOKEN_BLEED, TOKEN_GAP, Box, page_margin, page_size, printable
from .imposition import Face, draw_footer, impose_cards
from .pdfcanvas import new_canvas
from .stamps import printed_version
from .userconfig import duplex_setting

# Space between two token sheets' blocks on a shared page.
BLOCK_GAP = 2 * TOKEN_GAP
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


def card_groups(db: Database) -> list[Group]:
    """The card files of the kit in build order: one per deck, or one per group of sharing decks."""
    def key(deck: Any) -> tuple[str, ...]:
        return ("shared", deck.size, str(deck.duplex)) if shares(db, deck) else ("own", deck.id)
    groups = _grouped(db.decks, key)
    sizes = {k[1] for k in groups if k[0] == "shared"}
    sidedness = {k[2] for k in groups if k[0] == "shared"}

    def name(k: tuple[str, ...], members: list[Any]) -> str:
        if len(members) == 1:
            return str(members[0].id)
        stem = "cards" + f"-{_slug(k[1])}" * (len(sizes) > 1)
        return stem + "-single" * (len(sidedness) > 1 and k[2] == "False")
    return [Group(name(k, members), tuple(members)) for k, members in groups.items()]


def token_groups(db: Database) -> list[Group]:
    """The token files of the kit in build order: one per token sheet, or one for all sharing sheets."""
    groups = _grouped(db.tokens, lambda sheet: ("shared",) if shares(db, sheet) else ("own", sheet.id))
    return [Group("tokens" if len(members) > 1 else str(members[0].id), tuple(members)) for members in groups.values()]


def _grouped(components: list[Any], key: Any) -> dict[tuple[str, ...], list[Any]]:
    groups: dict[tuple[str, ...], list[Any]] = {}
    for component in components:
        groups.setdefault(key(component), []).append(component)
    return groups


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def group_label(db: Database, group: Group) -> str:
    """What the group is called in the checklist and on its footer."""
    if not group.shared:
        return str(group.members[0].name)
    return ", ".join(member.name for member in group.members)


# ---------------------------------------------------------------------------------------- cards


def render_card_file(db: Database, group: Group, paper: str, out: Path | BinaryIO) -> None:
    """The PDF of one card file: a deck of its own, or the decks of a shared group."""
    from .kit import render_deck

    if group.shared:
        render_card_group(db, group, paper, out)
    else:
        render_deck(db, group.members[0], paper, out)


def render_card_group(db: Database, group: Group, paper: str, out: Path | BinaryIO) -> None:
    """A PDF of every printed copy of every deck of `group`, filling each sheet before the next,
    every card with its own deck's back behind it."""
    from .kit import deck_sides

    faces: list[Face] = []
    backs: list[Face] = []
    for deck in group.members:
        deck_faces, deck_backs = deck_sides(db, deck)
        faces += deck_faces
        backs += deck_backs if deck.back.per_card else deck_backs * len(deck_faces)
    first = group.members[0]
    codes = " ".join(deck.code for deck in group.members)
    canvas = new_canvas(out, page_size(paper), f"{db.meta.name}: cards {codes}",
                        f"{db.meta.name}, rules version {printed_version(db)}")
    footer = f"{db.meta.name} \u00b7 cards {codes} \u00b7 version {printed_version(db)}"
    duplex = duplex_setting()  # the user's printer, as for a deck of its own
    impose_cards(canvas, faces, backs if first.duplex else None, parse_size(first.size),
                 parse_length(db.print.bleed), paper, footer, page_margin(db.print.margin, paper),
                 duplex.flip, (duplex.offset_mm[0] * MM, duplex.offset_mm[1] * MM))
    canvas.save()


# --------------------------------------------------------------------------------------- tokens


def render_token_file(db: Database, group: Group, paper: str, out: Path | BinaryIO) -> None:
    """The PDF of one token file: a token sheet of its own, or the sheets of a shared group packed."""
    from .tokens import render_tokens

    if group.shared:
        render_token_group(db, group, paper, out)
    else:
        render_tokens(db, group.members[0], paper, out)


@dataclass(frozen=True)
class TokenPlace:
    """One printed token on a shared token page: its sheet, the token, its cut box."""

    sheet: Any
    token: Any
    box: Box


def pack_tokens(sheets: tuple[Any, ...], paper: str, margin: float) -> list[list[TokenPlace]]:
    """Every token of `sheets` placed on portrait pages: each sheet a block of rows of its own
    grid (centred across the page), blocks stacked from the top, rows carried over to the next
    page when one is full. One list of places per page."""
    from .errors import PaperError
    from .tokens import token_copies

    page = page_size(paper)
    area = printable(page, margin)
    floor = area.y + TOKEN_FOOTER_BAND + TOKEN_BLEED  # a token's colour runs past its cut line
    ceiling = area.top - TOKEN_BLEED
    pages: list[list[TokenPlace]] = [[]]
    top = ceiling
    for sheet in sheets:
        size = parse_length(sheet.size)
        pitch = size + TOKEN_GAP
        cols = int((area.w - 2 * TOKEN_BLEED + TOKEN_GAP) // pitch)
        if cols < 1 or size > ceiling - floor:
            raise PaperError(f"a {size / MM:.0f} mm token does not fit on {paper} paper")
        x0 = (page[0] - (cols * pitch - TOKEN_GAP)) / 2
        copies = token_copies(sheet)
        for start in range(0, len(copies), cols):
            if top - size < floor:
                pages.append([])
                top = ceiling
            for col, token in enumerate(copies[start:start + cols]):
                pages[-1].append(TokenPlace(sheet, token, Box(x0 + col * pitch, top - size, size, size)))
            top -= pitch
        top -= BLOCK_GAP - TOKEN_GAP
    return [places for places in pages if places]


def token_area_use(pages: list[list[TokenPlace]], paper: str, margin: float) -> tuple[int, int]:
    """(square millimetres the tokens' places take, square millimetres of the pages' token area):
    how full shared token pages are."""
    area = printable(page_size(paper), margin)
    usable = area.w * (area.h - TOKEN_FOOTER_BAND)
    taken = sum((place.box.w + TOKEN_GAP) ** 2 for places in pages for place in places)
    return round(min(taken, usable * len(pages)) / MM**2), round(usable * len(pages) / MM**2)


def render_token_group(db: Database, group: Group, paper: str, out: Path | BinaryIO) -> None:
    """A PDF of every token of every sheet of `group`, packed together (backs on alternate pages,
    mirrored for a long-edge flip, when the group is double-sided)."""
    from .tokens import token_painter

    margin = page_margin(db.print.margin, paper)
    page = page_size(paper)
    pages = pack_tokens(group.members, paper, margin)
    painters = {id(sheet): token_painter(db, sheet) for sheet in group.members}
    duplex = any(sheet.duplex for sheet in group.members)
    canvas = new_canvas(out, page, f"{db.meta.name}: tokens", f"{db.meta.name}, rules version {printed_version(db)}")
    for number, places in enumerate(pages, 1):
        footer = f"{db.meta.name} \u00b7 tokens \u00b7 version {printed_version(db)} \u00b7 sheet {number}/{len(pages)}"
        for side in ("front", "back") if duplex else ("front",):
            for place in (p for p in places if side == "front" or p.sheet.duplex):
                box = place.box if side == "front" else place.box.mirrored(page[0])
                painters[id(place.sheet)](canvas, box, place.token, side)
            draw_footer(canvas, page, footer + f" {side}s" * duplex, margin)
            canvas.showPage()
    canvas.save()
