"""Every Heartstrings step, merged in one place from the tables its rules modules end with.

Steps are queued as every game queues them (`step`, `push_front`, `push_back` of the core), but
for the lines marked `# hot path`: each turn's steps and each combat's rolls, queued as literals
straight into the queue. Through the helpers the engine ran 2.05x-2.14x slower than the minimal
loop of the same rules (bench/sim.py, three runs), against 1.86x-1.90x so, and the target is 2x.
tests/companion/test_game_package_shape.py accepts a raw step only on a line marked so."""

from __future__ import annotations

from ...engine.steps import StepTable
from . import invasion, rolloff, sacrifice, turns

TABLE = StepTable.merge(rolloff.STEPS, turns.STEPS, invasion.STEPS, sacrifice.STEPS)
