"""The `deckwright` command. Commands are thin: they call library code and print.

Generic verbs live in modules of this package; each game with an engine may add a
click group named by its id (`companion/games/<game>/cli.py`, attribute `group`).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

import click

from .common import Context, cards_option

COMMAND_MODULES = ("games", "lint", "build", "roll", "play", "sessions", "sim")


class DeckwrightGroup(click.Group):
    """Loads commands lazily so `deckwright roll` does not import reportlab."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self._generic()) | set(self._game_groups()))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self._generic():
            return self._generic()[name]
        if name in self._game_groups():
            return importlib.import_module(self._game_groups()[name]).group
        return None

    def _generic(self) -> dict[str, str]:
        found = {}
        for mod in COMMAND_MODULES:
            try:
                module = importlib.import_module(f"{__name__}.{mod}")
            except ModuleNotFoundError as exc:
                if exc.name == f"{__name__}.{mod}":
                    continue
                raise
            found[mod] = module.command
        return found

    def _game_groups(self) -> dict[str, str]:
        from ..engine.registry import cli_module, engine_ids

        groups = {}
        for game_id in engine_ids():
            spec = cli_module(game_id)
            if spec is not None:
                groups[game_id] = spec
        return groups


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


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="deckwright")
    sys.exit(0)
