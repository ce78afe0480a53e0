"""Every calculator's --help fits an 80-column terminal, its examples too (they are printed as
written, not re-wrapped: several ran to 82-101 columns)."""

from __future__ import annotations

import click
import pytest

from companion.cli import cli
from companion.gameids import engine_ids


def calculators() -> list[tuple[str, str]]:
    found = []
    for game in engine_ids():
        group = cli.get_command(click.Context(cli), game)
        if isinstance(group, click.Group):
            found += [(game, name) for name in group.list_commands(click.Context(group))]
    return found


def test_every_game_has_calculators():
    assert {game for game, _ in calculators()} >= {"halfwish", "heartstrings", "skirmish", "which-witch",
                                                    "half-the-battle"}


@pytest.mark.parametrize(("game", "command"), calculators())
def test_calculator_help_fits_80_columns(runner, game, command):
    result = runner.invoke(cli, [game, command, "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    wide = [line for line in result.output.splitlines() if len(line) > 80]
    assert not wide, "\n".join(wide)
