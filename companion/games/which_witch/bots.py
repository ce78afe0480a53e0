"""Which Witch bots: the generic random bot and a heuristic duellist."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...engine.core import Decision
from ...engine.drivers import RandomBot
from . import catalogue as cat
from .engine import WhichWitchEngine
from .holding import copies_held
from .spells import DONE
from .state import WitchState, action_of

# The heuristic's order of preference among the seven actions.
ACTION_ORDER = ("spell", "wand", "potion", "broom", "wand-hex", "thief", "discard", "pass")
STEAL_ORDER = (cat.SHIELD, cat.CAULDRON, cat.SPELL, cat.FAMILIAR, cat.WAND)

Chooser = Callable[[WhichWitchEngine, WitchState, Sequence[str]], str]


def choose_action(engine: WhichWitchEngine, state: WitchState, ids: Sequence[str]) -> str:
    """The first of the actions in the heuristic's order of preference."""
    return min(ids, key=ACTION_ORDER.index)


def choose_target(engine: WhichWitchEngine, state: WitchState, ids: Sequence[str]) -> str:
    """The weakest witch, and of those the one holding the most cards."""
    by_name = {w.name: w for w in state.seats}
    return min(ids, key=lambda name: (by_name[name].hearts, -by_name[name].held.size))


def choose_element(engine: WhichWitchEngine, state: WitchState, ids: Sequence[str]) -> str:
    """The element with the most Spells in hand, own element counting double."""
    own, seat = state.seats[state.current].element, state.current
    spell = engine.catalogue.spell_of
    return max(ids, key=lambda e: (copies_held(engine, state, seat, spell(e)) * (2 if e == own else 1), e == own))


def choose_count(engine: WhichWitchEngine, state: WitchState, ids: Sequence[str]) -> str:
    """Every Spell it may play; a single card when discarding."""
    return ids[0] if action_of(state).kind == "discard" else ids[-1]


def choose_familiar(engine: WhichWitchEngine, state: WitchState, ids: Sequence[str]) -> str:
    """Every Familiar, one at a time, then done."""
    others = [i for i in ids if i != DONE]
    return others[0] if others else DONE


def choose_defend(engine: WhichWitchEngine, state: WitchState, ids: Sequence[str]) -> str:
    """Block hexes always; save the Shield Crystal against a Spell attack that costs one heart."""
    if "shield" not in ids:
        return ids[-1]
    if action_of(state).kind != "spell":
        return "shield"
    chances = engine.duel_chances(state)
    worth_blocking = chances.hearts_if_hit > 1 or chances.p_eliminate
    return "shield" if worth_blocking else ids[-1]


def choose_reward(engine: WhichWitchEngine, state: WitchState, ids: Sequence[str]) -> str:
    """A heart when hurt, else the extra card of hand size."""
    hurt = state.seats[state.current].hearts < engine.max_hearts - 1
    return "heart" if hurt else "hand"


def choose_steal(engine: WhichWitchEngine, state: WitchState, ids: Sequence[str]) -> str:
    """The most useful card in the looked-at hand."""
    kind = engine.catalogue.kind
    return min(ids, key=lambda c: STEAL_ORDER.index(kind(c)) if kind(c) in STEAL_ORDER else len(STEAL_ORDER))


def choose_wand(engine: WhichWitchEngine, state: WitchState, ids: Sequence[str]) -> str:
    """The Wand with the biggest die."""
    return max(ids, key=engine.catalogue.die)


CHOOSERS: dict[str, Chooser] = {
    "action": choose_action, "target": choose_target, "element": choose_element, "count": choose_count,
    "familiar": choose_familiar, "defend": choose_defend, "reward": choose_reward, "steal": choose_steal,
    "wand": choose_wand,
    "cauldron": lambda engine, state, ids: "cauldron",
    "take-wand": lambda engine, state, ids: "keep",
}


class HeuristicBot:
    """Attacks whenever it can, with the most Spells and every Familiar, at the weakest witch.

    It puts better Wands in play, drinks Heart Potions when hurt, blocks hexes and any Spell
    attack costing more than one heart (or the last one) with a Shield Crystal, always uses the
    Infinity Cauldron, and takes a heart as reward when hurt, else the extra card of hand size.
    """

    name = "heuristic"

    def choose(self, engine: Any, state: Any, decision: Decision, rng: random.Random) -> str:
        """The option this bot prefers for one decision (a Which Witch engine and state)."""
        ids = decision.ids
        chooser = CHOOSERS.get(decision.kind)
        return chooser(engine, state, ids) if chooser is not None else ids[0]


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
