"""The layout checks of `deckwright lint` (and of a build's check) for mistakes that draw without
failing but print wrong: a misspelt element key (ignored), a value outside its choices, an unknown
font, a layout with no elements (blank cards), an element placed off the card (cut away), and a
text whose characters the font lacks (printed as empty boxes). Each is a `cards.Problem` located
at the layout file's line (and key), naming the component and, for what depends on a card, the
card."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from cards import Database, DatabaseInvalid, Problem
from cards.errors import CardsError
from cards.paths import game_own_files, template_dirs
from cards.units import MM, UnitError, parse_length, parse_size
from cards.wording import suggestion

from .cardlayout import FIELD_ALONE, bind, drawn_elements, geometry, load_layout
from .errors import GeneratorError, LayoutError, UnknownIcon
from .fonts import register_fonts
from .glyphcheck import has_font, lacking_glyphs, no_glyph_message
from .icons import names
from .inline import ICON_PATTERN
from .kit import (
    base_context,
    checked_card_context,
    deck_sides,
    shared_back_context,
    sheet_copies,
    trim_size_mm,
)
from .layoutfile import ELEMENT_TYPES, Box, Layout, LayoutProblems, Place, layout_folders
from .pagecache import face_stamp
from .sheetreach import EDGE_TOLERANCE, sheet_size_problems

COMMON_KEYS = ("id", "type", "x", "y", "w", "h", "when", "repeat", "decoration")
TYPE_KEYS: dict[str, tuple[str, ...]] = {
    "rect": ("fill", "stroke", "line_width", "radius", "bleed"),
    "circle": ("fill", "stroke", "line_width"),
    "text": ("text", "size", "min_size", "leading", "align", "valign", "color", "font"),
    "icon": ("name", "color"),
    "line": ("color", "line_width"),
    "track": ("from", "to", "step", "columns", "fill", "stroke", "size", "color"),
    "image": ("src", "fit", "label"),
}
assert set(TYPE_KEYS) == set(ELEMENT_TYPES)
CHOICES = {"align": ("left", "center", "right"), "valign": ("top", "middle", "bottom"), "fit": ("cover", "contain")}
NUMBERS = ("size", "min_size", "leading", "line_width")


def layout_problems(layout: Layout, where: str, parents: bool = True) -> list[Problem]:
    """What the layout file itself says wrong: no elements (or a layout it extends with none),
    unknown keys, values outside their choices, fonts that do not exist. `parents=False` leaves
    out the layouts it extends (checked alone too)."""
    return [*_empty_problems(layout, where, parents),
            *(problem for element, place in zip(layout.elements, layout.places, strict=True)
              for problem in _element_problems(element, place, where))]


def _empty_problems(layout: Layout, where: str, parents: bool) -> list[Problem]:
    """A layout with no elements, at the top of its `extends` chain: a layout extending an empty
    one shows only its own elements, on nothing (audit s26: an emptied parent showed only as a
    contrast error of the white text it left on a blank card)."""
    top = layout.extended[-1] if layout.extended else layout.file_place
    if top is None or top.doc.data.get("elements") or (top is not layout.file_place and not parents):
        return []
    if top is layout.file_place:
        message = f"layout {layout.name!r} has no elements: every side drawn with it prints blank"
    else:
        message = (f"layout {Path(top.doc.file).stem!r} has no elements: a layout extending it draws its own "
                   "elements on a blank side; give it the elements they share, or remove the `extends:`")
    return [top.problem(where, message, "elements" if "elements" in top.doc.data else None)]


def _element_problems(element: dict[str, Any], place: Place, where: str) -> Iterator[Problem]:
    kind = element["type"]
    accepted = (*COMMON_KEYS, *TYPE_KEYS[kind])
    at = f"{where} element {element.get('id', place.loc[-1])!r}"
    for key in element:
        if key not in accepted:
            yield place.problem(at, f"unknown key {key!r} for a {kind}{suggestion(str(key), accepted)}; "
                                    f"accepted: {', '.join(accepted)}", key)
    for key, value in _constants(element):
        if key in CHOICES and kind in _TYPES_WITH[key] and value not in CHOICES[key]:
            yield place.problem(at, f"{key}: {value!r}{suggestion(str(value), CHOICES[key])}; expected one of "
                                    f"{', '.join(CHOICES[key])}", key)
        elif key in NUMBERS and not _is_number(value):
            yield place.problem(at, f"{key}: expected a number, got {value!r}", key)
        elif _is_not_positive(kind, key, value):
            yield place.problem(at, f"{key} must be above 0, got {value!r}", key)
        elif key == "name" and kind == "icon" and str(value).strip() and str(value).strip() not in _icon_names():
            yield place.problem(at, str(UnknownIcon(str(value), sorted(_icon_names()))), key)
        elif key == "font" and kind == "text" and not has_font(str(value)):
            fonts = register_fonts()
            yield place.problem(at, f"unknown font {value!r}{suggestion(str(value), fonts)}; fonts: {', '.join(fonts)}",
                                key)


_TYPES_WITH = {"align": ("text",), "valign": ("text",), "fit": ("image",)}
_POSITIVE = ("w", "h", "size", "min_size")


def _is_not_positive(kind: str, key: str, value: Any) -> bool:
    """A plain width, height or text size of 0 or less (a line's w and h run from its start, so
    they may be 0 or negative). A width of -10 was reported as text that does not fit its box."""
    if key not in _POSITIVE or (kind == "line" and key in ("w", "h")):
        return False
    try:
        return parse_length(float(value) if _is_number(value) else value) <= 0
    except (UnitError, ValueError, TypeError):
        return False  # not a length: drawing it reports that, located


def _constants(element: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """The element's values written as plain values (an expression is checked when it is drawn)."""
    for key, value in element.items():
        if not (isinstance(value, str) and "{" in value):
            yield key, value


