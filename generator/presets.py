"""Print-shop presets: a game's cards as the files The Game Crafter, MakePlayingCards and
DriveThruCards ask for, each checked by a preflight (`generator/preflight.py`).

- `tgc`: one PNG per card design and back, 300 dpi, poker cards 825 x 1125 px (2.5 x 3.5 in plus
  1/8 in bleed on each side), and `copies.csv`: how many of each to order;
- `mpc`: the same at 822 x 1122 px (0.12 in bleed);
- `drivethrucards`: one PDF per deck, a page per printed card, front then back, 1/8 in bleed;
- `home`: the usual print-and-play sheets (`deckwright build`).

A card within 3 % of a card the shop sells (`cards.printshops`) is scaled evenly onto the shop's
page; another size keeps its own trim and the preflight says so. Every card is drawn alone on a
page of its trimmed size plus the shop's bleed.
"""

from __future__ import annotations

import dataclasses
import io
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium

from cards import Database
from cards.printshops import FIT, PRESETS, Preset
from cards.units import INCH, parse_length, parse_size

from .build import atomic_write
from .errors import Finding
from .pdfcanvas import new_canvas
from .png import bytes_writer
from .preflight import check_image, check_page

DPI = 300

Face = Callable[..., None]


@dataclass
class Design:
    """One card face or back to hand to a shop, drawn alone on a page of `size` (bleed included)."""

    name: str  # file stem, `deck-card` or `deck-card-back`
    label: str  # how the preflight names it: `deck 'spells', card 'bolt' (front)`
    size: tuple[float, float]
    trim: tuple[float, float]
    paint: Callable[[Any], None]
    place: tuple[tuple[str, str], ...] = ()  # the label as data: deck, card (unless the deck's shared back), side

    def located(self, findings: list[Finding], file: str) -> list[Finding]:
        """`findings` about this design, placed at it (and the file written)."""
        place = (*self.place, ("file", file))
        return [dataclasses.replace(finding, place=place) for finding in findings]


def export_preset(db: Database, preset_name: str, out_dir: Path) -> tuple[list[Path], list[Finding]]:
    """Write `db`'s cards for one print shop into `out_dir`; the files written and every finding."""
    preset = PRESETS[preset_name]
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    findings: list[Finding] = []
    copies: Counter[str] = Counter()  # a PNG shop is told how many of each design to print
    safe = parse_length(db.print.safe)
    for deck in db.decks:
        shop_db, shop_deck, note = _for_shop(db, deck, preset)
        if note:
            findings.append(Finding(f"deck {deck.id!r}", note, (("deck", deck.id),)))
        designs = list(deck_designs(shop_db, shop_deck, preset))
        if preset.output == "pdf":
            path = out_dir / f"{deck.id}.pdf"
            pdf = _deck_pdf(designs, f"{db.meta.name}: {deck.name}", findings)
            atomic_write(path, bytes_writer(pdf))
            document = pdfium.PdfDocument(path)  # the preflight reads the written file back
            checked: set[int] = set()
            for index, design in enumerate(designs):
                if id(design) in checked:  # its copies print the same page (audit: a finding listed per copy)
                    continue
                checked.add(id(design))
                findings += design.located(check_page(document[index], design.label, design.trim, preset.bleed,
                                                      safe, DPI), path.name)
            written.append(path)
            continue
        copies.update(design.name for design in designs)
        for design in {id(d): d for d in designs}.values():
            png, page_findings = _png(design, preset, safe, findings)
            path = out_dir / f"{design.name}.png"
            atomic_write(path, bytes_writer(png))
            findings += design.located(page_findings + check_image(path, design.label, DPI, _pixels(design.size)),
                                       path.name)
            written.append(path)
    if copies:
        path = out_dir / COPIES_FILE
        atomic_write(path, bytes_writer(_copies_csv(copies)))
        written.append(path)
    return written, findings


COPIES_FILE = "copies.csv"


def _copies_csv(copies: Counter[str]) -> bytes:
    """`file,copies`, a line per PNG: what to order of each (a shop takes one image per design)."""
    rows = "".join(f"{name}.png,{count}\r\n" for name, count in copies.items())
    return f"file,copies\r\n{rows}".encode()


def _for_shop(db: Database, deck: Any, preset: Preset) -> tuple[Database, Any, str]:
    """The database as the shop prints it (its bleed), and a note when the shop sells no card of the deck's size."""
    shop_db = dataclasses.replace(db, print=db.print.model_copy(update={"bleed": f"{preset.bleed}pt"}))
    w, h = parse_size(deck.size)
    if shop_trim(preset, (w, h)) is not None:
        return shop_db, deck, ""
    sells = ", ".join(f"{name} {pw / INCH:g} x {ph / INCH:g} in" for name, (pw, ph) in preset.trims.items())
    return shop_db, deck, (f"{preset.title} sells no card of this size ({sells}); written at the deck's own "
                           f"size ({w / INCH:.2f} x {h / INCH:.2f} in), check the shop's template")


