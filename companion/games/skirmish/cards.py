"""Decks and hands (the Cards and Defeat sections, rulings `mulligan-order`, `skills-belong`).

One model for both ways of knowing the cards (companion.engine.hands): in simulation
(`hidden=False`) every draw is a Chance naming a real card; at the table (`hidden=True`) draws are
counted, and a card is named only when it is played or discarded as the leftmost card of a full
hand. New cards go to the right of the hand, so the leftmost card is the oldest.
"""

from __future__ import annotations

from itertools import combinations

from ...engine.hands import candidates, draw_hidden, draw_named, take
from ...engine.requests import Chance, Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .game import Game
from .state import SkirmishState

KEEP = "keep"


def run_draw(engine: Game, state: SkirmishState, item: StepCall) -> list[Event]:
    """Draw `count` cards, one at a time; at the table, as many at once as the deck has and the
    hand takes without a discard, said in one line (session 27: a leader's "Draw two cards" said
    each card on a line of its own, and the first turn's screen took 32 lines)."""
    seat, count = item["seat"], item["count"]
    at_once = _drawn_at_once(engine, state, seat, count)
    if at_once:
        draw_hidden(state.sides[seat].hand, state.sides[seat].unseen, at_once)
        if count > at_once:
            push_front(state, step("draw", seat=seat, count=count - at_once))
        return [_drawn(state, seat, at_once)]
    if count > 0:
        push_front(state, step("draw_one", seat=seat), step("draw", seat=seat, count=count - 1))
    return []


def _drawn_at_once(engine: Game, state: SkirmishState, seat: int, count: int) -> int:
    """How many of `count` hidden draws need no discard and no deck-out check in between: 0 in
    simulation, where each draw names its card."""
    side = state.sides[seat]
    return max(0, min(count, side.deck_size, engine.rules["hand_limit"] - side.hand.size)) if state.hidden else 0


def _drawn(state: SkirmishState, seat: int, count: int) -> Event:
    """`Ben draws 2 cards (5 in hand, 25 in deck)`: the cards are not named at the table."""
    side = state.sides[seat]
    cards = "a card" if count == 1 else f"{count} cards"
    return Event("draw", f"{state.players[seat]} draws {cards} ({side.hand.size} in hand, {side.deck_size} in deck)",
                 {"seat": seat})


def run_draw_one(engine: Game, state: SkirmishState, item: StepCall) -> list[Event]:
    """One draw: an empty deck loses the match; a full hand first discards its leftmost card."""
    seat = item["seat"]
    side = state.sides[seat]
    if side.deck_size == 0:
        state.decked_out = seat
        return [Event("deck-out", f"{state.players[seat]} must draw from an empty deck and loses", {"seat": seat})]
    then = step("draw_card", seat=seat) if not state.hidden else step("draw_hidden", seat=seat)
    if side.hand.size >= engine.rules["hand_limit"]:
        discard = step("discard_hidden", seat=seat) if state.hidden and not side.hand.cards else step(
            "discard_leftmost", seat=seat)
        push_front(state, discard, then)
    else:
        push_front(state, then)
    return []


def run_draw_hidden(engine: Game, state: SkirmishState, item: StepCall) -> list[Event]:
    """Table mode: the player draws a card nobody names."""
    side = state.sides[item["seat"]]
    draw_hidden(side.hand, side.unseen, 1)
    return [_drawn(state, item["seat"], 1)]


def ask_draw_card(engine: Game, state: SkirmishState, item: StepCall) -> Chance:
    """Simulation: which card comes off the shuffled deck."""
    side = state.sides[item["seat"]]
    return Chance("draw", f"{state.players[item['seat']]} draws", item["seat"], options=tuple(side.unseen))


def answer_draw_card(engine: Game, state: SkirmishState, item: StepCall, card: str) -> list[Event]:
    """The drawn card joins the right of the hand."""
    side = state.sides[item["seat"]]
    draw_named(side.hand, side.unseen, card)
    return [Event("draw", f"{state.players[item['seat']]} draws {engine.card_name(card)}",
                  {"seat": item["seat"], "card": card})]


