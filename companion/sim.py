"""Simulation: many seeded games with bots, in parallel, merged into one report.

Game `i` of a run with seed `S` draws everything (setup, dice, bot choices) from
`random.Random(f"{S}:{i}")`, so a game's result does not depend on which process played
it: the report is identical whatever `jobs` is. Games are played in chunks by a
`ProcessPoolExecutor` and merged in index order.

A game module may export, besides `ENGINE`:
  - `BOTS: dict[str, type]`: bot classes with `choose(engine, state, decision, rng)`;
    `random` (`RandomBot`) is always available;
  - `sim_setup(engine, players, rng) -> dict`: options for `new_game` (e.g. random classes);
  - `sim_labels(engine, state) -> dict[str, str]`: labels of a finished game
    (e.g. `{"seat0_class": "knight"}`); labels named `seat<N>_<name>` are also added up
    per seat under `<name>` (win rate of the seat carrying each value).
"""

from __future__ import annotations

import inspect
import math
import os
import random
import re
import signal
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from . import executors
from .balance.bots import bot_classes, make_bot
from .engine.core import Engine
from .engine.drivers import Bot, play_out
from .engine.faults import engine_fault, replay_command, then_run
from .engine.options import check_options
from .engine.registry import game_module, make_engine
from .engine.winrates import wilson
from .errors import GameDidNotEnd, SetupError, SimulationError
from .workers import as_completed_or_stopped, follow_parent

HISTOGRAM_BINS = 12
MAX_GAMES = 1_000_000   # every game's record is kept to be merged in order: a typed extra zero or
                        # three would fill the memory (10^11 games took a gigabyte in 5 seconds)
SEAT_LABEL = re.compile(r"^seat(\d+)_(.+)$")


@dataclass(frozen=True)
class SimConfig:
    """What to simulate: game, number of games, seed, seats and the bot of each seat."""

    game: str
    games: int
    seed: int | str
    players: int
    bots: tuple[str, ...]
    cards_dir: str | None = None
    budget: int | None = None   # playouts per decision of a search bot (None: its default)
    options: tuple[tuple[str, Any], ...] = ()   # setup options fixed for every game (`-o teams=ab`)

    def bot_of(self, seat: int) -> str:
        """The bot playing a seat (the list of bots repeats over the seats)."""
        return self.bots[seat % len(self.bots)]


@dataclass(frozen=True)
class GameRecord:
    """The result of one simulated game."""

    index: int
    winner: int | None
    termination: str
    length: int
    in_turns: bool = True      # False when the engine does not count turns: length is in steps
    labels: dict[str, str] = field(default_factory=dict)


# -- playing ---------------------------------------------------------------------------

def game_rng(seed: int | str, index: int) -> random.Random:
    """The RNG of game `index`: depends only on the run's seed and the index."""
    return random.Random(f"{seed}:{index}")


def available_bots(module: ModuleType) -> dict[str, type]:
    """Bot classes a game offers, `random` and `search` always among them."""
    return bot_classes(module)


@dataclass
class Player:
    """Everything one process needs to play games of a config: engine, hooks, bots."""

    config: SimConfig
    engine: Engine
    module: ModuleType
    bots: list[Bot]

    @classmethod
    def build(cls, config: SimConfig) -> Player:
        """Load the engine once and instantiate one bot per seat."""
        engine, module = make_engine(config.game, config.cards_dir), game_module(config.game)
        check_config(config, engine, module)
        classes = available_bots(module)
        return cls(config, engine, module, [make_bot(classes[config.bot_of(s)], config.budget) for s in range(config.players)])

    def play(self, index: int) -> GameRecord:
        """Play game `index` to its end; an engine's bug is a SimulationError naming the game."""
        try:
            return self._play(index)
        except GameDidNotEnd as exc:
            raise SimulationError(f"game {index} of seed {self.config.seed} did not end: {exc}") from None
        except Exception as exc:
            fault = engine_fault(self.config.game, exc)
            if fault is None:
                raise
            config = self.config
            replay = replay_command(config.game, config.seed, config.players, index + 1, config.bots,
                                    config.options, config.cards_dir)
            raise SimulationError(then_run(f"{fault.where}: game {index} (seed {config.seed}:{index}, "
                                           f"{config.players} players) fails: {fault.words}; replay it",
                                           replay)) from None

    def _play(self, index: int) -> GameRecord:
        rng = game_rng(self.config.seed, index)
        options = call_hook(self.module, "sim_setup", self.engine, self.config.players, rng) or {}
        options.update(self.config.options)   # options the run fixes win over the game's random ones
        state = self.engine.new_game([f"P{s + 1}" for s in range(self.config.players)], options)
        result = play_out(self.engine, state, self.bots, rng)
        turns = self.engine.turns(state)
        labels = call_hook(self.module, "sim_labels", self.engine, state) or {}
        return GameRecord(index, result.outcome.winner, result.outcome.termination,
                          result.steps if turns is None else turns, turns is not None,
                          {k: str(v) for k, v in labels.items()})

    def play_range(self, start: int, stop: int) -> list[GameRecord]:
        """Games `start` to `stop - 1`, in order."""
        return [self.play(i) for i in range(start, stop)]


