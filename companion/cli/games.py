"""`deckwright games`: the games in the database and which have an engine; `games GAME` in detail."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import click

from cards import DatabaseInvalid, cards_root, game_ids
from cards.paths import unread_game_notes
from cards.wording import plural, span

from ..gameids import engine_ids
from .common import echo_json, get_context
from .gameindex import GameIndex
from .screen import wrap_lines


@click.command("games")
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def command(game: str | None, as_json: bool) -> None:
    """List the games: id, name, players, components, and whether a rules engine exists.
    With GAME: that game's components and the setup options `play -o` accepts.

    \b
    Examples:
      deckwright games
      deckwright games which-witch
      deckwright games --json
    """
    if game:
        _show_game(game, as_json)
        return
    root = cards_root(get_context().cards_dir)
    rows = _rows(root)
    if as_json:
        echo_json(rows)
    elif not rows:
        click.echo(f"no games in {root}")
    else:
        _print_table(rows)
    for note in unread_game_notes(root):  # on stderr: --json stays JSON
        click.echo(f"note: {note}", err=True)


def _rows(root: Path) -> list[dict[str, Any]]:
    """Every game's row, from the index of `games` while a game's files are unchanged."""
    index, engines = GameIndex(), set(engine_ids())
    rows = []
    for gid in game_ids(root):
        row = index.row(root / gid, functools.partial(_row, gid, root))
        rows.append({k: v for k, v in row.items() if k != "version"} | {"engine": gid in engines}
                    | ({"version": row["version"]} if "version" in row else {}))
    index.save()
    return rows


def _row(gid: str, root: Any) -> dict[str, Any]:
    """The game's row, read from its database (`engine` is added by the caller)."""
    from cards import load_game

    try:
        db = load_game(gid, root)
    except DatabaseInvalid as exc:
        return {"id": gid, "name": "?", "players": "?", "components": {}, "problems": len(exc.problems)}
    return {"id": gid, "name": db.meta.name, "players": players_text(db.meta.players.min, db.meta.players.max),
            "components": db.components(), "version": db.version}


def players_text(least: int, most: int) -> str:
    """`2 players`, `2-4 players`: never `2-2 players`."""
    return f"{span(least, most)} player" if most == 1 else f"{span(least, most)} players"


SINGULAR = {"dice": "die"}  # a component kind whose one is not its name without the `s`


def components_text(components: dict[str, int]) -> str:
    """`28 cards, 1 sheet, 1 die, 3 decks`: counts with the noun's right number."""
    parts = [plural(n, SINGULAR.get(kind, kind.removesuffix("s")), kind) for kind, n in components.items() if n]
    return ", ".join(parts) or "-"


def _print_table(rows: list[dict[str, Any]]) -> None:
    """Two lines per game at 80 columns: id, name, players, engine; then its components."""
    click.echo(f"{'GAME':<18}{'NAME':<30}{'PLAYERS':<13}RULES")
    for row in rows:
        rules = "engine" if row["engine"] else "kit only"
        click.echo(f"{row['id']:<18}{row['name'][:29]:<30}{row['players']:<13}{rules}")
        detail = components_text(row["components"])
        if "problems" in row:
            detail = f"{plural(row['problems'], 'problem')}: run deckwright lint {row['id']}"
        for line in wrap_lines("  " + detail, 78):
            click.echo(line)


def _show_game(gid: str, as_json: bool) -> None:
    ctx = get_context()
    db = ctx.load(gid)
    options = []
    if gid in set(engine_ids()):
        engine = ctx.engine(gid)
        options = [{"name": o.name, "kind": o.kind, "default": o.default, "help": o.help,
                    "allowed": o.allowed(engine), "text": o.describe(engine)} for o in engine.options]
    if as_json:
        echo_json({"id": gid, "name": db.meta.name, "version": db.version, "components": db.components(),
                   "setup_options": [{k: v for k, v in o.items() if k != "text"} for o in options]})
        return
    click.echo(f"{db.meta.name} ({gid}) · {players_text(db.meta.players.min, db.meta.players.max)} "
               f"· database version {db.version}")
    for line in wrap_lines(f"Components: {components_text(db.components())}"):
        click.echo(line)
    if not options:
        click.echo("Setup options: none")
        return
    click.echo("Setup options (play GAME -o NAME=VALUE):")
    for option in options:
        for line in wrap_lines(f"  {option['text']}", 78):
            click.echo(line)
