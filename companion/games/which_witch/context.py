"""What the rules modules read from the engine, as a Protocol: the steps never import the engine.

`WhichWitchEngine` (engine.py) provides all of it; the rules modules and the calculators are
typed against this, so the engine can import them without an import circle.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, Protocol

from ...engine.core import Event, Option
from .catalogue import Catalogue
from .odds import Chances, Side
from .state import Action, Witch, WitchState


class WitchEngine(Protocol):
    """The rules numbers, the Game Cards and the small shared helpers the steps use."""

    db: Any
    rules: Any
    catalogue: Catalogue
    max_hearts: int
    default_die: int
    max_spells: int
    reshuffle_top: int
    element_order: tuple[str, ...]
    kept_sides: tuple[Action | None, tuple[Any, ...], tuple[Side, Side] | None]
    explain: bool   # write events out (off while a simulation runs and nobody reads them)

    def card_name(self, card_id: str) -> str: ...

    def die_of(self, witch: Witch) -> int: ...

    def count_options(self, most: int) -> tuple[Option, ...]: ...

    def duel_chances(self, state: WitchState, sides: tuple[Side, Side] | None = None) -> Chances: ...

    def roll_odds(self, attacker: Side, defender: Side) -> tuple[Fraction, Fraction, Fraction]: ...

    def hit_toll(self, attacker: Side, defender: Side, spell: str, count: int, hearts: int) -> tuple[int, bool]: ...

    def resolve(self, state: Any, answers: Iterable[Any] = ()) -> list[Event]: ...
