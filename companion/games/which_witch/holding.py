"""What a player could play from their hand, and cards moving in and out of hands.

In simulation a hand holds named cards. At the table a hand is a count of cards nobody named
(`Hand.hidden`): any Game Card could be among them, up to the hand's size and the copies not
already face up on the table (Discard Pile, in play), and the gamemaster names each card as it
is played (`companion.engine.hands.take`).
"""

from __future__ import annotations

from collections import Counter

from ...engine.hands import Hand, take
from ...errors import IllegalAction
from .context import WitchEngine
from .state import HIDDEN, WitchState


def unseen(engine: WitchEngine, state: WitchState) -> Counter[str]:
    """Copies of each card not face up on the table: what a face-down card could be."""
    seen = Counter(state.discard)
    seen.update(state.in_play())
    return Counter({cid: n - seen[cid] for cid, n in engine.catalogue.copies.items() if n > seen[cid]})


def playable(engine: WitchEngine, state: WitchState, seat: int) -> Counter[str]:
    """How many of each card the player could play now."""
    held = state.seats[seat].held
    counts = Counter(held.cards)
    if held.hidden:
        for cid, spare in unseen(engine, state).items():
            counts[cid] += min(held.hidden, spare)
    return counts


def copies_held(engine: WitchEngine, state: WitchState, seat: int, card_id: str) -> int:
    """How many copies of one card the player could play now."""
    held = state.seats[seat].held
    return playable(engine, state, seat)[card_id] if held.hidden else held.cards.count(card_id)


def hand_by_kind(engine: WitchEngine, state: WitchState, seat: int) -> dict[str, list[str]]:
    """The distinct card ids the player could play now, grouped by kind."""
    held = state.seats[seat].held
    ids = playable(engine, state, seat) if held.hidden else dict.fromkeys(held.cards)
    kind_of = engine.catalogue.kinds
    grouped: dict[str, list[str]] = {}
    for cid in ids:
        same = grouped.get(kind_of[cid])
        if same is None:
            grouped[kind_of[cid]] = [cid]
        else:
            same.append(cid)
    return grouped


def holds(engine: WitchEngine, state: WitchState, seat: int, kind: str) -> list[str]:
    """Card ids of one kind that the player could play now."""
    held = state.seats[seat].held
    kinds = engine.catalogue.kinds
    if held.hidden:
        return [cid for cid in playable(engine, state, seat) if kinds[cid] == kind]
    found: list[str] = []
    for cid in held.cards:
        if kinds[cid] == kind and cid not in found:
            found.append(cid)
    return found


def has_kind(engine: WitchEngine, state: WitchState, seat: int, kind: str) -> bool:
    """Could the player play a card of this kind now?"""
    held = state.seats[seat].held
    if held.hidden:
        return bool(holds(engine, state, seat, kind))
    kinds = engine.catalogue.kinds
    for cid in held.cards:   # a plain loop: asked twice a turn
        if kinds[cid] == kind:
            return True
    return False


def take_card(engine: WitchEngine, state: WitchState, seat: int, card_id: str) -> str:
    """Remove a played card from a hand (a face-down card at the table, now named)."""
    held = state.seats[seat].held
    if card_id in held.cards or not held.hidden:
        if card_id not in held.cards:
            raise IllegalAction(f"{state.seats[seat].name} holds no {engine.card_name(card_id)}")
        held.cards.remove(card_id)
        return card_id
    take(held, list(unseen(engine, state).elements()), card_id)
    return card_id


def add_card(hand: Hand, card_id: str) -> None:
    """A card joins a hand: named in simulation, one more face-down card at the table."""
    if card_id == HIDDEN:
        hand.hidden += 1
    else:
        hand.cards.append(card_id)


def pass_card(giver: Hand, taker: Hand, card_id: str) -> None:
    """A card changes hands (a Thief Hex): a face-down one stays face down."""
    if card_id == HIDDEN:
        giver.hidden -= 1
    else:
        giver.cards.remove(card_id)
    add_card(taker, card_id)
