"""The step table of Half the Battle, merged from its rules modules in one explicit place."""

from __future__ import annotations

from ...engine.steps import StepTable
from . import actions, hits, items, phase, purchases, rounds, setup

TABLE = StepTable.merge(setup.STEPS, rounds.STEPS, phase.STEPS, actions.STEPS, hits.STEPS, items.STEPS,
                        purchases.STEPS)