def shop_trim(preset: Preset, own: tuple[float, float]) -> tuple[float, float] | None:
    """The trim of the shop's product a card of trim `own` is printed as: the one within `FIT` of it on
    both sides, or None when the shop sells none (the products are portrait, as the shops list them)."""
    for trim in preset.trims.values():
        if all(abs(side / mine - 1) <= FIT for side, mine in zip(trim, own, strict=True)):
            return trim
    return None


def deck_designs(db: Database, deck: Any, preset: Preset) -> Iterator[Design]:
    """Every printed copy's front, each followed by its back (the PDF order); a PNG preset keeps
    one file per distinct design.

    A card is drawn at its own trim plus the shop's bleed, then scaled evenly to cover the shop's
    page (63 x 88 mm poker to 2.5 x 3.5 in is 1 % larger) and centred: nothing is stretched, and
    what is cut off is bleed."""
    from .kit import deck_sides

    faces, backs = deck_sides(db, deck)
    own_trim = parse_size(deck.size)
    trim = shop_trim(preset, own_trim) or own_trim
    bleed = preset.bleed
    own = (own_trim[0] + 2 * bleed, own_trim[1] + 2 * bleed)
    size = (trim[0] + 2 * bleed, trim[1] + 2 * bleed)
    scale = max(size[0] / own[0], size[1] / own[1])
    offset = ((size[0] - own[0] * scale) / 2, (size[1] - own[1] * scale) / 2)
    copies = [card for card in deck.cards for _ in range(card.count)]
    cache: dict[int, Design] = {}

    def paint(canvas: Any, *, face: Face) -> None:
        canvas.saveState()
        canvas.translate(*offset)
        canvas.scale(scale, scale)
        face(canvas, 0, 0, *own)
        canvas.restoreState()

    def design(face: Face, name: str, card: str | None, side: str) -> Design:
        if id(face) not in cache:
            place = (("deck", str(deck.id)), *((("card", card),) if card else ()), ("side", side))
            label = f"deck {deck.id!r}, " + (f"card {card!r} ({side})" if card else side)
            cache[id(face)] = Design(name, label, size, trim, partial(paint, face=face), place)
        return cache[id(face)]

    for index, (card, face) in enumerate(zip(copies, faces, strict=True)):
        back = backs[index] if deck.back.per_card else backs[0]
        yield design(face, f"{deck.id}-{card.id}", card.id, "front")
        back_name = f"{deck.id}-{card.id}-back" if deck.back.per_card else f"{deck.id}-back"
        yield design(back, back_name, card.id if deck.back.per_card else None, "back")


def _deck_pdf(designs: list[Design], title: str, findings: list[Finding]) -> bytes:
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, designs[0].size if designs else (INCH, INCH), title)
    for design in designs:
        canvas.setPageSize(design.size)
        inset = ((design.size[0] - design.trim[0]) / 2, (design.size[1] - design.trim[1]) / 2)  # the bleed
        canvas.setTrimBox((inset[0], inset[1], design.size[0] - inset[0], design.size[1] - inset[1]))
        canvas.setBleedBox((0, 0, *design.size))
        _paint_noting_warnings(design, canvas, findings)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _paint_noting_warnings(design: Design, canvas: Any, findings: list[Finding]) -> None:
    """Draw a design; a warning while drawing it (a low-resolution image...) becomes its finding."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        design.paint(canvas)
    for message in dict.fromkeys(str(w.message) for w in caught):
        findings.append(Finding(design.label, message, design.place))


def _png(design: Design, preset: Preset, safe: float, findings: list[Finding]) -> tuple[bytes, list[Finding]]:
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, design.size, design.label)
    _paint_noting_warnings(design, canvas, findings)
    canvas.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    page_findings = check_page(page, design.label, design.trim, preset.bleed, safe, DPI)
    image = page.render(scale=DPI / INCH).to_pil().convert("RGB")
    wanted = _pixels(design.size)
    if image.size != wanted:  # pdfium rounds a page size up by a pixel at most
        image = image.crop((0, 0, *wanted))
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(DPI, DPI))
    return out.getvalue(), page_findings


def _pixels(size: tuple[float, float]) -> tuple[int, int]:
    return round(size[0] * DPI / INCH), round(size[1] * DPI / INCH)
