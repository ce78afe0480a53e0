"""Heartstrings game state: plain dataclasses that round-trip through JSON."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.core import GameState

# Phases, in the order a turn walks through them.
ROLL_OFF = "roll-off"          # the first-player roll-off with the Room Selector
CHOOSE_MOVE = "choose-move"    # out of tokens: which board token to move
ROLL_ROOM = "roll-room"        # roll the Room Selector
ROLL_ATTACK = "roll-attack"    # the invader rolls the Combat Die once
ROLL_DEFENCE = "roll-defence"  # the defender rolls for one token
SACRIFICE = "sacrifice"        # the Token Sacrifice decision
OVER = "over"


@dataclass
class Player:
    """One seat: a name, the beads on their Heartstring, the tokens in their supply."""

    name: str
    beads: int
    supply: int
    eliminated: bool = False


@dataclass
class Combat:
    """The invasion being fought: where, who, and the attacker's single roll."""

    room: int
    attacker: int
    defender: int
    attacker_roll: int = 0


@dataclass
class HeartstringsState(GameState):
    """Everything on the table: strings, pool, rooms and whose turn and phase it is."""

    players: list[Player]
    pool: int
    rooms: dict[int, list[int]]     # room number -> the owner seat of each token in it
    phase: str = ROLL_OFF
    current: int = 0
    turn: int = 0                   # turns started so far (1 during the first turn)
    starter: int | None = None      # the seat that won the roll-off and played turn 1
    contenders: list[int] = field(default_factory=list)   # seats still in the roll-off
    rolloff: dict[int, int] = field(default_factory=dict)  # seat -> roll in this round
    move_from: int | None = None    # the room a moved token leaves (out of tokens)
    combat: Combat | None = None
    sacrifices: int = 0             # sacrifices made this turn
    offered: list[int] = field(default_factory=list)  # rooms offered in the Token Sacrifice phase

    def live_seats(self) -> list[int]:
        """Seats still in the game, in seat order."""
        return [seat for seat, p in enumerate(self.players) if not p.eliminated]

    def owner(self, room: int) -> int | None:
        """The one player whose tokens hold the room (see ruling rooms-single-owner), or None."""
        tokens = self.rooms[room]
        return tokens[0] if tokens else None

    def rooms_of(self, seat: int) -> list[int]:
        """Rooms holding at least one of this player's tokens, ascending."""
        return [room for room, tokens in self.rooms.items() if tokens and tokens[0] == seat]

    def tokens_on_board(self, seat: int) -> int:
        """How many of this player's tokens are on the board, an invading token included."""
        invading = 1 if self.combat is not None and self.combat.attacker == seat else 0
        return invading + sum(tokens.count(seat) for tokens in self.rooms.values())

    def beads_total(self) -> int:
        """Beads on every Heartstring plus the pool (constant through a game)."""
        return self.pool + sum(p.beads for p in self.players)
