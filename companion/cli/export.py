"""`deckwright export`: write one deck's cards out as a spreadsheet (CSV or XLSX)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import click

from cards.wording import plural

from .common import get_context, user_errors
from .outpaths import write_out_file
from .screen import WIDTH


@click.command("export")
@click.argument("game")
@click.option("--deck", "deck_id", required=True, help="Id of the deck to write out.")
@click.option("--format", "fmt", type=click.Choice(["csv", "xlsx"]), default=None,
              help="Spreadsheet format  [default: from --out's extension, else csv].")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="File to write (default: output/GAME/DECK.FORMAT).")
@user_errors
def command(game: str, deck_id: str, fmt: str | None, out_file: Path | None) -> None:
    """Write the cards of one deck of GAME as a CSV or XLSX spreadsheet.

    Row 1 names the columns (id, name, count, then the deck's fields); each later row is a card.
    List and map fields are written as YAML flow values (`[fire, water]`, `{strike: 2}`).
    Point the deck at the file with `cards: {from: DECK.csv}` (or `{from: DECK.xlsx, sheet: DECK}`)
    to edit the cards in a spreadsheet from then on.

    \b
    Examples:
      deckwright export halfwish --deck powers --format xlsx
      deckwright export skirmish --deck skills --out skills.csv
    """
    from cards.spreadsheet import write_deck

    db = get_context().load(game)
    try:
        deck = db.deck(deck_id)
    except KeyError as exc:
        raise click.UsageError(str(exc.args[0])) from None
    fmt = _format(fmt, out_file)
    path = out_file or Path("output") / db.id / f"{deck.id}.{fmt}"
    write_out_file(path, lambda target: write_deck(deck, target, fmt))
    click.echo(f"wrote {path} ({plural(len(deck.cards), 'card')})")
    hint = _source_hint(db, deck, path, fmt)
    if hint:
        click.echo(hint)


def _source_hint(db: Any, deck: Any, path: Path, fmt: str) -> str | None:
    """How to make the deck read the written file (None when it reads a spreadsheet already),
    wrapped to 80 columns."""
    from cards.spreadsheet import SheetDoc

    index = next(i for i, d in enumerate(db.decks) if d.id == deck.id)
    doc, loc = db.origin.get(("decks", index), (None, ()))
    if doc is None or (isinstance(doc, SheetDoc) and any(cell[:2] == loc[:2] for cell in doc.cells)):
        return None
    source = f"{{from: {path.name}" + (f", sheet: {deck.id[:31]}}}" if fmt == "xlsx" else "}")
    # a file name is never cut at its hyphen (audit: `game-` / `cards.yaml`)
    return textwrap.fill(f"To edit these cards in a spreadsheet from now on, put the file beside {doc.file.name} "
                         "and write there, in place of the deck's list of cards:", WIDTH,
                         break_on_hyphens=False) + f"\n  cards: {source}"


def _format(fmt: str | None, out_file: Path | None) -> str:
    """--format, else what --out's extension says, else CSV; a contradiction is a usage error
    (a workbook written into `cards.csv` would never read back)."""
    suffix = out_file.suffix.lower().lstrip(".") if out_file is not None else ""
    if out_file is not None and suffix not in ("csv", "xlsx"):  # audit: CSV went into x.ods, then lint refused it
        stem = out_file.with_suffix("")
        raise click.UsageError(f"--out {out_file}: a deck reads its cards back only from a .csv or .xlsx "
                               f"file; name it {stem}.{fmt or 'csv'}")
    if fmt is None:
        return suffix
    if suffix in ("csv", "xlsx") and suffix != fmt:
        raise click.UsageError(f"--out {out_file} ends in .{suffix} but --format is {fmt}")
    return fmt