def call_hook(module: ModuleType, name: str, engine: Engine, *args: Any) -> Any:
    """Call an optional module hook; hooks written without the `engine` argument work too."""
    func = getattr(module, name, None)
    if func is None:
        return None
    takes_engine = len(inspect.signature(func).parameters) > len(args)
    return func(engine, *args) if takes_engine else func(*args)


def check_config(config: SimConfig, engine: Engine, module: ModuleType) -> None:
    """Refuse a player count the game does not allow, an unknown bot or a non-positive count."""
    problem = run_problem(config.game, config.players, config.bots, config.games, engine, module)
    if problem:
        raise SimulationError(problem)
    try:
        check_options(engine, engine.options, dict(config.options))
    except SetupError as exc:
        raise SimulationError(str(exc)) from None


def run_problem(game: str, players: int, bots: Sequence[str], games: int, engine: Engine,
                module: ModuleType) -> str | None:
    """Why bot games of `game` cannot run as asked (players, bots, number of games), or None.
    Shared by `sim` and `balance`, which raise their own errors."""
    problem = players_problem(game, players, engine) or bots_problem(game, bots, module)
    if problem is None and games < 1:
        return f"--games must be at least 1, got {games}"
    return problem


def players_problem(game: str, players: int, engine: Engine) -> str | None:
    """Why a game cannot seat `players`, or None (the CLI's --players check too)."""
    if players not in engine.player_counts():
        return f"{game} is for {engine.players_allowed()} players, not {players}"
    return None


def bots_problem(game: str, bots: Sequence[str], module: ModuleType) -> str | None:
    """The first bot name the game does not offer, with the bots it does, or None."""
    known = available_bots(module)
    unknown = [name for name in bots if name not in known]
    if unknown:
        return f"no bot {unknown[0]!r} for {game}; bots: {', '.join(sorted(known))}"
    return None


_WORKER: Player | None = None


def _init_worker(config: SimConfig, parent: int) -> None:
    """Prepare a local pool's worker process: it dies with its parent, leaves Ctrl-C to it, and
    builds its Player unless it inherited the parent's for this config (fork)."""
    follow_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers on Ctrl-C
    _prepare_player(config)


def _prepare_player(config: SimConfig) -> None:
    """Build this process's Player for `config` once (a Dask worker or the parent itself)."""
    global _WORKER
    if _WORKER is None or _WORKER.config != config:
        _WORKER = Player.build(config)


def _play_chunk(bounds: tuple[int, int]) -> list[GameRecord]:
    assert _WORKER is not None, "worker not initialised"
    return _WORKER.play_range(*bounds)


def chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    """Index ranges small enough to balance `jobs` processes and report progress."""
    return executors.chunks(0, games, jobs)


def play_chunk(config: SimConfig, bounds: tuple[int, int]) -> list[GameRecord]:
    """Games `bounds` of a config in whichever process runs it (the unit of work on Dask)."""
    _prepare_player(config)
    return _play_chunk(bounds)


def play_games(config: SimConfig, jobs: int = 1, progress: Callable[[int], None] | None = None,
               scheduler: Any = None) -> list[GameRecord]:
    """Play every game of the config, in `jobs` processes or on a Dask `scheduler`; records come
    back in index order."""
    tick = progress or (lambda done: None)
    if scheduler is not None:
        Player.build(config)  # fails fast here on a bad config
        return executors.run(play_chunk, config, (0, config.games), scheduler=scheduler, tick=tick)
    if jobs <= 1:
        player = Player.build(config)
        records = []
        for start, stop in chunks(config.games, 1):
            records += player.play_range(start, stop)
            tick(stop - start)
        return records
    global _WORKER
    _WORKER = Player.build(config)  # fails fast here on a bad config; forked workers inherit it
    return list(_parallel(config, jobs, tick))


def _parallel(config: SimConfig, jobs: int, tick: Callable[[int], None]) -> Iterator[GameRecord]:
    done: dict[int, list[GameRecord]] = {}
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(config, os.getpid()))
    calls = [(_play_chunk, (bounds,)) for bounds in chunks(config.games, jobs)]
    with closing(as_completed_or_stopped(pool, calls)) as completed:  # Ctrl-C or a failed game
        for (bounds,), future in completed:                           # stops every worker now
            done[bounds[0]] = future.result()
            tick(bounds[1] - bounds[0])
    pool.shutdown()
    for start in sorted(done):
        yield from done[start]


