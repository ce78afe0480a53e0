"""The end of every action: used cards go to the Discard Pile, every player refills, the rotation moves on.

'Cards used during the duel must be moved to the Discard Pile, excluding Wand Cards in play.'
'Players must refill their hands to the maximum by pulling cards from the top of the Draw Pile.'
'If the Draw Pile has been fully used, shuffle the Discard Pile and place it face-down to create
a new Draw Pile. Take the top card of the new Draw Pile and place it next to it face-up to
create the new Discard Pile.'
"""

from __future__ import annotations

from cards.wording import plural

from ...engine.core import Chance, Event
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .context import WitchEngine
from .holding import add_card
from .state import ACTION, HIDDEN, RESHUFFLE, WitchState

REFILL = "refill"


def finish(engine: WitchEngine, state: WitchState) -> list[Event]:
    """The action is over: its cards are discarded; unless one witch is left, everyone refills."""
    action = state.action
    if action is not None:
        state.discard.extend(action.played + action.defended)
        state.action = None
    if len(state.alive()) == 1:
        state.queue.clear()
        return []
    return refill_from(engine, state, state.current, len(state.seats))


def refill(engine: WitchEngine, state: WitchState, item: StepCall) -> list[Event]:
    """The refill goes on after a shuffle of the Discard Pile."""
    return refill_from(engine, state, item["seat"], item["left"])


def refill_from(engine: WitchEngine, state: WitchState, seat: int, left: int) -> list[Event]:
    """Refill `left` hands in rotation order from `seat`; pause for a shuffle when the Draw Pile runs out."""
    events: list[Event] = []
    seats, draw, hidden = state.seats, state.draw, state.hidden
    drawn: list[str] = []  # `Ann draws 3` since the last line said (play audit: no line said who draws)

    def said() -> list[Event]:
        lines = [Event(REFILL, f"Refill: {', '.join(drawn)}.")] if drawn and engine.explain else []
        drawn.clear()
        return lines

    while left:
        witch = seats[seat]
        held = witch.held
        count = 0
        while not witch.eliminated and len(held.cards) + held.hidden < witch.hand_size:
            if not draw and not can_reshuffle(engine, state):
                break
            if not draw:
                if count:
                    drawn.append(f"{witch.name} draws {count}")
                    count = 0
                if not hidden:
                    push_front(state, step(RESHUFFLE), step(REFILL, seat=seat, left=left))
                    return events + said()
                events += said() + reshuffle(engine, state, [HIDDEN] * len(state.discard))
                draw = state.draw
            add_card(held, draw.pop(0))
            count += 1
        if count:
            drawn.append(f"{witch.name} draws {count}")
        seat = (seat + 1) % len(seats)
        left -= 1
    return events + said() + next_turn(engine, state)


def can_reshuffle(engine: WitchEngine, state: WitchState) -> bool:
    """Is there more in the Discard Pile than the card(s) that start a new one?"""
    return len(state.discard) > engine.reshuffle_top


def ask_reshuffle(engine: WitchEngine, state: WitchState, item: StepCall) -> Chance:
    """The Discard Pile is shuffled into a new Draw Pile."""
    return Chance("shuffle", "The Draw Pile is empty: shuffle the Discard Pile into a new Draw Pile",
                  options=tuple(state.discard))


def answer_reshuffle(engine: WitchEngine, state: WitchState, item: StepCall, order: list[str]) -> list[Event]:
    """The shuffled cards become the piles."""
    return reshuffle(engine, state, order)


def reshuffle(engine: WitchEngine, state: WitchState, order: list[str]) -> list[Event]:
    """The shuffled Discard Pile becomes the Draw Pile, its top card the new Discard Pile."""
    top = engine.rules.reshuffle_top_discard
    state.discard, state.draw = list(order[:top]), list(order[top:])
    starts = ("turn its top card face up to start" if state.discard[0] == HIDDEN  # at the table: unseen by us
              else f"{engine.card_name(state.discard[0])} starts")
    return [Event("reshuffle", f"Shuffle the Discard Pile ({plural(len(order), 'card')}) into a new Draw Pile; "
                               f"{starts} the new Discard Pile ({len(state.draw)} left to draw).")]


def next_turn(engine: WitchEngine, state: WitchState) -> list[Event]:
    """The next turn: a Zoom Broom turn owed to the same player, else the next witch in the rotation."""
    push_front(state, step(ACTION))
    state.turn += 1
    if state.extra_turns:
        state.extra_turns -= 1
        if not engine.explain:
            return []
        return [Event("extra-turn", f"Zoom Broom: {state.seats[state.current].name} takes an extra turn.")]
    state.current = state.next_alive(state.current)
    return []


STEPS = StepTable(questions={RESHUFFLE: Question(ask_reshuffle, answer_reshuffle)}, automatic={REFILL: refill})
