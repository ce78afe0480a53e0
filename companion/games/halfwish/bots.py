"""Halfwish bots: the generic random bot and a heuristic bot that follows the text's tips."""

from __future__ import annotations

import random
from typing import Any

from ...engine.core import Decision
from ...engine.drivers import RandomBot
from . import ledger
from .state import HalfwishState

# How much the heuristic bot wants each answer, by decision kind; unknown kinds are random.
HIGH_DV_SHARE = 0.5   # a DV in the upper half of the dice range counts as high


class HeuristicBot:
    """Duels with a high DV, parleys with a low one, commits strikes with a high DV and blocks or
    evades with a low one, keeps good DVs, plays powers late (in the showdown) and takes upgrades.

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
        return dv > low + (high - low) * HIGH_DV_SHARE

    def _encounter(self, engine, state, decision, rng):
        dv = self._dv(engine, state, decision.player)
        if self._is_high(engine, dv):
            return "duel"
        return "parley" if rng.random() < 0.5 else "scout"

    def _respond(self, engine, state, decision, rng):
        return "decline" if self._is_high(engine, self._dv(engine, state, decision.player)) else "accept"

    def _keep_dv(self, engine, state, decision, rng):
        return "keep" if self._is_high(engine, self._dv(engine, state, decision.player)) else "reroll"

    def _commit(self, engine, state, decision, rng):
        dv = self._dv(engine, state, decision.player)
        wanted = ("heavy-strike", "strike", "long-strike") if self._is_high(engine, dv) else ("defend", "evade")
        kinds = {o.id: engine.profiles[o.id].kind for o in decision.options}
        for option in decision.options:
            if option.id in wanted or (kinds[option.id] == "strike" and self._is_high(engine, dv)):
                return option.id
        return None

    def _discard(self, engine, state, decision, rng):
        return decision.options[-1].id

    def _power(self, engine, state, decision, rng):
        if state.queue[0].get("stage") != "showdown" or len(decision.options) == 1:
            return "pass"
        return decision.options[1].id if rng.random() < 0.5 else "pass"

    def _halfwish(self, engine, state, decision, rng):
        return "set" if self._dv(engine, state, decision.player) < engine.rules.halfwish_set_dv else "reroll"

    def _upgrade_pick(self, engine, state, decision, rng):
        return decision.options[0].id

    def _challenge(self, engine, state, decision, rng):
        return "proceed"


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
