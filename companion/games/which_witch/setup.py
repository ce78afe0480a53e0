"""Setting up: each player picks a Witch Card, then the 65 Game Cards are shuffled and dealt.

'Each player must pick 1 Witch Card from the deck to represent them in the game' and
'distribute 5 Game Cards face-down to each player ... Take the top card of the Draw Pile and
place it face-up next to it to create the Discard Pile.'
"""

from __future__ import annotations

from ...engine.core import Chance, Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .context import WitchEngine
from .holding import add_card
from .state import ACTION, DEAL, HIDDEN, PICK, WitchState


def opening_steps(state: WitchState) -> list[StepCall]:
    """Picks for the seats without a witch, then the deal (shuffled by the driver in simulation)."""
    picks = [step(PICK, seat=seat) for seat, witch in enumerate(state.seats) if not witch.element]
    return [*picks, step(DEAL if not state.hidden else "deal-face-down")]


def ask_pick(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """The seat picks one of the Witch Cards still free."""
    seat = item["seat"]
    taken = {w.element for w in state.seats}
    options = tuple(Option(e, f"{e.title()} Witch") for e in engine.rules.elements if e not in taken)
    return Decision(seat, f"{state.seats[seat].name} picks a Witch Card (and its die)", options, kind="witch")


def answer_pick(engine: WitchEngine, state: WitchState, item: StepCall, element: str) -> list[Event]:
    """The witch is the seat's; their tracker starts at the game's hearts."""
    witch = state.seats[item["seat"]]
    witch.element = element
    return [Event("witch", f"{witch.describe()} sets their tracker to {witch.hearts} Life Hearts.")]


def ask_shuffle(engine: WitchEngine, state: WitchState, item: StepCall) -> Chance:
    """The 65 Game Cards are shuffled (simulation: the driver's seeded RNG)."""
    return Chance("shuffle", f"Shuffle the {len(state.draw)} Game Cards", options=tuple(state.draw))


def answer_shuffle(engine: WitchEngine, state: WitchState, item: StepCall, order: list[str]) -> list[Event]:
    """Deal from the shuffled deck."""
    return deal(engine, state, order)


def deal_face_down(engine: WitchEngine, state: WitchState, item: StepCall) -> list[Event]:
    """At the table the deal is done by hand: nobody tells the companion the cards."""
    return deal(engine, state, [HIDDEN] * len(engine.catalogue.deck_list))


def deal(engine: WitchEngine, state: WitchState, order: list[str]) -> list[Event]:
    """Deal a hand to each player, one card at a time, then turn up the first discard."""
    draw = list(order)
    hand_size = engine.rules.hand_size
    for _ in range(hand_size):
        for witch in state.seats:
            add_card(witch.held, draw.pop(0))
    state.discard = [draw.pop(0)]
    state.draw = draw
    push_front(state, step(ACTION))
    starts = ("turn the next card face up to start the Discard Pile" if state.discard[0] == HIDDEN
              else f"{engine.card_name(state.discard[0])} starts the Discard Pile")
    return [Event("deal", f"Dealt {hand_size} cards to each of {len(state.seats)} players; {starts}.")]


STEPS = StepTable(
    questions={PICK: Question(ask_pick, answer_pick), DEAL: Question(ask_shuffle, answer_shuffle)},
    automatic={"deal-face-down": deal_face_down},
)
