"""Every step of Which Witch Is Best!?, merged from the rules modules' tables in one place."""

from __future__ import annotations

from ...engine.steps import StepTable
from . import defence, discards, elimination, hexes, rotation, setup, spells, targets, turn, wands

TABLE = StepTable.merge(setup.STEPS, turn.STEPS, targets.STEPS, spells.STEPS, defence.STEPS, hexes.STEPS,
                        elimination.STEPS, wands.STEPS, discards.STEPS, rotation.STEPS)
