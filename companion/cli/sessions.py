"""`deckwright sessions`: list, show, log, undo, export and delete gamemaster sessions."""

from __future__ import annotations

import dataclasses
import json
import textwrap
from pathlib import Path
from typing import Any

import click

from cards.errors import CardsError
from cards.wording import plural

from ..errors import CompanionError
from ..safefiles import write_text_replacing
from ..sessionexport import (
    answer_label,
    answer_labels,
    export_data,
    outcome_data,
    playtest_report,
    report_markdown,
    secret_mark,
)
from ..sessionnotes import notes
from ..sessionrows import SessionDamaged
from ..sessions import SessionInfo, SessionStore, default_db_path
from ..sessiontable import Table, entry_summary, result_line
from .common import Context, Integer, db_option, echo_json, get_context, open_sessions, user_errors
from .screen import WIDTH, echo_wrapped, state_block

json_option = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
reveal_option = click.option("--reveal", is_flag=True,
                             help="Show secret answers too (only once the game has ended).")


@click.group("sessions")
def command() -> None:
    """List, inspect, undo, export and delete the sessions of `deckwright play`.

    \b
    Examples:
      deckwright sessions list
      deckwright sessions log friday
      deckwright sessions export friday --format md --out friday.md
    """


@command.command("list")
@click.option("--game", help="Only the sessions of this game.")
@db_option
@json_option
@user_errors
def list_sessions(game: str | None, db_path: str | None, as_json: bool) -> None:
    """Every session: name, game, players, answers, status and last update, newest first.
    With --json each finished session carries its outcome, to compare with simulation.

    \b
    Examples:
      deckwright sessions list
      deckwright sessions list --game heartstrings --json
    """
    if db_path is None and not default_db_path().exists():  # nothing played yet: not a mistyped path
        click.echo(f"no sessions yet (no file {default_db_path()}); start one with deckwright play GAME --players A,B")
        return
    with open_sessions(db_path, "read") as store:
        engines: dict[str, Any] = {}
        infos = [_checked(store, info, engines) for info in store.list() if game is None or info.game == game]
        if as_json:
            echo_json([info.to_json() | {"outcome": _outcome(store, info)} for info in infos])
        elif not infos:
            click.echo(f"no sessions in {store.path}; start one with deckwright play GAME --players A,B")
        else:
            click.echo(f"{'SESSION':<26}{'GAME':<16}{'ANSWERS':>7}  {'STATUS':<10}UPDATED")
        for info in [] if as_json else infos:
            click.echo(_row(info))


def _outcome(store: SessionStore, info: SessionInfo) -> dict[str, Any] | None:
    """A finished session's outcome (winner seat and name), None while it is being played."""
    if info.problem or info.status != "finished":
        return None
    try:
        return outcome_data(_table(store, info.name))
    except click.ClickException:
        return None


def _row(info: SessionInfo) -> str:
    """A session at 80 columns: name, game, answers, status, updated; then the players (or, for a
    damaged session, what is wrong and the way out), wrapped at words."""
    if info.problem:
        head = f"{info.name[:25]:<26}{info.game[:15]:<16}{info.answers:>7}  DAMAGED"
        return "\n".join([head, *textwrap.wrap(info.problem, WIDTH, initial_indent="  ", subsequent_indent="  ")])
    head = f"{info.name[:25]:<26}{info.game[:15]:<16}{info.answers:>7}  {info.status:<10}{info.updated[:19]}"
    return "\n".join([head, *textwrap.wrap(", ".join(info.players), WIDTH, initial_indent="  ",
                                            subsequent_indent="  ", break_long_words=True)])


def _checked(store: SessionStore, info: SessionInfo, engines: dict[str, Any]) -> SessionInfo:
    """The session as listed, marked damaged when a journal answer does not decode or, for one
    still being played (where two terminals can meet), no longer replays: what `show`, `log` and
    `play --resume` refuse. A session whose cards cannot be read here is listed as it is stored.
    `engines` keeps each game's engine, built once for all its sessions."""
    if info.problem:
        return info
    try:
        if info.status != "playing":
            store.journal(info.name)
        else:
            if info.game not in engines:
                engines[info.game] = _engine(info)
            Table.resume(store, engines[info.game], info.name)
    except SessionDamaged as exc:
        return dataclasses.replace(info, status="damaged", problem=str(exc))
    except (CompanionError, CardsError, click.ClickException):
        pass
    return info


