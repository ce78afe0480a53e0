"""`deckwright which-witch ...`: one-shot calculators for Which Witch Is Best!?."""

from __future__ import annotations

import re

import click

from ...cli.common import DataProblem, Integer, echo_json, get_context, user_errors
from ...cli.screen import echo_wrapped
from .calculators import attack_odds, hit_matrix, wand_dice
from .catalogue import normalise_witch
from .engine import WhichWitchEngine
from .errors import IllegalAttack
from .odds import Side

GAME_ID = "which-witch"


@click.group(GAME_ID)
def group() -> None:
    """Which Witch Is Best!? calculators.

    \b
    Example:
      deckwright which-witch attack --attacker wind --defender ice \\
          --spell wind --count 2
    """


def parse_die(text: str | None, allowed: list[int], default: int, option: str) -> int:
    """`'d8'` or `'8'` -> 8, if the game has that die; None -> the default die. A usage error
    names the option it came from."""
    if text is None:
        return default
    match = re.fullmatch(r"\s*d?(\d+)\s*", text.lower())
    if not match or int(match.group(1)) not in allowed:
        dice = ", ".join(f"d{d}" for d in allowed)
        raise click.BadParameter(f"expected one of the game's dice ({dice}), got {text!r}", param_hint=option)
    return int(match.group(1))


@group.command("attack")
@click.option("--attacker", required=True, help="The attacker's witch: fire, wind, lightning, earth, ice or poison.")
@click.option("--defender", required=True, help="The defender's witch (Spells of this element are refused).")
@click.option("--spell", required=True, help="The element of the Spell Cards played.")
@click.option("--count", type=int, default=1, show_default=True, help="How many Spell Cards are played (1 to 3).")
@click.option("--attacker-die", metavar="dM", help="The attacker's die if a Wand is in play (d8, d10, d12, d20).")
@click.option("--defender-die", metavar="dM", help="The defender's die if a Wand is in play (d8, d10, d12, d20).")
@click.option("--attacker-bonus", type=Integer(min=0), default=0, show_default=True,
              help="The attacker's Familiar bonus added to the roll.")
@click.option("--defender-bonus", type=Integer(min=0), default=0, show_default=True,
              help="The defender's Familiar bonus added to the roll.")
@click.option("--defender-hearts", type=Integer(min=1), default=None,
              help="The defender's Life Hearts left: caps the hearts lost and gives the chance of elimination.")
@click.option("--json", "as_json", is_flag=True, help="Print p_hit, hearts_if_hit, expected_hearts and steps as JSON.")
@user_errors
def attack(attacker: str, defender: str, spell: str, count: int, attacker_die: str | None,
           defender_die: str | None, attacker_bonus: int, defender_bonus: int, defender_hearts: int | None,
           as_json: bool) -> None:
    """Exact odds of a Spell attack, ties re-rolled, and the hearts it costs.

    \b
    Example (the rulebook's: the Wind Witch wins with 2 Wind Spells, 4 hearts):
      deckwright which-witch attack --attacker wind --defender ice \\
          --spell wind --count 2
      deckwright which-witch attack --attacker fire --defender earth \\
          --spell ice --count 3 --attacker-die d12 --defender-bonus 2 \\
          --defender-hearts 2 --json
    """
    db = get_context().load(GAME_ID)
    elements, rules = list(db.rules.elements), db.rules
    dice = wand_dice(db)
    sides = (Side(normalise_witch(attacker, elements, "--attacker"), parse_die(attacker_die, dice, rules.default_die, "--attacker-die"),
                  attacker_bonus),
             Side(normalise_witch(defender, elements, "--defender"), parse_die(defender_die, dice, rules.default_die, "--defender-die"),
                  defender_bonus))
    engine = WhichWitchEngine(db)
    try:
        odds = attack_odds(engine, *sides, normalise_witch(spell, elements, "--spell", "element"), count, defender_hearts)
    except IllegalAttack as exc:
        raise DataProblem(str(exc)) from None
    if as_json:
        echo_json(odds.to_json())
        return
    for step in odds.steps:
        echo_wrapped(step, hang=2)
    eliminate = "" if odds.p_eliminate is None else f"  p_eliminate {float(odds.p_eliminate):.4f}"
    echo_wrapped(f"p_hit {float(odds.p_hit):.4f}  hearts_if_hit {odds.hearts_if_hit}  "
                 f"expected_hearts {float(odds.expected_hearts):.4f}{eliminate}")


@group.command("odds")
@click.option("--attacker-bonus", type=Integer(min=0), default=0, show_default=True,
              help="The attacker's Familiar bonus added to every roll.")
@click.option("--defender-bonus", type=Integer(min=0), default=0, show_default=True,
              help="The defender's Familiar bonus added to every roll.")
@click.option("--json", "as_json", is_flag=True, help="Print the matrix of exact hit chances as JSON.")
@user_errors
def odds(attacker_bonus: int, defender_bonus: int, as_json: bool) -> None:
    """The chance an attack lands for every pair of dice (default die and Wands), ties re-rolled.

    \b
    Examples:
      deckwright which-witch odds
      deckwright which-witch odds --attacker-bonus 1 --json
    """
    db = get_context().load(GAME_ID)
    engine = WhichWitchEngine(db)
    dice, rows = wand_dice(db), hit_matrix(engine, attacker_bonus, defender_bonus)
    if as_json:
        echo_json({"dice": dice, "attacker_bonus": attacker_bonus, "defender_bonus": defender_bonus,
                   "p_hit": {f"d{r['die']}": {f"d{d}": float(p) for d, p in zip(dice, r["p_hit"])} for r in rows}})
        return
    click.echo(f"P(attack lands), attacker +{attacker_bonus} (rows) vs defender +{defender_bonus} (columns):")
    click.echo("        " + "".join(f"{'d' + str(d):>7}" for d in dice))
    for row in rows:
        click.echo(f"{'d' + str(row['die']):>6}  " + "".join(f"{float(p):>7.1%}" for p in row["p_hit"]))
