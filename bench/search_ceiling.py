"""A ceiling for luck-driven games: how often a bot that sees the coming dice beats an opponent.

`PeekingBot` cheats, and exists only in this benchmark. For every decision it copies the game's
random number generator, tries each option on a copy of the state and plays the game out with the
*real* coming rolls (its own later decisions by the game's heuristic bot, the opponent's by the
opponent's bot drawing from the same generator), and takes an option that wins that future (the
heuristic's own choice when several do, or none does). No fair bot can know the rolls, so where even
this bot stays under a target, the target is out of reach of any bot: the game is decided by its dice.

Prints, per opponent, the peeking bot's win rate over seeded games with the seats alternated (game
i: the peeking bot sits in seat i mod 2) and its 95% Wilson interval, next to the heuristic bot's own
rate against the same opponent on the same games.

Usage: .venv/bin/python bench/search_ceiling.py [--game heartstrings] [--games 400] [--against random|greedy ...]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.balance.bots import best_heuristic, bot_classes
from companion.engine.core import Chance, Decision, Engine, GameState
from companion.engine.drivers import Bot, roll_chance
from companion.engine.registry import game_module, make_engine
from companion.engine.winrates import wilson
from companion.sim import call_hook, game_rng

MAX_STEPS = 100_000


class PeekingBot:
    """Plays each option out against the real coming rolls and keeps one that wins (benchmark only)."""

    name = "peek"

    def __init__(self, own: Bot, opponent: Bot):
        self.own = own
        self.opponent = opponent

    def choose(self, engine: Engine, state: GameState, decision: Decision, rng: random.Random) -> str:
        """The heuristic's choice unless it loses the coming future and another option wins it."""
        ids = decision.option_ids()
        if len(ids) == 1:
            return ids[0]
        preferred = self.own.choose(engine, state, decision, random.Random(0))
        best, best_score = preferred, -1.0
        for key in [preferred] + [i for i in ids if i != preferred]:
            score = self.future(engine, state, key, decision.player, rng)
            if score > best_score:
                best, best_score = key, score
            if best_score == 1.0:
                break
        return best

    def future(self, engine: Engine, state: GameState, key: str, seat: int, rng: random.Random) -> float:
        """1, 0.5 or 0: how the game ends for `seat` after `key`, with the generator's coming numbers."""
        world, future = state.clone(), random.Random()
        future.setstate(rng.getstate())
        engine.apply(world, key)
        winner = play(engine, world, {seat: self.own}, self.opponent, future)
        return 0.5 if winner is None else float(winner == seat)


def play(engine: Engine, state: GameState, bots: dict[int, Any], others: Any, rng: random.Random) -> int | None:
    """Play a game to its end as the tournament does (chance and bots from one generator); the winner."""
    for _ in range(MAX_STEPS):
        request = engine.request(state)
        if request is None:
            outcome = engine.outcome(state)
            return None if outcome is None else outcome.winner
        if isinstance(request, Chance):
            engine.apply(state, roll_chance(request, rng))
        else:
            engine.apply(state, bots.get(request.player, others).choose(engine, state, request, rng))
    raise RuntimeError("the game did not end")


def record(game: str, player: Any, opponent: Any, games: int) -> tuple[int, int]:
    """`player`'s wins in `games` seeded games against `opponent`, seats alternated."""
    engine = make_engine(game)
    module = game_module(game)
    wins = 0
    for i in range(games):
        rng = game_rng("ceiling", i)
        options = call_hook(module, "sim_setup", engine, 2, rng) or {}
        state = engine.new_game(["P1", "P2"], options)
        wins += play(engine, state, {i % 2: player}, opponent, rng) == i % 2
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="heartstrings")
    parser.add_argument("--games", type=int, default=400, help="games per pairing (seats alternate)")
    parser.add_argument("--against", action="append", help="opponent bots (default: random and the heuristic)")
    args = parser.parse_args()
    module = game_module(args.game)
    classes = bot_classes(module)
    heuristic = best_heuristic(module)
    print(f"{args.game}: a bot that sees the coming dice, {args.games} games per pairing, seats alternated")
    print(f"{'bot':<16} {'against':<10} {'wins':>9} {'win rate':>9}  95% interval")
    for name in args.against or dict.fromkeys(["random", heuristic]):
        for label, player in ((f"peek+{heuristic}", PeekingBot(classes[heuristic](), classes[name]())),
                              (heuristic, classes[heuristic]())):
            wins, games = record(args.game, player, classes[name](), args.games)
            low, high = wilson(wins, games)
            print(f"{label:<16} {name:<10} {wins:>3}/{games:<5} {wins / games:>9.1%}  [{low:.1%}, {high:.1%}]",
                  flush=True)


if __name__ == "__main__":
    main()
