"""`deckwright roll`: roll dice notation with an optional seed."""

from __future__ import annotations

import random

import click

from .. import dice
from .common import echo_json, user_errors


@click.command("roll")
@click.argument("expression")
@click.option("--seed", type=int, default=None, help="Seed for a repeatable roll.")
@click.option("--json", "as_json", is_flag=True, help="Print each die and the total as JSON.")
@user_errors
def command(expression: str, seed: int | None, as_json: bool) -> None:
    """Roll EXPRESSION: NdM, dM, +K/-K, keep highest/lowest (4d6kh3).

    \b
    Examples:
      deckwright roll 2d6
      deckwright roll 4d6kh3 --seed 7 --json
    """
    rng = random.Random(seed)  # an explicit RNG, seeded when asked
    result = dice.roll(expression, rng)
    if as_json:
        echo_json(result.to_json())
    else:
        click.echo(result.explain())
