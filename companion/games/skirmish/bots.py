"""Skirmish bots: the generic random bot (it never forfeits: the forfeit option says it concedes,
`Option.concedes`), and a greedy bot that closes in and strikes."""

from __future__ import annotations

import random
from typing import Any

from ...engine.core import Decision
from ...engine.drivers import RandomBot
from .board import distance
from .state import Fighter, SkirmishState
from .turns import END


class GreedyBot:
    """Attacks first, then damaging skills, then other skills, then walks toward the enemy; keeps hands."""

    name = "greedy"

    def choose(self, engine: Any, state: SkirmishState, decision: Decision, rng: random.Random) -> str:
        """The option its rule for this kind of decision prefers (the first one otherwise)."""
        ids = [o.id for o in decision.options]
        chooser = getattr(self, f"_{decision.kind.replace('-', '_')}", None)
        return chooser(engine, state, decision, ids) if chooser else ids[0]

    def _act(self, engine: Any, state: SkirmishState, decision: Decision, ids: list[str]) -> str:
        left = state.sides[decision.player].deck_size

        def rank(option: str) -> int:
            kind, _, what = option.partition(":")
            if kind == "attack":
                return 0
            if kind == "skill":
                card = engine.skills[what]
                if card.get("draw", 0) * _most_times(engine, card) >= left:   # drawing would empty the deck
                    return 6
                return 1 if "damage" in card or "damage_tier" in card else 2
            return {"walk": 3, END: 4}.get(kind, 5)
        return min(ids, key=rank)

    def _walk(self, engine: Any, state: SkirmishState, decision: Decision, ids: list[str]) -> str:
        mover = _mover(state)
        enemies = [f.tile for f in state.fighters if f.owner != mover.owner and f.tile]
        reach = engine.reach(mover)
        return min(ids, key=lambda t: min((abs(distance(t, e) - reach) for e in enemies), default=0))

    def _attack(self, engine: Any, state: SkirmishState, decision: Decision, ids: list[str]) -> str:
        return min(ids, key=lambda fid: _remaining(engine, state.fighter(fid)))

    def _skill_target(self, engine: Any, state: SkirmishState, decision: Decision, ids: list[str]) -> str:
        targets = [state.fighter(fid) for fid in ids]
        if all(t.owner != decision.player for t in targets):
            return min(ids, key=lambda fid: _remaining(engine, state.fighter(fid)))
        return max(ids, key=lambda fid: state.fighter(fid).damage)

    def _mulligan(self, engine: Any, state: SkirmishState, decision: Decision, ids: list[str]) -> str:
        return ids[0]

    def _place(self, engine: Any, state: SkirmishState, decision: Decision, ids: list[str]) -> str:
        middle = engine.board.rows / 2 + 0.5
        return min(ids, key=lambda t: (abs(int(t[1:]) - middle), abs(ord(t[0]) - ord("A") - engine.board.columns / 2)))


def _most_times(engine: Any, card: dict[str, Any]) -> int:
    """How many times a card's effect (its draws too) may activate: a keyword may repeat it."""
    return int(engine.rules["keyword_times"].get(card.get("keyword"), 1))


def _remaining(engine: Any, fighter: Fighter) -> int:
    return int(engine.tiers.armor[fighter.armor]) - fighter.damage


def _mover(state: SkirmishState) -> Fighter:
    """The character a walk decision is about: the one whose walk was just chosen (first queued step)."""
    return state.fighter(state.queue[0]["fighter"])


BOTS = {"random": RandomBot, "greedy": GreedyBot}
