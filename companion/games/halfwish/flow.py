"""Rounds and turns: who starts, DV rolls, the turn's steps, wishes, the end of a turn and of a round.

Rules text: "Playing the game" steps 1-7.
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Chance, Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from . import ledger
from .asked import once
from .catalog import multiset_minus
from .context import Game
from .hands import draw_steps
from .standing import deciding_tiebreak, loser
from .state import NEGATIVE_STATUSES, TURN_STATUSES, HalfwishState, Player
from .upgrades import upgrade_phase_steps

# -- rounds -----------------------------------------------------------------------------

def round_starter(engine: Game, state: HalfwishState) -> int:
    """Round 1: who starts the game; round 2: the other player; round 3: whoever is losing."""
    if state.round == 1:
        return state.first_player
    if state.round == 2:
        return 1 - state.first_player
    behind = loser(engine, state)
    return state.first_player if behind is None else behind


def _round_begins(engine: Game, state: HalfwishState) -> str:
    """`Round 2 begins: Ben starts the round (the other player)`; round 1 says no more (who starts
    the game was said as it was decided), a later round why its starter starts."""
    if state.round == 1:
        return "Round 1 begins"
    if state.round == 2:
        why = "the other player"
    elif loser(engine, state) is None:
        why = "level on points and every tie-break: who started the game"
    else:
        how = deciding_tiebreak(engine, state)
        why = "behind on points" if how == "points" else f"losing on the tie-break ({how.replace('_', ' ')})"
    return f"Round {state.round} begins: {state.players[state.round_starter].name} starts the round ({why})"


def start_round(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Pick the round's starter, gain mana, reshuffle action decks, lay a new map."""
    state.turn, state.round_starter = 1, round_starter(engine, state)
    events = [Event("round", _round_begins(engine, state))]
    for player in state.players:
        events += _prepare_player(engine, state, player)
    state.map_slots = [""] * engine.rules.map_cards_per_round
    if len(state.map_deck) < engine.rules.map_cards_per_round:
        state.map_deck, state.map_discard = state.map_deck + state.map_discard, []
    push_front(state, step("turn-start"))
    return events


def _prepare_player(engine: Game, state: HalfwishState, player: Player) -> list[Event]:
    player.spent_basics = []
    player.hand = list(player.innate)
    player.pile = multiset_minus(player.deck, player.innate)
    player.hidden, player.discard = 0, []
    events = []
    if state.round in engine.rules.mana_gain_rounds:
        player.mana += engine.rules.mana_gain
        events.append(Event("mana", f"{player.name} gains {engine.rules.mana_gain} mana: {player.mana}"))
    if player.innate:  # ruling innate-in-view: seen taken, so counted; one upgraded in secret is not named
        names = ", ".join("an upgrade picked in secret" if c in player.secret_upgrades else engine.catalog.name(c)
                          for c in player.innate)
        events.append(Event("innate", f"{player.name} starts the round with {names} in hand (Innate)"))
    return events


# -- turns ------------------------------------------------------------------------------

