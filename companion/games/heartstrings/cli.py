"""`deckwright heartstrings ...`: one-shot calculators for a Heartstrings table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from cards.wording import plural

from ...cli.common import echo_json, get_context, user_errors
from ...cli.screen import echo_wrapped
from .calculators import combat_odds, describe, resolve_combat


@click.group("heartstrings")
def group() -> None:
    """Heartstrings calculators: combat results and exact odds.

    \b
    Examples:
      deckwright heartstrings combat --room 9 --attacker 4 --defender 5
      deckwright heartstrings odds --room 8 --defenders 2
    """


def _rules() -> Mapping[str, Any]:
    return get_context().load("heartstrings").rules


def _check_room(room: int, rules: Mapping[str, Any]) -> int:
    if not 1 <= room <= rules["rooms"]:
        raise click.BadParameter(f"there is no room {room}; rooms are 1 to {rules['rooms']}", param_hint="--room")
    return room


def _check_roll(roll: int, rules: Mapping[str, Any], option: str) -> int:
    die = rules["combat_die"]
    if not 1 <= roll <= die:
        raise click.BadParameter(f"a d{die} cannot show {roll}; type a number from 1 to {die}", param_hint=option)
    return roll


def _parse_rolls(text: str, rules: Mapping[str, Any]) -> list[int]:
    """`5,3,2` -> [5, 3, 2], each a face the Combat Die can show."""
    rolls = []
    for part in text.split(","):
        if not part.strip().lstrip("-").isdigit():
            raise click.BadParameter(f"{part.strip()!r} is not a die roll; give numbers like 5 or 5,3,2",
                                     param_hint="--defender")
        rolls.append(_check_roll(int(part), rules, "--defender"))
    return rolls


@group.command("combat")
@click.option("--room", type=int, required=True, help="The room invaded (its buffs apply), e.g. 9.")
@click.option("--attacker", "attacker_roll", type=int, required=True,
              help="The attacker's Combat Die as rolled, before buffs.")
@click.option("--defender", "defender_rolls", required=True, metavar="ROLL[,ROLL...]",
              help="The defender's rolls as rolled, one per defending token in order (e.g. 5 or 2,6).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (winner, losses, steps).")
@user_errors
def combat(room: int, attacker_roll: int, defender_rolls: str, as_json: bool) -> None:
    """Who loses which tokens and how much damage, roll by roll.

    \b
    Examples:
      deckwright heartstrings combat --room 9 --attacker 4 --defender 5
      deckwright heartstrings combat --room 8 --attacker 6 --defender 1,3,6 --json
    """
    rules = _rules()
    _check_room(room, rules)
    _check_roll(attacker_roll, rules, "--attacker")
    result = resolve_combat(room, attacker_roll, _parse_rolls(defender_rolls, rules), rules)
    if as_json:
        return echo_json(result.to_json())
    for step in result.steps:
        echo_wrapped(step.text, hang=2)
    if result.unused_rolls:
        echo_wrapped(f"(not rolled: {', '.join(map(str, result.unused_rolls))}, the defender had already won)")
    divisor = rules["damage_divisor"]
    echo_wrapped(f"Damage is ceil(difference/{divisor}): the difference of the two totals divided by {divisor}, "
                 f"rounded up; a tie costs the defender the token and {rules['tie_damage']} damage.")
    a, d = result.attacker, result.defender
    echo_wrapped(f"The {result.winner} wins. Attacker: {plural(a.tokens_lost, 'token')} lost, {a.damage} damage; "
                 f"defender: {plural(d.tokens_lost, 'token')} lost, {d.damage} damage.")


@group.command("odds")
@click.option("--room", type=int, required=True, help="The room invaded (its buffs apply), e.g. 8.")
@click.option("--defenders", type=int, default=1, show_default=True,
              help="How many of the defender's tokens are in the room.")
@click.option("--json", "as_json", is_flag=True, help="Print the exact probabilities as JSON.")
@user_errors
def odds(room: int, defenders: int, as_json: bool) -> None:
    """Exact probability of every combat outcome (enumerated over all dice, not sampled).

    \b
    Examples:
      deckwright heartstrings odds --room 9 --defenders 1
      deckwright heartstrings odds --room 8 --defenders 3 --json
    """
    rules = _rules()
    _check_room(room, rules)
    if not 1 <= defenders <= rules["tokens_per_player"]:
        raise click.BadParameter(f"a room can hold 1 to {rules['tokens_per_player']} defending tokens, "
                                 f"not {defenders}", param_hint="--defenders")
    table = combat_odds(room, defenders, rules)
    if as_json:
        return echo_json(table.to_json())
    echo_wrapped("\n".join(describe(table, rules)), hang=2)
