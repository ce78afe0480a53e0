"""A/B comparisons: the same tournament on the current database and on a reference (a git
revision of the game's card folder, or an earlier balance JSON), with a two-proportion z test
per headline figure, so "my edit fixed the Assassin" is a claim with a p-value. The figures are
read together, so their p-values are corrected together (`stats.judge`, as the report's are):
comparing a database with itself must not turn up a "significant" change one time in two."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from .errors import BadReference
from .run import LOCAL, Plan, Progress, tournament
from .source import check_snapshot, game_folder, snapshot_at_revision
from .stats import judge, two_proportions
from .tournament import TournamentConfig


def reference_report(config: TournamentConfig, reference: str, plan: Plan,
                     progress: Progress | None = None) -> dict[str, Any]:
    """The reference's report: read from a balance JSON file, or played at a git revision."""
    path = Path(reference)
    if path.suffix == ".json" or path.is_file():
        return same_players(read_report(path, config.game), config, reference)
    snapshot = snapshot_at_revision(game_folder(config.game, config.cards_dir), reference)
    check_snapshot(config.game, snapshot, f"--compare {reference}: the database at that revision does not load")
    return tournament(replace(config, snapshot=snapshot), plan, progress, {"revision": reference})


def read_report(path: Path, game: str) -> dict[str, Any]:
    """An earlier balance JSON (`deckwright balance GAME --json`), checked to be one of this game."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BadReference(f"{path}: cannot read it: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise BadReference(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
    data = data.get("report", data) if isinstance(data, dict) else data
    if not isinstance(data, dict) or "headlines" not in data:
        raise BadReference(f"{path}: not a balance report; save one with `deckwright balance {game} --json > FILE`")
    if data.get("game") != game:
        raise BadReference(f"{path}: a report of {data.get('game')!r}, not {game!r}")
    return data


def same_players(report: dict[str, Any], config: TournamentConfig, reference: str) -> dict[str, Any]:
    """An earlier report, refused when other bots, another player count or another search budget
    played it: the comparison would credit the database with what the players changed."""
    asked = {"bot": ",".join(config.bots), "players": config.players, "budget": config.budget}
    played = {"bot": ",".join(report.get("bots") or []), "players": report.get("players"),
              "budget": report.get("budget")}
    differ = [key for key in asked if played[key] != asked[key]]
    if not differ:
        return report
    then = ", ".join(f"--{key} {played[key]}" for key in differ if played[key] is not None)
    now = ", ".join(f"--{key} {asked[key]}" for key in differ if asked[key] is not None)
    raise BadReference(f"{reference}: that report was played with {then or 'the defaults'}, this "
                       f"run with {now or 'the defaults'}: give the same to compare the databases, not the players")


def compare(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Each headline figure in both reports: before, after and the test of the change."""
    changes, p_values = [], []
    for what, old in before["headlines"].items():
        new = after["headlines"].get(what)
        if new is None:
            continue
        test = two_proportions(old["wins"], old["games"], new["wins"], new["games"])
        p_values.append(test.pop("p_value"))
        changes.append({"what": what, "before": old, "after": new} | test)
    judge(changes, p_values)
    changes.sort(key=lambda c: (c["p_value"], c["what"]))
    known = "rules" in before and "rules" in after   # a JSON written before reports held the rules
    result = {"before": {"version": before.get("version"), "revision": before.get("revision"),
                         "games": before.get("games")},
              "after": {"version": after.get("version"), "games": after.get("games")},
              "rules_changed": rule_changes(before["rules"], after["rules"]) if known else None,
              "changes": changes}
    return result | {"what_changed": change_summary(result)}


def rule_changes(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """Every rules parameter whose value differs, by dotted path (`hearts.max`), in key order;
    a parameter only one side has is listed with None on the other."""
    if isinstance(before, dict) and isinstance(after, dict):
        return [change for key in sorted(set(before) | set(after), key=str)
                for change in rule_changes(before.get(key), after.get(key), f"{path}.{key}" if path else str(key))]
    return [] if before == after else [{"rule": path, "before": before, "after": after}]


def change_summary(comparison: dict[str, Any]) -> str:
    """What differs between the two databases, in one sentence: the rules parameters changed,
    or that the database is the same (every difference is then chance, unless the program that
    played it changed: a change still called significant is said to be that or a false alarm),
    or that only cards or texts changed."""
    before, after, rules = comparison["before"], comparison["after"], comparison.get("rules_changed")
    if before.get("version") and before.get("version") == after.get("version"):
        same = f"the same database (version {after['version']})"
        if any(change["significant"] for change in comparison["changes"]):
            return f"{same}: a significant change is a false alarm or the program's (bots, engine)"
        return f"{same}: every difference is chance"
    if rules is None:
        return "the reference report does not list its rules"
    if not rules:
        return "no rules parameter changed (cards or texts did)"
    return "rules changed: " + "; ".join(f"{c['rule']} {c['before']} -> {c['after']}" for c in rules)


def run_compare(config: TournamentConfig, reference: str, plan: Plan = LOCAL,
                progress: Progress | None = None) -> dict[str, Any]:
    """Play the current database, take the reference, and compare them figure by figure."""
    before = reference_report(config, reference, plan, progress)   # a bad reference fails before any game
    after = tournament(config, plan, progress)
    return {"game": config.game, "reference": reference, "report": after, "reference_report": before,
            "comparison": compare(before, after)}