@command.command("show")
@click.argument("name")
@db_option
@json_option
@reveal_option
@user_errors
def show(name: str, db_path: str | None, as_json: bool, reveal: bool) -> None:
    """The setup, the next step and the tally of session NAME (with --reveal, once the game is
    over, the answers given in secret too).

    \b
    Example:
      deckwright sessions show friday
    """
    with open_sessions(db_path, "read") as store:
        table = conceal(_table(store, name), reveal)
        request, outcome = table.request(), table.outcome()
        if as_json:
            data = export_data(table)
            echo_json({k: data[k] for k in ("session", "outcome", "tally")}
                      | {"next": None if request is None else request.prompt})
            return
        info = table.info
        echo_wrapped(f"{info.name}: {info.game} · {', '.join(info.players)} · {plural(table.seq, 'answer')} · {info.status}")
        echo_wrapped(f"seed {info.seed} · database version {info.cards_version} · created {info.created} "
                     f"· updated {info.updated}")
        ended = f"over: {result_line(table)}" if outcome else "over"  # the winner too (play audit)
        echo_wrapped(f"next: {request.prompt}" if request else ended, hang=2)
        for line in state_block(table.engine.tally_groups(table.state)):
            echo_wrapped(line)
        if reveal:  # what the tally kept secret too (play audit: "powers left 2 (secret)" after the end)
            for line in table.engine.secrets(table.state):
                echo_wrapped(f"  | {line}", hang=6)
            _show_secrets(table)


def _show_secrets(table: Table) -> None:
    """Every answer given in secret, now that the game is over (`show --reveal`)."""
    chosen = [step for step in playtest_report(table, [], reveal=True)["journal"] if step["kind"] == "secret"]
    click.echo("secret answers (choices and rolls):" if chosen else "secret answers: none")
    for step in chosen:
        seat = step["player"]
        who = table.info.players[seat] if seat is not None else "table"
        echo_wrapped(f"  #{step['seq']} {who}: {step['choice']}", hang=2)


@command.command("log")
@click.argument("name")
@db_option
@json_option
@reveal_option
@user_errors
def log(name: str, db_path: str | None, as_json: bool, reveal: bool) -> None:
    """Every answer of session NAME with what it made happen.

    \b
    Example:
      deckwright sessions log friday
    """
    with open_sessions(db_path, "read") as store:
        table = _table(store, name)
        # what each answer's menu showed (audit: `act:0`, `move:7`), read before secrets are hidden
        labels = answer_labels(table) if not as_json else []
        table = conceal(table, reveal)
        if as_json:
            echo_json(export_data(table)["journal"])
            return
        taken = notes(store, name)  # the notes where they were taken, and how it ended (play audit)
        for note in (n for n in taken if n.after_seq == 0):
            echo_wrapped(f"note: {note.text}", hang=4)
        for step, label in zip(table.steps, labels, strict=True):
            shown = label if reveal or step.entry.kind != "secret" else None  # a secret stays concealed
            echo_wrapped(f"#{step.entry.seq} {entry_summary(step.entry, table.info.players, label=shown)}", hang=4)
            for event in step.events:
                echo_wrapped(f"    {event.text}", hang=2)
            for note in (n for n in taken if n.after_seq == step.entry.seq):
                echo_wrapped(f"    note: {note.text}", hang=2)
        if table.outcome() is not None:
            echo_wrapped(f"Game over: {result_line(table)}", hang=2)


@command.command("undo")
@click.argument("name")
@click.option("--steps", type=Integer(min=1), default=1, show_default=True,
              help="How many answers to take back.")
@db_option
@user_errors
def undo(name: str, steps: int, db_path: str | None) -> None:
    """Take back the last answer of session NAME (or the last --steps answers), e.g. a mistyped die.

    \b
    Example:
      deckwright sessions undo friday --steps 2
    """
    with open_sessions(db_path, "write") as store:
        info = store.get(name)
        try:  # the answers as their menus said them, newest first
            labels = answer_labels(_table(store, name))[-steps:][::-1]
        except (CompanionError, CardsError):  # a damaged session (undo is its way out) or cards gone:
            labels = []                       # the answers as they are stored
        dropped = store.undo(name, steps)
        if not dropped:
            click.echo(f"{name}: nothing to undo")
        for number, entry in enumerate(dropped):  # a secret answer stays hidden
            label = labels[number] if number < len(labels) else None
            click.echo(f"undone: #{entry.seq} {entry_summary(entry, info.players, hide_secret=True, label=label)}")


