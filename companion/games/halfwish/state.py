"""Halfwish game state: plain dataclasses that round-trip through JSON.

Cards are named by their database ids. A player's action deck is the list of
the ten cards they own this round (upgrades replace basic actions in it); the
draw pile, hand and discard pile are multisets of those ids. Draws are chance
picks from the pile, so an unordered pile is all a shuffle needs.

Hands follow the core's one model of hidden hands (`companion/engine/hands.py`): a
player's `held` hand lists the cards named so far and counts those held unseen; at the
table such cards stay in `pile` (the unseen pool) until the gamemaster names them (a
discard or a committed action), see the package docstring.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.hands import Hand
from ...engine.steps import StepState

# Every status the engine reads; an effect's `status` must be one (game.yaml types it: a misspelt
# name would be added to the player and never read, so the effect would do nothing).
STATUSES = ("exposed", "toughness", "poisoned", "stunned", "no_heal", "no_powers", "invulnerable")
# Negative effects removed at the end of every round (seed step 7).
NEGATIVE_STATUSES = ("exposed", "poisoned", "stunned", "no_heal", "no_powers")
# Statuses that last only for the turn they were gained in.
TURN_STATUSES = ("exposed", "toughness", "invulnerable", "no_powers")


@dataclass
class Player:
    """One seat: health, score, resources, action cards and powers."""

    name: str
    cls: str = ""
    health: int = 0
    points: int = 0
    mana: int = 0
    lamps: int = 0
    deck: list[str] = field(default_factory=list)
    innate: list[str] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)   # the unseen pool: the draw pile and unnamed held cards
    held: Hand = field(default_factory=Hand)
    discard: list[str] = field(default_factory=list)
    powers: list[str] = field(default_factory=list)
    spent_powers: list[str] = field(default_factory=list)
    spent_basics: list[str] = field(default_factory=list)
    roll: int = 0
    dv_gain: int = 0
    dv_passive: int = 0
    keep_dv: bool = False          # keeps this DV instead of the next roll
    dv_kept: bool = False          # this turn's DV was kept from the last turn (cannot be kept again)
    statuses: dict[str, int] = field(default_factory=dict)
    wishes_claimed: int = 0
    strike_bonus: int = 0
    extra_upgrades: int = 0
    secret_upgrades: list[str] = field(default_factory=list)   # picked in secret: the state block only counts them

    @property
    def hand(self) -> list[str]:
        """The cards in hand named so far."""
        return self.held.cards

    @hand.setter
    def hand(self, cards: list[str]) -> None:
        self.held.cards = cards

    @property
    def hidden(self) -> int:
        """Cards held but not yet named (table mode)."""
        return self.held.hidden

    @hidden.setter
    def hidden(self, count: int) -> None:
        self.held.hidden = count

    @property
    def hand_size(self) -> int:
        """Cards in hand, seen or not."""
        return self.held.size

    def status(self, name: str) -> int:
        """Stacks of a status (0 when absent)."""
        return self.statuses.get(name, 0)

    def has_status(self, name: str) -> bool:
        """Does the player have at least one stack of the status?"""
        return self.status(name) > 0


@dataclass
class Duel:
    """The duel of the current turn."""

    aggressor: int
    stage: str = "prep"            # prep, challenge, commit, showdown, powers, done
    actions: list[list[str]] = field(default_factory=lambda: [[], []])
    transformed: dict[str, str] = field(default_factory=dict)   # "seat:slot" -> action id
    initiative: int = 0
    passes: int = 0
    hits: list[list[int]] = field(default_factory=lambda: [[], []])   # damage taken, one entry per time
    tally: list[int] = field(default_factory=lambda: [0, 0])    # net points from effects by seat
    challenge: str = ""            # the challenge power waiting for an answer
    challenger: int = -1
    conceded: int = -1
    revealed: bool = False          # the actions are face up (from the showdown's action reveal)
    flags: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict)

    @property
    def defender(self) -> int:
        """The defender's seat."""
        return 1 - self.aggressor


@dataclass
class Upgrading:
    """The upgrade phase between rounds."""

    offer: list[str] = field(default_factory=list)
    first: int = -1                # who picks first (-1: the loser has not chosen yet)
    batch: int = 0                 # 0: the regular pick; 1, 2...: fives dealt for extra upgrades


@dataclass
class HalfwishState(StepState):
    """The whole table: two players, the map, the decks and where the game is."""

    players: list[Player]
    hidden_hands: bool = True      # True at the table, False when the engine deals real cards
    first_player: int = 0
    round: int = 1
    turn: int = 1
    round_starter: int = 0
    map_deck: list[str] = field(default_factory=list)
    map_slots: list[str] = field(default_factory=list)   # "" while a location is face down
    map_discard: list[str] = field(default_factory=list)
    upgrade_deck: list[str] = field(default_factory=list)
    upgrade_discard: list[str] = field(default_factory=list)
    encounter: str = ""
    parley_streak: int = 0
    nonbasic_played: list[int] = field(default_factory=lambda: [0, 0])   # per seat, this turn
    first_blood: int = -1
    duel: Duel | None = None
    upgrading: Upgrading | None = None
    end_of_turn: list[dict[str, Any]] = field(default_factory=list)   # effects delayed to turn end
    started: bool = False          # health is dealt: from now 0 health ends the game
    finished: bool = False         # the last turn of the last round is over

    @property
    def current_duel(self) -> Duel:
        """The duel under way; asking for it when there is none is an engine bug."""
        if self.duel is None:
            raise RuntimeError("Halfwish: a duel step ran with no duel under way")
        return self.duel

    @property
    def upgrade_phase(self) -> Upgrading:
        """The upgrade phase under way; asking for it when there is none is an engine bug."""
        if self.upgrading is None:
            raise RuntimeError("Halfwish: an upgrade step ran outside the upgrade phase")
        return self.upgrading

    @property
    def turn_player(self) -> int:
        """Whose turn it is: the round starter on turns 1, 3, 5, the other on 2 and 4."""
        return self.round_starter if self.turn % 2 == 1 else 1 - self.round_starter

    @property
    def location(self) -> str:
        """The current location's card id, or "" while it is face down."""
        index = self.turn - 1
        return self.map_slots[index] if index < len(self.map_slots) else ""
