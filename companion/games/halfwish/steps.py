"""The Halfwish step table: every rules module's `STEPS`, merged in this one place.

The game is a queue of small named steps in the state (`HalfwishState.queue`), run by the
core's `Engine`: question steps wait for a Decision or Chance answer, automatic steps just
run (see `companion/engine/steps.py`). A step name defined twice is an error at import.
"""

from __future__ import annotations

from ...engine.steps import StepTable
from . import duels, effects, encounters, flow, hands, hooks, power_hooks, powers, setup, upgrades

TABLE = StepTable.merge(setup.STEPS, flow.STEPS, hands.STEPS, encounters.STEPS, duels.STEPS, powers.STEPS,
                        upgrades.STEPS, effects.STEPS, hooks.STEPS,
                        power_hooks.STEPS)
