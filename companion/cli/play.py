"""`deckwright play`: start or resume a session and hand it to the gamemaster loop (`gamemaster`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..engine.faults import engine_fault, then_run
from ..errors import SessionError
from ..sessionlock import held_open, open_elsewhere_warning
from ..sessions import MAX_SEED, SessionStore
from ..sessiontable import Table, check_players
from .common import (
    Context,
    DataProblem,
    Integer,
    db_option,
    get_context,
    open_sessions,
    parse_options,
    user_errors,
)
from .gamemaster import Gamemaster


@click.command("play")
@click.argument("game", required=False)
@click.option("--players", help="Player names in seat order, comma-separated, e.g. Ann,Ben,Cy.")
@click.option("--name", help="Name for a new session (default: GAME-yyyymmdd-hhmmss).")
@click.option("--seed", type=Integer(0, MAX_SEED), default=None,
              help="Seed for the dice the tool rolls (default: a fresh one, saved with the session).")
@click.option("--resume", "resume_name", metavar="NAME", help="Continue the session NAME where it stopped.")
@click.option("--auto-roll/--ask-roll", default=False,
              help="Let the tool roll and draw without asking (default: ask; Enter rolls).")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A setup option for a new game, repeatable (deckwright games GAME lists them), "
                   "e.g. -o witches=fire,ice.")
@db_option
@user_errors
def command(game: str | None, players: str | None, name: str | None, seed: int | None,
            resume_name: str | None, auto_roll: bool, option_pairs: tuple[str, ...], db_path: str | None) -> None:
    """Run a game at the table: prompts each step, rolls or records dice, keeps the tally.

    Every answer is saved before anything is printed, so a closed terminal loses nothing:
    `deckwright play --resume NAME` continues. Type `help` at any prompt for the commands.

    \b
    Examples:
      deckwright play heartstrings --players Ann,Ben,Cy --name friday
      deckwright play which-witch --players Ann,Ben -o witches=fire,ice
      deckwright play --resume friday
    """
    with open_sessions(db_path, "write" if resume_name else "create") as store:
        if resume_name:
            table = _resume(store, game, resume_name)
        else:
            table = _start(store, game, players, name, seed, parse_options(option_pairs))
        with held_open(store, table.name) as elsewhere:
            if elsewhere:  # session 26: a second terminal resumed it without a word
                table.warnings.append(open_elsewhere_warning(table.name))
            gamemaster = Gamemaster(table, auto_roll, resumed=bool(resume_name))
            try:
                gamemaster.run()
            except Exception as exc:  # an engine's bug is said in one line, any other raised
                problem = _engine_failed(table, exc)
                if problem is None:
                    raise
                raise problem from None


def _engine_failed(table: Table, exc: Exception) -> DataProblem | None:
    """A bug of the game's engine met at the table as one line: where the engine failed, in words,
    and how to go on once it is fixed; the answer it failed on was not saved (audit s26: a
    traceback). None for any other error."""
    fault = engine_fault(table.info.game, exc)
    if fault is None:
        return None
    return DataProblem(then_run(f"{fault.where}: answer #{table.seq + 1} of session {table.name} fails: "
                                f"{fault.words}; it was not saved, the earlier ones were. Fix the engine, "
                                "then resume", table.resume_command()))


def _start(store: SessionStore, game: str | None, players: str | None, name: str | None,
           seed: int | None, options: dict[str, Any]) -> Table:
    if not game:
        raise click.UsageError("name the GAME to play (e.g. `deckwright play heartstrings --players Ann,Ben`) "
                               "or continue one with --resume NAME")
    if not players:
        raise click.UsageError("--players is required for a new game, e.g. --players Ann,Ben")
    cards_dir = get_context().cards_dir
    engine = Context(cards_dir=cards_dir).engine(game)
    names = [p.strip() for p in players.split(",")]
    try:  # a value of --players the game cannot take is a usage error, as `sim --players` (exit 2)
        check_players(engine, names)
    except SessionError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    # The folder is stored absolute so that --resume works from any directory.
    stored_dir = str(Path(cards_dir).resolve()) if cards_dir else None
    return Table.start(store, engine, names, name=name, seed=seed, options=options, cards_dir=stored_dir)


def _resume(store: SessionStore, game: str | None, name: str) -> Table:
    info = store.get(name)
    if game and game != info.game:
        raise SessionError(f"session {name!r} is a {info.game} game, not {game}")
    engine = Context(cards_dir=get_context().cards_dir or info.cards_dir).engine(info.game)
    return Table.resume(store, engine, name)
