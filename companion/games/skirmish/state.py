"""The state of a skirmish match: the fighters on the map, each side's deck and hand, the turn."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.hands import Hand
from ...engine.steps import StepState


@dataclass
class Fighter:
    """A drafted character: where it stands, its tiers (indexes into rules.tiers), damage and effects."""

    id: str
    owner: int
    cls: str
    tile: str | None = None
    power: int = 0
    armor: int = 0
    damage: int = 0
    leader: bool = False
    fainted: bool = False
    walked: bool = False
    attacked: bool = False
    effects: dict[str, int] = field(default_factory=dict)
    name: str = ""

    @property
    def label(self) -> str:
        """The character's name for people (its id when unnamed)."""
        return self.name or self.id

    @property
    def is_active(self) -> bool:
        """On the map and not fainted."""
        return not self.fainted and self.tile is not None


@dataclass
class Side:
    """One player's team, hand, unseen cards (draw pile plus cards held but not named) and points."""

    faction: str | None = None
    team: list[str] = field(default_factory=list)
    hand: Hand = field(default_factory=Hand)
    unseen: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    max_ap: int = 0
    ap: int = 0

    @property
    def deck_size(self) -> int:
        """Cards left to draw."""
        return len(self.unseen) - self.hand.hidden


@dataclass
class SkirmishState(StepState):
    """A whole match. `turn` counts rounds (the starter's turn and the next share a number)."""

    players: list[str]
    hidden: bool = True
    starter: int | None = None
    sides: list[Side] = field(default_factory=list)
    fighters: list[Fighter] = field(default_factory=list)
    active: int = 0
    turn: int = 0
    turns_taken: int = 0
    forfeited: int | None = None
    decked_out: int | None = None

    def fighter(self, fid: str) -> Fighter:
        """The fielded character with this id."""
        for f in self.fighters:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def team_of(self, seat: int) -> list[Fighter]:
        """A player's fielded characters, in placement order."""
        return [f for f in self.fighters if f.owner == seat]

    def opponent(self, seat: int) -> int:
        """The other seat."""
        return 1 - seat
