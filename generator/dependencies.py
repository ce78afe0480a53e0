"""What each kit file is drawn from, hashed: the render cache's key of a component (`generator.cache`).

A card file depends on the content stamps of its cards (`generator.stamps`: fields, text, place
in the deck, resolved layouts, the rules values and lookups they name), its decks and the print
settings; a sheet or a token sheet on itself, its layout's inputs, the rules and the game's
details; the rulebook and reference cards on their text as their templates render it (so they
are drawn again only when an edit shows in them), and the rulebook on what its print guide and
components page show. Every file also depends on the printed version (`printed_version`), which
a card edit does not change, so a one-card edit misses only the files that print that card.
Proof sheets depend on `db.version` (every file of the database).
"""

from __future__ import annotations

from typing import Any

from cards import Database

from .dbmemo import per_database
from .stamps import digest, layout_inputs, printed_version


def card_file_inputs(db: Database, group: Any) -> str:
    """The inputs of one card file: its decks with every card's content stamp, and the tokens
    printed on its last sheet (`generator.hosting`)."""
    from .kit import deck_settings, deck_stamps

    decks = [[deck_settings(deck), deck_stamps(db, deck)] for deck in group.members]
    # a borrowed back is drawn from the lending deck (`back: {like: ...}`): its settings too
    decks += [deck_settings(db.deck(deck.back.like)) for deck in group.members if deck.back.like]
    # the rules and details too: a layout may read them without naming `rules.` (the glossary)
    return digest([decks, hosted_inputs(db, group.id), dict(db.rules), db.meta, db.print, printed_version(db)], 64)


def hosted_inputs(db: Database, host_id: str) -> str:
    """The inputs of the tokens card file `host_id` prints on its last sheet; "" when none."""
    from .hosting import hosting_of

    hosting = hosting_of(db, host_id)
    return token_file_inputs(db, hosting.tokens.members) if hosting else ""


def sheet_inputs(db: Database, sheet: Any) -> str:
    """The inputs of a sheet file (mat, board, tracker): the sheet, its layout's inputs, the seats."""
    from .cardlayout import load_layout
    from .layoutfile import layout_folders

    layout = load_layout(sheet.layout, layout_folders(db))
    return digest([sheet, layout_inputs(db, [layout]), dict(db.rules), db.meta, db.print, printed_version(db)], 64)


def token_file_inputs(db: Database, members: tuple[Any, ...]) -> str:
    """The inputs of a token file: its token sheets, their layouts' inputs and the rules."""
    from .cardlayout import load_layout
    from .layoutfile import layout_folders

    sheets = [getattr(member, "sheet", member) for member in members]  # a packed tracker: its sheet
    layouts = [load_layout(sheet.layout, layout_folders(db)) for sheet in sheets if sheet.layout]
    shared = layout_inputs(db, layouts) if layouts else ""
    return digest([sheets, [getattr(member, "copies", None) for member in members], shared, dict(db.rules), db.meta, db.print, printed_version(db)], 64)


@per_database
def reference_inputs(db: Database) -> str:
    """The inputs of the reference cards: each side's text as its template renders it, the cards' settings.
    Hashed once per database: the rulebook pictures the reference cards on each paper."""
    from .reference import reference_markdown

    sides = [[reference, reference_markdown(db, reference.front),
              reference_markdown(db, reference.back) if reference.back else None] for reference in db.references]
    return digest([sides, hosted_inputs(db, "reference"), dict(db.rules), db.meta, db.print, printed_version(db)], 64)


def rulebook_inputs(db: Database, paper: str) -> str:
    """The inputs of the rulebook: its text as the template renders it, the title page, the print
    guide's plan, and what the components page pictures (each deck's first card and back, the
    tokens, sheets and reference cards) and lists (the dice)."""
    from .instructions import print_plan
    from .kit import deck_settings, deck_sides
    from .rulebook import rulebook_markdown

    decks = []
    for deck in db.decks:
        faces, backs = deck_sides(db, deck)
        decks.append([deck_settings(deck), sum(card.count for card in deck.cards),
                      getattr(faces[0], "stamp", None) if faces else None,
                      getattr(backs[0], "stamp", None) if backs else None])
    pictured = [decks, list(db.tokens), [sheet_inputs(db, sheet) for sheet in db.sheets],
                reference_inputs(db) if db.references else "", list(db.dice)]
    return digest([rulebook_markdown(db), db.rulebook, db.meta, db.print, dict(db.rules), printed_version(db),
                   print_plan(db, paper), pictured], 64)


def whole_database(db: Database) -> str:
    """The inputs of a file whose templates may read anything (proof sheets): every database file."""
    return db.version

