"""Soak: play many seeded random games of every engine, checking invariants after every step.

The checks are `companion.soak`'s (the test suite runs a hundred games per game of the same):
the game module's optional `invariants(engine, state)` hook after every step, a JSON round trip
of the state every `--round-trip-every` steps, the game ending within a step bound, and
replaying the answers rebuilding the final state exactly. Prints, per game, the games, steps and
violations (the first few in full); exits 1 when any invariant broke.

Usage: .venv/bin/python bench/soak.py [--games 100000] [--jobs 2] [--game heartstrings ...]
                                      [--round-trip-every 1]
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine.core import Engine
from companion.engine.registry import engine_ids, make_engine
from companion.soak import SoakResult, soak
from companion.workers import follow_parent, stop_workers

CHUNK = 500
SHOWN = 10

_ENGINES: dict[str, Engine] = {}


def _init(parent: int) -> None:
    follow_parent(parent)  # a worker never outlives the bench


def _soak_chunk(game: str, start: int, count: int, every: int) -> SoakResult:
    if game not in _ENGINES:
        _ENGINES[game] = make_engine(game)
    return soak(_ENGINES[game], count, first_seed=start, round_trip_every=every)


def soak_game_in_chunks(pool: ProcessPoolExecutor, game: str, games: int, every: int) -> SoakResult:
    """Every game's chunks in parallel; one result."""
    futures = [pool.submit(_soak_chunk, game, start, min(CHUNK, games - start), every)
               for start in range(0, games, CHUNK)]
    total = SoakResult()
    for future in futures:
        total.add(future.result())
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games per game (default 100,000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--round-trip-every", type=int, default=1, help="JSON round trip every N steps")
    args = parser.parse_args()
    broken = 0
    pool = ProcessPoolExecutor(max_workers=args.jobs, initializer=_init, initargs=(os.getpid(),))
    try:
        for game in args.game or engine_ids():
            result = soak_game_in_chunks(pool, game, args.games, args.round_trip_every)
            print(f"{game:<14} games {result.games:>8,}   steps {result.steps:>12,}   "
                  f"violations {len(result.violations):>4}", flush=True)
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
