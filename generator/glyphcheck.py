"""Characters the shipped fonts cannot draw: reportlab prints each as an empty box ("tofu"), so
`deckwright lint` names them before a sheet is printed. Layout texts are checked as they are drawn
(`generator.layoutlint`); here, the database texts printed without a layout, each at its field:
the game's details and the rulebook's title on its cover, component names on the components page,
the print checklist and page footers, dice on the components page, rulings and token labels."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from reportlab.pdfbase import pdfmetrics

from cards import Database, Problem

from .fonts import register_fonts
from .imposition import FOOTER_FONT
from .markdown_style import Theme
from .tokens import LABEL_FONT

RULEBOOK = Theme()  # the rulebook's fonts (its theme changes only numbering and heading room)


@lru_cache(maxsize=64)
def has_font(name: str) -> bool:
    """Whether a layout may name the font: one of the shipped faces, which every PDF embeds. Any
    other standard PDF font (Times-Roman, Courier-Bold) reportlab would draw unembedded, in the
    printer's own face and widths (sixth-game audit: lint passed it)."""
    return name in register_fonts()


@lru_cache(maxsize=4096)
def lacking_glyphs(font: str, text: str) -> tuple[str, ...]:
    """The characters of `text` (in order, once each) the TrueType `font` cannot draw."""
    if not has_font(font):
        return ()
    glyphs = getattr(pdfmetrics.getFont(font).face, "charToGlyph", None)
    if glyphs is None:  # a standard PDF font: the printer's own, not ours to check
        return ()
    return tuple(c for c in dict.fromkeys(text) if not c.isspace() and ord(c) not in glyphs)


def no_glyph_message(font: str, missing: tuple[str, ...]) -> str:
    """What to tell the designer about characters `font` lacks."""
    shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
    return f"font {font} has no glyph for {shown}: it prints as an empty box; use another character"


def _printed_fields(theme: Theme) -> tuple[tuple[str, tuple[str, ...], str], ...]:
    """(section, fields, font) of each database text printed without a layout: the font it prints
    in (a layout that prints one, `{{ game.name }}` on a back, is checked as it is drawn too)."""
    body = theme.body_font
    return (("game", ("name",), theme.heading_font), ("game", ("summary", "designer"), body),
            ("game", ("ages", "play_time"), theme.bold_font), ("game", ("version",), FOOTER_FONT[0]),
            ("rulebook", ("title",), theme.heading_font), ("rulebook", ("subtitle",), theme.italic_font),
            ("decks", ("name",), body), ("sheets", ("name",), body), ("tokens", ("name",), body),
            ("dice", ("name", "note"), body), ("references", ("name",), body))


def database_glyph_problems(db: Database) -> list[Problem]:
    """Each database text printed without a layout (the game's name, summary and designer, the
    rulebook's title and subtitle, component names, dice) with characters its font lacks, at its
    field (audit: a summary printed empty boxes on the cover, and lint said ok)."""
    singles: dict[str, Any] = {"game": db.meta, "rulebook": db.rulebook}
    lists: dict[str, list[Any]] = {"decks": db.decks, "sheets": db.sheets, "tokens": db.tokens,
                                   "dice": db.dice, "references": db.references}

    def texts() -> Iterator[tuple[str, int, tuple[Any, ...], str, str]]:
        for section, names, font in _printed_fields(RULEBOOK):
            items = [(-1, singles[section])] if section in singles else list(enumerate(lists[section]))
            for index, item in items:
                yield from ((section, index, (name,), font, getattr(item, name) or "") for name in names)
        for index, sheet in enumerate(db.tokens):
            yield from (("tokens", index, ("tokens", j, "name"), RULEBOOK.body_font, token.name)
                        for j, token in enumerate(sheet.tokens))
    return _located(db, texts())


def ruling_glyph_problems(db: Database) -> list[Problem]:
    """Each ruling field the rulebook prints with characters its font lacks, at that field."""
    return _located(db, (("rulings", i, (name,), RULEBOOK.heading_font if name == "topic" else RULEBOOK.body_font,
                          getattr(ruling, name)) for i, ruling in enumerate(db.rulings)
                         for name in ("topic", "ruling", "reason")))


def token_glyph_problems(db: Database, sheet: Any) -> list[Problem]:
    """Each token label a sheet without a layout prints with characters its font lacks."""
    if sheet.layout:
        return []  # its layout's texts are checked as they are drawn
    index = next(i for i, tokens in enumerate(db.tokens) if tokens is sheet)
    return _located(db, (("tokens", index, ("tokens", j, name), LABEL_FONT, getattr(token, name) or "")
                         for j, token in enumerate(sheet.tokens) for name in ("label", "back_label")))


def _located(db: Database, texts: Iterator[tuple[str, int, tuple[Any, ...], str, str]]) -> list[Problem]:
    found = []
    for section, index, rest, font, text in texts:
        missing = lacking_glyphs(font, str(text))
        problem = db.problem_at(section, index, rest, no_glyph_message(font, missing)) if missing else None
        if problem is not None:
            found.append(problem)
    return found
