"""What every command shares: the database option, error reporting, output helpers."""

from __future__ import annotations

import gc
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cards import CardsError, DatabaseInvalid, Problem
from cards.paths import game_ids, unread_game_note
from cards.wording import hint_then, plural

from ..errors import CompanionError, DiceError, IllegalAction

if TYPE_CHECKING:
    from cards import Database

    from ..sessionfile import Access
    from ..sessions import SessionStore

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class Context:
    """Options given before the command name."""

    cards_dir: str | None = None

    def load(self, game_id: str) -> Database:
        """Load a game's database, turning problems into a user error (exit 1)."""
        from cards import load_game

        try:
            return load_game(game_id, self.cards_dir)
        except DatabaseInvalid as exc:
            raise DataProblem(format_problems(exc)) from None
        except CardsError as exc:
            self.check_game(game_id)
            raise DataProblem(str(exc)) from None

    def check_game(self, game_id: str) -> None:
        """An unknown game is a usage error (exit 2) with the nearest ids as suggestions."""
        from cards import cards_root, game_ids

        root = cards_root(self.cards_dir)
        known = game_ids(root)
        if game_id not in known:
            listed = f"games: {', '.join(known) or 'none'} (see deckwright games)"
            raise click.UsageError(f"no game {game_id!r}{hint_then(did_you_mean(game_id, known), listed)}"
                                   + _database_nearby(root, game_id))

    def engine(self, game_id: str) -> Any:
        """The game's rules engine over its database (an unknown engine or bad data exits 1)."""
        from ..engine.registry import build_engine, engine_class, has_engine
        from ..errors import UnknownEngine

        try:
            engine_class(game_id)  # an unknown engine is reported before the database is read
            return build_engine(game_id, self.load(game_id))
        except UnknownEngine as exc:
            if has_engine(game_id):  # registered, but not importable or no ENGINE: the reason (audit s26)
                raise click.UsageError(str(exc)) from None
            raise click.UsageError(no_engine_message(game_id)) from None
        except CompanionError as exc:
            raise DataProblem(str(exc)) from None


def no_engine_message(game_id: str) -> str:
    """No engine is registered for `game_id`: the nearest ids, those with one, and how a game kept
    outside the repository registers its own (audit s26: a co-designer without the variable set)."""
    from ..engine.registry import ENGINES_ENV, engine_ids

    known = engine_ids()
    listed = f"games with an engine: {', '.join(known)}"
    outside = f" (a game kept outside the repository registers one with {ENGINES_ENV})"
    return f"no rules engine for {game_id!r}{outside}{hint_then(did_you_mean(game_id, known), listed)}"


class Interrupted(click.ClickException):
    """Ctrl-C: exit 130 (128 + SIGINT) with one line saying what was kept, no traceback."""

    exit_code = 130

    def show(self, file: Any = None) -> None:
        click.echo(self.message, err=True)


_INTERRUPT_MESSAGE = ["interrupted"]


def set_interrupt_message(message: str) -> None:
    """What the running command says when Ctrl-C stops it ("interrupted; the previous kit is kept")."""
    _INTERRUPT_MESSAGE[0] = message


def interrupt_message() -> str:
    return _INTERRUPT_MESSAGE[0]


class Integer(click.IntRange):
    """A whole number within bounds, named as click names a plain one: `--games x` said "'x' is
    not a valid integer range", as if a range were asked for; now "'x' is not a valid integer"."""

    name = "integer"


class DataProblem(click.ClickException):
    """A rules or data problem the user must fix: exit code 1, no traceback."""

    exit_code = 1


def did_you_mean(word: str, known: list[str] | tuple[str, ...]) -> str:
    """`; did you mean 'heartstrings'?` when a known name is close to `word`, else ''."""
    import difflib

    close = difflib.get_close_matches(word, list(known), n=3, cutoff=0.5)
    return f"; did you mean {' or '.join(map(repr, close))}?" if close else ""


