"""`deckwright half-the-battle ...`: damage, Rage, threats and odds calculators."""

from __future__ import annotations

import json
from pathlib import Path

import click

from cards.wording import plural

from ...cli.common import db_option, echo_json, get_context, user_errors
from ...cli.screen import echo_wrapped
from . import calculators
from .engine import HalfTheBattleEngine
from .errors import HalfTheBattleError
from .state import HalfTheBattleState

GAME_ID = "half-the-battle"


@click.group(GAME_ID)
def group() -> None:
    """Half the Battle calculators.

    \b
    Example:
      deckwright half-the-battle damage --die d12 --hp 5 --amount 7
    """


def _engine() -> HalfTheBattleEngine:
    engine = get_context().engine(GAME_ID)
    assert isinstance(engine, HalfTheBattleEngine)
    return engine


@group.command("damage")
@click.option("--die", required=True, help="The target's die: d4, d6, d8, d10, d10/0, d12 or d20 (a monster).")
@click.option("--hp", type=int, required=True, help="The target's HP before the damage.")
@click.option("--amount", type=int, required=True, help="The damage dealt.")
@click.option("--lethal", is_flag=True, help="The damage is lethal.")
@click.option("--monster", is_flag=True, help="The target is a monster (it must use the d20).")
@click.option("--item", "items", multiple=True, help="An item used on this instance (repeatable): "
              "flimsy-shield, mirror-shield (the defender's), vial-of-poison, giant-strength (the attacker's).")
@click.option("--attacker-die", help="The attacker's die, for what a Mirror Shield reflects onto it.")
@click.option("--attacker-hp", type=int, help="The attacker's HP (default: full).")
@click.option("--json", "as_json", is_flag=True, help="Print hp_after, dies and the steps as JSON.")
@user_errors
def damage_command(die: str, hp: int, amount: int, lethal: bool, monster: bool, items: tuple[str, ...],
                   attacker_die: str | None, attacker_hp: int | None, as_json: bool) -> None:
    """One instance of damage to one piece, step by step.

    \b
    Examples:
      deckwright half-the-battle damage --die d12 --hp 5 --amount 7
      deckwright half-the-battle damage --die d4 --hp 4 --amount 4 --lethal \\
          --item flimsy-shield --json
    """
    if attacker_hp is not None and attacker_die is None:
        raise click.UsageError("--attacker-hp needs --attacker-die")
    attacker = (attacker_die, attacker_hp) if attacker_die else None
    result = calculators.damage(_engine(), die, hp, amount, lethal=lethal, monster=monster, items=items,
                                attacker=attacker)
    if as_json:
        echo_json(result.as_dict())
        return
    for line in result.steps:
        echo_wrapped(line, hang=2)
    echo_wrapped(f"Result: {'dies at the end of the turn' if result.dies else f'{result.hp_after} HP'}")


@group.command("rage")
@click.option("--dice", required=True, help="Rage dice to convert, comma-separated: d12,d8.")
@click.option("--enemies-alive", type=int, required=True, help="Enemy pieces alive (the price of a point of damage).")
@click.option("--json", "as_json", is_flag=True, help="Print rage, max_damage, wasted and the purchases as JSON.")
@user_errors
def rage_command(dice: str, enemies_alive: int, as_json: bool) -> None:
    """What Rage dice are worth and what they buy (one purchase per round; excess is lost).

    \b
    Example (the rulebook's Emily: a d12 against two enemies buys 6 damage):
      deckwright half-the-battle rage --dice d12 --enemies-alive 2
    """
    offer = calculators.rage(_engine(), [d.strip() for d in dice.split(",") if d.strip()], enemies_alive)
    if as_json:
        echo_json(offer.as_dict())
        return
    click.echo(f"{offer.rage} Rage")
    click.echo(f"  damage: up to {offer.max_damage} ({offer.enemies_alive} Rage a point), {offer.wasted} wasted")
    click.echo(f"  ability token ({offer.token_cost}): {'yes' if offer.can_buy_token() else 'no'}")
    click.echo(f"  flip an item ({offer.flip_cost}): {'yes' if offer.can_flip() else 'no'}")


@group.command("threats")
@click.option("--state", "source", required=True, help="A session name, or a JSON file of a game state.")
@click.option("--player", help="Whose pieces are threatened (a player's name; default: both).")
@click.option("--json", "as_json", is_flag=True, help="Print the threats as JSON.")
@db_option
@user_errors
def threats_command(source: str, player: str | None, as_json: bool, db_path: str | None) -> None:
    """Every enemy action that could kill each of your pieces this round.

    \b
    Example:
      deckwright half-the-battle threats --state half-the-battle-1 --player Ann
    """
    engine = _engine()
    state = _load_state(engine, source, db_path)
    names = [p.name for p in state.players]
    if player is not None and player not in names:
        raise HalfTheBattleError(f"no player {player!r}; players: {', '.join(names)}")
    seats = [names.index(player)] if player else [0, 1]
    found = {names[s]: calculators.threats(engine, state, s) for s in seats}
    if as_json:
        echo_json({name: [t.__dict__ for t in items] for name, items in found.items()})
        return
    for name, items in found.items():
        echo_wrapped(f"{name}: {plural(len(items), 'killing threat')}")
        for threat in items:
            echo_wrapped(f"  {threat.text}", hang=2)


def _load_state(engine: HalfTheBattleEngine, source: str, db_path: str | None) -> HalfTheBattleState:
    path = Path(source)
    if path.suffix == ".json" and not path.is_file():   # a file meant, not a session name
        raise HalfTheBattleError(f"{source}: no such file (a JSON game state, or a session name)")
    if path.suffix == ".json":
        try:
            state = engine.load_state(json.loads(path.read_text()))
        except (ValueError, KeyError, TypeError):  # what is missing in Python's words helps nobody (play audit)
            raise HalfTheBattleError(f"{source}: not a Half the Battle game state (a JSON object with its "
                                     "players, pieces and round); give a session name to read a saved game") from None
        assert isinstance(state, HalfTheBattleState)
        return state
    from ...cli.common import open_sessions
    from ...sessiontable import Table

    with open_sessions(db_path, "read") as store:
        table = Table.resume(store, engine, source)
    assert isinstance(table.state, HalfTheBattleState)
    return table.state


@group.command("odds")
@click.option("--json", "as_json", is_flag=True, help="Print the exact fractions as JSON.")
@user_errors
def odds_command(as_json: bool) -> None:
    """Exact odds of a monster's starting HP and of the first player taking the initiative.

    \b
    Example:
      deckwright half-the-battle odds --json
    """
    odds = calculators.monster_odds(_engine())
    if as_json:
        echo_json(odds)
        return
    die = _engine().rules["monster_die"]
    echo_wrapped(f"A monster's starting HP, from one roll of the {die}:")
    for hp, p in odds["start_hp"].items():
        click.echo(f"  starts on {hp:>2} HP: {p}")
    echo_wrapped("Initiative: the monster with the lower starting HP takes it; equal HP are rolled again.")
    click.echo(f"  tie (both roll again): {odds['tie_each_roll']}")
    click.echo(f"  first player takes the initiative: {odds['first_player_initiative']}")
