"""Search bot strength: the generic search bots against random and against each game's best
heuristic bot, over seeded games with the seats alternated (game i: search sits in seat i mod 2).

Two search bots are measured: `search` (ISMCTS with random playouts) and, where the game has a
heuristic bot, `search+<heuristic>` (playouts by that bot). Prints, per game, bot and opponent,
the search bot's win rate with its 95% Wilson interval, whether it meets the target (>= 65%
against random, >= 55% against the heuristic), and the cost of a search game as a multiple of
a game between the opponent's own bots.

Usage: .venv/bin/python bench/search.py [--games N] [--budget B] [--jobs J] [--game ID ...] [--bot NAME ...]
                                        [--against random|heuristic ...] [--every N]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.balance.bots import best_heuristic
from companion.balance.report import by_value
from companion.balance.run import Plan, play
from companion.balance.run import Progress as _Progress
from companion.balance.tournament import Record, TournamentConfig, prepare
from companion.engine.registry import engine_ids, game_module

TARGETS = {"random": 0.65, "heuristic": 0.55}
GAMES = ("heartstrings", "halfwish", "which-witch", "half-the-battle", "skirmish")


def measure(game: str, searcher: str, opponent: str, games: int, budget: int, jobs: int,
            every: int) -> Iterator[dict[str, float | int | str]]:
    """Play `searcher` against `opponent`, seats alternated; after every `every` games, the
    searcher's record so far and the cost ratio (measured on the first batch)."""
    config = TournamentConfig(game, games, "bench", 2, (searcher, opponent), budget)
    baseline = TournamentConfig(game, games, "bench", 2, (opponent,))
    prepare(config)
    prepare(baseline)
    records: list[Record] = []
    cost = 0.0
    while len(records) < games:
        first, last = len(records), min(games, len(records) + every)
        started = time.perf_counter()
        records += play(config, Plan(jobs), first, last, _Progress())
        if not cost:
            searched = time.perf_counter() - started
            started = time.perf_counter()
            play(baseline, Plan(jobs), first, last, _Progress())
            cost = searched / max(time.perf_counter() - started, 1e-9)
        row = by_value(records, "bot")[searcher]
        yield {"wins": row["wins"], "games": row["games"], "rate": row["win_rate"], "low": row["ci95"][0],
               "high": row["ci95"][1], "cost": cost}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing (seats alternate)")
    parser.add_argument("--budget", type=int, default=32, help="playouts per decision")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--every", type=int, default=None,
                        help="print the record so far after every N games (a long run shows where it is)")
    parser.add_argument("--game", action="append", help="games to measure (default: all five)")
    parser.add_argument("--bot", action="append", help="search bots to measure (default: search and search+<heuristic>)")
    parser.add_argument("--against", action="append", choices=("random", "heuristic"),
                        help="opponents (default: both)")
    args = parser.parse_args()
    games = args.game or [g for g in GAMES if g in engine_ids()]
    print(f"search bot, budget {args.budget} playouts per decision, {args.games} games per pairing, "
          f"seats alternated")
    print(f"{'game':<15} {'bot':<17} {'against':<10} {'wins':>9} {'win rate':>9}  95% interval"
          f"      target  cost")
    for game in games:
        heuristic = best_heuristic(game_module(game))
        searchers = ["search"] + ([f"search+{heuristic}"] if heuristic != "random" else [])
        for searcher in args.bot or searchers:
            for opponent in dict.fromkeys(o if o == "random" else heuristic for o in args.against or TARGETS):
                report(game, searcher, opponent, args)


def report(game: str, searcher: str, opponent: str, args: argparse.Namespace) -> None:
    """Measure one pairing and print its line."""
    kind = "random" if opponent == "random" else "heuristic"
    for row in measure(game, searcher, opponent, args.games, args.budget, args.jobs, args.every or args.games):
        met = "met" if row["low"] >= TARGETS[kind] else ("likely" if row["rate"] >= TARGETS[kind] else "no")
        print(f"{game:<15} {searcher:<17} {opponent:<10} {row['wins']:>3}/{row['games']:<5} {row['rate']:>9.1%}  "
              f"[{row['low']:.1%}, {row['high']:.1%}]  {TARGETS[kind]:.0%} {met:<6}  {row['cost']:.0f}x", flush=True)


if __name__ == "__main__":
    main()