# -- reporting ---------------------------------------------------------------------------

def rate(wins: int, n: int) -> dict[str, Any]:
    """Wins, games, the win rate and its 95% interval, rounded for reading."""
    low, high = wilson(wins, n)
    return {"wins": wins, "games": n, "win_rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(low, 4), round(high, 4)]}


def histogram(lengths: list[int], bins: int = HISTOGRAM_BINS) -> list[dict[str, int]]:
    """Counts of lengths in equal-width integer bins (one bin per value when few values)."""
    low, high = min(lengths), max(lengths)
    width = max(1, math.ceil((high - low + 1) / bins))
    counts = Counter((length - low) // width for length in lengths)
    return [{"from": low + b * width, "to": low + (b + 1) * width - 1, "games": counts.get(b, 0)}
            for b in range((high - low) // width + 1)]


def report(config: SimConfig, records: list[GameRecord]) -> dict[str, Any]:
    """The simulation report as JSON data (identical for identical records)."""
    n = len(records)
    lengths = [r.length for r in records]
    winners = Counter(r.winner for r in records)
    return {
        "game": config.game, "games": n, "seed": config.seed, "players": config.players,
        "bots": [config.bot_of(s) for s in range(config.players)],
        "options": dict(config.options),
        "seats": [{"seat": s + 1, "bot": config.bot_of(s)} | rate(winners.get(s, 0), n)
                  for s in range(config.players)],
        "draws": winners.get(None, 0),
        "terminations": dict(sorted(Counter(r.termination for r in records).items())),
        "length": {"unit": "turns" if all(r.in_turns for r in records) else "steps", "mean": round(statistics.fmean(lengths), 3),
                   "median": statistics.median(lengths), "min": min(lengths), "max": max(lengths)},
        "histogram": histogram(lengths),
        "labels": label_stats(records, config.players),
        "numeric_labels": numeric_label_stats(records),
        "seat_labels": seat_label_stats(records),
    }


def label_stats(records: list[GameRecord], players: int) -> dict[str, dict[str, Any]]:
    """For every label and value: the games carrying it and the wins of each seat in them."""
    groups: dict[str, dict[str, list[GameRecord]]] = defaultdict(lambda: defaultdict(list))
    for record in records:
        for key, value in record.labels.items():
            groups[key][value].append(record)
    return {key: {value: _label_row(values[value], players) for value in _ordered(values)}
            for key, values in sorted(groups.items())}


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _ordered(values: dict[str, Any]) -> list[str]:
    """Label values in numeric order when they are all numbers, else alphabetical."""
    if all(_is_number(v) for v in values):
        return sorted(values, key=float)
    return sorted(values)


def numeric_label_stats(records: list[GameRecord]) -> dict[str, dict[str, float]]:
    """Mean, median, min and max of every label whose values are all numbers."""
    columns: dict[str, list[str]] = defaultdict(list)
    for record in records:
        for key, value in record.labels.items():
            columns[key].append(value)
    summary = {}
    for key, texts in sorted(columns.items()):
        if all(_is_number(t) for t in texts):
            numbers = [float(t) for t in texts]
            summary[key] = {"mean": round(statistics.fmean(numbers), 3), "median": statistics.median(numbers),
                            "min": min(numbers), "max": max(numbers)}
    return summary


def _label_row(group: list[GameRecord], players: int) -> dict[str, Any]:
    winners = Counter(r.winner for r in group)
    return {"games": len(group), "wins_by_seat": [winners.get(s, 0) for s in range(players)],
            "draws": winners.get(None, 0)}


def seat_label_stats(records: list[GameRecord]) -> dict[str, dict[str, Any]]:
    """For `seat<N>_<name>` labels: per value of `<name>`, how often the seat carrying it won."""
    seen: dict[str, Counter[str]] = defaultdict(Counter)
    won: dict[str, Counter[str]] = defaultdict(Counter)
    for record in records:
        for key, value in record.labels.items():
            match = SEAT_LABEL.match(key)
            if match:
                seen[match.group(2)][value] += 1
                won[match.group(2)][value] += record.winner == int(match.group(1))
    return {name: {value: rate(won[name][value], count) for value, count in sorted(values.items())}
            for name, values in sorted(seen.items())}


def simulate(config: SimConfig, jobs: int = 1, progress: Callable[[int], None] | None = None,
             scheduler: Any = None) -> dict[str, Any]:
    """Play the games and report on them, with the game's own summary when it offers one."""
    records = play_games(config, jobs, progress, scheduler)
    result = report(config, records)
    summary = getattr(game_module(config.game), "sim_summary", None)
    if summary is not None:
        result["summary"] = list(summary(records))
    return result
