"""The kit's print instructions, computed from the same plans the build uses.

`print_plan(db, paper)` lists every file of the kit with its sheets: the paper to print it on,
how many copies, single- or double-sided (flipped on the edge the user's printer turns the sheet,
`print.flip` in the user config written by `deckwright calibrate`, as the imposition places the backs),
the page orientation and how full its sheets are. `instruction_flowables` turns that into the
rulebook's "How to print this kit" pages: a 50 mm calibration square and a ruler to check the
printer's scale, the cutting order, and a checklist of every sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.platypus import Flowable

from cards import Database
from cards.units import MM, parse_length, parse_size

from .geometry import page_margin
from .hosting import group_label, hosting_of, slot_use_with_tokens, token_groups
from .imposition import plan_sheet
from .kit import sheet_copies, sheet_slots
from .markdown import Theme, markdown_to_flowables
from .packing import (
    Group,
    card_groups,
    group_slots,
    own_sheets,
    pack_tokens,
    token_area_use,
    token_page,
)
from .rulebook import reference_copies
from .stamps import printed_version
from .tiling import fits_one_page, plan_tiles
from .token_rows import TrackerBlock, block_items
from .tokens import plan_tokens
from .userconfig import duplex_setting

CALIBRATION_SQUARE = 50 * MM
RULER_LENGTH = 100 * MM
RULER_GAP = 6 * MM
RULER_ROOM = 14 * MM  # under the text beside the square: the ruler, its ticks and its figures

PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}


@dataclass(frozen=True)
class FilePlan:
    """One file of the kit as printed: what it holds and how to print it."""

    file: str
    what: str
    stock: str
    sheets: int
    duplex: bool
    landscape: bool
    used: int = 0       # printed items (cards, tokens, copies)
    slots: int = 0      # places for them on its sheets
    flip: str = "long"  # the edge a double-sided file's sheets turn over: card and token sheets follow the user's printer
    cut: str = ""       # how it is cut: "cards", "tokens", "tiles" (a board over several pages), or nothing

    @property
    def pages(self) -> int:
        return self.sheets * (2 if self.duplex else 1)

    @property
    def slot_use(self) -> float:
        """Share of the sheets' places that hold something (1.0 when not counted)."""
        return self.used / self.slots if self.slots else 1.0


def print_plan(db: Database, paper: str) -> list[FilePlan]:
    """Every file of the kit on `paper`, in build order, with its sheets."""
    margin = page_margin(db.print.margin, paper)
    bleed = parse_length(db.print.bleed)
    plans = []
    for group in card_groups(db):
        plans.append(_card_plan(db, group, paper, margin, bleed))
    for group in token_groups(db):
        plans.append(_token_plan(db, group, paper, margin))
    for sheet in own_sheets(db):
        plans.append(_sheet_plan(db, sheet, paper, margin))
    plans.extend(_reference_plans(db, paper, margin, bleed))
    plans.append(FilePlan(f"rulebook-{paper}.pdf", "Rulebook", "paper", 0, False, False))
    return plans


def usage_by_file(db: Database, paper: str) -> dict[str, str]:
    """For each file of the kit on `paper` that prints on sheets: its sheets and how full they are
    ("13 sh. 100%"; a board tiled over pages: its sheets alone)."""
    return {p.file: f"{p.sheets:>2} sh." + (f" {p.slot_use:>4.0%}" if p.slots else "")
            for p in print_plan(db, paper) if p.sheets}


def _card_plan(db: Database, group: Group, paper: str, margin: float, bleed: float) -> FilePlan:
    first = group.members[0]
    plan = plan_sheet(parse_size(first.size), bleed, paper, margin)
    copies = sum(card.count for deck in group.members for card in deck.cards)
    sheets = math.ceil(len(group_slots(group, plan)) / plan.per_sheet)  # empty slots by face-down decks too
    used, slots = slot_use_with_tokens(db, group.id, paper, copies, sheets * plan.per_sheet)
    return FilePlan(f"{group.id}-{paper}.pdf", f"{group_label(db, group)} ({copies} cards)", "cardstock", sheets,
                    bool(first.duplex), plan.is_landscape, used, slots, duplex_setting().flip, "cards")