def _is_number(value: Any) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return not isinstance(value, bool)


@dataclass(frozen=True)
class Side:
    """One drawn side to check: the layout, its bindings, its box and what to call it."""

    layout: Layout
    context: dict[str, Any]
    box: Box
    where: str
    at_field: Callable[[str, str], Problem | None] | None = None  # a problem at the card's own field


def side_problems(sides: Iterable[Side]) -> list[Problem]:
    """Elements off the card and texts with characters their font lacks, once per element and
    kind of mistake (naming the first card it happens on and how many more)."""
    found: dict[tuple[Any, ...], tuple[Problem, int]] = {}
    for side in sides:
        for key, problem in _drawn_problems(side):
            first, seen = found.get(key, (problem, 0))
            found[key] = (first, seen + 1)
    return [_with_count(problem, seen) for problem, seen in found.values()]


def _with_count(problem: Problem, seen: int) -> Problem:
    if seen == 1:
        return problem
    more = f" (and on {seen - 1} more)"
    return Problem(problem.file, problem.line, problem.column, problem.path, problem.message + more,
                   problem.source_line)


def _drawn_problems(side: Side) -> Iterator[tuple[tuple[Any, ...], Problem]]:
    try:
        for element, bound, where in drawn_elements(side.layout, side.context, side.where):
            place = side.layout.place_of(element)
            if place is None:
                continue
            at = f"{side.where} element {element.get('id', place.loc[-1])!r}"
            off = _off_card(element, bound, side.box, where)
            if off:
                yield (place.doc.file, place.loc, "off"), place.problem(at, off)
            if element["type"] != "text":
                continue
            text = str(bind(element.get("text", ""), bound, where))
            missing = _missing_glyphs(element, text, bound, where)
            if missing:
                yield (place.doc.file, place.loc, "glyphs", missing), _glyph_problem(side, element, place, at, missing)
            unknown = _unknown_icons(text)
            if unknown:
                yield (place.doc.file, place.loc, "icons", unknown), _glyph_problem(side, element, place, at, unknown)
    except (GeneratorError, CardsError):
        return  # the draw check reports it, located


def _glyph_problem(side: Side, element: dict[str, Any], place: Place, at: str, message: str) -> Problem:
    """At the database field when the text prints it alone (`{{ card.name }}`, `{{ game.name }}`):
    the mistake is there (audit: an emoji in the game's name was reported in the shipped back)."""
    shown = FIELD_ALONE.fullmatch(str(element.get("text", "")))
    found = _field_problem(side, shown.group(1), shown.group(2), message) if shown else None
    if found is not None and shown and shown.group(1) != "card":
        return found  # the game's or deck's own field, as `glyphcheck` reports it: listed once
    return replace(found, path=at) if found and found.line is not None else found or place.problem(at, message, "text")


