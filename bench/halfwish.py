"""Halfwish speed: the duel resolver and the exact odds against minimal hand-written baselines.

Prints ratios measured in the same run, never a bare time (see DESIGN.md, Performance):
  - resolver/minimal: how many times slower one duel is through `duel.resolve_duel` (profiles,
    First Strike, blocks, evades, Exposed/Toughness, scoring, on-hit effects and the
    step-by-step explanation) than through `minimal_strike_duel` below, which knows only
    strike against strike and explains nothing;
  - odds/minimal duel: one exact `duel_odds` (every pair of 2d6 DVs, with reveal effects)
    measured in minimal duels; and odds/minimal odds: against the same 11 x 11 weighted
    enumeration done with the minimal function.
  - whole games per second: a section for the game engine (see GAME SECTIONS below).

Usage: .venv/bin/python bench/halfwish.py [--duels N] [--repeat R]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import load_game
from companion.games.halfwish.duel import DuelRules, Side, profiles_from_db, resolve_duel
from companion.games.halfwish.odds import duel_odds, dv_distribution


def minimal_strike_duel(dv_a: int, dv_b: int, per_hit: int, no_damage: int, hit_back: int) -> tuple[int, int, int, int]:
    """Strike against strike, A attacking: (damage to A, damage to B, A's points, B's points)."""
    damage_a, damage_b = max(0, dv_b - dv_a), max(0, dv_a - dv_b)
    points_a = per_hit if damage_b else 0
    points_b = (0 if damage_b else no_damage) + (hit_back if damage_a else 0)
    return damage_a, damage_b, points_a, points_b


def minimal_odds(rules: dict, scoring: tuple[int, int, int]) -> Fraction:
    """A's chance to win strike against strike, enumerating the DV distribution by hand."""
    wins = total = 0
    for dv_a, w_a in dv_distribution(rules):
        for dv_b, w_b in dv_distribution(rules):
            _, _, pa, pb = minimal_strike_duel(dv_a, dv_b, *scoring)
            wins += w_a * w_b * (pa > pb)
            total += w_a * w_b
    return Fraction(wins, total)


def best_time(run: Callable[[], object], repeat: int) -> float:
    """The fastest of `repeat` runs (the least disturbed by other work on the machine)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def bench_duels(args: argparse.Namespace) -> None:
    """Resolver against the minimal strike-vs-strike function over the same DV pairs."""
    db = load_game("halfwish")
    rules, duel_rules = db.rules, DuelRules.from_rules(db.rules)
    strike = profiles_from_db(db)["strike"]
    scoring = (duel_rules.points_per_hit, duel_rules.points_no_damage, duel_rules.points_aggressor_hit)
    low, span = duel_rules.dv_min, duel_rules.dv_max - duel_rules.dv_min + 1
    pairs = [(low + i % span, low + (i * 7) % span) for i in range(args.duels)]
    sides = [(Side((strike,), a), Side((strike,), b)) for a, b in pairs]
    _check_same_answers(sides, pairs, duel_rules, scoring)
    ours = best_time(lambda: [resolve_duel(a, b, "a", duel_rules) for a, b in sides], args.repeat)
    base = best_time(lambda: [minimal_strike_duel(a, b, *scoring) for a, b in pairs], args.repeat)
    print(f"duels: resolver/minimal = {ours / base:.1f}x slower per duel "
          f"({args.duels} strike-vs-strike duels, best of {args.repeat})")
    odds_time = best_time(lambda: duel_odds(Side((strike,), 0), Side((strike,), 0), "a", rules), args.repeat)
    base_odds = best_time(lambda: minimal_odds(rules, scoring), args.repeat)
    print(f"odds: one exact duel_odds = {odds_time / (base / args.duels):.0f} minimal duels; "
          f"odds/minimal odds = {odds_time / base_odds:.1f}x")


def _check_same_answers(sides: list, pairs: list, rules: DuelRules, scoring: tuple[int, int, int]) -> None:
    """The baseline must compute what the resolver computes, or the ratio means nothing."""
    for (a, b), (dv_a, dv_b) in zip(sides, pairs):
        result = resolve_duel(a, b, "a", rules)
        mine = (result.a.damage_taken, result.b.damage_taken, result.a.points, result.b.points)
        if mine != minimal_strike_duel(dv_a, dv_b, *scoring):
            raise SystemExit(f"baseline disagrees with the resolver at DVs {dv_a} and {dv_b}")


# GAME SECTIONS: whole simulated games per second against a minimal loop belong here
# (the engine's owner adds a `bench_games(args)` and appends it to SECTIONS).
SECTIONS: list[Callable[[argparse.Namespace], None]] = [bench_duels]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", type=int, default=20_000, help="duels per timing run")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs; the best is kept")
    args = parser.parse_args()
    for section in SECTIONS:
        section(args)


if __name__ == "__main__":
    main()
