"""Which Witch Is Best!? game state: plain dataclasses that round-trip through JSON.

At the table (`hidden=True`) nobody tells the companion what is in a hand: every
hand card is the placeholder `HIDDEN` until it is played and named; the draw pile
is placeholders too. In simulation every card is a real card id.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...engine.core import GameState

HIDDEN = "?"

# Phases: what the engine asks next.
PICK = "pick"            # each player picks a Witch Card, in rotation order
DEAL = "deal"            # shuffle the 65 Game Cards (simulation only)
ACTION = "action"        # the player whose turn it is picks one of the seven actions
STEP = "step"            # a step of the action in progress (see Action.step)
RESHUFFLE = "reshuffle"  # the Draw Pile ran out: shuffle the Discard Pile into a new one
OVER = "over"


@dataclass
class Witch:
    """One seat: the player, their witch (an element), hearts, hand and Wand in play."""

    name: str
    element: str                  # the witch's element; "" until picked
    hearts: int
    hand_size: int
    hand: list[str] = field(default_factory=list)
    wand: str | None = None
    eliminated: bool = False

    @property
    def witch_name(self) -> str:
        return f"{self.element.title()} Witch" if self.element else "no witch yet"

    def describe(self) -> str:
        return f"{self.name} ({self.witch_name})"


@dataclass
class Action:
    """The turn action in progress, filled in step by step."""

    kind: str                     # spell, thief, wand-hex, wand, discard
    step: str                     # the next thing to ask: target, element, count, ...
    target: int | None = None
    element: str | None = None    # spell element, or the card id being discarded
    count: int = 0
    played: list[str] = field(default_factory=list)          # attacker's cards on the table
    defended: list[str] = field(default_factory=list)        # defender's cards on the table
    rolls: list[list[int]] = field(default_factory=list)     # [attacker face, defender face] per roll


@dataclass
class WitchState(GameState):
    """Everything on the table: witches, piles, whose turn, and the action in progress."""

    seats: list[Witch]
    draw: list[str]
    discard: list[str]
    hidden: bool = False
    phase: str = ACTION
    current: int = 0
    turn: int = 1                  # turns started so far, extra turns included
    extra_turns: int = 0           # Zoom Broom turns still owed to the current player
    action: Action | None = None
    refill_from: int = 0           # during a refill: the next seat (in rotation) to refill
    refill_left: int = 0           # during a refill: how many seats still to refill

    def alive(self) -> list[int]:
        """Seats still in the game, in rotation order."""
        return [seat for seat, w in enumerate(self.seats) if not w.eliminated]

    def next_alive(self, seat: int) -> int:
        """The next seat in the rotation after `seat` that is still in the game."""
        for step in range(1, len(self.seats) + 1):
            candidate = (seat + step) % len(self.seats)
            if not self.seats[candidate].eliminated:
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
