"""Half the Battle: a lane skirmish where each piece is a die and its face is its health.

Model: the board, HP, items, Rage and markers are all public, so the engine keeps the whole
state. Secret decisions (handoff, no echo, hidden in the session log until the game ends): each
player's selection, kept out of the tally and the events until both have chosen, then announced
together (ruling secret-selection); in the variants, the sides of a mixed party and the
placements, each revealed together once both players chose every one.
Rolls (the monsters' starting HP) and the item deal are chance answers, typed or rolled.
"""

from __future__ import annotations

from .bots import BOTS, search_order
from .engine import ENGINE, HalfTheBattleEngine
from .hooks import invariants, rulebook_context, sim_labels, sim_setup
from .search_hooks import determinize, leader, search_evaluate, search_limits
from .state import HalfTheBattleState

__all__ = ["BOTS", "ENGINE", "HalfTheBattleEngine", "HalfTheBattleState", "determinize", "invariants", "leader", "rulebook_context",
           "search_evaluate", "search_limits", "search_order", "sim_labels", "sim_setup"]
