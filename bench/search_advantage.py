"""What could any search over a game's heuristic add? The value of deviating from it, measured.

At each decision the heuristic bot takes in seeded games against an opponent, every option is
valued by `--samples` playouts to the end of the game: the heuristic plays on for the deciding
seat, the opponent's own bot for the other, and every option is played against the same seeds
(paired playouts, as in `companion/engine/rollouts.py`). Hidden information is sampled by the
game's `determinize` hook when it has one, so nothing is peeked at. An option's *advantage* is its
win rate minus that of the heuristic's own choice.

A search that keeps the heuristic except where it knows better (`search+<bot>`) can add at most,
per game, the sum of the best option's advantage over the heuristic's decisions (the performance
difference lemma, for one deviation followed by the heuristic). Two estimates of that sum:

- *cross-validated*: the option is picked on the first half of the samples and its advantage
  measured on the second half (what a search that picks on noisy samples would really gain);
- *upper*: max(0, best mean advantage) on all samples, biased upwards by the noise it picks.

Prints, after each game, its decisions and both sums, then their means over the games with 95%
intervals; `--out FILE` also writes each decision as a JSON line.

Usage: .venv/bin/python bench/search_advantage.py [--game heartstrings] [--against random|heuristic]
                                                  [--games 40] [--samples 300] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.balance.bots import best_heuristic, bot_classes
from companion.engine.core import Chance, Decision, Engine, GameState
from companion.engine.drivers import Bot, roll_chance
from companion.engine.registry import game_module, make_engine
from companion.engine.search import SearchHooks
from companion.sim import call_hook, game_rng

MAX_STEPS = 100_000
Z95 = 1.96


def outcome_after(engine: Engine, world: GameState, option: str, bots: dict[int, Bot], seat: int,
                  seed: int) -> float:
    """1, 0.5 or 0: how a playout from `world` (left unchanged) after `option` ends for `seat`."""
    state = world.clone()
    engine.apply(state, option)
    rng = random.Random(seed)
    if engine.runs_steps:   # the fast path of a step-machine engine: the same game, no events
        engine.run(state, lambda request: bots[request.player].choose(engine, state, request, rng), rng, MAX_STEPS)
    else:
        for _ in range(MAX_STEPS):
            request = engine.request(state)
            if request is None:
                break
            answer = (roll_chance(request, rng) if isinstance(request, Chance)
                      else bots[request.player].choose(engine, state, request, rng))
            engine.apply(state, answer)
    outcome = engine.outcome(state)
    if outcome is None or outcome.winner is None:
        return 0.5
    return float(outcome.winner == seat)


def advantages(engine: Engine, state: GameState, decision: Decision, choice: str, bots: dict[int, Bot],
               samples: int, rng: random.Random, hooks: SearchHooks) -> dict[str, list[float]]:
    """Each other option's paired advantage over `choice`, one value per sample."""
    seat = decision.player
    gains: dict[str, list[float]] = {key: [] for key in decision.option_ids() if key != choice}
    for _ in range(samples):
        world = state.clone()
        if hooks.determinize is not None:
            world = hooks.determinize(engine, world, seat, rng)
        seed = rng.getrandbits(64)
        kept = outcome_after(engine, world, choice, bots, seat, seed)
        for key, found in gains.items():
            found.append(outcome_after(engine, world, key, bots, seat, seed) - kept)
    return gains


def best_gain(gains: dict[str, list[float]]) -> tuple[str, float, float, float]:
    """The best option, its mean advantage, standard error, and cross-validated advantage."""
    best = max(sorted(gains), key=lambda key: statistics.fmean(gains[key]))
    found = gains[best]
    error = statistics.stdev(found) / math.sqrt(len(found)) if len(found) > 1 else math.inf
    half = len(found) // 2
    picked = max(sorted(gains), key=lambda key: statistics.fmean(gains[key][:half] or [0.0]))
    first, second = gains[picked][:half], gains[picked][half:]
    crossed = statistics.fmean(second) if first and statistics.fmean(first) > 0 else 0.0
    return best, statistics.fmean(found), error, crossed


def measure_game(game: str, index: int, heuristic: Bot, opponent: Bot, samples: int,
                 out: Any = None) -> tuple[int, float, float]:
    """Game `index` (the heuristic in seat `index mod 2`): its decisions, cross-validated and
    upper sums of the best advantage."""
    engine, module = make_engine(game), game_module(game)
    hooks = SearchHooks.of(module)
    rng, search_rng = game_rng("advantage", index), random.Random(f"advantage-samples:{index}")
    seat = index % 2
    bots = {seat: heuristic, 1 - seat: opponent}
    state = engine.new_game(["P1", "P2"], call_hook(module, "sim_setup", engine, 2, rng) or {})
    decisions, crossed_sum, upper_sum = 0, 0.0, 0.0
    while (request := engine.request(state)) is not None:
        if isinstance(request, Chance):
            engine.apply(state, roll_chance(request, rng))
            continue
        choice = str(bots[request.player].choose(engine, state, request, rng))
        if request.player == seat and len(request.options) > 1:
            gains = advantages(engine, state, request, choice, bots, samples, search_rng, hooks)
            best, mean, error, crossed = best_gain(gains)
            decisions, crossed_sum, upper_sum = decisions + 1, crossed_sum + crossed, upper_sum + max(0.0, mean)
            if out is not None:
                out.write(json.dumps({"game": index, "choice": choice, "best": best, "advantage": mean,
                                      "error": error, "crossed": crossed}) + "\n")
        engine.apply(state, choice)
    return decisions, crossed_sum, upper_sum


def interval(values: Sequence[float]) -> str:
    """`+0.0123 [-0.0040, +0.0286]`: a mean and its 95% normal interval."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return f"{mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="heartstrings")
    parser.add_argument("--against", default="random", help="the opponent's bot: random or heuristic")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--samples", type=int, default=300, help="paired playouts per option")
    parser.add_argument("--out", help="write every decision as a JSON line to this file")
    args = parser.parse_args()
    module = game_module(args.game)
    classes, heuristic = bot_classes(module), best_heuristic(module)
    opponent = heuristic if args.against == "heuristic" else args.against
    print(f"{args.game}: {heuristic}'s decisions against {opponent}, {args.samples} paired playouts per option")
    crossed, upper = [], []
    out = open(args.out, "w") if args.out else None   # noqa: SIM115 (closed below, written per game)
    try:
        for index in range(args.games):
            decisions, c, u = measure_game(args.game, index, classes[heuristic](), classes[opponent](),
                                           args.samples, out)
            crossed.append(c)
            upper.append(u)
            print(f"game {index:>3}: {decisions:>3} decisions, best advantage summed: cross-validated {c:+.4f}, "
                  f"upper {u:+.4f}", flush=True)
    finally:
        if out is not None:
            out.close()
    print(f"per game over {len(crossed)} games: cross-validated {interval(crossed)}, upper {interval(upper)}")


if __name__ == "__main__":
    main()