def _field_problem(side: Side, variable: str, name: str, message: str) -> Problem | None:
    """A problem at the card's, the game's or the deck's field `name`, where it is written."""
    if variable == "card":
        return side.at_field(name, message) if side.at_field else None
    db = side.context.get("db")
    if not isinstance(db, Database):
        return None
    if variable == "game":
        return db.problem_at("game", -1, (name,), message)
    index = next((i for i, deck in enumerate(db.decks) if deck is side.context.get("deck")), None)
    return db.problem_at("decks", index, (name,), message) if index is not None else None


def _off_card(element: dict[str, Any], bound: dict[str, Any], box: Box, where: str) -> str:
    """Why the element lies (partly) outside the card and its bleed, or ''."""
    x, y, w, h = geometry(element, box, bound, where)
    left, top = (x - box.x) / MM, (box.y + box.h - y - h) / MM
    right, bottom = left + w / MM, top + h / MM
    bleed, width, height = box.bleed / MM, box.w / MM, box.h / MM
    slack = EDGE_TOLERANCE / MM
    if left >= -bleed - slack and top >= -bleed - slack and right <= width + bleed + slack \
            and bottom <= height + bleed + slack:
        return ""
    with_bleed = f" (with {bleed:g} mm bleed)" if bleed else ""
    return (f"placed off the side: it spans x {left:g}..{right:g} mm, y {top:g}..{bottom:g} mm, but the side"
            f"{with_bleed} spans x {0.0 - bleed:g}..{width + bleed:g} mm, y {0.0 - bleed:g}..{height + bleed:g} mm; "
            "what lies outside is cut away")


def _missing_glyphs(element: dict[str, Any], text: str, bound: dict[str, Any], where: str) -> str:
    """Why a text element's `text` prints empty boxes (characters its font has no glyph for), or ''."""
    font = str(bind(element.get("font", "Helvetica"), bound, where))
    missing = lacking_glyphs(font, ICON_PATTERN.sub(lambda m: "" if m.group(1) in _icon_names() else m.group(0), text))
    if not missing:
        return ""
    return no_glyph_message(font, missing)


def _unknown_icons(text: str) -> str:
    """Why a text prints `:name:` as it is written (no icon of that name), or '' (sixth-game audit:
    `:moon:` went to print, and lint said nothing)."""
    unknown = [name for name in dict.fromkeys(ICON_PATTERN.findall(text)) if name not in _icon_names()]
    if not unknown:
        return ""
    first = unknown[0]
    return (f"no icon named {', '.join(f':{name}:' for name in unknown)}: it prints as written"
            f"{suggestion(first, sorted(_icon_names()))}; the icons are: {', '.join(sorted(_icon_names()))}")


@lru_cache(maxsize=1)
def _icon_names() -> frozenset[str]:
    return frozenset(names())


def deck_layouts(db: Database, deck: Any) -> tuple[Layout, Layout]:
    """A deck's front and back layouts."""
    folders = layout_folders(db)
    return load_layout(deck.layout, folders), load_layout(deck.back.layout, folders)


def check_layout_files(db: Database, section: str, item: Any) -> None:
    """Raise DatabaseInvalid listing what the layout files of a deck, sheet or token sheet say wrong."""
    where = f"{section}[{item.id}]"
    folders = layout_folders(db)
    if section == "decks":
        _raise([*_file_problems(item.layout, folders, where), *_file_problems(item.back.layout, folders, f"{where} back")])
        return
    found = _file_problems(item.layout, folders, where) if item.layout else []
    if section == "tokens":
        found += _token_icon_problems(db, item)
    _raise(found)


def _file_problems(name: str, folders: list[Path], where: str, parents: bool = True) -> list[Problem]:
    """What the layout `name` and the files it extends say wrong: a file's mistakes all at once, the
    keys of its well-formed elements with them (audit: a misspelt type hid the next element's key)."""
    try:
        layout = load_layout(name, folders)
    except LayoutProblems as exc:
        return [*(replace(problem, path=where) for problem in exc.problems), *layout_problems(exc.partial, where)]
    return layout_problems(layout, where, parents)


