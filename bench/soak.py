"""Soak: play many seeded random games of every engine, checking invariants after every step.

The checks are `companion.soak`'s (the test suite runs a hundred games per game of the same):
the game module's optional `invariants(engine, state)` hook after every step, a JSON round trip
of the state every `--round-trip-every` steps, the game ending within a step bound, and
replaying the answers rebuilding the final state exactly. Prints, per game, the games, steps,
violations (the first few in full), the wall time and the CPU time of the workers; exits 1 when
any invariant broke. `--first-seed` lets a long soak be split into runs over disjoint seeds.

Usage: .venv/bin/python bench/soak.py [--games 100000] [--jobs 2] [--game heartstrings ...]
                                      [--round-trip-every 1] [--first-seed 0]
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine.core import Engine
from companion.engine.registry import engine_ids, make_engine
from companion.soak import SoakResult, soak
from companion.workers import as_completed_or_stopped, follow_parent, stop_workers

CHUNK = 500
SHOWN = 10

_ENGINES: dict[str, Engine] = {}


def _init(parent: int) -> None:
    follow_parent(parent)  # a worker never outlives the bench
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers on Ctrl-C


def _soak_chunk(game: str, start: int, count: int, every: int) -> tuple[SoakResult, float]:
    """A chunk's result and the CPU seconds it took in its worker."""
    before = time.process_time()
    if game not in _ENGINES:
        _ENGINES[game] = make_engine(game)
    return soak(_ENGINES[game], count, first_seed=start, round_trip_every=every), time.process_time() - before


def soak_game_in_chunks(pool: ProcessPoolExecutor, game: str, games: int, every: int,
                        first_seed: int = 0) -> tuple[SoakResult, float]:
    """Every game's chunks in parallel; one result, and the CPU seconds the workers spent."""
    calls = [(_soak_chunk, (game, start, min(CHUNK, first_seed + games - start), every))
             for start in range(first_seed, first_seed + games, CHUNK)]
    total, cpu = SoakResult(), 0.0
    with closing(as_completed_or_stopped(pool, calls)) as completed:
        for _, future in completed:
            result, seconds = future.result()
            total.add(result)
            cpu += seconds
    return total, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games per game (default 100,000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--round-trip-every", type=int, default=1, help="JSON round trip every N steps")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game (default 0)")
    args = parser.parse_args()
    broken = 0
    pool = ProcessPoolExecutor(max_workers=args.jobs, initializer=_init, initargs=(os.getpid(),))
    try:
        for game in args.game or engine_ids():
            wall = time.monotonic()
            result, cpu = soak_game_in_chunks(pool, game, args.games, args.round_trip_every, args.first_seed)
            print(f"{game:<14} games {result.games:>8,}   steps {result.steps:>12,}   "
                  f"violations {len(result.violations):>4}   seeds {args.first_seed}-"
                  f"{args.first_seed + args.games - 1}   wall {time.monotonic() - wall:,.0f} s   "
                  f"worker CPU {cpu:,.1f} s", flush=True)
            for violation in result.violations[:SHOWN]:
                print(f"    {violation}")
            broken += len(result.violations)
    except KeyboardInterrupt:
        stop_workers(pool)
        print("interrupted", file=sys.stderr)
        return 130
    pool.shutdown()
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
