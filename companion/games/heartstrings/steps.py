"""Every Heartstrings step, merged in one place from the tables its rules modules end with."""

from __future__ import annotations

from ...engine.steps import StepTable
from . import invasion, rolloff, sacrifice, turns

TABLE = StepTable.merge(rolloff.STEPS, turns.STEPS, invasion.STEPS, sacrifice.STEPS)