def _token_icon_problems(db: Database, sheet: Any) -> list[Problem]:
    """Each token whose `icon` names no icon, at its `icon` key."""
    index = next(i for i, tokens in enumerate(db.tokens) if tokens is sheet)
    known = sorted(_icon_names())
    found = [db.problem_at("tokens", index, ("tokens", j, "icon"), str(UnknownIcon(str(token.icon), known)))
             for j, token in enumerate(sheet.tokens) if token.icon and token.icon not in _icon_names()]
    return [problem for problem in found if problem is not None]


def check_drawn_sides(db: Database, section: str, item: Any,
                      is_checked: Callable[[str], bool] | None = None) -> None:
    """Raise DatabaseInvalid listing the elements off the side and the texts that print empty boxes,
    on every side a deck or sheet prints. `is_checked(stamp)` skips the cards whose face drew
    before with that content stamp: a build checks the cards it does not take from the cache."""
    if section == "decks":
        _raise(side_problems(_deck_sides(db, item, is_checked)))
    elif section == "tokens" and item.layout:
        _raise(side_problems(_token_sides(db, item)))
    elif section == "sheets":
        layout = load_layout(item.layout, layout_folders(db))
        contexts = [{**base_context(db), "sheet": item, "data": item.data, **copy} for copy in sheet_copies(db, item)]
        # a size the elements reach past is reported at the sheet's key, once; they are checked against what they reach
        sized, box = sheet_size_problems(db, item, layout, contexts,
                                         Box(0, 0, parse_length(item.width), parse_length(item.height)))
        _raise([*sized, *side_problems(Side(layout, context, box, f"sheets[{item.id}]") for context in contexts)])


def _token_sides(db: Database, sheet: Any) -> Iterator[Side]:
    """Each token side a token sheet's layout draws, as `generator.tokens` binds it."""
    layout = load_layout(sheet.layout, layout_folders(db))
    base = {**base_context(db), "tokens": sheet}
    box = Box(0, 0, *sheet.extent())
    for token in sheet.tokens:
        for side in ("front", "back") if sheet.duplex else ("front",):
            yield Side(layout, {**base, "token": token, "side": side}, box, f"tokens[{sheet.id}] token {token.id!r}")


def _deck_sides(db: Database, deck: Any, is_checked: Callable[[str], bool] | None = None) -> Iterator[Side]:
    front, back = deck_layouts(db, deck)
    where = f"decks[{deck.id}]"
    w, h = parse_size(deck.size)
    box = Box(0, 0, w, h, parse_length(db.print.bleed))
    base = {**base_context(db), **trim_size_mm(deck.size)}
    faces, backs = deck_sides(db, deck) if is_checked is not None else ([], [])
    copy = 0  # the first printed copy of the card: faces (and per-card backs) are one per copy
    for number, card in enumerate(deck.cards, 1):
        first, copy = copy, copy + card.count
        if is_checked is not None and is_checked(face_stamp(faces[first]) or "") and (
                not deck.back.per_card or is_checked(face_stamp(backs[first]) or "")):
            continue  # drew before with the same content stamp: checked then
        try:
            context = checked_card_context(db, deck, card, number, base)
        except CardsError:
            continue  # a card text that cannot be filled in: the draw check reports it, located
        at_field = partial(db.card_problem, card.id)
        yield Side(front, context, box, f"{where} card {card.id!r}", at_field)
        if deck.back.per_card:
            yield Side(back, {**context, "back": deck.back}, box, f"{where} card {card.id!r} back", at_field)
    if not deck.back.per_card:
        yield Side(back, shared_back_context(base, deck), box, f"{where} back")


def _raise(problems: list[Problem]) -> None:
    if problems:
        raise DatabaseInvalid(problems)


def game_layout_problems(folder: Path) -> list[Problem]:
    """What the layout files of the game in `folder` say wrong, each file alone, without its
    database: lint's check of the layouts when the cards cannot be loaded (audit: a card's
    mistake hid every layout's until the next run). The shared layouts of `templates/common`
    are not the game's."""
    folders = template_dirs(folder.parent, folder.name, folder)
    found: list[Problem] = []
    for name in (file.removesuffix(".yaml") for file in game_own_files(folder, "*.yaml")):
        where = f"layout {name!r}"
        try:
            found += _file_problems(name, folders, where, parents=False)
        except LayoutError as exc:  # unreadable, or extends what is not there
            found += [replace(exc.place, message=exc.message, path=where)] if exc.place else []
    return found
