"""Drawing action cards and the hand limit; naming cards from a hand the gamemaster cannot see.

Seed: "Card Drawing and the Action Deck".
"""

from __future__ import annotations

from cards.wording import plural

from ...engine import hands as core_hands
from ...engine.core import Chance, Decision, Event
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .asked import once
from .context import Game
from .state import HalfwishState, Player


def draw_steps(state: HalfwishState, seat: int, count: int) -> list[StepCall]:
    """Steps that draw `count` cards for `seat` (fewer if the deck runs out)."""
    return [step("draw", seat=seat, count=count)] if count > 0 else []


def draw(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Draw cards: counted at the table, dealt one by one in simulation."""
    player, count = state.players[item["seat"]], int(item["count"])
    if state.hidden_hands:
        drawn = core_hands.draw_hidden(player.held, player.pile, count)
        if drawn <= 0:
            return []
        return [Event("draw", f"{player.name} draws {plural(drawn, 'card')}: {player.hand_size} in hand")]
    count = min(count, len(player.pile) - player.hidden)
    if count > 0:
        push_front(state, *[step("draw-card", seat=item["seat"])] * count)
    return []


def ask_draw_card(engine: Game, state: HalfwishState, item: StepCall) -> Chance:
    """Which card is drawn (a chance draw from the pile)."""
    seat, name, pile = item["seat"], state.players[item["seat"]].name, tuple(state.players[item["seat"]].pile)
    return once(engine, ("draw-card", seat, name, pile),
                lambda: Chance("draw", f"{name} draws an action card", seat, options=pile))


def answer_draw_card(engine: Game, state: HalfwishState, item: StepCall, card: str) -> list[Event]:
    """Move the drawn card to the hand."""
    player = state.players[item["seat"]]
    core_hands.draw_named(player.held, player.pile, card)
    if not engine.explain:
        return []
    return [Event("draw", f"{player.name} draws a card: {player.hand_size} in hand", {"seat": item["seat"]})]


def candidates(player: Player) -> list[str]:
    """Cards the player may name from their hand: seen ones, or any unseen card of the pile."""
    return core_hands.candidates(player.held, player.pile)


def take_from_hand(player: Player, card: str) -> None:
    """Remove a named card from the hand (an unseen one comes out of the pile)."""
    core_hands.take(player.held, player.pile, card)


def hand_limit(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Ask for discards while a hand is over the limit."""
    if state.players[item["seat"]].hand_size > engine.rules.hand_limit:
        push_front(state, step("discard", seat=item["seat"]), dict(item))
    return []


def ask_discard(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """Which card the player discards face up."""
    seat, player, limit = item["seat"], state.players[item["seat"]], engine.rules.hand_limit
    cards = tuple(candidates(player))

    def build() -> Decision:
        return Decision(seat, f"{player.name} holds {player.hand_size} cards: discard one face up "
                              f"(hand limit {limit})", tuple(engine.catalog.option(c) for c in cards), kind="discard")
    return once(engine, ("discard", seat, player.name, player.hand_size, limit, cards), build)


def answer_discard(engine: Game, state: HalfwishState, item: StepCall, card: str) -> list[Event]:
    """Discard the named card."""
    player = state.players[item["seat"]]
    take_from_hand(player, card)
    player.discard.append(card)
    if not engine.explain:
        return []
    return [Event("discard", f"{player.name} discards {engine.catalog.name(card)} face up")]


STEPS = StepTable(
    questions={"draw-card": Question(ask_draw_card, answer_draw_card), "discard": Question(ask_discard, answer_discard)},
    automatic={"draw": draw, "hand-limit": hand_limit},
)
