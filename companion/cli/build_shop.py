"""What `deckwright build --for SHOP` says besides the files: the home-sheet options it refuses,
and the preflight's findings, as text or in `--json`."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

import click

from cards.wording import plural

from .screen import WIDTH

# Options that shape the home sheets only: a print shop cuts from its own files.
HOME_ONLY = ("fold", "png_dpi", "tts", "only", "reprint_since", "paper")


def refuse_home_options_for_shop(shop: str) -> None:
    """A usage error (exit 2) when `--for SHOP` comes with an option it would silently ignore."""
    if shop == "home":
        return
    context = click.get_current_context()
    given = [param for param in context.command.params if param.name in HOME_ONLY
             and context.get_parameter_source(param.name) == click.core.ParameterSource.COMMANDLINE]
    if given:
        names = ", ".join(param.opts[0] for param in given)
        verb = "is" if len(given) == 1 else "are"
        raise click.UsageError(f"{names} {verb} for home print-and-play sheets only:\n"
                               f"a print shop cuts from its own files (--for {shop}).\n"
                               f"Drop {names}, or build without --for.")


def preflight_json(findings: list[Any], shop: str) -> dict[str, Any] | None:
    """The preflight for `--json`: the shop and each finding located by deck, card, side and file."""
    if shop == "home":
        return None
    return {"shop": shop, "problems": len(findings), "findings": [finding.to_json() for finding in findings]}


def report_preflight(findings: list[Any], shop: str, as_json: bool, notes: Sequence[str] = ()) -> None:
    """What the shop's files leave out (`notes`), then the preflight's findings, each wrapped to the
    screen; nothing for the home kit or `--json`."""
    if shop == "home" or as_json:
        return
    for note in notes:
        click.echo(textwrap.fill(note, WIDTH, break_long_words=False, break_on_hyphens=False))
    if not findings:
        click.echo(f"preflight ({shop}): no problems")
        return
    click.echo(f"preflight ({shop}): {plural(len(findings), 'problem')}")
    for finding in findings:  # wrapped to the screen width, each finding's later lines indented under it
        click.echo(textwrap.fill(str(finding), WIDTH, initial_indent="  ", subsequent_indent="    ",
                                 break_long_words=False, break_on_hyphens=False))
    click.echo("The files are written; fix these before you order (exit 1).")


def left_out(db: Any, shop: str) -> str | None:
    """What a shop's preset does not make (it makes the decks): the home kit's other components,
    named, and the command that prints them (the sixth-game audit: nothing said the reference card
    was not in the order)."""
    if not db.decks:
        return None
    names = [item.name for item in (*db.sheets, *db.tokens)]
    if db.references:
        names.append(f"reference cards ({', '.join(reference.name for reference in db.references)})")
    names.append("the rulebook")
    return (f"{db.id}: --for {shop} makes the card decks only; not in it: {', '.join(names)}. "
            f"Print those from the home kit: deckwright build {db.id}")
