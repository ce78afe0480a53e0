"""A word given where a whole number is asked says so in click's own words for numbers: `--games x`
said "'x' is not a valid integer range", which reads as if a range were asked for."""

from __future__ import annotations

import click
from click.testing import CliRunner

from companion.cli import cli
from companion.cli.common import Integer


def _commands(group: click.Group, ctx: click.Context) -> list[click.Command]:
    found: list[click.Command] = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            found += _commands(command, click.Context(command, parent=ctx))
        elif command is not None:
            found.append(command)
    return found


def test_a_word_for_a_count_is_not_a_valid_integer():
    result = CliRunner().invoke(cli, ["sim", "halfwish", "--games", "x"])
    assert result.exit_code == 2
    assert "'x' is not a valid integer." in result.output and "integer range" not in result.output


def test_every_bounded_whole_number_option_is_named_alike():
    """Every command's bounded whole-number options (the generic verbs' and each game's calculators')."""
    options = [(f"{command.name} --{param.name}", param.type) for command in _commands(cli, click.Context(cli))
               for param in command.params if isinstance(param.type, click.IntRange)]
    assert len(options) >= 20
    plain = [name for name, kind in options if not isinstance(kind, Integer)]
    assert plain == [], f"use companion.cli.common.Integer, not click.IntRange: {plain}"
