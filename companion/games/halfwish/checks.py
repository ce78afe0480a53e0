"""What must hold after every Halfwish step (`broken_invariants`, behind the package's `invariants`
hook that the soak and the random-play tests call)."""

from __future__ import annotations

from collections import Counter

from .context import Game
from .state import HalfwishState


def cards_owned(state: HalfwishState, seat: int) -> Counter[str]:
    """Every action card a player has somewhere: the unseen pool (draw pile and unnamed held cards), the
    named hand, the discard pile and the actions committed to a duel still being fought."""
    player = state.players[seat]
    committed = state.duel.actions[seat] if state.duel and state.duel.stage != "done" else []
    return Counter(player.pile + player.hand + player.discard + committed)


def broken_invariants(engine: Game, state: HalfwishState) -> list[str]:
    """The broken invariants (none in a correct game): decks keep their size and no card appears or
    vanishes, health, points and resources stay in bounds, the game lasts at most its turns."""
    rules, broken = engine.rules, []
    for seat, player in enumerate(state.players):
        name = player.name
        if player.deck and len(player.deck) != rules.deck_size:
            broken.append(f"{name}'s deck holds {len(player.deck)} cards, not {rules.deck_size}")
        if player.deck and state.started and cards_owned(state, seat) != Counter(player.deck):
            broken.append(f"{name}'s cards in piles, hand and duel differ from their deck")
        if not 0 <= player.health <= rules.health_max:
            broken.append(f"{name}'s health {player.health} is outside 0..{rules.health_max}")
        if min(player.points, player.mana, player.lamps) < 0:
            broken.append(f"{name} has negative points, mana or lamps")
        if not 0 <= player.hidden <= len(player.pile):
            broken.append(f"{name} holds {player.hidden} unseen cards but only {len(player.pile)} are unseen")
    if (state.round - 1) * rules.turns_per_round + state.turn > rules.rounds * rules.turns_per_round:
        broken.append(f"round {state.round}, turn {state.turn} is past the game's last turn")
    return broken
