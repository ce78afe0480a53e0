"""`deckwright skirmish ...`: one-shot calculators (attack, hits, odds)."""

from __future__ import annotations

from dataclasses import asdict

import click

from ...cli.common import Integer, echo_json, get_context, user_errors
from ...cli.screen import echo_wrapped
from ...engine.registry import build_engine
from .calculators import attack as attack_calc
from .calculators import draw_odds, hits_table
from .calculators import hits as hits_calc
from .engine import SkirmishEngine
from .errors import SkirmishError

GAME_ID = "skirmish"


def _engine() -> SkirmishEngine:
    engine = build_engine(GAME_ID, get_context().load(GAME_ID))
    assert isinstance(engine, SkirmishEngine)
    return engine


@click.group(GAME_ID)
def group() -> None:
    """Skirmish calculators.

    \b
    Example:
      deckwright skirmish attack --attacker duelist --defender vanguard \\
          --distance 1
    """


@group.command("attack")
@click.option("--attacker", required=True, help="The attacker's class: marksman, duelist, enchanter, vanguard, specialist.")
@click.option("--defender", required=True, help="The defender's class.")
@click.option("--distance", type=int, required=True, help="Tiles between them (orthogonal steps).")
@click.option("--attacker-taken", type=Integer(min=0), default=0, show_default=True,
              help="Damage the attacker has taken already.")
@click.option("--defender-taken", type=Integer(min=0), default=0, show_default=True,
              help="Damage the defender has taken already.")
@click.option("--attacker-power", metavar="TIER", help="The attacker's power tier if not its class's (tiny..gargantuan).")
@click.option("--defender-armor", metavar="TIER", help="The defender's armor tier if not its class's.")
@click.option("--json", "as_json", is_flag=True, help="Print damage each way, counter, faints and critical wounds as JSON.")
@user_errors
def attack(attacker: str, defender: str, distance: int, attacker_taken: int, defender_taken: int,
           attacker_power: str | None, defender_armor: str | None, as_json: bool) -> None:
    """One attack and its counter-attack, step by step.

    \b
    Example (a Duelist strikes a Vanguard next to it; the Vanguard counters):
      deckwright skirmish attack --attacker duelist --defender vanguard \\
          --distance 1
    """
    result = attack_calc(_engine(), attacker, defender, distance, attacker_taken, defender_taken,
                         attacker_power, defender_armor)
    if as_json:
        echo_json(asdict(result))
        return
    for line in result.sides:
        echo_wrapped(line, hang=2)
    for line in result.steps:
        echo_wrapped(line, hang=2)
    echo_wrapped(result.legend)
    echo_wrapped(f"Defender takes {result.damage_to_defender}, attacker takes {result.damage_to_attacker} "
                 f"({'counter-attack' if result.counter else 'no counter-attack'}).")
    for who in ("defender", "attacker"):
        state = ("faints" if getattr(result, f"{who}_fainted") else
                 "is critically wounded" if getattr(result, f"{who}_critical") else "stands")
        click.echo(f"The {who} {state}.")


@group.command("hits")
@click.option("--power", metavar="TIER", help="The attacker's power tier.")
@click.option("--armor", metavar="TIER", help="The defender's armor tier.")
@click.option("--table", "as_table", is_flag=True, help="All 36 pairs, checked against the armor design claim.")
@click.option("--json", "as_json", is_flag=True, help="Print hits_to_critical and hits_to_faint (or the table) as JSON.")
@user_errors
def hits(power: str | None, armor: str | None, as_table: bool, as_json: bool) -> None:
    """Attacks needed to critically wound and to make a character faint.

    \b
    Examples:
      deckwright skirmish hits --power medium --armor medium
      deckwright skirmish hits --table
    """
    engine = _engine()
    if as_table:
        _print_table(engine, as_json)
        return
    if not power or not armor:
        raise click.UsageError("give --power and --armor, or --table")
    result = hits_calc(engine, power, armor)
    if as_json:
        echo_json(result)
        return
    echo_wrapped(f"{power.title()} power against {armor.title()} armor: critical after {result['hits_to_critical']} "
                 f"hits, faints after {result['hits_to_faint']}.")


def _print_table(engine: SkirmishEngine, as_json: bool) -> None:
    table = hits_table(engine)
    if as_json:
        echo_json(table)
        return
    click.echo("Hits to faint (critical in brackets); rows: power, columns: armor")
    click.echo(" " * 11 + "".join(f"{t[:10]:>11}" for t in table["tiers"]))
    for row in table["rows"]:
        cells = "".join(f"{c['hits_to_faint']:>7} ({c['hits_to_critical']})" for c in row["cells"])
        click.echo(f"{row['power'][:10]:<11}{cells}")
    claim = engine.rules["design_claim"]
    echo_wrapped(f"Claim: at least {claim['same_tier_hits']} hits at the same tier, at least "
                 f"{claim['gargantuan_hits']} from the highest power.")
    if not table["claim_broken"]:
        click.echo("The claim holds for every pair.")
    for b in table["claim_broken"]:
        echo_wrapped(f"Broken: {b['power']} power faints {b['armor']} armor in {b['hits_to_faint']} (claimed {b['claimed']}).")


@group.command("odds")
@click.option("--skill", metavar="CARD", help="A skill card id: its copies in the deck (e.g. riposte-lesson).")
@click.option("--copies", type=Integer(min=0), help="Copies of the skill in the deck (default: a primary's).")
@click.option("--turn", type=Integer(min=0), required=True, help="By your turn N (its draw included).")
@click.option("--deck", type=Integer(min=1), help="Deck size (default: three characters' cards).")
@click.option("--json", "as_json", is_flag=True, help="Print without_mulligan and with_mulligan (and exact fractions) as JSON.")
@user_errors
def odds(skill: str | None, copies: int | None, turn: int, deck: int | None, as_json: bool) -> None:
    """Exact chance to hold a given skill by your turn N, with and without the mulligan
    (the mulligan shuffles the whole opening hand back when it holds no copy).

    \b
    Examples (a primary skill, 4 copies in 30 cards, by your third turn;
    a secondary):
      deckwright skirmish odds --turn 3
      deckwright skirmish odds --skill last-word --turn 5
    """
    engine = _engine()
    rules = engine.rules
    if skill is not None:
        if skill not in engine.skills:
            raise SkirmishError(f"unknown skill card {skill!r}; e.g. {', '.join(list(engine.skills)[:3])}")
        copies = int(engine.skills[skill]["count"])
    per_character = rules["primary_copies"] + 2 * rules["secondary_copies"]
    fielded = rules["draft_order"].count("S")
    result = draw_odds(deck or fielded * per_character, rules["primary_copies"] if copies is None else copies,
                       turn, rules["opening_hand"], rules["draw_per_turn"])
    if as_json:
        echo_json(result)
        return
    echo_wrapped(f"{result['copies']} copies in {result['deck']} cards, {result['cards_seen']} seen by turn {turn}: "
                 f"{result['without_mulligan']:.1%} without mulligan, {result['with_mulligan']:.1%} with it.")
