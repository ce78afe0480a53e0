"""Halfwish bots: the generic random bot and a heuristic bot that follows the text's tips."""

from __future__ import annotations

import random
from typing import Any

from ...engine.core import Decision
from ...engine.drivers import RandomBot
from . import ledger
from .duels import calculate, winner_seat
from .state import HalfwishState

# How much the heuristic bot wants each answer, by decision kind; unknown kinds are random.
HIGH_DV_SHARE = 0.5   # a DV in the upper half of the dice range counts as high


class HeuristicBot:
    """Duels with a high DV, parleys with a low one, strikes as the aggressor with a high DV, evades
    as the defender when the DV makes it, blocks with a low DV, keeps good DVs, plays powers late (in the showdown) and takes upgrades.

    The seed's tips: "Attacking every turn is not necessary. Defending smart and luring your
    opponent into bad plays is a viable strategy" and "Try to play powers as late as you can".
    """

    name = "heuristic"

    def choose(self, engine: Any, state: HalfwishState, decision: Decision, rng: random.Random) -> str:
        """The option this bot prefers for the decision."""
        chooser = getattr(self, f"_{decision.kind.replace('-', '_')}", None)
        ids = decision.option_ids()
        answer = chooser(engine, state, decision, rng) if chooser else None
        return answer if answer in ids else rng.choice(ids)

    def _dv(self, engine: Any, state: HalfwishState, seat: int) -> int:
        return ledger.dice_value(engine.rules, state.players[seat])

    def _is_high(self, engine: Any, dv: int) -> bool:
        low, high = engine.rules.dv_min, engine.rules.dv_max
        return bool(dv > low + (high - low) * HIGH_DV_SHARE)

    def _encounter(self, engine: Any, state: HalfwishState, decision: Decision, rng: random.Random) -> str | None:
        dv = self._dv(engine, state, decision.player)
        if self._is_high(engine, dv):
            return "duel"
        return "parley" if rng.random() < 0.5 else "scout"

    def _respond(self, engine: Any, state: HalfwishState, decision: Decision, rng: random.Random) -> str | None:
        return "decline" if self._is_high(engine, self._dv(engine, state, decision.player)) else "accept"

    def _keep_dv(self, engine: Any, state: HalfwishState, decision: Decision, rng: random.Random) -> str | None:
        return "keep" if self._is_high(engine, self._dv(engine, state, decision.player)) else "reroll"

    def _commit(self, engine: Any, state: HalfwishState, decision: Decision, rng: random.Random) -> str | None:
        """The aggressor strikes with a high DV; the defender evades when the DV makes it (no damage
        scores), then strikes with a high DV; a low DV blocks."""
        dv = self._dv(engine, state, decision.player)
        profiles = {o.id: engine.profiles[o.id] for o in decision.options}
        high = self._is_high(engine, dv)
        wanted = ["strike"] if high and state.current_duel.aggressor == decision.player else []
        wanted += ["evade"] + (["strike"] if high else []) + ["block"]
        for kind in dict.fromkeys(wanted):
            for option_id, profile in profiles.items():
                if profile.kind == kind and (kind != "evade" or dv >= (profile.min_dv or 0)):
                    return option_id
        return None

    def _discard(self, engine: Any, state: HalfwishState, decision: Decision, rng: random.Random) -> str | None:
        return decision.options[-1].id

    def _power(self, engine: Any, state: HalfwishState, decision: Decision, rng: random.Random) -> str | None:
        """Late powers: in the showdown, Halfwish a low DV, or a power when the duel is being lost."""
        ids = decision.option_ids()
        if state.queue[0].get("stage") != "showdown" or len(ids) == 1:
            return "pass"
        if "halfwish" in ids and self._dv(engine, state, decision.player) < engine.rules.halfwish_set_dv:
            return "halfwish"
        losing = winner_seat(calculate(engine, state)) == 1 - decision.player
        others = [i for i in ids if i not in ("pass", "halfwish", "feint")]
        return others[0] if losing and others else "pass"

    def _halfwish(self, engine: Any, state: HalfwishState, decision: Decision, rng: random.Random) -> str | None:
        return "set" if self._dv(engine, state, decision.player) < engine.rules.halfwish_set_dv else "reroll"

    def _upgrade_pick(self, engine: Any, state: HalfwishState, decision: Decision, rng: random.Random) -> str | None:
        return decision.options[0].id

    def _challenge(self, engine: Any, state: HalfwishState, decision: Decision, rng: random.Random) -> str | None:
        return "proceed"


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
