"""Skirmish (2 players, working title): draft three characters onto a tiled map, spend growing
action points to walk, attack and play skill cards; power and armor move by tiers.

Numbers, content and rulings: cards/skirmish/ (game.yaml `rules:` and `rulings:`, the
characters, the skill cards as effect fields, the effect and keyword cards).

Two ways to know the cards, one engine (companion.engine.hands):
- **At the table** (`hidden=True`, the default of `deckwright play`): draws are counted; the
  gamemaster names a card when it is played, or when a full hand discards its leftmost card.
- **Simulation** (`hidden=False`, set by `sim_setup`): every draw is a Chance naming a real card.

Modules: `state`, `tiers` (the tier table and thresholds), `board` (tiles, distance, walks),
`effects`, `damage`, `setup` (teams, starter, draft, decks, hands, talents), `cards` (draws,
discards, mulligan), `turns`, `actions` (walk, attack, counter), `skills` (skill cards and
keywords), `steps` (the merged table), `game` (the Protocol the rules see the engine through),
`engine`, `view` (the tally), `checks` (invariants), `calculators`, `bots`, `search_hooks` (determinisation and evaluation for the search bot), `simreport` (the sim summary), `cli`.
"""

from __future__ import annotations

import random
from typing import Any

from .bots import BOTS
from .checks import broken_invariants
from .engine import SkirmishEngine
from .search_hooks import determinize, leader, search_evaluate
from .simreport import sim_summary
from .skillcheck import skill_problems as lint_problems
from .state import SkirmishState

ENGINE = SkirmishEngine


def sim_setup(engine: SkirmishEngine, players: int, rng: random.Random) -> dict[str, Any]:
    """Simulation: real cards, and a random faction team per seat."""
    factions = list(engine.faction_teams())
    return {"hidden": False, "factions": [rng.choice(factions) for _ in range(players)]}


def sim_labels(engine: SkirmishEngine, state: SkirmishState) -> dict[str, str]:
    """Each seat's faction and whether it started; the pairing; the round the match ended in."""
    labels = {f"seat{s}_faction": side.faction or "?" for s, side in enumerate(state.sides)}
    if state.starter is not None:
        labels.update({f"seat{s}_start": "first" if s == state.starter else "second" for s in range(2)})
    labels["pairing"] = " v ".join(side.faction or "?" for side in state.sides)
    labels["end_round"] = str(state.turn)
    first, last = engine.rules["intended_end_rounds"]  # the summary's `ending_line` reads these
    labels["intended_rounds"] = f"{first}-{last}"
    return labels


def rulebook_context(db: Any) -> dict[str, Any]:
    """The hits-to-faint table and a worked attack for the rulebook, computed by the engine's own
    attack step."""
    from dataclasses import asdict

    from .calculators import attack, hits_table

    engine = SkirmishEngine(db)
    taken = 70   # the example's own choice: a Vanguard one attack from fainting
    example = asdict(attack(engine, "duelist", "vanguard", engine.rules["reach"]["melee"], defender_taken=taken))
    example["defender_taken"] = taken
    return {"hits_table": hits_table(engine)["rows"], "attack_example": example}


def invariants(engine: SkirmishEngine, state: SkirmishState) -> list[str]:
    """The bounds `state` breaks (AP, hand size, damage, tiers, effects); [] when all hold."""
    return broken_invariants(engine, state)


__all__ = ["BOTS", "ENGINE", "SkirmishEngine", "SkirmishState", "determinize", "invariants", "leader", "lint_problems",
           "rulebook_context", "search_evaluate", "sim_labels", "sim_setup", "sim_summary"]