def _token_plan(db: Database, group: Group, paper: str, margin: float) -> FilePlan:
    """A token file's sheets; the use of shared token pages is counted by area (square millimetres)."""
    count = sum(len(block_items(tokens)) for tokens in group.members if not isinstance(tokens, TrackerBlock))
    what = f"{group_label(db, group)} ({count} tokens)"
    duplex = any(tokens.duplex for tokens in group.members)
    if group.shared:
        page, pages = token_page(group.members, paper, margin), pack_tokens(group.members, paper, margin)
        taken, usable = token_area_use(pages, page, margin)
        return FilePlan(f"{group.id}-{paper}.pdf", what, "cardstock", len(pages), duplex, page[0] > page[1],
                        taken, usable, duplex_setting().flip, cut="tokens")
    plan = plan_tokens(group.members[0].extent(), paper, margin)
    sheets = math.ceil(count / plan.per_page)
    return FilePlan(f"{group.id}-{paper}.pdf", what, "cardstock", sheets, duplex, plan.page[0] > plan.page[1], count,
                    sheets * plan.per_page, duplex_setting().flip, cut="tokens")


def _sheet_plan(db: Database, sheet: Any, paper: str, margin: float) -> FilePlan:
    size = (parse_length(sheet.width), parse_length(sheet.height))
    copies = len(sheet_copies(db, sheet))
    if not fits_one_page(size, paper, margin):
        tiles = plan_tiles(size, paper, margin=margin)
        count = tiles.rows * tiles.cols
        return FilePlan(f"{sheet.id}-{paper}.pdf", f"{sheet.name} ({count} tiles)", "cardstock",
                        count * copies, False, tiles.page[0] > tiles.page[1], cut="tiles")
    page, slots = sheet_slots(size, paper, margin)
    sheets = math.ceil(copies / len(slots))
    return FilePlan(f"{sheet.id}-{paper}.pdf", f"{sheet.name}", "cardstock", sheets, False,
                    page[0] > page[1], copies, sheets * len(slots))


def _reference_plans(db: Database, paper: str, margin: float, bleed: float) -> list[FilePlan]:
    if not db.references:
        return []
    sheets, used, slots, duplex, wide = 0, 0, 0, False, False
    for size in dict.fromkeys(ref.size for ref in db.references):
        group = [ref for ref in db.references if ref.size == size]
        plan = plan_sheet(parse_size(size), bleed, paper, margin)
        count = sum(reference_copies(db, ref) for ref in group)
        sheets += math.ceil(count / plan.per_sheet)
        used, slots = used + count, slots + math.ceil(count / plan.per_sheet) * plan.per_sheet
        duplex, wide = duplex or any(ref.back for ref in group), wide or plan.is_landscape
    hosting = hosting_of(db, "reference")
    what = "Reference cards" + (f" + {group_label(db, hosting.tokens)}" if hosting else "")
    used, slots = slot_use_with_tokens(db, "reference", paper, used, slots)
    return [FilePlan(f"reference-{paper}.pdf", what, "cardstock", sheets, duplex, wide, used, slots, duplex_setting().flip,
                     "cards")]


def instructions_markdown(db: Database, paper: str) -> str:
    """The text of the print-instructions pages (the calibration square is drawn beside its first
    paragraph)."""
    plans = print_plan(db, paper)
    edge = duplex_setting().flip  # the user's printer, as `SheetPlan.back_box` places the card backs
    rows = "\n".join(
        f"| {p.file} | {p.what} | {p.stock} | {f'2-sided, {p.flip} edge' if p.duplex else '1-sided'}"
        f"{'*' if p.landscape else ''} | {p.sheets or 'all'} | {f'{p.slot_use:.0%}' if p.slots else ''} |"
        for p in plans)
    return f"""<!-- headings: plain -->
<!-- contents: off -->

# How to print this kit

Print every file at **100% scale** (never "fit to page") on {PAPER_NAMES.get(paper, paper)} paper, one copy each:
the files marked cardstock on card of 160-250 g/m\u00b2, the rulebook on plain paper. First measure the square:
it must be 50 mm on each side (if not, turn off scaling). Used: how full the sheets are; *: a
landscape page.

| File | What | On | Sides | Sheets | Used |
|---|---|---|---|--:|--:|
{rows}

{_double_sided(plans, edge)}**Versions.** Every page prints the game's version, {printed_version(db)}; every card prints its
own stamp, which changes only when that card changes: after an edit, reprint only the cards whose
stamp changed.
{_cutting_order(db, plans)}

{_checklist(plans)}
"""


def _checklist(plans: list[FilePlan]) -> str:
    """A box for each sheet of each file, run on as one paragraph: as a table (a row of boxes to a
    file) it took 55 mm, and Skirmish's moved onto a page of its own. A paragraph splits across
    pages anywhere, so a deck of 5,000 cards (556 sheets) lays out too."""
    entries = [f"**{p.file}**{' (2-sided)' if p.duplex else ''}:\u00a0{_boxes(p.sheets)}" for p in plans if p.sheets]
    return "**Checklist**, a box for each sheet to tick when it is printed: " + " \u00b7 ".join(entries)


