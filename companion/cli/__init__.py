"""The `deckwright` command. Commands are thin: they call library code and print.

Generic verbs live in modules of this package; each game with an engine may add a
click group named by its id (`companion/games/<game>/cli.py`, attribute `group`).
"""

from __future__ import annotations

import gc
import importlib
import signal
import sys
from typing import Any

import click

from .common import Context, Interrupted, accept_cards, cards_option, interrupt_message

# Each generic verb's module and the first sentence of its help, so `deckwright --help` lists
# the commands without importing them (tests/companion/test_cli_startup.py keeps both in step).
COMMAND_HELP = {
    "games": "List the games: id, name, players, components, and whether a rules engine exists.",
    "lint": "Check the card database of GAMES (all games when none is given).",
    "build": "Write the print-and-play kit of GAMES to OUT/<game>/.",
    "changes": "List the cards and rules of GAME added, removed and changed since REF.",
    "calibrate": "Line up the backs of double-sided card sheets with your printer.",
    "export": "Write the cards of one deck of GAME as a CSV or XLSX spreadsheet.",
    "roll": "Roll EXPRESSION: NdM, dM, +K/-K, keep highest/lowest (4d6kh3).",
    "play": "Run a game at the table: prompts each step, rolls or records dice, keeps the tally.",
    "sessions": "List, inspect, undo, export and delete the sessions of `deckwright play`.",
    "sim": "Play GAME many times with bots and report win rates by seat, draws and game length.",
    "balance": "Play GAME in a seeded tournament and write a balance report: win rates with intervals by seat "
               "and side, matchups, first player, draws, length, endings, cards, and the largest imbalances.",
}
COMMAND_MODULES = tuple(COMMAND_HELP)


class DeckwrightGroup(click.Group):
    """Loads commands lazily: `deckwright roll` imports neither reportlab nor any game,
    and a game whose package fails to import cannot break another game's commands."""

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; Ctrl-C anywhere in it exits 130 with one line (click would say "Aborted!").
        A usage or data error is shown wrapped to the screen (`screen.wrap_error`)."""
        try:
            result = super().invoke(ctx)
            if _AS_SCRIPT:  # the command is done: a late Ctrl-C must not turn it into "Aborted!"
                signal.signal(signal.SIGINT, signal.SIG_IGN)
            return result
        except KeyboardInterrupt:
            raise Interrupted(interrupt_message()) from None
        except click.ClickException as exc:
            _wrapped(exc)
            raise

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        """Parse the group's own options (`deckwright --bogus`): an error is wrapped as in `invoke`."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as exc:
            _wrapped(exc)
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        from ..gameids import engine_ids, has_shipped_cli

        return sorted(set(COMMAND_MODULES) | {g for g in engine_ids() if has_shipped_cli(g) is not False})

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of `--help`, from COMMAND_HELP and the game ids: nothing is imported
        but a game registered from outside the repository."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names), default=0)
        rows = [(name, click.Command(name, help=self.short_help_of(ctx, name)).get_short_help_str(limit))
                for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def short_help_of(self, ctx: click.Context, name: str) -> str:
        """A command's one-line help, without importing it when that can be avoided."""
        from ..gameids import has_shipped_cli

        if name in COMMAND_HELP:
            return COMMAND_HELP[name]
        if has_shipped_cli(name):
            return f"The calculators of {name}."
        try:
            command = self.get_command(ctx, name)
        except click.ClickException:  # its engine fails to import: --help lists the rest
            return f"(its engine fails: deckwright lint {name})"
        return "" if command is None else command.get_short_help_str(200)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = self._generic(name) if name in COMMAND_MODULES else self._game_group(name)
        return None if command is None else accept_cards(command)

    def _generic(self, name: str) -> click.Command | None:
        try:
            command: click.Command = importlib.import_module(f"{__name__}.{name}").command
            return command
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{name}":  # a verb not built yet in this checkout
                return None
            raise

    def _game_group(self, name: str) -> click.Command | None:
        from ..gameids import has_engine, has_shipped_cli

        if not has_engine(name) or has_shipped_cli(name) is False:
            return None
        from ..engine.registry import cli_module
        from ..errors import EngineBroken, UnknownEngine
        from .common import DataProblem

        try:
            spec = cli_module(name)
        except UnknownEngine:  # registered, not importable: no calculators (`games` says why)
            return None
        except EngineBroken as exc:  # the engine's own line, not a traceback (audit s26)
            raise DataProblem(str(exc)) from None
        return importlib.import_module(spec).group if spec else None


@click.group(cls=DeckwrightGroup, context_settings={"help_option_names": ["-h", "--help"]})
@cards_option
@click.version_option(package_name="deckwright")
@click.pass_context
def cli(ctx: click.Context, cards_dir: str | None) -> None:
    """Print-and-play kits, a gamemaster companion and a balance lab for tabletop prototypes.

    \b
    Examples:
      deckwright games
      deckwright build heartstrings --paper a4
      deckwright play heartstrings --players Ann,Ben,Cy
    """
    ctx.obj = Context(cards_dir=cards_dir)


def _wrapped(exc: click.ClickException) -> None:
    if isinstance(exc, Interrupted):  # one short line of its own
        return
    from .screen import wrap_error

    wrap_error(exc)


_AS_SCRIPT = False  # True when run as the `deckwright` command, not through click's test runner


def main() -> None:
    """Console-script entry point."""
    global _AS_SCRIPT
    _AS_SCRIPT = True
    from cards.kept import set_aside_what_is_read

    set_aside_what_is_read()  # this process ends with the command (see `cards.kept`)
    try:
        cli(prog_name="deckwright")
    finally:  # the command is over: a late Ctrl-C must not turn its exit code into a signal death
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        # The process ends here: spare it the collection at interpreter exit, which walks every
        # object left (~35 ms of a 0.34 s no-change `build`, issue 13); files and sessions are
        # closed by then.
        gc.freeze()
    sys.exit(0)