def start_turn(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Poison, then DV rolls, draws and the hand limit, then the encounter and the turn's end."""
    state.encounter, state.duel, state.nonbasic_played = "", None, [0, 0]
    tp, explain = state.turn_player, engine.explain
    events = [Event("turn", f"Round {state.round}, turn {state.turn}: {state.players[tp].name}'s turn")] \
        if explain else []
    for seat in (tp, 1 - tp):
        if state.players[seat].has_status("poisoned"):
            events += ledger.deal_damage(state, engine.rules, seat, engine.rules.poison_damage, "Poison",
                                         explain=explain)
    steps = []
    for seat in (tp, 1 - tp):
        roll, kept = _roll_steps(state, seat, explain)
        steps += roll
        events += kept
    steps += [s for seat in (tp, 1 - tp) for s in draw_steps(state, seat, _draw_count(engine, state, seat))]
    steps += [step("hand-limit", seat=seat) for seat in (tp, 1 - tp)]
    push_front(state, *steps, step("encounter", seat=tp), step("turn-end"))
    return events


def _roll_steps(state: HalfwishState, seat: int, explain: bool) -> tuple[list[StepCall], list[Event]]:
    """The player's roll, or none when they kept their DV (the gamemaster is told, when `explain`
    is on; no value shown)."""
    player = state.players[seat]
    player.dv_kept = player.keep_dv
    if player.keep_dv:
        player.keep_dv = False
        if not explain:
            return [], []
        return [], [Event("keep-dv", f"{player.name} keeps their DV from last turn: no roll this turn",
                          {"seat": seat})]
    return [step("roll", seat=seat)], []


def _draw_count(engine: Game, state: HalfwishState, seat: int) -> int:
    """The draw schedule; on turn 1 innate cards count among the cards drawn."""
    count = int(engine.rules.draw_schedule[state.turn - 1])
    return max(0, count - len(state.players[seat].innate)) if state.turn == 1 else count


def ask_roll(engine: Game, state: HalfwishState, item: StepCall) -> Chance:
    """A player's secret DV roll."""
    seat, name, dice = item["seat"], state.players[item["seat"]].name, tuple(engine.rules.dv_dice)
    return once(engine, ("roll", seat, name, dice),
                lambda: Chance("roll", f"{name} rolls their DV in secret", seat, dice, secret=True))


def answer_roll(engine: Game, state: HalfwishState, item: StepCall, faces: list[int]) -> list[Event]:
    """The roll becomes the player's DV."""
    player = state.players[item["seat"]]
    player.roll, player.dv_gain = sum(faces), 0
    if not engine.explain:
        return []
    return [Event("roll", f"{player.name} has rolled a DV (hidden until the showdown)", {"seat": item["seat"]})]


def ask_wish(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """A player with enough lamps claims a wish."""
    player = state.players[item["seat"]]
    options = tuple(Option(str(i), _wish_label(w)) for i, w in enumerate(engine.rules.wish_options))
    return Decision(item["seat"], f"{player.name} has {player.lamps} lamps: claim a wish", options, kind="wish")


def _wish_label(effect: dict[str, Any]) -> str:
    verbs = {"points": "score {amount} points", "heal": "heal {amount} HP", "mana": "gain {amount} mana"}
    return verbs.get(effect["op"], "{op} {amount}").format(**effect)


def answer_wish(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Grant the chosen wish."""
    player = state.players[item["seat"]]
    player.wishes_claimed += 1
    wish = dict(engine.rules.wish_options[int(answer)])
    push_front(state, step("effect", effect=wish, owner=item["seat"], source="wish"))
    return [Event("wish", f"{player.name} claims a wish: {_wish_label(wish)}")]


# -- the end of a turn and of a round ---------------------------------------------------------

def end_turn(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Turn-end effects and wishes, then close the turn."""
    if state.encounter != "parley-accepted":
        state.parley_streak = 0
    delayed, state.end_of_turn = state.end_of_turn, []
    push_front(state, *delayed, *_wish_steps(engine, state), step("turn-close"))
    return []


def _wish_steps(engine: Game, state: HalfwishState) -> list[StepCall]:
    steps = []
    for seat, player in enumerate(state.players):
        due = player.lamps // engine.rules.lamps_for_wish - player.wishes_claimed
        steps += [step("wish", seat=seat)] * max(0, due)
    return steps


def close_turn(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Turn-long effects end; the next turn or the round's end follows."""
    for player in state.players:
        _end_turn_effects(engine, player)
    state.duel = None
    if state.turn < engine.rules.turns_per_round:
        state.turn += 1
        push_front(state, step("turn-start"))
    else:
        push_front(state, step("round-end"))
    return []


def _end_turn_effects(engine: Game, player: Player) -> None:
    """Turn-long statuses and DV modifiers end; a kept DV becomes the next turn's roll."""
    for status in TURN_STATUSES:
        player.statuses.pop(status, None)
    if player.has_status("stunned"):
        player.statuses["stunned"] -= 1
    for status in [s for s, n in player.statuses.items() if n <= 0]:
        del player.statuses[status]
    if player.keep_dv:
        player.roll = ledger.dice_value(engine.rules, player)
    player.dv_gain = player.dv_passive = player.strike_bonus = 0


def end_round(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Discard the map; the game ends after the last round, else the upgrade phase."""
    state.map_discard += [c for c in state.map_slots if c]
    state.map_slots = []
    if state.round >= engine.rules.rounds:
        state.finished = True
        return [Event("game-end", f"Round {state.round} is over: the game ends")]
    for player in state.players:   # round-long effects end with the round (ruling skip-heal-after-round)
        for status in NEGATIVE_STATUSES + TURN_STATUSES:
            player.statuses.pop(status, None)
    push_front(state, *upgrade_phase_steps(state), step("round-reset"))
    return [Event("round-end", f"Round {state.round} is over: negative effects end, discard the map; "
                               f"the upgrade phase begins")]


def reset_round(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Negative effects end, both players heal, the next round starts."""
    events = []
    for seat, player in enumerate(state.players):
        for status in NEGATIVE_STATUSES + TURN_STATUSES:
            player.statuses.pop(status, None)
        player.dv_gain = player.dv_passive = player.strike_bonus = 0
        events += ledger.heal(state, engine.rules, seat, engine.rules.heal_between_rounds, "the end of the round",
                              explain=engine.explain)
    state.round += 1
    push_front(state, step("round-start"))
    return events


STEPS = StepTable(
    questions={"roll": Question(ask_roll, answer_roll), "wish": Question(ask_wish, answer_wish)},
    automatic={"round-start": start_round, "turn-start": start_turn, "turn-end": end_turn, "turn-close": close_turn, "round-end": end_round, "round-reset": reset_round},
)
