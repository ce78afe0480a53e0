"""An invasion: the attacker rolls once, then the defender rolls for one token at a time.

Seed: "the Attacker only rolls once, but the Defender must roll for each token until they
defeat the attacker or they lose all tokens." The loser of each exchange removes a token and
takes damage (`combat.py` holds the maths). `invade` (`turns.py`) queues `roll-attack`; each
step queues the next roll in front of the rest of the turn.
"""

from __future__ import annotations

from ...engine.requests import Chance, Event
from ...engine.steps import Question, StepCall, StepTable
from .beads import apply_damage, eliminate, grant_bead_bonus
from .combat import roll_text
from .prompts import Heartstrings
from .state import ROLL_ATTACK, ROLL_DEFENCE, Combat, HeartstringsState
from .turns import finish_if_won


def fight(state: HeartstringsState) -> Combat:
    """The combat being fought (the invasion steps run only during one)."""
    combat = state.combat
    assert combat is not None, "an invasion step ran without a combat"
    return combat


def ask_attack(engine: Heartstrings, state: HeartstringsState, item: StepCall) -> Chance:
    """The attacker rolls the Combat Die."""
    seat = fight(state).attacker
    return engine.prompts.roll(ROLL_ATTACK, seat, state.players[seat].name)


def attack(engine: Heartstrings, state: HeartstringsState, item: StepCall, faces: list[int]) -> list[Event]:
    """The attacker rolls the Combat Die once for the whole combat."""
    combat = fight(state)
    combat.attacker_roll = face = faces[0]
    state.queue.insert(0, {"step": ROLL_DEFENCE})  # hot path, see steps.py
    if not engine.explain:
        return []
    rules = engine.board.combat
    buff = rules.attacker_buffs[combat.room]
    return [Event("attack", f"{rules.labels[combat.room]}: {state.players[combat.attacker].name} rolls "
                            f"{roll_text(face, buff)}", {"roll": face, "total": face + buff})]


def ask_defence(engine: Heartstrings, state: HeartstringsState, item: StepCall) -> Chance:
    """The defender rolls the Combat Die for one token."""
    seat = fight(state).defender
    return engine.prompts.roll(ROLL_DEFENCE, seat, state.players[seat].name)


def defend(engine: Heartstrings, state: HeartstringsState, item: StepCall, faces: list[int]) -> list[Event]:
    """One defending token rolls: the loser of the exchange removes a token and takes damage."""
    combat, players, explain = fight(state), state.players, engine.explain
    exchange = engine.board.combat.exchange(combat.room, combat.attacker_roll, faces[0],
                                            players[combat.attacker].name, players[combat.defender].name,
                                            explain)
    attacker_lost = exchange.loser == "attacker"
    loser = combat.attacker if attacker_lost else combat.defender
    beads_left = apply_damage(state, loser, exchange.damage, explain)
    events = [Event("combat", exchange.text + beads_left, exchange.to_json())] if explain else None
    tokens = state.rooms[combat.room]
    if not attacker_lost:  # the token the exchange said was lost leaves first (play audit: an
        tokens.pop()       # elimination then counted it again among the tokens leaving the board)
        players[combat.defender].supply += 1
    if players[loser].beads == 0:
        eliminate(state, loser, events)
    if attacker_lost:
        repel(state, combat, events)
        return events or []
    if tokens:
        state.queue.insert(0, {"step": ROLL_DEFENCE})  # hot path, see steps.py
    else:
        win_room(engine, state, combat, events)
    return events or []


def repel(state: HeartstringsState, combat: Combat, events: list[Event] | None) -> None:
    """The defender beat the attacker: the invading token returns to its owner (ruling)."""
    state.combat = None
    attacker = state.players[combat.attacker]
    attacker.supply += 1
    if attacker.eliminated:
        finish_if_won(state, events)


def win_room(engine: Heartstrings, state: HeartstringsState, combat: Combat, events: list[Event] | None) -> None:
    """Every defending token is gone: the invader's token holds the room."""
    state.combat = None
    state.rooms[combat.room].append(combat.attacker)
    board = engine.board
    if events is not None:
        events.append(Event("conquer", f"{state.players[combat.attacker].name} takes "
                                       f"{board.names[combat.room]}", {"room": combat.room}))
    grant_bead_bonus(board, state, combat.attacker, combat.room, events)
    if state.players[combat.defender].eliminated:
        finish_if_won(state, events)


def combat_die(engine: Heartstrings) -> int:
    """The sides of the Combat Die, rolled once by the attacker and once per defending token."""
    return engine.board.combat_die


STEPS = StepTable(questions={ROLL_ATTACK: Question(ask_attack, attack, die=combat_die),
                             ROLL_DEFENCE: Question(ask_defence, defend, die=combat_die)})
