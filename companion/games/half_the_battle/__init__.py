"""Half the Battle: a lane skirmish where each piece is a die and its face is its health.

Model: the board, HP, items, Rage and markers are all public, so the engine keeps the whole
state. Only the selection phase is secret: each player's chosen piece is kept out of the tally
and the events until both have chosen (at the table the players announce them together).
Rolls (the monsters' starting HP) and the item deal are chance answers, typed or rolled.
"""

from __future__ import annotations

from .bots import BOTS
from .engine import ENGINE, HalfTheBattleEngine
from .hooks import invariants, rulebook_context, sim_labels, sim_setup
from .search_hooks import determinize, leader, search_evaluate
from .state import HalfTheBattleState

__all__ = ["BOTS", "ENGINE", "HalfTheBattleEngine", "HalfTheBattleState", "determinize", "invariants", "leader", "rulebook_context",
           "search_evaluate", "sim_labels", "sim_setup"]
