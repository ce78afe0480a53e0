"""Walking and attacking (the Combat and Classes sections; rulings `distance`, `counter-and-restrain`).

Once per turn each character may walk (to a tile within its speed) and attack (an enemy at
exactly its reach); the defender counters at the same time when the attacker stands at exactly
the defender's reach.
"""

from __future__ import annotations

from ...engine.requests import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable
from .board import distance
from .damage import faint_if_beaten, instance, power_points, take
from .effects import apply_effect, cost, is_blocked
from .game import Game
from .state import Fighter, SkirmishState


def walk_cost(engine: Game, fighter: Fighter) -> int:
    """Action points a walk costs this character now."""
    return cost(engine.rules, fighter, engine.rules["walk_cost"])


def attack_cost(engine: Game, fighter: Fighter) -> int:
    """Action points an attack costs this character now."""
    return cost(engine.rules, fighter, engine.rules["attack_cost"])


def walk_tiles(engine: Game, state: SkirmishState, fighter: Fighter) -> list[str]:
    """Where the character may walk to."""
    occupied = {f.tile for f in state.fighters if f.tile and f is not fighter}
    assert fighter.tile is not None
    return engine.board.walks(fighter.tile, engine.speed(fighter), occupied)


def attack_targets(engine: Game, state: SkirmishState, fighter: Fighter) -> list[Fighter]:
    """Enemies at exactly the character's reach."""
    reach = engine.reach(fighter)
    return [f for f in state.fighters if f.owner != fighter.owner and f.is_active and fighter.tile
            and f.tile and distance(fighter.tile, f.tile) == reach]


def can_walk(engine: Game, state: SkirmishState, fighter: Fighter) -> bool:
    """Active, not walked yet, not Restrained, affordable, with somewhere to go."""
    return (fighter.is_active and not fighter.walked and not is_blocked(fighter, "walk")
            and walk_cost(engine, fighter) <= state.sides[fighter.owner].ap
            and bool(walk_tiles(engine, state, fighter)))


def can_attack(engine: Game, state: SkirmishState, fighter: Fighter) -> bool:
    """Active, not attacked yet, not Restrained, affordable, with an enemy at its reach."""
    return (fighter.is_active and not fighter.attacked and not is_blocked(fighter, "attack")
            and attack_cost(engine, fighter) <= state.sides[fighter.owner].ap
            and bool(attack_targets(engine, state, fighter)))


def ask_walk(engine: Game, state: SkirmishState, item: StepCall) -> Decision:
    """Which tile the character walks to."""
    fighter = state.fighter(item["fighter"])
    options = tuple(Option(t, engine.tile_label(t)) for t in walk_tiles(engine, state, fighter))
    return Decision(fighter.owner, f"{engine.character_name(fighter.id)} walks from {fighter.tile} to",
                    options, kind="walk")


def answer_walk(engine: Game, state: SkirmishState, item: StepCall, tile: str) -> list[Event]:
    """Pay, move, and take the effect of a special tile."""
    fighter = state.fighter(item["fighter"])
    paid = walk_cost(engine, fighter)
    state.sides[fighter.owner].ap -= paid
    fighter.walked, start, fighter.tile = True, fighter.tile, tile
    events = [Event("walk", f"{fighter.label} walks {start} -> {tile} ({paid} AP)", {"fighter": fighter.id})]
    return events + [apply_effect(fighter, e, n) for e, n in engine.board.tile_effects(tile).items()]


def ask_attack(engine: Game, state: SkirmishState, item: StepCall) -> Decision:
    """Which enemy the character attacks."""
    fighter = state.fighter(item["fighter"])
    options = tuple(Option(f.id, f"{engine.character_name(f.id)} on {f.tile}")
                    for f in attack_targets(engine, state, fighter))
    return Decision(fighter.owner, f"{engine.character_name(fighter.id)} attacks", options, kind="attack")


def answer_attack(engine: Game, state: SkirmishState, item: StepCall, target: str) -> list[Event]:
    """Pay and resolve the attack with its counter."""
    fighter = state.fighter(item["fighter"])
    paid = attack_cost(engine, fighter)
    state.sides[fighter.owner].ap -= paid
    fighter.attacked = True
    defender = state.fighter(target)
    head = Event("attack", f"{fighter.label} attacks {defender.label} ({paid} AP)",
                 {"fighter": fighter.id, "target": target})
    return [head] + exchange(engine, state, fighter, defender)


def counters(engine: Game, attacker: Fighter, defender: Fighter) -> bool:
    """Does the defender strike back: the attacker at exactly its reach, and not Restrained."""
    return (attacker.tile is not None and defender.tile is not None and not is_blocked(defender, "counter")
            and distance(attacker.tile, defender.tile) == engine.reach(defender))


def exchange(engine: Game, state: SkirmishState, attacker: Fighter, defender: Fighter) -> list[Event]:
    """The attack and the counter happen together: both amounts first, then both land, then faints."""
    counter = counters(engine, attacker, defender)
    hit, hit_used = instance(engine, attacker, defender, power_points(engine, attacker))
    back, back_used = instance(engine, defender, attacker, power_points(engine, defender)) if counter else (0, [])
    events = take(engine, defender, hit, f"{attacker.label}'s attack") + hit_used
    if counter:
        events += take(engine, attacker, back, f"{defender.label}'s counter-attack") + back_used
    else:
        why = "Restrained" if is_blocked(defender, "counter") else "out of its reach"  # play audit: no reason given
        events.append(Event("counter", f"{defender.label} cannot counter-attack ({why})", {"fighter": defender.id}))
    return events + faint_if_beaten(engine, state, defender) + faint_if_beaten(engine, state, attacker)


STEPS = StepTable(questions={"walk": Question(ask_walk, answer_walk), "attack": Question(ask_attack, answer_attack)})
