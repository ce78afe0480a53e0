"""The search bot's determinisation hook: re-deal what the deciding player cannot see.

A seat sees its own hand, every face-up card and the powers the other player has spent. It
does not see the other player's drawn cards (only how many) nor their unspent powers. So a
determinised copy keeps the other player's innate cards, puts the rest of their hand back
into their draw pile, deals the same number again at random, and re-chooses their unspent
powers among the powers they could have chosen. Cards taken back from a discard pile are
re-dealt too (a simplification: they are few, and the search only needs plausible hands).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .state import HalfwishState, Player


def determinize(engine: Any, state: HalfwishState, seat: int, rng: random.Random) -> HalfwishState:
    """`state` (a copy, changed in place) as `seat` could believe it to be."""
    for other, player in enumerate(state.players):
        if other != seat:
            redeal_hand(player, rng)
            rechoose_powers(engine, player, rng)
    return state


def redeal_hand(player: Player, rng: random.Random) -> None:
    """Shuffle the drawn (non-innate) cards of the hand back into the pile and draw as many."""
    innate = Counter(player.innate)
    known, drawn = [], []
    for card in player.hand:
        if innate[card] > 0:
            innate[card] -= 1
            known.append(card)
        else:
            drawn.append(card)
    pool = drawn + player.pile
    rng.shuffle(pool)
    player.hand = known + pool[:len(drawn)]
    player.pile = pool[len(drawn):]


def rechoose_powers(engine: Any, player: Player, rng: random.Random) -> None:
    """Replace the unspent chosen powers with as many others the player could have chosen."""
    spent = [p for p in player.powers if p in player.spent_powers]
    unspent = len(player.powers) - len(spent)
    choices = [p for p in engine.catalog.power_choices() if p not in spent]
    if unspent and len(choices) >= unspent:
        player.powers = spent + rng.sample(choices, unspent)
