"""Halfwish speed: the duel resolver and the exact odds against minimal hand-written baselines.

Prints ratios measured in the same run, never a bare time (see DESIGN.md, Performance):
  - resolver/minimal: how many times slower one duel is through `duel.resolve_duel` (profiles,
    First Strike, blocks, evades, Exposed/Toughness, scoring, on-hit effects and the
    step-by-step explanation) than through `minimal_strike_duel` below, which knows only
    strike against strike and explains nothing;
  - odds/minimal duel: one exact `duel_odds` (every pair of 2d6 DVs, with reveal effects)
    measured in minimal duels; and odds/minimal odds: against the same 11 x 11 weighted
    enumeration done with the minimal function.
  - games: engine/minimal loop: how many times slower one whole simulated game is through the
    engine (every rule, card and power, random bots, JSON-ready state, explanations) than
    through `MinimalHalfwish` (bench/halfwish_minimal.py: the rules every game plays, random
    players; its docstring lists what it leaves out) and than through `minimal_game` below
    (rolls, draws, strike/block/evade and scoring only, the earlier baseline).

Usage: .venv/bin/python bench/halfwish.py [--duels N] [--games G] [--repeat R]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from halfwish_minimal import MinimalHalfwish

from cards import load_game
from companion.games.halfwish.duel import resolve_duel
from companion.games.halfwish.odds import duel_odds, dv_distribution
from companion.games.halfwish.profiles import DuelRules, profiles_from_db
from companion.games.halfwish.sides import Side


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
    """The fastest of `repeat` runs in CPU time of this process (other work on the machine does not count)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
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


# --- whole games -------------------------------------------------------------------------

def minimal_game(rules: dict, deck: list[str], rng: random.Random) -> int | None:
    """A hand-written Halfwish loop: DV rolls, the draw schedule, the turn player always duels
    with the first cards in hand, strike/block/evade with Heavy Strike's +2 and Long Strike's -2,
    aggressor/defender scoring, knockout at 0 health. Returns the winner's seat (None: a draw)."""
    health, points = [rules["health"]] * 2, [0, 0]
    sides, schedule = [rules["dv_dice"]] * 2, rules["draw_schedule"]
    for round_index in range(rules["rounds"]):
        piles = [rng.sample(deck, len(deck)) for _ in range(2)]
        hands: list[list[str]] = [[], []]
        for turn in range(rules["turns_per_round"]):
            dvs = [sum(rng.randint(1, s) for s in sides[seat]) for seat in (0, 1)]
            for seat in (0, 1):
                hands[seat] += [piles[seat].pop() for _ in range(min(schedule[turn], len(piles[seat])))]
                del hands[seat][rules["hand_limit"]:]
            aggressor = (round_index + turn) % 2
            count = rules["actions_per_duel"][turn]
            played = [[hands[seat].pop(0) for _ in range(min(count, len(hands[seat])))] for seat in (0, 1)]
            hits = [0, 0]
            for a, b in zip(*played):
                damage = _minimal_clash(rules, a, b, dvs)
                for seat in (0, 1):
                    if damage[seat]:
                        health[seat] -= damage[seat]
                        hits[seat] += 1
            defender = 1 - aggressor
            points[aggressor] += hits[defender]
            points[defender] += int(not hits[defender]) + int(bool(hits[aggressor]))
            if min(health) <= 0:
                return None if max(health) <= 0 else health.index(max(health))
    return None if points[0] == points[1] else points.index(max(points))


def _minimal_clash(rules: dict, a: str, b: str, dvs: list[int]) -> tuple[int, int]:
    """Damage to A and to B from one clash of basic actions."""
    acts = rules["actions"]
    kinds = (acts[a]["kind"], acts[b]["kind"])
    values = (dvs[0] + acts[a].get("dv", 0), dvs[1] + acts[b].get("dv", 0))
    if kinds == ("strike", "strike"):
        return (max(0, values[1] - values[0]), max(0, values[0] - values[1]))
    if "strike" not in kinds:
        return (0, 0)
    striker = 0 if kinds[0] == "strike" else 1
    other, card = 1 - striker, (b if striker == 0 else a)
    strike = values[striker]
    if kinds[other] == "block":
        blocked = 0 if acts[(a, b)[striker]].get("ignores_block") else values[other]
        taken = max(0, strike - blocked)
    else:
        taken = 0 if dvs[other] >= acts[card]["min_dv"] else strike
    return (taken, 0) if other == 0 else (0, taken)


def bench_games(args: argparse.Namespace) -> None:
    """Whole simulated games through the engine (random bots) against the minimal loops."""
    from companion.engine.drivers import RandomBot, play_out
    from companion.engine.registry import make_engine
    from companion.games.halfwish import sim_setup

    engine = make_engine("halfwish")
    rules = dict(engine.rules)
    mirror = engine.catalog.class_deck("mirror")
    common = MinimalHalfwish(engine.catalog.db)
    seeds = [f"bench:{index}" for index in range(args.games)]
    _check_same_setup(engine, common, seeds)

    def ours() -> None:
        for seed in seeds:
            rng = random.Random(seed)
            state = engine.new_game(["A", "B"], sim_setup(engine, 2, rng))
            play_out(engine, state, [RandomBot()], rng)

    def common_rules() -> None:
        for seed in seeds:
            common.play(random.Random(seed))

    def duel_only() -> None:
        for seed in seeds:
            minimal_game(rules, mirror, random.Random(seed))

    times: dict[str, list[float]] = {"engine": [], "common": [], "duel-only": []}
    for _ in range(args.repeat):   # interleaved, so load on the machine falls on all three alike
        for name, run in (("engine", ours), ("common", common_rules), ("duel-only", duel_only)):
            times[name].append(best_time(run, 1))
    engine_time = statistics.median(times["engine"])
    for name, label in (("common", "minimal loop of the common rules (bench/halfwish_minimal.py)"),
                        ("duel-only", "duel-only loop (minimal_game)")):
        ratios = sorted(e / b for e, b in zip(times["engine"], times[name]))
        print(f"games: engine/{label} = {engine_time / statistics.median(times[name]):.1f}x "
              f"(median of {args.repeat}; per run {', '.join(f'{r:.1f}' for r in ratios)}x)")
    print(f"  per game, CPU medians: engine {engine_time / args.games * 1000:.2f} ms, common-rules loop "
          f"{statistics.median(times['common']) / args.games * 1000:.3f} ms, duel-only loop "
          f"{statistics.median(times['duel-only']) / args.games * 1000:.3f} ms ({args.games} games, random bots)")


def _check_same_setup(engine: Any, common: MinimalHalfwish, seeds: list[str]) -> None:
    """From the same seed both sides set up the same game: classes, secret powers, first player."""
    from companion.games.halfwish import sim_setup

    for seed in seeds:
        options = sim_setup(engine, 2, random.Random(seed))
        if common.setup(random.Random(seed)) != (options["classes"], options["powers"], options["first_player"]):
            raise SystemExit(f"the minimal loop sets up another game than the engine from seed {seed!r}")


# GAME SECTIONS: whole simulated games per second against a minimal loop belong here
# (the engine's owner adds a `bench_games(args)` and appends it to SECTIONS).
SECTIONS: list[Callable[[argparse.Namespace], None]] = [bench_duels, bench_games]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", type=int, default=20_000, help="duels per timing run")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs; the best is kept")
    parser.add_argument("--games", type=int, default=40, help="whole games per timing run")
    args = parser.parse_args()
    for section in SECTIONS:
        section(args)


if __name__ == "__main__":
    main()