def _boxes(sheets: int) -> str:
    """Numbered boxes; a box and its number never part at a line end (no "[ ] 9 [" over "] 10")."""
    return " ".join(f"[\u00a0]\u00a0{n}" for n in range(1, sheets + 1))


def _double_sided(plans: list[FilePlan], edge: str) -> str:
    """How double-sided files print, for the kinds of file the kit has ("" when none is)."""
    if not any(p.duplex for p in plans):
        return ""
    kinds = [f"{kind} sheets" for kind in ("card", "token") if any(p.duplex and p.cut == f"{kind}s" for p in plans)]
    which = f": {' and '.join(kinds)} on the **{edge} edge**, your printer's setting" if kinds else ""
    return (f"**Double-sided files** put each back behind its front when the printer flips the sheet on the\n"
            f"edge named in the *Sides* column{which} (no duplex: print the odd pages, put the sheets back in\n"
            f"the tray, print the even).\n")


def _cutting_order(db: Database, plans: list[FilePlan]) -> str:
    """The cuts for the kinds of component the kit has: a game without boards hears nothing of tiles."""
    cuts = {p.cut for p in plans if p.sheets} | ({"tokens"} if db.tokens else set())  # tokens may share a card sheet
    cards = ("Cards: the long cuts across the whole sheet first, from crop mark to crop mark, then each strip "
             "into cards.")
    tiles = ("A board on several pages: cut the dashed edges, lay each tile over its neighbour with the crosses on "
             "each other, tape the back.")
    steps = [text for kind, text in (("cards", cards), ("tokens", "Tokens: along each cut line."), ("tiles", tiles))
             if kind in cuts]
    return f"**Cutting order.** {' '.join(steps)}" if steps else ""


class CalibrationSquare(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """A 50 mm square and a 100 mm ruler with millimetre ticks, to check that the printer kept 100%,
    with the paragraph that explains them set beside the square, above the ruler: below the square
    it took the room that pushed Skirmish's checklist onto a page of its own."""

    def __init__(self, theme: Theme, beside: Flowable):
        super().__init__()
        self.theme = theme
        self.beside = beside
        self.beside_height = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        # within the frame's line (print audit: 6 mm past the ruler ran past the text's right edge)
        self.width = min(CALIBRATION_SQUARE + RULER_GAP + RULER_LENGTH + 6 * MM, available_width)
        _, self.beside_height = self.beside.wrap(self.width - CALIBRATION_SQUARE - RULER_GAP, available_height)
        self.height = max(CALIBRATION_SQUARE + 2 * MM, self.beside_height + RULER_ROOM)
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.5)
        foot = self.height - CALIBRATION_SQUARE  # the square at the top, the ruler at the foot
        canvas.rect(0, foot, CALIBRATION_SQUARE, CALIBRATION_SQUARE, stroke=1, fill=0)
        canvas.setFont(self.theme.body_font, 8)
        canvas.drawCentredString(CALIBRATION_SQUARE / 2, foot + CALIBRATION_SQUARE / 2, "50 mm x 50 mm")
        left, base = CALIBRATION_SQUARE + RULER_GAP, 8 * MM
        canvas.line(left, base, left + RULER_LENGTH, base)
        for mm in range(round(RULER_LENGTH / MM) + 1):  # int() made 99 of 100 mm: the last tick and 10 were missing
            tick = 3 * MM if mm % 10 == 0 else (2 * MM if mm % 5 == 0 else 1 * MM)
            canvas.line(left + mm * MM, base, left + mm * MM, base + tick)
            if mm % 10 == 0:
                canvas.drawCentredString(left + mm * MM, base - 4 * MM, str(mm // 10))
        # the unit beside the 0, as rulers print it: after the 10 it ran past the text's right edge
        canvas.drawString(left + 2 * MM, base - 4 * MM, "cm")
        canvas.restoreState()
        self.beside.drawOn(canvas, left, self.height - self.beside_height)


def instruction_flowables(db: Database, paper: str, width: float, theme: Theme) -> list[Flowable]:
    """The print-instructions pages: text, tables and checklist, with the calibration square after
    the heading and the first paragraph beside it."""
    flowables = markdown_to_flowables(instructions_markdown(db, paper), width, theme)
    return [*flowables[:2], CalibrationSquare(theme, flowables[2]), *flowables[3:]]
