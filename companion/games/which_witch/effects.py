"""The one-card actions' effects: data (which card each needs) plus a small function each, in one dict.

'USE 1 HEART POTION CARD: These are used to gain 1 Life Heart.' ('You may never have more than
5 Life Hearts.') 'USE 1 ZOOM BROOM CARD: These are used to take two extra turns.' The card is
played face up first (it goes to the Discard Pile when the action ends); the numbers are
`heart_potion_hearts`, `hearts.max` and `zoom_broom_turns` in game.yaml.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.core import Event
from . import catalogue as cat
from .context import WitchEngine
from .state import Witch, WitchState

Effect = Callable[[WitchEngine, WitchState, Witch], Event]


def drink_potion(engine: WitchEngine, state: WitchState, witch: Witch) -> Event:
    """The witch gains Life Hearts, never above the maximum."""
    witch.hearts = min(engine.max_hearts, witch.hearts + engine.rules.heart_potion_hearts)
    return Event("potion", f"{witch.describe()} drinks a Heart Potion: {witch.hearts} Life Hearts.")


def ride_broom(engine: WitchEngine, state: WitchState, witch: Witch) -> Event:
    """The witch is owed extra turns, taken before the rotation moves on."""
    state.extra_turns += engine.rules.zoom_broom_turns
    return Event("broom", f"{witch.describe()} rides a Zoom Broom: {state.extra_turns} extra turns to come.")


# action -> (the card it plays, what the card does)
ONE_CARD_ACTIONS: dict[str, tuple[str, Effect]] = {
    "potion": (cat.POTION, drink_potion),
    "broom": (cat.BROOM, ride_broom),
}
