"""`deckwright games`: the games in the database and which have an engine."""

from __future__ import annotations

import click

from cards import DatabaseInvalid, cards_root, game_ids, load_game

from ..engine.registry import engine_ids
from .common import echo_json, get_context


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def command(as_json: bool) -> None:
    """List the games: id, name, players, components, and whether a rules engine exists.

    \b
    Example:
      deckwright games --json
    """
    root = cards_root(get_context().cards_dir)
    engines = set(engine_ids())
    rows = []
    for gid in game_ids(root):
        try:
            db = load_game(gid, root)
        except DatabaseInvalid as exc:
            rows.append({"id": gid, "name": "?", "players": "?", "components": {}, "engine": gid in engines,
                         "problems": len(exc.problems)})
            continue
        players = db.meta.players
        rows.append({"id": gid, "name": db.meta.name, "players": f"{players.min}-{players.max}",
                     "components": db.components(), "engine": gid in engines, "version": db.version})
    if as_json:
        echo_json(rows)
        return
    if not rows:
        click.echo(f"no games in {root}")
        return
    for row in rows:
        comps = ", ".join(f"{n} {k}" for k, n in row["components"].items() if n) or "-"
        engine = "engine" if row["engine"] else "kit only"
        broken = f"  ({row['problems']} problems: run deckwright lint {row['id']})" if "problems" in row else ""
        click.echo(f"{row['id']:<18} {row['name']:<26} {row['players']:>5} players  {engine:<8}  {comps}{broken}")
