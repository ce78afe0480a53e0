"""`deckwright lint`: validate card databases and report every problem, located."""

from __future__ import annotations

import click

from cards import CardsError, DatabaseInvalid, cards_root, game_ids, load_game

from .common import DataProblem, format_problems, get_context


@click.command("lint")
@click.argument("games", nargs=-1)
def command(games: tuple[str, ...]) -> None:
    """Check the card database of GAMES (all games when none is given).

    Exits 0 when clean, 1 when any problem is found; every problem is listed
    with its file, line, column and field path.

    \b
    Example:
      deckwright lint heartstrings
    """
    root = cards_root(get_context().cards_dir)
    chosen = list(games) or game_ids(root)
    if not chosen:
        raise DataProblem(f"no games found in {root}")
    failures = []
    for gid in chosen:
        try:
            db = load_game(gid, root)
            _check_kit(db)
        except DatabaseInvalid as exc:
            failures.append(f"{gid}: {format_problems(exc)}")
            continue
        except CardsError as exc:
            failures.append(f"{gid}: {exc}")
            continue
        click.echo(f"{gid}: ok ({db.version})")
    if failures:
        raise DataProblem("\n".join(failures))


def _check_kit(db) -> None:
    """Let the generator check templates too, when it offers a check."""
    try:
        from generator.check import check_kit
        from generator.printlint import lint_print
    except ImportError:
        return
    check_kit(db)
    lint_print(db)
