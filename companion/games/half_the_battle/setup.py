"""Setup: sides for the mixed variant, placement, the monsters' starting HP, initiative, items.

"Roll the d20 to determine each player's monster's starting HP. If equal or lower than 10, add
10. If Monster HPs are tied, everyone re-rolls them again. The player whose monster has lowest HP
takes the initiative token." "Shuffle the Bag of Holding deck and give each player two cards."
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Chance, Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .lanes import half_lanes
from .pieces import Rules, label, owned
from .state import HalfTheBattleState


def monster_start(roll: int, rules: dict[str, Any]) -> int:
    """A monster's starting HP from its d20: 10 or lower gets +10."""
    return roll + rules["monster_bonus"] if roll <= rules["monster_low"] else roll


def setup_steps(state: HalfTheBattleState, rules: dict[str, Any], mixed: bool, placement: bool) -> list[StepCall]:
    """The steps of setup, in order."""
    steps = []
    if mixed:
        steps += [step("choose-side", piece=p.id) for p in state.pieces] + [step("sides")]
    if placement:
        steps += [step("place", piece=p.id) for p in state.pieces] + [step("placed")]
    steps += [step("monster-roll", seat=0), step("monster-roll", seat=1), step("monster-hp")]
    steps += [step("deal", seat=seat) for seat in (0, 1) for _ in range(rules["items_per_player"])]
    return steps + [step("round")]


def ask_side(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """Mixed variant: which side of a card the player plays, chosen in secret (ruling mixed-classes)."""
    piece = state.piece(item["piece"])
    options = tuple(Option(f"side:{team}", f"{engine.catalog.side(piece.card, team).name} ({team.upper()} side)")
                    for team in ("a", "b"))
    return Decision(piece.seat, f"{state.players[piece.seat].name}: which side of the {piece.card} card? "
                    "(hidden until both chose)", options, kind="side", secret=True)


def answer_side(engine: Rules, state: HalfTheBattleState, item: StepCall, side: str) -> list[Event]:
    """Turn the card (and its token) to that side (`side:a`, `side:b`), unseen until both players
    have chosen every side."""
    piece = state.piece(item["piece"])
    piece.team = side.partition(":")[2]
    return [Event("side", f"{state.players[piece.seat].name} has chosen a side of the {piece.card} card "
                  "(hidden until both chose)")]


def choosing_sides(state: HalfTheBattleState) -> bool:
    """Mixed variant: are sides still being chosen (hidden until both chose every side)?"""
    return any(item["step"] == "sides" for item in state.queue)


def reveal_sides(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Both players chose every side: both parties are shown together."""
    return [Event("sides", f"{state.players[seat].name} plays: " + ", ".join(
        label(engine, p) for p in state.pieces if p.seat == seat)) for seat in (0, 1)]


def placing(state: HalfTheBattleState) -> bool:
    """Placement variant: are pieces still being placed (their lanes hidden until both placed)?"""
    return any(item["step"] == "placed" for item in state.queue)


def ask_place(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """Placement variant: a lane of the player's half for a piece, chosen in secret."""
    piece = state.piece(item["piece"])
    lanes = half_lanes(piece.seat, engine.rules["half"], engine.rules["lanes"])
    return Decision(piece.seat, f"Place {owned(engine, state, piece)} in a lane of your half (hidden until "
                    "both placed)", tuple(Option(f"lane:{n}", f"lane {n}", str(n)) for n in lanes), kind="place",
                    secret=True)


def answer_place(engine: Rules, state: HalfTheBattleState, item: StepCall, lane: str) -> list[Event]:
    """Put the piece there, unseen until both players have placed every piece."""
    piece = state.piece(item["piece"])
    piece.lane = int(lane.partition(":")[2])
    return [Event("place", f"{owned(engine, state, piece)} is placed (hidden until both placed)")]


def reveal_placement(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Both parties placed: every piece's lane is shown."""
    return [Event("placed", f"{state.players[seat].name} placed: " + ", ".join(
        f"{engine.catalog.side(p.card, p.team).name} {p.lane}" for p in state.pieces if p.seat == seat))
        for seat in (0, 1)]


def ask_roll(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Chance:
    """Roll the d20 for a monster's starting HP."""
    name = state.players[item["seat"]].name
    return Chance("roll", f"Roll for {name}'s monster's starting HP", item["seat"],
                  dice=(engine.rules["dice"][engine.rules["monster_die"]],))


def answer_roll(engine: Rules, state: HalfTheBattleState, item: StepCall, faces: list[int]) -> list[Event]:
    """The monster's starting HP from the roll."""
    player = state.players[item["seat"]]
    player.monster_roll = faces[0]
    player.monster_hp = monster_start(faces[0], engine.rules)
    bonus = f" + {engine.rules['monster_bonus']}" if player.monster_hp != faces[0] else ""
    return [Event("monster-roll", f"{player.name} rolls {faces[0]}{bonus}: the monster starts on "
                  f"{player.monster_hp} HP")]


def settle_monsters(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Re-roll tied monsters, or set their HP and give the initiative to the lower."""
    first, second = state.players
    if first.monster_hp == second.monster_hp:
        push_front(state, step("monster-roll", seat=0), step("monster-roll", seat=1), step("monster-hp"))
        return [Event("monster-tie", f"Both monsters on {first.monster_hp} HP: both players roll again")]
    for piece in state.pieces:
        if engine.catalog.side(piece.card, piece.team).monster:
            piece.hp = state.players[piece.seat].monster_hp
    state.initiative = 0 if first.monster_hp < second.monster_hp else 1
    name = state.players[state.initiative].name
    return [Event("initiative", f"{name}'s monster has the lower HP: {name} takes the initiative token")]


def ask_deal(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Chance:
    """Deal a Bag of Holding item from what is left."""
    name = state.players[item["seat"]].name
    return Chance("draw", f"Deal a Bag of Holding item to {name} (face up)", item["seat"],
                  options=tuple(state.bag))


def answer_deal(engine: Rules, state: HalfTheBattleState, item: StepCall, card: str) -> list[Event]:
    """The player takes the item face up."""
    state.bag.remove(card)
    player = state.players[item["seat"]]
    player.items.append(card)
    return [Event("deal", f"{player.name} gets {engine.catalog.items[card].name} (face up)")]


STEPS = StepTable(
    questions={"choose-side": Question(ask_side, answer_side), "place": Question(ask_place, answer_place),
               "monster-roll": Question(ask_roll, answer_roll), "deal": Question(ask_deal, answer_deal)},
    automatic={"monster-hp": settle_monsters, "placed": reveal_placement, "sides": reveal_sides})
