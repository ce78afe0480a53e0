"""One-shot calculators: a whole combat, and its exact odds, driven through the real steps.

Both build a table where the attacker's token has just invaded a room held by the defender's
tokens, with `roll-attack` queued, and let the engine's own steps (`invasion.py`) play it:
`resolve_combat` answers with the rolls given, `combat_odds` with every face of every die,
merging branches that reach the same table so even 12 defending tokens stay small. Beads are
plentiful (nobody is eliminated mid-combat) and the pool starts empty, so the damage is what
the Heartstrings lost.
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from ...engine.requests import Chance
from ...engine.steps import step
from .combat import Exchange, Side, room_label
from .engine import HeartstringsEngine
from .state import ROLL_ATTACK, Combat, HeartstringsState, Player

ATTACKER, DEFENDER = 0, 1
PLENTY = 10**6   # beads on each string in a calculation: more than any combat can take


@dataclass
class Losses:
    """What one side lost in a combat."""

    tokens_lost: int = 0
    damage: int = 0


@dataclass
class CombatResult:
    """A whole combat: who won, what each side lost, and every exchange explained."""

    room: int
    winner: Side
    attacker: Losses
    defender: Losses
    steps: list[Exchange] = field(default_factory=list)
    unused_rolls: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"room": self.room, "winner": self.winner,
                "attacker": vars(self.attacker).copy(), "defender": vars(self.defender).copy(),
                "steps": [s.to_json() for s in self.steps], "unused_rolls": self.unused_rolls}


def calculator_engine(rules: Mapping[str, Any]) -> HeartstringsEngine:
    """An engine over bare rules numbers: a calculator never starts a game, so it needs no metadata."""
    return HeartstringsEngine(SimpleNamespace(rules=rules))


def invaded_table(engine: HeartstringsEngine, room: int, defenders: int) -> HeartstringsState:
    """The attacker's token has just invaded `room`, held by `defenders` of the defender's tokens."""
    rooms: dict[int, list[int]] = {r: [] for r in engine.board.rooms}
    rooms[room] = [DEFENDER] * defenders
    players = [Player("the attacker", PLENTY, 0), Player("the defender", PLENTY, 0)]
    return HeartstringsState(players=players, pool=0, rooms=rooms, current=ATTACKER,
                             combat=Combat(room, ATTACKER, DEFENDER), queue=[step(ROLL_ATTACK)])


def resolve_combat(room: int, attacker_roll: int, defender_rolls: list[int], rules: Mapping[str, Any]) -> CombatResult:
    """A whole combat: the defender rolls for each token until one beats the attacker.

    `defender_rolls` has one roll per defending token, in order; rolls after the one that
    beats the attacker are never rolled at the table and come back as `unused_rolls`.
    """
    engine = calculator_engine(rules)
    state = invaded_table(engine, room, len(defender_rolls))
    events = engine.resolve(state, [[attacker_roll]])
    rolled = 0
    while state.combat is not None and rolled < len(defender_rolls):
        events += engine.apply(state, [defender_rolls[rolled]])
        rolled += 1
    exchanges = [Exchange(**event.data) for event in events if event.kind == "combat"]
    return summarise(room, exchanges, list(defender_rolls[rolled:]))


def summarise(room: int, exchanges: list[Exchange], unused: list[int]) -> CombatResult:
    """Add up the exchanges of one combat: each loser lost a token and took the damage."""
    result = CombatResult(room, "attacker", Losses(), Losses(), exchanges, unused)
    for exchange in exchanges:
        side = result.attacker if exchange.loser == "attacker" else result.defender
        side.tokens_lost += 1
        side.damage += exchange.damage
    if result.attacker.tokens_lost:
        result.winner = "defender"
    return result


# -- exact odds ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CombatOutcome:
    """One way a combat can end, with its exact probability."""

    winner: Side
    attacker_tokens_lost: int
    defender_tokens_lost: int
    attacker_damage: int
    defender_damage: int
    probability: Fraction

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner,
                "attacker": {"tokens_lost": self.attacker_tokens_lost, "damage": self.attacker_damage},
                "defender": {"tokens_lost": self.defender_tokens_lost, "damage": self.defender_damage},
                "probability": str(self.probability), "percent": round(float(self.probability) * 100, 4)}


EXPECTED_FIELDS = ("attacker_damage", "defender_damage", "defender_tokens_lost")


@dataclass(frozen=True)
class CombatOdds:
    """Every outcome of a combat in one room against K defending tokens."""

    room: int
    defenders: int
    outcomes: tuple[CombatOutcome, ...]

    def chance_of(self, winner: Side) -> Fraction:
        """The probability that this side wins the room."""
        return sum((o.probability for o in self.outcomes if o.winner == winner), Fraction(0))

    def expected(self, field: str) -> Fraction:
        """The expected value of one outcome field, e.g. `defender_damage`."""
        return sum((o.probability * getattr(o, field) for o in self.outcomes), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        expected = {name: str(self.expected(name)) for name in EXPECTED_FIELDS}
        return {"room": self.room, "defenders": self.defenders,
                "attacker_wins": str(self.chance_of("attacker")), "defender_wins": str(self.chance_of("defender")),
                "expected": expected, "outcomes": [o.to_json() for o in self.outcomes]}


def combat_odds(room: int, defenders: int, rules: Mapping[str, Any]) -> CombatOdds:
    """Every attacker roll and every defender roll sequence for K defending tokens, exactly."""
    engine = calculator_engine(rules)
    found: dict[tuple[Side, int, int, int, int], Fraction] = {}
    for state, chance in every_ending(engine, invaded_table(engine, room, defenders)):
        key = ending(state, room, defenders)
        found[key] = found.get(key, Fraction(0)) + chance
    outcomes = (CombatOutcome(*key, probability) for key, probability in found.items())
    return CombatOdds(room, defenders, tuple(sorted(outcomes, key=_order)))


def every_ending(engine: HeartstringsEngine,
                 start: HeartstringsState) -> list[tuple[HeartstringsState, Fraction]]:
    """Each table where the steps stop asking for dice, with its probability.

    Rolls are answered level by level; branches that reach the same table are merged (the
    pickled table is both the key and the copy), so the work grows with distinct tables,
    not with the number of roll sequences.
    """
    ends: list[tuple[HeartstringsState, Fraction]] = []
    level = {pickle.dumps(start): Fraction(1)}
    while level:
        following: dict[bytes, Fraction] = {}
        for frozen, chance in level.items():
            request = engine.request(state := pickle.loads(frozen))
            if request is None:
                ends.append((state, chance))
                continue
            assert isinstance(request, Chance) and len(request.dice) == 1, "a combat only rolls one die at a time"
            share = chance / request.dice[0]
            for face in range(1, request.dice[0] + 1):
                branch = pickle.loads(frozen)
                engine.apply(branch, [face])
                key = pickle.dumps(branch)
                following[key] = following.get(key, Fraction(0)) + share
        level = following
    return ends


def ending(state: HeartstringsState, room: int, defenders: int) -> tuple[Side, int, int, int, int]:
    """(winner, tokens lost by attacker and defender, damage to attacker and defender) of a finished combat."""
    attacker, defender = state.players
    left = state.rooms[room].count(DEFENDER)
    if left:  # the defender held the room: the invading token was removed
        return "defender", 1, defenders - left, PLENTY - attacker.beads, PLENTY - defender.beads
    return "attacker", 0, defenders, 0, PLENTY - defender.beads


def _order(outcome: CombatOutcome) -> tuple[int, int, int, int]:
    return (0 if outcome.winner == "attacker" else 1, outcome.defender_tokens_lost,
            outcome.defender_damage, outcome.attacker_damage)


def percent(value: Fraction) -> str:
    """`7/12` -> `58.33%`."""
    return f"{float(value) * 100:.2f}%"


def describe(odds: CombatOdds, rules: Mapping[str, Any]) -> list[str]:
    """The odds as lines for people: who wins, expectations, then every outcome."""
    count = odds.defenders
    tokens = f"{count} defending token{'s' if count > 1 else ''}"
    lines = [f"{room_label(odds.room, rules)}, attacker against {tokens} (exact, every roll of the d{rules['combat_die']}):"]
    sides: tuple[Side, ...] = ("attacker", "defender")
    for side in sides:
        chance = odds.chance_of(side)
        lines.append(f"  {side} wins the room: {chance} = {percent(chance)}")
    for name in EXPECTED_FIELDS:
        value = odds.expected(name)
        lines.append(f"  expected {name.replace('_', ' ')}: {value} = {float(value):.3f}")
    lines.append("  outcomes (winner; tokens lost attacker/defender; damage attacker/defender):")
    for o in odds.outcomes:
        lines.append(f"    {o.winner:<8}  tokens {o.attacker_tokens_lost}/{o.defender_tokens_lost}  "
                     f"damage {o.attacker_damage}/{o.defender_damage}  {o.probability} = {percent(o.probability)}")
    return lines


def odds_rows(rules: Mapping[str, Any], max_defenders: int = 3) -> list[dict[str, Any]]:
    """The attacker's chance to take a room against 1..N defending tokens, one row per kind of room.

    Rooms with the same buffs share a row (`rooms` lists them), so a rulebook can print a
    compact table: plain rooms first, then each buffed room.
    """
    combat = calculator_engine(rules).board.combat
    groups: dict[tuple[int, int], list[int]] = {}
    for room in range(1, rules["rooms"] + 1):
        groups.setdefault((combat.attacker_buffs[room], combat.defender_buffs[room]), []).append(room)
    rows = []
    for (a_buff, d_buff), rooms in sorted(groups.items(), key=lambda item: (item[0] != (0, 0), item[1][0])):
        chances = [combat_odds(rooms[0], k, rules).chance_of("attacker") for k in range(1, max_defenders + 1)]
        rows.append({"rooms": rooms, "attacker_buff": a_buff, "defender_buff": d_buff,
                     "attacker_wins": [str(c) for c in chances], "percent": [percent(c) for c in chances]})
    return rows