@command.command("redo")
@click.argument("name")
@click.option("--steps", type=Integer(min=1), default=1, show_default=True,
              help="How many answers to give back.")
@db_option
@user_errors
def redo(name: str, steps: int, db_path: str | None) -> None:
    """Give back the answer the last undo of session NAME took (or --steps of them, oldest first).

    \b
    Example:
      deckwright sessions redo friday
    """
    with open_sessions(db_path, "write") as store:
        table = _table(store, name)
        for given in range(steps):
            entry = store.redoable(name, table.seq + 1)
            if entry is None:
                click.echo(f"{name}: nothing {'more ' if given else ''}to redo")
                return
            label = answer_label(table.request(), entry.answer, table.engine.card_names)
            table.answer(entry.answer, entry.source)
            click.echo(f"redone: #{entry.seq} {entry_summary(entry, table.info.players, hide_secret=True, label=label)}")


@command.command("export")
@click.argument("name")
@click.option("--format", "fmt", type=click.Choice(["json", "md"]), default="json", show_default=True,
              help="JSON data or a Markdown report: setup and game version, every answer with its "
                   "prompt, choice or dice and what it made happen, notes where they were taken, the "
                   "state after each round (in a game played in rounds), the outcome.")
@click.option("--out", type=click.Path(dir_okay=False), help="Write to this file instead of the screen.")
@db_option
@reveal_option
@user_errors
def export(name: str, fmt: str, out: str | None, db_path: str | None, reveal: bool) -> None:
    """Export session NAME as a playtest report, JSON or Markdown.

    \b
    Example:
      deckwright sessions export friday --format md --out friday.md
    """
    with open_sessions(db_path, "read") as store:
        table = _table(store, name)
        check_reveal(table, reveal)
        report = playtest_report(table, notes(store, name), reveal)
    text = report_markdown(report) if fmt == "md" else json.dumps(report, indent=2) + "\n"
    if out is None:
        click.echo(text, nl=False)
        return
    write_text_replacing(Path(out), text)
    click.echo(f"wrote {out}")


@command.command("delete")
@click.argument("name")
@click.option("--yes", is_flag=True, help="Delete without asking.")
@db_option
@user_errors
def delete(name: str, yes: bool, db_path: str | None) -> None:
    """Delete session NAME and its journal for good.

    \b
    Example:
      deckwright sessions delete friday --yes
    """
    with open_sessions(db_path, "write") as store:
        try:
            info = store.get(name)
            described = f"{info.game}, {plural(info.answers, 'answer')}"
        except SessionDamaged:  # the advice for a damaged session is to delete it
            described = "damaged"
        if not yes:
            click.confirm(f"Delete session {name} ({described})?", abort=True)
        store.delete(name)
    click.echo(f"deleted {name}")


def check_reveal(table: Table, reveal: bool) -> None:
    """`--reveal` shows secret answers only once the game is over (a usage error before)."""
    if reveal and table.outcome() is None:
        raise click.UsageError(f"session {table.name!r} is still being played: --reveal shows secret "
                               "answers only after the game has ended")


def conceal(table: Table, reveal: bool) -> Table:
    """Hide secret answers and the events that give them away; `--reveal` shows them once the game
    is over."""
    check_reveal(table, reveal)
    if reveal:
        return table
    mark = secret_mark(table)
    for step in table.steps:
        if step.entry.kind == "secret":
            step.entry = dataclasses.replace(step.entry, answer=mark)
            step.events = step.public_events()
    return table


def _table(store: SessionStore, name: str) -> Table:
    """Replay a session through its game's engine (the session's --cards unless one is given)."""
    return Table.resume(store, _engine(store.get(name)), name)


def _engine(info: SessionInfo) -> Any:
    """The session's game engine, over the --cards given, else the folder it was started with."""
    return Context(cards_dir=get_context().cards_dir or info.cards_dir).engine(info.game)
