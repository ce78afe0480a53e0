"""The skirmish step table, merged from its rules modules."""

from __future__ import annotations

from ...engine.steps import StepTable
from . import actions, cards, setup, skills, turns

TABLE = StepTable.merge(setup.STEPS, cards.STEPS, turns.STEPS, actions.STEPS, skills.STEPS)
