"""Parameter sweeps: the same tournament for each value of one or more rules parameters.

`--set rules.health=20,30` (repeatable) plays the tournament once per combination of values,
each on the game's database with those parameters replaced and validated like an edit.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from .errors import BalanceError
from .run import LOCAL, Plan, Progress, tournament
from .source import game_folder, parse_value, snapshot_folder, with_overrides
from .tournament import TournamentConfig


def parse_setting(text: str) -> tuple[str, list[Any]]:
    """`rules.health=20,30` -> (`rules.health`, [20, 30]); a BalanceError says what is expected."""
    path, sep, values = text.partition("=")
    items = [v.strip() for v in values.split(",") if v.strip()]
    if not sep or not path.strip() or not items:
        raise BalanceError(f"--set {text!r}: expected PARAMETER=VALUE[,VALUE...], e.g. rules.health=20,30")
    return path.strip(), [parse_value(v) for v in items]


def combinations(settings: list[tuple[str, list[Any]]]) -> list[tuple[tuple[str, Any], ...]]:
    """Every combination of the swept values, as override tuples, first parameter slowest."""
    paths = [path for path, _ in settings]
    return [tuple(zip(paths, values)) for values in itertools.product(*(v for _, v in settings))]


def sweep(config: TournamentConfig, settings: list[tuple[str, list[Any]]], plan: Plan = LOCAL,
          progress: Progress | None = None) -> dict[str, Any]:
    """A tournament per combination of values; each run's report and its headline figures."""
    base = snapshot_folder(game_folder(config.game, config.cards_dir))
    runs = []
    for overrides in combinations(settings):
        changed = replace(config, snapshot=with_overrides(base, overrides))
        values = {path: value for path, value in overrides}
        runs.append({"values": values, "report": tournament(changed, plan, progress, {"overrides": values})})
    return {"game": config.game, "parameters": [path for path, _ in settings], "runs": runs}
