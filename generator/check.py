"""`check_kit(db)`: draw every component once, without writing files, and list what fails.

`deckwright lint` and `build` call it, so a layout that is missing, a binding that names an
unknown field or a text that overflows its box is reported before a build (as located
`cards.Problem`s naming the component), not halfway through one. Each problem is located where it
is written: the layout file's line and key, the card's YAML line or spreadsheet cell, the
component's `layout:` key; game.yaml only for what belongs to the rules. Before drawing, each
component's layout files are checked, and after it what the drawn sides show
(`generator.layoutlint`: keys a type does not read, elements off the card, missing glyphs).
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable, Collection
from dataclasses import replace
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from cards import Database, DatabaseInvalid, Problem
from cards.errors import CardsError
from cards.locations import Loc
from cards.paths import contained_file, display_path, template_dirs
from cards.texts import CardTextError

from .cardlayout import Box, drawn_without, load_layout, render_layout
from .errors import EngineCannotUse, GeneratorError, LayoutNotFound, engine_problem
from .glyphcheck import database_glyph_problems, ruling_glyph_problems, token_glyph_problems
from .kit import base_context, card_text_errors, face_checks, sheet_copies
from .layoutfile import Layout, LayoutProblems, layout_folders
from .layoutlint import check_drawn_sides, check_layout_files, deck_layouts
from .rulebook import TemplateNotFound


def check_kit(db: Database, parts: Collection[str] | None = None,
              is_checked: Callable[[str], bool] | None = None, pages: bool = False) -> None:
    """Raise DatabaseInvalid listing every component that cannot be drawn.

    `parts` limits the check to some components (`decks[actions]`, or `decks` for every deck),
    and `is_checked(stamp)` skips card faces that drew before: a build checks only what it does
    not take from the render cache. `pages` (lint) also checks that a page can hold each piece
    of the rulebook: a build finds out as it lays the rulebook out, which it does anyway (the
    check measures every piece again: 0.3 s of a Halfwish edit's rebuild)."""
    def chosen(where: str) -> bool:
        return parts is None or where in parts or where.split("[")[0] in parts

    drawn = {"decks": functools.partial(_check_faces, db, is_checked=is_checked),
             "sheets": functools.partial(_check_sheet, db), "tokens": functools.partial(_check_tokens, db)}
    # per component: its layout files, then drawing it, then what the drawn sides show (`_steps_problems`)
    checks: list[tuple[str, tuple[Callable[[], None], ...], Callable[[], list[Layout] | None]]] = [
        (f"{section}[{item.id}]", (functools.partial(check_layout_files, db, section, item),
                                   functools.partial(drawn[section], item),
                                   functools.partial(check_drawn_sides, db, section, item, is_checked)),
         functools.partial(_component_layouts, db, section, item))
        for section, items in (("decks", db.decks), ("sheets", db.sheets), ("tokens", db.tokens))
        for item in items
    ]
    checks += [("references", (lambda: _check_references(db),), list)] if db.references else []
    checks += [("rulebook", (lambda: _check_rulebook(db, pages),), list),
               ("rulebook", (lambda: _raise_all([*database_glyph_problems(db), *ruling_glyph_problems(db)]),), list)]
    problems: list[Problem] = []
    for where, steps, layouts in checks:
        if chosen(where):
            problems += _steps_problems(db, where, steps, layouts)
    if problems:
        raise DatabaseInvalid(_once(problems))


Position = tuple[Path, int | None, int | None]


def _steps_problems(db: Database, where: str, steps: tuple[Callable[[], None], ...],
                    layouts: Callable[[], list[Layout] | None]) -> list[Problem]:
    """The problems of a component's checks, step after step. A problem at a layout element stands
    for that element: the later steps draw and check the rest without it (audit s26: a back's
    unknown icon hid a card text's unknown `:icon:` until the next run; drawn, the element would
    fail again in other words). A problem elsewhere (a layout not found, a card text that cannot
    be filled in) ends the checks: the later steps would meet it again."""
    problems: list[Problem] = []
    elements: dict[Position, Loc] | None = None
    refused: set[Loc] = set()
    for step in steps:
        with drawn_without(refused):
            _collect(problems, db, where, step)
        if not problems:
            continue
        elements = _element_positions(layouts()) if elements is None else elements
        hit = [elements.get(_position(problem)) for problem in problems]
        if None in hit:
            break
        refused |= {element for element in hit if element is not None}
    return problems


def _position(problem: Problem) -> Position:
    return problem.file, problem.line, problem.column


def _element_positions(layouts: list[Layout] | None) -> dict[Position, Loc]:
    """Every position written inside an element of `layouts` -> that element (its file's place)."""
    found: dict[Position, Loc] = {}
    for layout in layouts or []:
        for place in layout.places:
            for loc, (line, column) in place.doc.marks.items():
                if loc[:len(place.loc)] == place.loc:
                    found[(place.doc.file, line, column)] = place.key
    return found


def _component_layouts(db: Database, section: str, item: Any) -> list[Layout] | None:
    """The layouts a deck, sheet or token sheet draws with; None when one cannot be loaded."""
    try:
        if section == "decks":
            return list(deck_layouts(db, item))
        return [load_layout(item.layout, layout_folders(db))] if item.layout else []
    except (GeneratorError, CardsError):
        return None


def _once(problems: list[Problem]) -> list[Problem]:
    """Each mistake once: a card text the rulebook prints too, a layout two decks extend."""
    first: dict[tuple[object, ...], Problem] = {}
    for problem in problems:
        first.setdefault((problem.file, problem.line, problem.column, problem.message), problem)
    return list(first.values())


def _collect(problems: list[Problem], db: Database, where: str, check: Callable[[], None]) -> None:
    try:
        check()
    except DatabaseInvalid as exc:  # a check that lists every problem it found, each located
        problems.extend(exc.problems)
    except LayoutProblems as exc:  # a layout file's mistakes, each at its line
        problems.extend(_placed(problem, where, problem.message) for problem in exc.problems)
    except CardTextError as exc:
        problems.append(_card_text_problem(db, where, exc))
    except CardsError as exc:
        problems.append(_located_problem(db, where, str(exc)))
    except Exception as exc:  # raised again unless ours or a rules engine's
        # an engine's error reaches a check through a value its rulebook hook handed the templates
        error = exc if isinstance(exc, GeneratorError) else engine_problem(db, exc)
        if error is None:
            raise
        problems.extend(_generator_problem(db, where, each) for each in error.every())


def _generator_problem(db: Database, where: str, error: GeneratorError) -> Problem:
    """The error at its place (a layout's line, a card's field), else at what `where` names."""
    shown = "game.id" if isinstance(error, EngineCannotUse) else where  # the id chose the engine
    return (_placed(error.place, _within(error.place.path, shown), error.message) if error.place
            else _located_problem(db, shown, error.message, error))


def _within(path: str, where: str) -> str:
    """`path` when it lies inside the component `where` names (a card's field of the deck being
    checked: `decks[spells].cards[bolt].icon`), else `where` (a layout key's path is its own)."""
    return path if path.startswith(f"{where}.") else where


_TEMPLATE_LINE = re.compile(r"^([\w./-]+\.j2):(\d+): (.*)$", re.DOTALL)


def _located_problem(db: Database, where: str, message: str, error: Exception | None = None) -> Problem:
    """A problem at the template file and line its message names (`rulebook.md.j2:8: ...`), else at
    the component's entry in the database (its `layout:` key for a layout not found), else at
    game.yaml."""
    match = _TEMPLATE_LINE.match(message)
    template = contained_file(template_dirs(db.folder.parent, db.id, db.folder), match.group(1)) if match else None
    if match and template is not None:
        line = int(match.group(2))
        lines = template.read_text(encoding="utf-8", errors="replace").splitlines()
        source = lines[line - 1] if 0 < line <= len(lines) else ""
        return Problem(display_path(template), line, None, where, match.group(3), source)  # as a YAML file's
    return (_component_problem(db, where, message, error) or _reference_problem(db, where, message, error)
            or Problem(_game_file(db), None, None, where, message))


_COMPONENT = re.compile(r"^(decks|sheets|tokens)\[(.+)\]$")


def _component_problem(db: Database, where: str, message: str, error: Exception | None) -> Problem | None:
    """The problem at the entry of the component `where` names (`decks[spells]`), if it has one."""
    match = _COMPONENT.match(where)
    sections: dict[str, list[Any]] = {"decks": list(db.decks), "sheets": list(db.sheets), "tokens": list(db.tokens)}
    items = sections[match.group(1)] if match else []
    index = next((i for i, item in enumerate(items) if match and item.id == match.group(2)), None)
    if match is None or index is None:
        return None
    found = db.problem_at(match.group(1), index, _layout_key(items[index], error), message)
    return replace(found, path=where) if found else None


def _reference_problem(db: Database, where: str, message: str, error: Exception | None) -> Problem | None:
    """A reference card's or the rulebook's template not found, at the key naming it."""
    missing = error.name if isinstance(error, TemplateNotFound) else None
    if where == "rulebook" and missing and db.rulebook.template == missing:
        # designer audit: without a `rulebook:` key the problem had no line and no way out
        message += (f"; every game needs its rulebook: write templates/{missing} in the game's folder "
                    "(Markdown with Jinja2; templates/README.md shows how)")
        found = db.problem_at("rulebook", -1, ("template",), message)
        return replace(found, path=where) if found else Problem(_game_file(db), None, None, where, message)
    if where != "references" or missing is None:
        return None
    for index, reference in enumerate(db.references):
        for side in ("front", "back"):
            if getattr(reference, side, None) == missing:
                found = db.problem_at("references", index, (side,), message)
                return replace(found, path=where) if found else None
    return None


def _layout_key(item: Any, error: Exception | None) -> tuple[str, ...]:
    """The key naming the layout that was not found (else the item itself)."""
    if not isinstance(error, LayoutNotFound):
        return ()
    back = getattr(item, "back", None)
    named = {("layout",): getattr(item, "layout", None), ("back", "layout"): getattr(back, "layout", None)}
    return next((key for key, value in named.items() if value == error.name), ())


def _placed(place: Problem, where: str, message: str) -> Problem:
    return Problem(place.file, place.line, place.column, where, message, place.source_line)


def _card_text_problem(db: Database, where: str, exc: CardTextError) -> Problem:
    """A card text that cannot be filled in, at the card's field (its YAML line or spreadsheet cell)."""
    found = db.card_problem(exc.card, exc.field, str(exc)) if exc.card and exc.field else None
    return found or _located_problem(db, where, str(exc))


def _game_file(db: Database) -> Path:
    """game.yaml, shown as the database's other files are (relative to the working folder)."""
    from cards.paths import display_path

    return display_path(db.folder / "game.yaml")


def _check_faces(db: Database, deck: Any, is_checked: Callable[[str], bool] | None = None) -> None:
    """Draw every face and back of `deck`, each face's problem collected, so a run lists them all
    (audit: two cards' broken texts, two overflows or two unreadable images showed one run at a
    time). A mistake in the layout itself fails every face at one place with one message (after
    the face's name): it is listed once. Card texts that cannot be filled in come first: without
    them no face can be made."""
    try:
        checks = list(face_checks(db, deck, is_checked))
    except CardTextError:  # no face can be made: every card text that cannot be filled in is listed
        raise DatabaseInvalid([_card_text_problem(db, f"decks[{deck.id}]", exc)
                               for exc in card_text_errors(db, deck)]) from None
    problems: list[Problem] = []
    seen: set[tuple[object, ...]] = set()
    for component, draw in checks:
        found: list[Problem] = []
        _collect(found, db, f"decks[{deck.id}]", draw)
        for problem in found:
            mistake = (problem.file, problem.line, problem.column, problem.message.removeprefix(f"{component}: "))
            if mistake not in seen:
                seen.add(mistake)
                problems.append(problem)
    if problems:
        raise DatabaseInvalid(problems)


def _check_sheet(db: Database, sheet: Any) -> None:
    from cards.units import parse_length

    layout = load_layout(sheet.layout, layout_folders(db))
    box = Box(0, 0, parse_length(sheet.width), parse_length(sheet.height))
    canvas = Canvas(io.BytesIO())
    for copy in sheet_copies(db, sheet):
        render_layout(canvas, layout, box, {**base_context(db), "sheet": sheet, "data": sheet.data, **copy},
                      f"sheet {sheet.id!r}")


def _check_tokens(db: Database, tokens: Any) -> None:
    """Draw the token sheet into memory (icons, labels, a token layout if it names one); then its
    labels' characters."""
    from .tokens import render_tokens

    render_tokens(db, tokens, "a4", io.BytesIO())
    _raise_all(token_glyph_problems(db, tokens))


def _raise_all(problems: list[Problem]) -> None:
    if problems:
        raise DatabaseInvalid(problems)


def _check_rulebook(db: Database, pages: bool) -> None:
    """Render the rulebook template and convert its Markdown as the A4 layout will (no PDF is laid
    out; the build's A4 layout takes the converted chapters); with `pages`, then check that a page
    can hold each of its flowables and the print guide's."""
    from .rulebook_pdf import check_pages_hold, prepare_rulebook

    prepare_rulebook(db)
    if pages:
        check_pages_hold(db)


def _check_references(db: Database) -> None:
    """Render and fit every side of every reference card, each side's problem collected (audit: a
    missing include on the front hid the back's bytes that are not UTF-8 until the next run)."""
    from .reference import side_face

    def made(reference: Any, side: str) -> Callable[[], None]:
        def make() -> None:  # rendered and fitted; the face itself is not needed here
            side_face(db, reference, getattr(reference, side), side)
        return make

    problems: list[Problem] = []
    for reference in db.references:
        for side in ("front", "back"):
            if getattr(reference, side, None):
                _collect(problems, db, "references", made(reference, side))
    if problems:
        raise DatabaseInvalid(_once(problems))
