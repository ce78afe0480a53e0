"""The `deckwright` command. Commands are thin: they call library code and print.

Generic verbs live in modules of this package; each game with an engine may add a
click group named by its id (`companion/games/<game>/cli.py`, attribute `group`).
"""

from __future__ import annotations

import importlib
import signal
import sys

import click

from .common import Context, Interrupted, accept_cards, cards_option, interrupt_message

COMMAND_MODULES = ("games", "lint", "build", "changes", "calibrate", "export", "roll", "play", "sessions", "sim",
                   "balance")


class DeckwrightGroup(click.Group):
    """Loads commands lazily: `deckwright roll` imports neither reportlab nor any game,
    and a game whose package fails to import cannot break another game's commands."""

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; Ctrl-C anywhere in it exits 130 with one line (click would say "Aborted!")."""
        try:
            result = super().invoke(ctx)
            if _AS_SCRIPT:  # the command is done: a late Ctrl-C must not turn it into "Aborted!"
                signal.signal(signal.SIGINT, signal.SIG_IGN)
            return result
        except KeyboardInterrupt:
            raise Interrupted(interrupt_message()) from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        from ..engine.registry import engine_ids

        return sorted(set(COMMAND_MODULES) | set(engine_ids()))

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
        from ..engine.registry import cli_module, has_engine

        if not has_engine(name):
            return None
        spec = cli_module(name)
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


_AS_SCRIPT = False  # True when run as the `deckwright` command, not through click's test runner


def main() -> None:
    """Console-script entry point."""
    global _AS_SCRIPT
    _AS_SCRIPT = True
    try:
        cli(prog_name="deckwright")
    finally:  # the command is over: a late Ctrl-C must not turn its exit code into a signal death
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(0)
