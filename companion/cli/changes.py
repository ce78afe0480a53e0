"""`deckwright changes`: which cards and rules changed since an earlier build or git revision."""

from __future__ import annotations

import click

from .common import DataProblem, echo_json, get_context, user_errors


@click.command("changes")
@click.argument("game")
@click.option("--since", "ref", required=True, metavar="REF",
              help="An earlier manifest.json, or a git revision of the game's card folder.")
@click.option("--json", "as_json", is_flag=True, help="Print the changes as JSON.")
@user_errors
def command(game: str, ref: str, as_json: bool) -> None:
    """List the cards and rules of GAME added, removed and changed since REF.

    Each changed card shows its changed fields as old -> new values; a card whose face
    changed only through its layout or a rules number shows its old and new stamp.

    \b
    Examples:
      deckwright changes halfwish --since HEAD~3
      deckwright changes halfwish --since output/halfwish/manifest.json --json
    """
    from generator.changes import ChangesError, changes_since, describe, unbumped_version
    from generator.errors import GeneratorError

    db = get_context().load(game)
    try:
        changes = changes_since(db, ref)
    except ChangesError as exc:  # the REF is wrong: a usage error, as an unknown game is (exit 2)
        raise click.BadParameter(str(exc), param_hint="--since") from None
    except GeneratorError as exc:
        raise DataProblem(str(exc)) from None
    warning = unbumped_version(db, changes)
    if warning:
        click.echo(f"warning: {warning}", err=True)
    if as_json:
        echo_json({"game": db.id, **changes.as_dict()})
        return
    for line in describe(changes, db.id, width=80):
        click.echo(line)
