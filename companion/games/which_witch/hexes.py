"""The two hexes once unblocked: a Thief Hex steals a card, a Wand Hex steals a Wand in play.

Thief Hex: 'used to view one opponent's full hand and a steal a card of your choice for your own
hand.' Wand Hex: 'used to steal the Wand Card of another player that they already have "in play"
and either move it to the Discard Pile or immediately put it "in play" for yourself.'
"""

from __future__ import annotations

from cards.wording import article

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable
from .context import WitchEngine
from .holding import pass_card
from .rotation import finish
from .state import HIDDEN, WitchState, action_of, target_of


def ask_steal(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """The thief looks at the target's hand and takes one card."""
    target = state.seats[target_of(action_of(state))]
    options = tuple(Option(c, engine.catalogue.name(c)) for c in sorted(set(target.held.cards)))
    return Decision(state.current, f"{state.seats[state.current].name} looks at {target.name}'s hand: "
                                   f"take which card?", options, kind="steal")


def answer_steal(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """The card changes hands; the action ends. At the table (`HIDDEN`) the thief looks at the whole
    hand, as the hex says, and takes the card of their choice; the companion only counts it."""
    thief, target = state.seats[state.current], state.seats[target_of(action_of(state))]
    pass_card(target.held, thief.held, answer)
    said = (f"{thief.name} looks at {target.name}'s whole hand and takes one card of their choice (kept secret)."
            if answer == HIDDEN else
            f"{thief.name} takes {article(engine.card_name(answer))} from {target.name}.")
    return [Event("steal", said)] + finish(engine, state)


def steal_face_down(engine: WitchEngine, state: WitchState, item: StepCall) -> list[Event]:
    """At the table the stolen card stays secret: a face-down card changes hands."""
    return answer_steal(engine, state, item, HIDDEN)


def ask_take_wand(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """Keep the stolen Wand in play or discard it."""
    target = state.seats[target_of(action_of(state))]
    die = engine.die_of(target)
    options = (Option("keep", f"Put the d{die} Wand in play for yourself"), Option("discard", "Discard it"))
    return Decision(state.current, f"{state.seats[state.current].name} takes {target.name}'s d{die} Wand: "
                                   "put it in play or discard it?",
                    options, kind="take-wand")


def answer_take_wand(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """The Wand leaves its owner: into play for the attacker (their old one discarded) or discarded."""
    attacker, target = state.seats[state.current], state.seats[target_of(action_of(state))]
    wand, target.wand = target.wand, None
    assert wand is not None, "a Wand Hex targets a Wand in play"
    if answer == "discard":
        state.discard.append(wand)
        return [Event("wand-hex", f"{attacker.name} discards {target.name}'s {engine.card_name(wand)}.")] \
            + finish(engine, state)
    # the Wand it replaces leaves the table too (play audit: nothing said so)
    replaced = f"; {attacker.name}'s {engine.card_name(attacker.wand)} goes to the Discard Pile" if attacker.wand else ""
    if attacker.wand:
        state.discard.append(attacker.wand)
    attacker.wand = wand
    return [Event("wand-hex", f"{attacker.name} takes {target.name}'s {engine.card_name(wand)} and rolls "
                              f"d{engine.catalogue.die(wand)} now{replaced}.")] + finish(engine, state)


STEPS = StepTable(questions={"steal": Question(ask_steal, answer_steal),
                             "take-wand": Question(ask_take_wand, answer_take_wand)},
                  automatic={"steal-face-down": steal_face_down})
