"""Drawing action cards and the hand limit; naming cards from a hand the gamemaster cannot see.

Seed: "Card Drawing and the Action Deck".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.core import Chance, Decision, Event, Option
from .state import HalfwishState, Player
from .steps import Step, automatic, push_front, question, step

if TYPE_CHECKING:
    from .engine import HalfwishEngine


def draw_steps(state: HalfwishState, seat: int, count: int) -> list[Step]:
    """Steps that draw `count` cards for `seat` (fewer if the deck runs out)."""
    return [step("draw", seat=seat, count=count)] if count > 0 else []


@automatic("draw")
def draw(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Draw cards: counted at the table, dealt one by one in simulation."""
    player, count = state.players[item["seat"]], int(item["count"])
    unseen = len(player.pile) - player.hidden
    count = min(count, unseen)
    if count <= 0:
        return []
    if state.hidden_hands:
        player.hidden += count
        return [Event("draw", f"{player.name} draws {count} card(s): {player.hand_size} in hand")]
    push_front(state, *[step("draw-card", seat=item["seat"])] * count)
    return []


def ask_draw_card(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Chance:
    """Which card is drawn (a chance draw from the pile)."""
    player = state.players[item["seat"]]
    return Chance("draw", f"{player.name} draws an action card", item["seat"], options=tuple(player.pile))


@question("draw-card", ask_draw_card)
def answer_draw_card(engine: HalfwishEngine, state: HalfwishState, item: Step, card: str) -> list[Event]:
    """Move the drawn card to the hand."""
    player = state.players[item["seat"]]
    player.pile.remove(card)
    player.hand.append(card)
    return [Event("draw", f"{player.name} draws a card: {player.hand_size} in hand", {"seat": item["seat"]})]


def candidates(player: Player) -> list[str]:
    """Cards the player may name from their hand: seen ones, or any unseen card of the pile."""
    pool = player.hand + (player.pile if player.hidden else [])
    return list(dict.fromkeys(pool))


def take_from_hand(player: Player, card: str) -> None:
    """Remove a named card from the hand (an unseen one comes out of the pile)."""
    if card in player.hand:
        player.hand.remove(card)
    else:
        player.pile.remove(card)
        player.hidden -= 1


@automatic("hand-limit")
def hand_limit(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Ask for discards while a hand is over the limit."""
    if state.players[item["seat"]].hand_size > engine.rules.hand_limit:
        push_front(state, step("discard", seat=item["seat"]), dict(item))
    return []


def ask_discard(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """Which card the player discards face up."""
    player = state.players[item["seat"]]
    options = tuple(Option(c, engine.catalog.name(c)) for c in candidates(player))
    return Decision(item["seat"], f"{player.name} holds {player.hand_size} cards: discard one face up "
                                  f"(hand limit {engine.rules.hand_limit})", options, kind="discard")


@question("discard", ask_discard)
def answer_discard(engine: HalfwishEngine, state: HalfwishState, item: Step, card: str) -> list[Event]:
    """Discard the named card."""
    player = state.players[item["seat"]]
    take_from_hand(player, card)
    player.discard.append(card)
    return [Event("discard", f"{player.name} discards {engine.catalog.name(card)} face up")]
