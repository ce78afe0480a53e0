"""Which Witch Is Best!? game state: plain dataclasses that round-trip through JSON.

Hands use the engine's one hidden-hand model (`companion.engine.hands.Hand`): in simulation
every card in a hand is named (a real card id); at the table (`hidden=True`) a hand is a count
of cards nobody named, and a card is named only when it is played. The piles the companion
cannot see at the table (the Draw Pile, a face-down top discard) hold the placeholder `HIDDEN`.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field

from ...engine.hands import Hand
from ...engine.steps import StepState

HIDDEN = "?"

# Step names that tests and bots look at (`state.phase` is the step asked next).
PICK = "pick"            # each player picks a Witch Card, in rotation order
DEAL = "deal"            # shuffle the 65 Game Cards (simulation only)
ACTION = "action"        # the player whose turn it is picks one of the seven actions
RESHUFFLE = "reshuffle"  # the Draw Pile ran out: shuffle the Discard Pile into a new one
OVER = "over"


@functools.cache
def witch_name(element: str) -> str:
    """`fire` -> `Fire Witch` (kept: every event names witches)."""
    return f"{element.title()} Witch" if element else "no witch yet"


def hearts_text(count: int) -> str:
    """`1 Life Heart`, `3 Life Hearts`."""
    return f"{count} Life Heart{'s' if count != 1 else ''}"


@dataclass
class Witch:
    """One seat: the player, their witch (an element), hearts, hand and Wand in play."""

    name: str
    element: str                  # the witch's element; "" until picked
    hearts: int
    hand_size: int
    held: Hand = field(default_factory=Hand)
    wand: str | None = None
    eliminated: bool = False

    @property
    def hand(self) -> list[str]:
        """The hand as a list to read: the named cards, then `HIDDEN` for each card not named."""
        held = self.held
        return held.cards + [HIDDEN] * held.hidden if held.hidden else held.cards

    @property
    def witch_name(self) -> str:
        """`Fire Witch` (`no witch yet` before the picks)."""
        return witch_name(self.element)

    def describe(self) -> str:
        """`Ann (Fire Witch)`."""
        return f"{self.name} ({witch_name(self.element)})"


@dataclass
class Action:
    """The turn action in progress: what it is, whom it targets, the cards on the table."""

    kind: str                     # spell, thief, wand-hex, wand, discard, potion, broom
    target: int | None = None
    element: str | None = None    # spell element, or the card id being discarded
    count: int = 0
    played: list[str] = field(default_factory=list)          # attacker's cards on the table
    defended: list[str] = field(default_factory=list)        # defender's cards on the table
    rolls: list[list[int]] = field(default_factory=list)     # [attacker face, defender face] per roll


@dataclass
class WitchState(StepState):
    """Everything on the table: witches, piles, whose turn, and the action in progress."""

    seats: list[Witch]
    draw: list[str]
    discard: list[str]
    hidden: bool = False
    current: int = 0
    turn: int = 1                  # turns started so far, extra turns included
    extra_turns: int = 0           # Zoom Broom turns still owed to the current player
    action: Action | None = None

    @property
    def phase(self) -> str:
        """The step asked next (`action`, `reshuffle`, `roll`...), `over` when nothing is left."""
        return self.queue[0]["step"] if self.queue else OVER

    def alive(self) -> list[int]:
        """Seats still in the game, in rotation order."""
        return [seat for seat, w in enumerate(self.seats) if not w.eliminated]

    def next_alive(self, seat: int) -> int:
        """The next seat in the rotation after `seat` that is still in the game."""
        seats = self.seats
        for step in range(1, len(seats) + 1):
            candidate = (seat + step) % len(seats)
            if not seats[candidate].eliminated:
                return candidate
        return seat

    def in_play(self) -> list[str]:
        """Cards on the table outside the piles and hands: Wands in play and the duel's cards."""
        wands = [w.wand for w in self.seats if w.wand]
        duel = (self.action.played + self.action.defended) if self.action else []
        return wands + duel

    def census(self) -> Counter[str]:
        """Every Game Card wherever it is: piles, hands, in play (conserved through a game)."""
        where = self.draw + self.discard + self.in_play()
        for witch in self.seats:
            where = where + witch.hand
        return Counter(where)


def action_of(state: WitchState) -> Action:
    """The action in progress (a step of an action runs only while there is one)."""
    assert state.action is not None, "no action in progress"
    return state.action


def target_of(action: Action) -> int:
    """The seat the action targets (its steps run only once a target is named)."""
    assert action.target is not None, "the action has no target yet"
    return action.target
