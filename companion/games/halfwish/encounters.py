"""Encounters (Duel, Scout, Parley), accepting or declining, parley points, kept DVs, and
locations: when they are revealed and whether their effect applies.

Seed: "Encounters" and "Location Cards".
"""

from __future__ import annotations

from ...engine.core import Chance, Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from . import ledger
from .asked import once
from .context import Game
from .state import HalfwishState
from .triggers import queue_card


def ask_encounter(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """The turn player chooses Duel, Scout or Parley (no Duel while Stunned)."""
    seat, player = item["seat"], state.players[item["seat"]]
    stunned = player.has_status("stunned")

    def build() -> Decision:
        choices = [("scout", "Scout: offer to reveal the location"), ("parley", "Parley: offer a truce")]
        if not stunned:
            choices.insert(0, ("duel", "Duel: start a duel as the aggressor"))
        return Decision(seat, f"{player.name}: Duel, Scout or Parley?",
                        tuple(Option(i, label) for i, label in choices), kind="encounter")
    return once(engine, ("encounter", seat, player.name, stunned), build)


def answer_encounter(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Start the duel, or offer the scout or parley."""
    seat, name = item["seat"], state.players[item["seat"]].name
    state.encounter = answer
    if answer == "duel":
        push_front(state, step("duel-start", aggressor=seat))
        return [Event("encounter", f"{name} starts a duel")] if engine.explain else []
    push_front(state, step("respond", seat=1 - seat, offer=answer))
    return [Event("encounter", f"{name} offers to {answer}")] if engine.explain else []


def ask_respond(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """The opponent accepts the offer or declines and duels (not while Stunned)."""
    seat, player, offer = item["seat"], state.players[item["seat"]], item["offer"]
    stunned = player.has_status("stunned")

    def build() -> Decision:
        options = [Option("accept", f"Accept the {offer}")]
        if not stunned:
            options.append(Option("decline", "Decline and start a duel as the aggressor"))
        return Decision(seat, f"{player.name}: accept the {offer} or decline and duel?",
                        tuple(options), kind="respond")
    return once(engine, ("respond", seat, player.name, offer, stunned), build)


def answer_respond(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Reveal the location for an accepted offer, or start the decliner's duel."""
    seat, name, offer = item["seat"], state.players[item["seat"]].name, item["offer"]
    if answer == "decline":
        state.encounter = "duel"
        push_front(state, step("duel-start", aggressor=seat))
        return [Event("respond", f"{name} declines the {offer} and starts a duel")] if engine.explain else []
    state.encounter = f"{offer}-accepted"
    if offer == "scout":
        push_front(state, *reveal_steps(state, "scout", 1 - seat))
        return [Event("respond", f"{name} accepts the scout: the location is revealed and applies")]
    push_front(state, *reveal_steps(state, "parley", 1 - seat), step("parley-end"))
    return [Event("respond", f"{name} accepts the parley: the location is revealed with its effect disabled")]


def parley_end(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Count the parley streak, pay compensation, ask who keeps their DV."""
    state.parley_streak += 1
    events = []
    if state.parley_streak >= engine.rules.parley_streak_for_compensation:
        state.parley_streak = 0
        events += _parley_compensation(engine, state)
    if is_last_turn(engine, state):   # no next turn: keeping cannot matter (ruling no-keep-on-last-turn)
        return events
    tp, asks = state.turn_player, []
    for seat in (tp, 1 - tp):
        player = state.players[seat]
        if player.dv_kept:   # "DVs can only be kept for 1 turn"
            events.append(Event("keep-dv", f"{player.name} kept their DV last turn and must reroll it",
                                {"seat": seat}))
        else:
            asks.append(step("keep-dv", seat=seat))
    push_front(state, *asks)
    return events


def is_last_turn(engine: Game, state: HalfwishState) -> bool:
    """The last turn of the last round: no turn follows it."""
    return state.round >= int(engine.rules.rounds) and state.turn >= int(engine.rules.turns_per_round)


def _parley_compensation(engine: Game, state: HalfwishState) -> list[Event]:
    """Two accepted parleys in a row: the player with fewer points scores compensation."""
    p0, p1 = (p.points for p in state.players)
    if p0 == p1:
        return [Event("parley", "Two parleys in a row, but points are tied: no compensation point")]
    behind = 0 if p0 < p1 else 1
    return ledger.score(state, behind, engine.rules.parley_compensation_points,
                        "compensation for two parleys in a row")


def ask_keep_dv(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """After a parley: keep the DV for the next turn or reroll."""
    player = state.players[item["seat"]]
    options = (Option("reroll", "Reroll your DV next turn"), Option("keep", "Keep your DV for one more turn"))
    return Decision(item["seat"], f"{player.name}: keep your DV for the next turn or reroll?", options,
                    kind="keep-dv", secret=True)


def answer_keep_dv(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Record the keep-or-reroll choice."""
    player = state.players[item["seat"]]
    keeps = answer == "keep"
    player.keep_dv = keeps
    if not engine.explain:
        return []
    return [Event("keep-dv", f"{player.name} {'keeps their DV' if keeps else 'will reroll'}", private=True)]


# -- locations ----------------------------------------------------------------------------

def reveal_steps(state: HalfwishState, context: str, revealer: int) -> list[StepCall]:
    """Flip the current location if it is face down, then apply what the context allows."""
    flip = [step("flip")] if not state.location else []
    return flip + [step("location", context=context, revealer=revealer)]


def ask_flip(engine: Game, state: HalfwishState, item: StepCall) -> Chance:
    """Which location the face-down card is (a chance draw from the map deck)."""
    return Chance("draw", f"Flip the location of turn {state.turn}", options=tuple(state.map_deck))


def answer_flip(engine: Game, state: HalfwishState, item: StepCall, card: str) -> list[Event]:
    """Place the revealed location."""
    state.map_deck.remove(card)
    state.map_slots[state.turn - 1] = card
    if not engine.explain:
        return []
    info = engine.catalog.card(card)
    return [Event("location", f"The location is {info.name} ({info.get('category')}): {engine.catalog.text(card)}",
                  {"card": card})]


def location_effects(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Queue the location's effects that apply in this context."""
    card, context, revealer = state.location, item["context"], int(item["revealer"])
    if context == "parley":
        queue_card(engine, state, card, revealer, "parley")
        return [Event("location", f"The parley disables {engine.catalog.name(card)}'s effect")]
    elif context == "scout":
        # ruling scout-no-treasure: no duel, no winner, so a treasure's duel reward goes to nobody
        queue_card(engine, state, card, revealer, "reveal", "scout")
    elif context == "duel":
        queue_card(engine, state, card, revealer, "reveal", "showdown")
    return []


STEPS = StepTable(
    questions={"encounter": Question(ask_encounter, answer_encounter), "respond": Question(ask_respond, answer_respond), "keep-dv": Question(ask_keep_dv, answer_keep_dv), "flip": Question(ask_flip, answer_flip)},
    automatic={"parley-end": parley_end, "location": location_effects},
)
