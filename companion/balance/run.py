"""Run a tournament to a report: a fixed number of games, or until the headline intervals are
as narrow as asked (`precision`), on whichever executor is given."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import executors
from .report import build_report
from .stats import games_for, half_width
from .tournament import Record, TournamentConfig, play_chunk, table_for

DEFAULT_CAP = 20_000


@dataclass
class Progress:
    """What a progress display is told: games done, and the games now planned (it may grow)."""

    advance: Callable[[int], None] = lambda done: None
    replan: Callable[[int], None] = lambda total: None


@dataclass(frozen=True)
class Plan:
    """How to play: workers, the Dask scheduler (address or client), and an optional precision."""

    jobs: int = 1
    scheduler: Any = None
    precision: float | None = None
    cap: int = DEFAULT_CAP


LOCAL = Plan()   # one process, a fixed number of games


def database_facts(config: TournamentConfig) -> tuple[str, dict[str, Any]]:
    """The version stamp and the rules parameters of the database the config plays (built here
    first: fails fast); the rules as JSON values, so a comparison can say which ones changed."""
    db = table_for(config).engine.db
    return str(db.version), json.loads(json.dumps(db.rules, default=str))


def play(config: TournamentConfig, plan: Plan, start: int, stop: int, progress: Progress) -> list[Record]:
    """Games `start` to `stop - 1` of the config on the plan's executor."""
    return executors.run(play_chunk, config, (start, stop), plan.jobs, plan.scheduler, progress.advance)


def tournament(config: TournamentConfig, plan: Plan = LOCAL, progress: Progress | None = None,
               extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play the config's games (then more, while `precision` asks for narrower intervals) and report."""
    shown = progress or Progress()
    version, rules = database_facts(config)
    records = play(config, plan, 0, config.games, shown)
    report = build_report(config, version, records, extra)
    while plan.precision and len(records) < plan.cap and widest(report) > plan.precision:
        target = min(plan.cap, max(len(records) + config.games, needed(report, plan.precision)))
        shown.replan(target)
        records += play(config, plan, len(records), target, shown)
        report = build_report(config, version, records, extra)
    report["rules"] = rules
    if plan.precision:
        report["precision"] = {"asked": plan.precision, "reached": round(widest(report), 4),
                               "capped": widest(report) > plan.precision, "cap": plan.cap}
        report["precision"]["said"] = precision_sentence(report, plan.precision)
    return report


def precision_sentence(report: dict[str, Any], precision: float) -> str:
    """Whether `--precision` was reached, in words: a cap that stopped the run short is said, with
    about how many games the precision asked would take."""
    reached, games = widest(report), report["games"]
    if reached <= precision:
        return f"every headline 95% interval is within +/-{precision:.1%} (as asked) after {games} games"
    return (f"stopped at the cap of {games} games (--max-games): the widest headline interval is "
            f"+/-{reached:.1%}, not the +/-{precision:.1%} asked; about {needed(report, precision)} games "
            "would reach it")


def widest(report: dict[str, Any]) -> float:
    """The widest half-interval among the headline figures (draws excluded)."""
    return max(half_width(row) for what, row in report["headlines"].items() if what != "draws")


def needed(report: dict[str, Any], precision: float) -> int:
    """Roughly how many games bring every headline interval within `precision`."""
    total = report["games"]
    return max(games_for(row["win_rate"], precision, row["games"] / total)
               for what, row in report["headlines"].items() if what != "draws" and row["games"])
