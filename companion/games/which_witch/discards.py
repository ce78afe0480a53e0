"""Discarding identical Game Cards as the turn's action.

'Discard as many cards as you want from your hand so long as they are identical'.
"""

from __future__ import annotations

from cards.wording import article

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .context import WitchEngine
from .holding import copies_held, playable, take_card
from .rotation import finish
from .state import WitchState, action_of


def ask_card(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """Which card the player discards copies of."""
    counts = playable(engine, state, state.current)
    options = tuple(Option(c, engine.catalogue.name(c)) for c in engine.catalogue.cards if counts[c])
    return Decision(state.current, "Discard which identical cards?", options, kind="discard-card")


def answer_card(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """Remember the card; ask how many."""
    action_of(state).element = answer
    push_front(state, step("discard-count"))
    return []


def ask_count(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """How many identical copies to discard."""
    card = str(action_of(state).element)
    most = copies_held(engine, state, state.current, card)
    return Decision(state.current, f"How many {engine.card_name(card)} cards to discard (up to {most})?",
                    engine.count_options(most), kind="count")


def answer_count(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """The copies go on the table (then the Discard Pile); the action ends."""
    action, seat = action_of(state), state.current
    card = str(action.element)
    action.played.extend(take_card(engine, state, seat, card) for _ in range(int(answer)))
    name = engine.card_name(card)
    copies = article(name) if answer == "1" else f"{answer} {name} cards"  # as the question counts them
    return [Event("discard", f"{state.seats[seat].describe()} discards {copies}.")] + finish(engine, state)


STEPS = StepTable(questions={"discard-card": Question(ask_card, answer_card),
                             "discard-count": Question(ask_count, answer_count)})
