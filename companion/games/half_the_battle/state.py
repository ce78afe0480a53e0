"""The state of a game of Half the Battle: plain dataclasses that round-trip through JSON."""

from __future__ import annotations

from copy import copy
from dataclasses import dataclass, field, replace
from typing import Any

from ...engine.steps import StepState


@dataclass
class Piece:
    """One character or monster on the board. `hp` 0 with `dying` means it dies at the end of the turn."""

    id: str            # "<seat>-<card>", e.g. "0-d12"
    seat: int
    card: str
    team: str          # "a" or "b": which side of the card is up
    lane: int
    hp: int
    alive: bool = True
    dying: bool = False
    fatal: bool = False        # used a fatal action: cannot be saved
    credit: int = -1           # seat that gains this die as Rage when it dies (-1: nobody)
    set_hp: int = 0            # Martyr: HP set at the end of this turn


@dataclass
class Player:
    """One player: their items, Rage dice, ability tokens and monster's starting HP."""

    name: str
    items: list[str] = field(default_factory=list)        # face up
    spent: list[str] = field(default_factory=list)        # face down
    rage_dice: list[str] = field(default_factory=list)
    pending_dice: list[str] = field(default_factory=list)  # gained at the end of this round
    tokens: int = 0
    free_token: bool = False
    monster_roll: int = 0
    monster_hp: int = 0
    bought_round: int = 0


@dataclass
class Marker:
    """A lane indicator (`lane`) or a token on a piece (`piece`), until the end of round `until`."""

    kind: str
    owner: int
    until: int
    lane: int = 0
    piece: str = ""
    source: str = ""    # the piece that placed it (the Paladin of a Sacrifice)
    amount: int = 0


@dataclass
class Turn:
    """The action phase in progress."""

    seat: int
    piece: str
    move_left: int
    moved: bool = False
    moved_after_acting: bool = False  # ruling move-once: no action after a move that followed one
    acted: int = 0                 # actions used
    allowed: int = 1               # actions allowed (Ring of Haste adds one)
    uses: dict[str, int] = field(default_factory=dict)    # action name -> times used
    action: str = ""               # the action being resolved
    targets: list[str] = field(default_factory=list)


@dataclass
class Strike:
    """One instance of damage in flight, between its declaration and its landing (items may change it)."""

    source: str        # the piece dealing it ("" for Rage or an item)
    target: str
    amount: int
    lethal: bool
    by: str            # action | rage | mirror | item
    seat: int          # the player dealing it
    items: list[str] = field(default_factory=list)   # items used on this instance
    halve: bool = False
    mirror: bool = False


@dataclass
class HalfTheBattleState(StepState):
    players: list[Player]
    pieces: list[Piece]
    options: dict[str, str] = field(default_factory=dict)
    bag: list[str] = field(default_factory=list)
    round: int = 0
    initiative: int = 0
    selected: list[str] = field(default_factory=lambda: ["", ""])
    markers: list[Marker] = field(default_factory=list)
    turn: Turn | None = None
    strike: Strike | None = None
    turns_played: int = 0
    quiet_rounds: int = 0          # rounds in a row in which no piece took damage
    damaged: bool = False          # a piece took damage this round
    winner: int = -2               # -2: undecided; else the seat
    ending: str = ""               # elimination | tie-break | stalemate

    def piece(self, piece_id: str) -> Piece:
        """The piece with id `piece_id`."""
        for piece in self.pieces:
            if piece.id == piece_id:
                return piece
        raise KeyError(piece_id)

    def may_convert_rage(self, seat: int) -> bool:
        """Does the player hold Rage dice they may still convert this round (one purchase a round)?"""
        player = self.players[seat]
        return bool(player.rage_dice) and player.bought_round != self.round

    def alive(self, seat: int | None = None) -> list[Piece]:
        """Pieces still on the board (dying ones included), of one seat or of both."""
        return [p for p in self.pieces if p.alive and (seat is None or p.seat == seat)]

    def clone(self) -> HalfTheBattleState:
        """An independent copy, field by field: the same as the JSON round trip of
        `GameState.clone` and several times faster (the search copies a state for every playout)."""
        return replace(self, players=[_player_copy(p) for p in self.players], pieces=[copy(p) for p in self.pieces],
                       options=dict(self.options), bag=list(self.bag), selected=list(self.selected),
                       markers=[copy(m) for m in self.markers],
                       turn=None if self.turn is None else replace(self.turn, uses=dict(self.turn.uses),
                                                                   targets=list(self.turn.targets)),
                       strike=None if self.strike is None else replace(self.strike, items=list(self.strike.items)),
                       queue=[{k: _plain_copy(v) for k, v in call.items()} for call in self.queue])


def _player_copy(player: Player) -> Player:
    return replace(player, items=list(player.items), spent=list(player.spent), rage_dice=list(player.rage_dice),
                   pending_dice=list(player.pending_dice))


def _plain_copy(value: Any) -> Any:
    """A copy of a step parameter (scalars as they are; lists and mappings copied all the way down)."""
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    return value