class CardsFolder(click.Path):
    """A card database: the folder that holds the games' folders. A game's own folder is a usage
    error saying which folder to pass (audit: `--cards cards/tinygame` said "no games found", exit 1)."""

    def __init__(self) -> None:
        super().__init__(file_okay=False, exists=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        folder = Path(os.fsdecode(super().convert(value, param, ctx)))
        if (folder / "game.yaml").is_file() and not game_ids(folder):
            self.fail(f"{folder} is a game's own folder (it holds game.yaml); --cards takes the folder that "
                      f"holds the games: pass --cards {folder.resolve().parent}", param, ctx)
        return value


def chosen_games(games: tuple[str, ...], all_games: bool, root: Path) -> list[str]:
    """The games a build names, or with `--all` every game in `root`; a usage error when none
    (audit: `--all` in a folder of no games said `name a game to build, or pass --all`)."""
    chosen = list(games) or (game_ids(root) if all_games else [])
    if chosen:
        return chosen
    if all_games:
        raise click.UsageError(f"--all: no games found in {root} (a game is a folder holding a game.yaml)")
    raise click.UsageError("name a game to build, or pass --all")


PAPERS = ("a4", "letter")  # generator.geometry's papers, named here so `--help` imports no reportlab


def paper_choice(*more: str) -> click.Choice[str]:
    """What a `--paper` option takes: a paper's name in any case (`A4`), passed on in lower case."""
    return click.Choice([*PAPERS, *more], case_sensitive=False)


def cards_option(func: F) -> F:
    return click.option(
        "--cards", "cards_dir", envvar="DECKWRIGHT_CARDS", type=CardsFolder(),
        help="Card database folder to use instead of the shipped one (env: DECKWRIGHT_CARDS).",
    )(func)


def db_option(func: F) -> F:
    """`--db PATH`: the sessions file (env: DECKWRIGHT_DB; default in the user's data folder)."""
    return click.option(
        "--db", "db_path", envvar="DECKWRIGHT_DB", type=click.Path(dir_okay=False),
        help="Sessions file to use (env: DECKWRIGHT_DB; default: sessions.db in your data folder).",
    )(func)


def open_sessions(db_path: str | None, access: Access) -> SessionStore:
    """The sessions file of `--db` (or $DECKWRIGHT_DB, or the default), opened for `access`; a
    path to a file that does not exist is a usage error (exit 2), like a --cards folder that
    does not: only a new game creates the file."""
    from ..sessions import SessionFileMissing, SessionStore

    try:
        return SessionStore(db_path, access)
    except SessionFileMissing as exc:
        raise click.UsageError(str(exc)) from None


def _take_cards(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        root = ctx.find_root()
        if not isinstance(root.obj, Context):
            root.obj = Context()
        root.obj.cards_dir = value


CARDS_ANYWHERE = click.Option(
    ["--cards", "cards_dir_here"], type=CardsFolder(), expose_value=False,
    callback=_take_cards, help="Card database folder (may also go before the command name).")


def accept_cards(command: click.Command) -> click.Command:
    """Let `--cards DIR` follow the command name too (`deckwright lint --cards DIR mygame`)."""
    if not any(isinstance(p, click.Option) and "--cards" in p.opts for p in command.params):
        command.params.append(CARDS_ANYWHERE)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            accept_cards(sub)
    return command


def get_context() -> Context:
    ctx = click.get_current_context()
    root = ctx.find_root()
    return root.obj if isinstance(root.obj, Context) else Context()


def format_problems(exc: DatabaseInvalid) -> str:
    """One located line per problem, with the offending source line beneath."""
    from .screen import screen_width

    room = (screen_width(sys.stderr) or 80) - len(EXCERPT_LEAD)  # problems go to standard error
    lines = [f"{plural(len(exc.problems), 'problem')} in the card database:"]
    for problem in in_reading_order(exc.problems):
        said, *then = str(problem).split("\n")  # then: a command to run, beneath the excerpt
        lines.append(f"  {said}")
        if problem.source_line.strip():
            lines.append(f"{EXCERPT_LEAD}{excerpt(problem.source_line, problem.column, room)}")
        lines.extend(then)
    return "\n".join(lines)


def in_reading_order(problems: list[Problem]) -> list[Problem]:
    """File by file (in the order the checks met them), each from its top down: the checks find
    problems in passes (the schema, then ids across files, then drawing), and a file's duplicate id
    was listed above the mistyped field five lines before it (audit)."""
    files: dict[Any, int] = {}
    for problem in problems:
        files.setdefault(problem.file, len(files))
    return sorted(problems, key=lambda p: (files[p.file], p.line or 0, p.column or 0))


EXCERPT = 72  # an excerpt under a problem fits 80 columns after its `      | `
EXCERPT_LEAD = "      | "


def excerpt(line: str, column: int | None = None, width: int = EXCERPT) -> str:
    """The source line under a problem, cut to `width` with `…` where text was left out, keeping
    the problem's column in view (audit: a 25,000-character line was echoed whole; a 60-column
    terminal wrapped the 72 characters kept for 80, which read as another problem)."""
    room = max(width, 24)
    text = line.rstrip()
    indent = len(text) - len(text.lstrip())
    text = text.lstrip()
    if len(text) <= room:
        return text
    at = max(0, (column or 1) - 1 - indent)
    if at < room - 12:  # the column is near the start: the start, then `…`
        return text[:room - 1] + "…"
    if at + room // 2 >= len(text):  # near the end: `…`, then the end
        return "…" + text[-(room - 1):]
    start = at - room // 2
    return "…" + text[start:start + room - 2] + "…"


def user_errors(func: F) -> F:
    """Turn library errors into click errors: exit 1, a message, no traceback."""
    import functools

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except DatabaseInvalid as exc:
            raise DataProblem(format_problems(exc)) from None
        except (DiceError, IllegalAction) as exc:
            raise click.UsageError(str(exc)) from None
        except (CardsError, CompanionError) as exc:
            raise DataProblem(str(exc)) from None

    return wrapper  # type: ignore[return-value]


def is_script() -> bool:
    """True in the `deckwright` process itself, False under click's test runner or a caller's code."""
    from . import _AS_SCRIPT

    return _AS_SCRIPT


@contextmanager
def long_lived() -> Iterator[None]:
    """Run the block with the garbage collector off, then set what it made aside from later
    collections: for what lives as long as the `deckwright` process (the modules a command imports,
    the database it loads). Collections while they are made walk them again and again for nothing
    (issue 13: ~35 ms of a 0.34 s no-change `build`). Only in the `deckwright` process: a test or
    a caller's own process keeps its collector as it was."""
    if not is_script():
        yield
        return
    with collector_paused():
        yield


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with the garbage collector off: for a build, which makes objects by the
    hundred thousand and few of them cycles, and whose every collection meanwhile walks all it
    holds (in-process, 80-160 ms of a 0.9 s `--no-cache` Halfwish build and up to a third of a
    one-card edit's rebuild, measured; 24 MB more at the peak of `build --all --paper both`).
    The cycles it leaves are collected after it, by the next collection; in the `deckwright`
    process, which ends with its command, what the block made is set aside instead (`gc.freeze`:
    that collection would walk it all once more, and `build --watch` collects between rebuilds)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if is_script():
            gc.freeze()
        gc.enable()


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=False))


def is_fancy() -> bool:
    """Colour and progress bars only on a terminal, and never with NO_COLOR set."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def parse_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    """`KEY=VALUE` pairs: VALUE as JSON when it reads as JSON (1, false, ["a"]), a comma list
    as a list of strings, anything else as a string."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"expected KEY=VALUE, got {pair!r}", param_hint="--option")
        options[key.strip()] = _option_value(value.strip())
    return options


def _option_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return [part.strip() for part in text.split(",")] if "," in text else text


def _database_nearby(root: Path, game_id: str) -> str:
    """When `--cards` names a game's own folder, or the folder above the database holding
    `game_id`, which folder to pass instead; when the game's folder has no game.yaml, that
    ("" when none of these)."""
    if (root / game_id).is_dir() and not (root / game_id / "game.yaml").is_file():
        note = unread_game_note(root / game_id) or f"{root / game_id} has no game.yaml: a game's folder starts with one"
        return f";\n{note}"
    if (root / "game.yaml").is_file():
        return f";\n{root} is a game's own folder: pass --cards {root.parent}"
    below = sorted(path.parent.parent for path in root.glob(f"*/{game_id}/game.yaml")) if root.is_dir() else []
    return f";\n{below[0]} holds it: pass --cards {below[0]}" if below else ""
