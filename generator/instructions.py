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
    flip: str = "long"  # the edge a double-sided file's sheets turn over: card sheets follow the user's printer
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
        pages = pack_tokens(group.members, paper, margin)
        taken, usable = token_area_use(pages, paper, margin)
        return FilePlan(f"{group.id}-{paper}.pdf", what, "cardstock", len(pages), duplex, False, taken, usable,
                        cut="tokens")
    plan = plan_tokens(group.members[0].extent(), paper, margin)
    sheets = math.ceil(count / plan.per_page)
    return FilePlan(f"{group.id}-{paper}.pdf", what, "cardstock", sheets, duplex, False, count, sheets * plan.per_page,
                    cut="tokens")


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
    """The text of the print-instructions pages (the calibration square is drawn below it)."""
    plans = print_plan(db, paper)
    edge = duplex_setting().flip  # the user's printer, as `SheetPlan.back_box` places the card backs
    rows = "\n".join(
        f"| {p.file} | {p.what} | {p.stock} | {f'2-sided, {p.flip} edge' if p.duplex else '1-sided'}"
        f"{'*' if p.landscape else ''} | {p.sheets or 'all'} | {f'{p.slot_use:.0%}' if p.slots else ''} |"
        for p in plans)
    # A box and its number never part at a line end (no "[ ] 9 [" over "] 10").
    boxes = [box for p in plans if p.sheets for box in _checklist_boxes(p)]
    pairs = [boxes[i:i + 2] + [("", "")] * (2 - len(boxes[i:i + 2])) for i in range(0, len(boxes), 2)]
    # The checklist says what it is in its own header row, which never parts from its rows: a
    # line of its own above it could end a page alone.
    checklist = "| Checklist: file | Sheets, one box each | File | Sheets |\n|---|---|---|---|\n" + "\n".join(
        f"| {a} | {x} | {b} | {y} |" for (a, x), (b, y) in pairs)
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

{checklist}
"""


CHECKLIST_BOXES = 40  # boxes in one cell of the checklist: a row is never split across pages


def _checklist_boxes(plan: FilePlan) -> list[tuple[str, str]]:
    """(file, its sheets' boxes) for the checklist, `CHECKLIST_BOXES` sheets a cell: a deck of
    5,000 cards (556 sheets) made one row taller than a page, and the build failed."""
    name = f"{plan.file}{' (2-sided)' if plan.duplex else ''}"
    starts = range(1, plan.sheets + 1, CHECKLIST_BOXES)
    return [(name if start == 1 else f"{name}, from {start}",
             "  ".join(f"[\u00a0]\u00a0{n}" for n in range(start, min(start + CHECKLIST_BOXES, plan.sheets + 1))))
            for start in starts]


def _double_sided(plans: list[FilePlan], edge: str) -> str:
    """How double-sided files print, for the kinds of file the kit has ("" when none is)."""
    if not any(p.duplex for p in plans):
        return ""
    edges = ([f"card sheets on the **{edge} edge**, your printer's setting"]
             if any(p.duplex and p.cut == "cards" for p in plans) else [])
    edges += ["token sheets on the long edge"] if any(p.duplex and p.cut == "tokens" for p in plans) else []
    which = f": {'; '.join(edges)}" if edges else ""
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
    """A 50 mm square and a 100 mm ruler with millimetre ticks, to check that the printer kept 100%."""

    def __init__(self, theme: Theme):
        super().__init__()
        self.theme = theme

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return CALIBRATION_SQUARE + RULER_GAP + RULER_LENGTH + 6 * MM, CALIBRATION_SQUARE + 2 * MM

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.5)
        canvas.rect(0, 2 * MM, CALIBRATION_SQUARE, CALIBRATION_SQUARE, stroke=1, fill=0)
        canvas.setFont(self.theme.body_font, 8)
        canvas.drawCentredString(CALIBRATION_SQUARE / 2, 2 * MM + CALIBRATION_SQUARE / 2, "50 mm x 50 mm")
        left, base = CALIBRATION_SQUARE + RULER_GAP, 8 * MM  # the ruler beside the square, along its foot
        canvas.line(left, base, left + RULER_LENGTH, base)
        for mm in range(int(RULER_LENGTH / MM) + 1):
            tick = 3 * MM if mm % 10 == 0 else (2 * MM if mm % 5 == 0 else 1 * MM)
            canvas.line(left + mm * MM, base, left + mm * MM, base + tick)
            if mm % 10 == 0:
                canvas.drawCentredString(left + mm * MM, base - 4 * MM, str(mm // 10))
        canvas.drawString(left + RULER_LENGTH + 1.5 * MM, base - 4 * MM, "cm")
        canvas.restoreState()


def instruction_flowables(db: Database, paper: str, width: float, theme: Theme) -> list[Flowable]:
    """The print-instructions pages: text, tables and checklist, with the calibration square after
    the first paragraph."""
    flowables = markdown_to_flowables(instructions_markdown(db, paper), width, theme)
    return [*flowables[:2], CalibrationSquare(theme), *flowables[2:]]
