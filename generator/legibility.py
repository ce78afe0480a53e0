"""The legibility pass of `deckwright lint`: can a player read every printed card, and tell its
icons apart?

Every card face and back, every sheet copy, is set exactly as the build sets it (the same
layouts, bindings and text fitting) and checked, each finding located by component, card and
element:

- contrast of each text against what is painted behind it (WCAG 2 relative luminance): at least
  4.5:1 under `TITLE_SIZE`, 3:1 for titles;
- printed size: no text under `MIN_TEXT_SIZE` after shrinking to fit;
- overlap: a text's inked area must not run into another text, an icon or a track (elements
  marked `decoration: true`, like a faint watermark icon, are meant to sit behind text);
- icons: one icon means one keyword (`rules.keywords`); two keywords sharing a glyph are ambiguous.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from cards import Database, Problem
from cards.wording import plural

from .cardlayout import (
    Box,
    bind,
    drawn_elements,
    element_place,
    geometry,
    load_layout,
    set_text,
    track_cells,
)
from .colours import contrast_ratio
from .errors import Finding
from .kit import (
    base_context,
    checked_card_context,
    deck_sides,
    deck_stamps,
    shared_back_context,
    sheet_copies,
    trim_size_mm,
)
from .layoutfile import layout_folders
from .pagecache import face_stamp

MIN_TEXT_SIZE = 6.0
TITLE_SIZE = 10.0
BODY_CONTRAST = 4.5
TITLE_CONTRAST = 3.0
PAPER = "#ffffff"
OVERLAP_TOLERANCE = 0.6  # points each way: a shared hairline edge is not an overlap
INKED_TYPES = ("text", "icon", "track")


def required_contrast(size: float) -> float:
    """What a text of `size` points needs against its background."""
    return TITLE_CONTRAST if size >= TITLE_SIZE else BODY_CONTRAST


@dataclass(frozen=True)
class Painted:
    """One element as drawn: its type, id, box (x, y, w, h) in points, and for fills and texts the colour."""

    kind: str
    element_id: str
    box: tuple[float, float, float, float]
    color: str | None = None
    size: float = 0.0
    decoration: bool = False
    located: Problem | None = field(default=None, compare=False)  # the element's line in its layout file


def painted(layout: Any, box: Box, context: dict[str, Any], component: str) -> list[Painted]:
    """Every element of `layout` as it is drawn into `box`, in drawing order."""
    found = []
    for index, (element, bound, where) in enumerate(drawn_elements(layout, context, component)):
        element_id = str(element.get("id", index))
        kind = element["type"]
        if kind == "text":
            setting = set_text(element, box, bound, where)
            if setting is not None:
                found.append(Painted(kind, element_id, setting.ink_box(), setting.style.color, setting.size,
                                     located=element_place(layout, element, "")))
            continue
        x, y, w, h = geometry(element, box, bound, where)
        if element.get("bleed"):
            x, y, w, h = x - box.bleed, y - box.bleed, w + 2 * box.bleed, h + 2 * box.bleed
        if kind == "icon":
            side = min(w, h) if w and h else max(w, h)
            x, y, w, h = x + (w - side) / 2, y + (h - side) / 2, side, side
        fill = _bound_fill(element, bound, where)
        track = kind == "track"
        size = track_cells(element, box, bound, where).number_size() if track else 0.0
        found.append(Painted(kind, element_id, (x, y, w, h), fill, size, decoration=bool(element.get("decoration")),
                             located=element_place(layout, element, "") if track else None))
    return found


def _bound_fill(element: dict[str, Any], context: dict[str, Any], where: str) -> str | None:
    if element["type"] not in ("rect", "circle"):
        return None
    fill = bind(element.get("fill"), context, where)
    return str(fill) if fill else None


def layout_findings(items: list[Painted], where: str) -> Iterator[Finding]:
    """Contrast, size and overlap findings for one drawn face."""
    for index, item in enumerate(items):
        if item.kind == "track" and item.size < MIN_TEXT_SIZE - 1e-9:  # sixth-game audit: 4.25 pt passed
            yield Finding(f"{where} element {item.element_id!r}",
                          f"track numbers print at {item.size:.3g} pt; the smallest legible size is "
                          f"{MIN_TEXT_SIZE:g} pt: give it fewer columns or rows, or a larger box", located=item.located)
        if item.kind != "text":
            continue
        at = f"{where} element {item.element_id!r}"
        if item.size < MIN_TEXT_SIZE - 1e-9:
            yield Finding(at, f"text prints at {item.size:g} pt; the smallest legible size is {MIN_TEXT_SIZE:g} pt",
                          located=item.located)
        ground = background(items[:index], item.box)
        if ground is not None and item.color:
            ratio = contrast_ratio(item.color, ground)
            needed = required_contrast(item.size)
            if ratio < needed - 1e-9:
                yield Finding(at, f"text {item.color} on {ground} has contrast {ratio:.1f}:1; "
                                  f"{item.size:g} pt text needs at least {needed:g}:1", located=item.located)
        for other in items[index + 1:]:
            if other.kind in INKED_TYPES and not other.decoration and _overlap(item.box, other.box):
                yield Finding(at, f"text runs into {other.kind} {other.element_id!r}", located=item.located)
        for other in items[:index]:
            if other.kind in ("icon", "track") and not other.decoration and _overlap(item.box, other.box):
                yield Finding(at, f"text runs into {other.kind} {other.element_id!r}", located=item.located)


def background(below: list[Painted], box: tuple[float, float, float, float]) -> str | None:
    """The colour behind the middle of `box`: the last fill painted there, or the paper; None
    under a picture (its colours are unknown)."""
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    for item in reversed(below):
        x, y, w, h = item.box
        if not (x <= cx <= x + w and y <= cy <= y + h):
            continue
        if item.kind == "image":
            return None
        if item.kind in ("rect", "circle") and item.color:
            return item.color
    return PAPER


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    wide = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    tall = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return wide > OVERLAP_TOLERANCE and tall > OVERLAP_TOLERANCE


def keyword_icon_findings(db: Database) -> Iterator[Finding]:
    """One icon, one keyword: every glyph shared by two keywords of `rules.keywords`."""
    by_icon: dict[str, list[str]] = defaultdict(list)
    for keyword in db.rules.get("keywords", []) or []:
        if isinstance(keyword, dict) and keyword.get("icon"):
            by_icon[str(keyword["icon"])].append(str(keyword.get("name", keyword.get("id"))))
    for name, keywords in by_icon.items():
        if len(keywords) > 1:
            yield Finding("rules.keywords", f"icon {name!r} stands for {len(keywords)} keywords "
                                            f"({', '.join(keywords)}); give each its own icon")


@dataclass
class Legible:
    """What read well in the last build (`deckwright build` checks it, `generator.printwarnings`),
    by key: a card by its content stamp (what both its sides are drawn from), a deck's shared back
    by its face's stamp, a sheet by a hash of what it is drawn from. Those are not set again;
    `found` collects what reads well now (what has a finding is set again each time, so it is
    warned of each time). Empty (`lint`), everything is set."""

    known: frozenset[str] = frozenset()
    found: set[str] = field(default_factory=set)

    def skips(self, key: str) -> bool:
        """Did `key` read well last time? (Then it still does.)"""
        if key in self.known:
            self.found.add(key)
            return True
        return False

    def checked(self, key: str, findings: list[Finding]) -> list[Finding]:
        if not findings:
            self.found.add(key)
        return findings


def deck_findings(db: Database, deck: Any, legible: Legible | None = None) -> Iterator[Finding]:
    """Every face and back of `deck`, set as printed (the cards `legible` knows, skipped)."""
    from cards.units import parse_length, parse_size

    folders = layout_folders(db)
    front = load_layout(deck.layout, folders)
    back = load_layout(deck.back.layout, folders)
    w, h = parse_size(deck.size)
    box = Box(0, 0, w, h, parse_length(db.print.bleed))
    base = {**base_context(db), **trim_size_mm(deck.size)}
    legible = legible or Legible()
    for number, (card, stamp) in enumerate(zip(deck.cards, deck_stamps(db, deck), strict=True), 1):
        if legible.skips(stamp):
            continue
        context = checked_card_context(db, deck, card, number, base, stamp)
        where = f"decks[{deck.id}] card {card.id!r}"
        found = list(layout_findings(painted(front, box, context, where), where))
        if deck.back.per_card:
            found += layout_findings(painted(back, box, {**context, "back": deck.back}, where), f"{where} back")
        yield from legible.checked(stamp, found)
    if deck.back.per_card:
        return
    key = f"back:{face_stamp(deck_sides(db, deck)[1][0])}"  # what the deck's one back is drawn from
    if legible.skips(key):
        return
    context = shared_back_context(base, deck)
    found = list(layout_findings(painted(back, box, context, f"decks[{deck.id}] back"), f"decks[{deck.id}] back"))
    yield from legible.checked(key, found)


def sheet_findings(db: Database, sheet: Any, legible: Legible | None = None) -> Iterator[Finding]:
    """Every printed copy of a sheet (mats, boards, trackers); none when `legible` knows it."""
    from cards.units import parse_length

    from .stamps import digest

    legible = legible or Legible()
    layout = load_layout(sheet.layout, layout_folders(db))
    copies = sheet_copies(db, sheet)
    key = digest([layout.elements, sheet, copies, dict(db.rules), db.meta], 64)  # what it is drawn from
    if legible.skips(key):
        return
    box = Box(0, 0, parse_length(sheet.width), parse_length(sheet.height))
    found: list[Finding] = []
    for copy in copies:
        context = {**base_context(db), "sheet": sheet, "data": sheet.data, **copy}
        where = f"sheets[{sheet.id}]" + (f" player {copy['player']}" if sheet.per_player else "")
        found += layout_findings(painted(layout, box, context, where), where)
    yield from legible.checked(key, found)


def token_findings(db: Database) -> Iterator[Finding]:
    """Token labels set below the smallest legible size: a set's labels share one size, the
    largest its longest label fits (print audit: Skirmish's 12 mm 'Attacked' set them at 5.8 pt)."""
    from .tokens import shared_label_size, token_labels

    for index, sheet in enumerate(db.tokens):
        size = shared_label_size(sheet)
        if sheet.layout or size is None or size >= MIN_TEXT_SIZE - 1e-9:
            continue
        longest = max((label for token in sheet.tokens for label in token_labels(token) if label), key=len)
        message = (f"token labels print at {size:.1f} pt; the smallest legible size is {MIN_TEXT_SIZE:g} pt: "
                   f"shorten the longest ({longest!r}) or make the tokens larger")
        yield Finding(f"tokens[{sheet.id}]", message, located=db.problem_at("tokens", index, ("size",), message))


def legibility_findings(db: Database, legible: Legible | None = None) -> list[Finding]:
    """Every legibility finding of the game's printed components, without duplicates, in order
    (the cards and sheets `legible` knows read well, skipped)."""
    found: list[Finding] = [*keyword_icon_findings(db), *token_findings(db)]
    for deck in db.decks:
        found.extend(deck_findings(db, deck, legible))
    for sheet in db.sheets:
        found.extend(sheet_findings(db, sheet, legible))
    return _once_per_element(list(dict.fromkeys(found)))


def _once_per_element(findings: list[Finding]) -> list[Finding]:
    """A layout element that reads badly on every card it prints is one finding, naming the first
    card and counting the others (audit: white text on the panel gave 19 identical lines)."""
    groups: dict[object, list[Finding]] = {}
    for finding in findings:
        where = finding.located
        key = (where.file, where.line, where.column, finding.message) if where is not None else finding
        groups.setdefault(key, []).append(finding)
    return [group[0] if len(group) == 1 else
            replace(group[0], message=f"{group[0].message} (and on {plural(len(group) - 1, 'more face')})")
            for group in groups.values()]