def run_discard_leftmost(engine: Game, state: SkirmishState, item: StepCall) -> list[Event]:
    """A full hand loses its leftmost (oldest) card."""
    side = state.sides[item["seat"]]
    card = side.hand.cards.pop(0)
    side.discard.append(card)
    return [Event("discard", f"{state.players[item['seat']]}'s hand is full: {engine.card_name(card)} is discarded",
                  {"seat": item["seat"], "card": card})]


def ask_discard_hidden(engine: Game, state: SkirmishState, item: StepCall) -> Decision:
    """Table mode: the player shows the leftmost card of the full hand."""
    side = state.sides[item["seat"]]
    options = tuple(Option(c, engine.card_name(c)) for c in candidates(side.hand, side.unseen))
    return Decision(item["seat"], "The hand is full: which card is leftmost (it is discarded)?", options,
                    kind="discard")


def answer_discard_hidden(engine: Game, state: SkirmishState, item: StepCall, card: str) -> list[Event]:
    """The named card leaves the hand for the discard pile."""
    side = state.sides[item["seat"]]
    take(side.hand, side.unseen, card)
    side.discard.append(card)
    return [Event("discard", f"{state.players[item['seat']]} discards {engine.card_name(card)} (hand full)",
                  {"seat": item["seat"], "card": card})]


def ask_mulligan(engine: Game, state: SkirmishState, item: StepCall) -> Decision:
    """Shuffle any number of cards back and draw as many: which cards (simulation) or how many (table)."""
    seat, side = item["seat"], state.sides[item["seat"]]
    prompt = "Shuffle cards from your hand back into the deck and draw as many?"
    if state.hidden:
        options = [Option(KEEP, "keep the hand")] + [
            Option(str(n), f"shuffle {n} back, draw {n}") for n in range(1, side.hand.size + 1)]
        return Decision(seat, prompt, tuple(options), kind="mulligan", default=KEEP)
    picks = [Option(KEEP, "keep the hand")]
    for n in range(1, len(side.hand.cards) + 1):
        for chosen in combinations(range(len(side.hand.cards)), n):
            names = ", ".join(engine.card_name(side.hand.cards[i]) for i in chosen)
            picks.append(Option(",".join(map(str, chosen)), f"shuffle back {names}"))
    return Decision(seat, prompt, tuple(picks), kind="mulligan", default=KEEP)


def answer_mulligan(engine: Game, state: SkirmishState, item: StepCall, answer: str) -> list[Event]:
    """Return the chosen cards to the deck, then draw that many."""
    seat, side = item["seat"], state.sides[item["seat"]]
    if answer == KEEP:
        return [Event("mulligan", f"{state.players[seat]} keeps the hand", {"seat": seat, "count": 0})]
    if state.hidden:
        count = int(answer)
        side.hand.hidden -= count      # still unseen: they go back among the deck's cards
    else:
        chosen = [int(i) for i in answer.split(",")]
        returned = [side.hand.cards[i] for i in chosen]
        side.hand.cards = [c for i, c in enumerate(side.hand.cards) if i not in chosen]
        side.unseen.extend(returned)
        count = len(returned)
    push_front(state, step("draw", seat=seat, count=count))
    return [Event("mulligan", f"{state.players[seat]} shuffles {count} back and draws {count}",
                  {"seat": seat, "count": count})]


STEPS = StepTable(
    questions={
        "draw_card": Question(ask_draw_card, answer_draw_card),
        "discard_hidden": Question(ask_discard_hidden, answer_discard_hidden),
        "mulligan": Question(ask_mulligan, answer_mulligan),
    },
    automatic={
        "draw": run_draw,
        "draw_one": run_draw_one,
        "draw_hidden": run_draw_hidden,
        "discard_leftmost": run_discard_leftmost,
    },
)
