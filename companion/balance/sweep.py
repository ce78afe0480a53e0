"""Parameter sweeps: the same tournament for each value of one or more rules parameters.

`--set rules.health=15,20` (repeatable) plays the tournament once per combination of values,
each on the game's database with those parameters replaced and validated like an edit.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from .errors import BalanceError
from .run import LOCAL, Plan, Progress, tournament
from .source import (
    Snapshot,
    check_snapshot,
    game_folder,
    parse_value,
    rule_path,
    snapshot_folder,
    with_overrides,
)
from .tournament import TournamentConfig


def parse_setting(text: str) -> tuple[str, list[Any]]:
    """`rules.health=20,30` -> (`rules.health`, [20, 30]); a BalanceError says what is expected."""
    path, sep, values = text.partition("=")
    items = [v.strip() for v in split_values(values) if v.strip()]
    if not sep or not path.strip() or not items:
        raise BalanceError(f"--set {text!r}: expected PARAMETER=VALUE[,VALUE...], e.g. rules.health=20,30")
    values_once = {repr(value): value for value in map(parse_value, items)}   # a value given twice plays once
    return path.strip(), list(values_once.values())


def check_settings(settings: list[tuple[str, list[Any]]]) -> None:
    """One `--set` per parameter: a second one (`rules.health=10` then `health=12`) would
    otherwise replace the first without a word."""
    seen: dict[str, list[Any]] = {}
    for path, values in settings:
        name = rule_path(path)
        if name in seen:
            both = ",".join(str(v) for v in dict.fromkeys([*seen[name], *values]))
            raise BalanceError(f"{name} is set twice; give its values once: --set {name}={both}")
        seen[name] = values


def split_values(text: str) -> list[str]:
    """`20,30` -> [`20`, `30`]; a comma inside brackets or braces belongs to its value
    (`[6,6],[8,8]` is two dice lists)."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(text):
        depth += (char in "[{") - (char in "]}")
        if char == "," and depth == 0:
            parts.append(text[start:at])
            start = at + 1
    return [*parts, text[start:]]


def combinations(settings: list[tuple[str, list[Any]]]) -> list[tuple[tuple[str, Any], ...]]:
    """Every combination of the swept values, as override tuples, first parameter slowest."""
    paths = [path for path, _ in settings]
    return [tuple(zip(paths, values)) for values in itertools.product(*(v for _, v in settings))]


Planned = list[tuple[tuple[tuple[str, Any], ...], Snapshot]]


def sweep(config: TournamentConfig, settings: list[tuple[str, list[Any]]], plan: Plan = LOCAL,
          progress: Progress | None = None, planned: Planned | None = None) -> dict[str, Any]:
    """A tournament per combination of values; each run's report and its headline figures.
    `planned` is what `plan_runs` returned for the same settings (checked already)."""
    if planned is None:
        planned = plan_runs(config, settings)
    runs = []
    for overrides, snapshot in planned:
        values = {path: value for path, value in overrides}
        runs.append({"values": values, "report": tournament(replace(config, snapshot=snapshot), plan, progress,
                                                             {"overrides": values})})
    return {"game": config.game, "parameters": [path for path, _ in settings], "runs": runs}


def plan_runs(config: TournamentConfig, settings: list[tuple[str, list[Any]]]) -> Planned:
    """Each combination of values with its database, every one loaded (validated like an edit of
    game.yaml: types, bounds such as a health above `health_max`) before the first game is played;
    a BalanceError names the first value refused."""
    check_settings(settings)
    base = snapshot_folder(game_folder(config.game, config.cards_dir))
    for path, swept in settings:   # every database loads before the first game is played
        for value in swept:
            check_snapshot(config.game, with_overrides(base, ((path, value),)), f"--set {path}={value}", located=False)
    planned = [(overrides, with_overrides(base, overrides)) for overrides in combinations(settings)]
    if len(settings) > 1:   # values fine one by one may clash together (a health above its maximum)
        for overrides, snapshot in planned:
            check_snapshot(config.game, snapshot, "--set " + " ".join(f"{p}={v}" for p, v in overrides),
                           located=False)
    return planned
