"""What the rules modules see of the engine: its rules, its cards and the action profiles.

Rules modules take the engine as their first argument; typing it by this protocol instead of
importing `engine.py` keeps the imports one-way (the engine imports the rules, never back).
"""

from __future__ import annotations

from typing import Any, Protocol

from ...engine.requests import Outcome
from .catalog import Catalog
from .profiles import ActionProfile, DuelRules


class Game(Protocol):
    """The Halfwish engine as a rules module uses it."""

    rules: Any
    catalog: Catalog
    profiles: dict[str, ActionProfile]
    duel_rules: DuelRules
    explain: bool   # write events out (off while a simulation runs and nobody reads them)

    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...
