"""Which Witch bots: the generic random bot and a heuristic duellist."""

from __future__ import annotations

import random

from ...engine.core import Decision, Engine, GameState
from ...engine.drivers import RandomBot
from .spells import DONE

# The heuristic's order of preference among the seven actions.
ACTION_ORDER = ("spell", "wand", "potion", "broom", "wand-hex", "thief", "discard", "pass")


class HeuristicBot:
    """Attacks whenever it can, with the most Spells and every Familiar, at the weakest witch.

    It puts better Wands in play, drinks Heart Potions when hurt, blocks hexes and any Spell
    attack costing more than one heart (or the last one) with a Shield Crystal, always uses the
    Infinity Cauldron, and takes a heart as reward when hurt, else the extra card of hand size.
    """

    name = "heuristic"

    def choose(self, engine: Engine, state: GameState, decision: Decision, rng: random.Random) -> str:
        """The option this bot prefers for one decision."""
        ids = decision.option_ids()
        chooser = getattr(self, f"_choose_{decision.kind.replace('-', '_')}", None)
        return chooser(engine, state, ids) if chooser else ids[0]

    def _choose_action(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        return min(ids, key=ACTION_ORDER.index)

    def _choose_target(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        by_name = {w.name: w for w in state.seats}  # type: ignore[attr-defined]
        return min(ids, key=lambda name: (by_name[name].hearts, -len(by_name[name].hand)))

    def _choose_element(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        own = state.seats[state.current].element  # type: ignore[attr-defined]
        playable = engine.playable(state, state.current)  # type: ignore[attr-defined]
        spell = engine.catalogue.spell_of  # type: ignore[attr-defined]
        return max(ids, key=lambda e: (playable[spell(e)] * (2 if e == own else 1), e == own))

    def _choose_count(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        if state.action.kind == "discard":  # type: ignore[attr-defined]
            return ids[0]
        return ids[-1]

    def _choose_familiar(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        others = [i for i in ids if i != DONE]
        return others[0] if others else DONE

    def _choose_defend(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        """Block hexes always; save the Shield Crystal against a Spell attack that costs one heart."""
        if "shield" not in ids:
            return ids[-1]
        if state.action.kind != "spell":  # type: ignore[attr-defined]
            return "shield"
        odds = engine.duel_odds(state)  # type: ignore[attr-defined]
        worth_blocking = odds.hearts_if_hit > 1 or odds.p_eliminate
        return "shield" if worth_blocking else ids[-1]

    def _choose_cauldron(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        return "cauldron"

    def _choose_reward(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        hurt = state.seats[state.current].hearts < engine.rules.hearts.max - 1  # type: ignore[attr-defined]
        return "heart" if hurt else "hand"

    def _choose_take_wand(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        return "keep"

    def _choose_steal(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        kind = engine.catalogue.kind  # type: ignore[attr-defined]
        wanted = ("shield-crystal", "infinity-cauldron", "spell", "familiar", "wand")
        return min(ids, key=lambda c: wanted.index(kind(c)) if kind(c) in wanted else len(wanted))

    def _choose_wand(self, engine: Engine, state: GameState, ids: list[str]) -> str:
        return max(ids, key=engine.catalogue.die)  # type: ignore[attr-defined]


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
