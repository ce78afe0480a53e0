"""What the rules modules need of the engine, as a Protocol: the rules read the database through
it, and importing it (not `engine.py`) keeps the package free of import circles."""

from __future__ import annotations

from typing import Any, Protocol

from .board import Board
from .state import Fighter
from .tiers import Tiers


class Game(Protocol):
    """The skirmish engine as its rules see it (`engine.SkirmishEngine` implements it)."""

    rules: Any
    tiers: Tiers
    board: Board
    characters: dict[str, dict[str, Any]]
    skills: dict[str, dict[str, Any]]
    effect_kinds: dict[str, str]

    def faction_teams(self) -> dict[str, list[str]]: ...
    def pool(self, cid: str) -> list[str]: ...
    def card_name(self, cid: str) -> str: ...
    def character_name(self, cid: str) -> str: ...
    def character_label(self, cid: str) -> str: ...
    def tile_label(self, tile: str) -> str: ...
    def speed(self, fighter: Fighter) -> int: ...
    def reach(self, fighter: Fighter) -> int: ...
