"""A seeded tournament: many games with bots rotated over the seats, one record per game.

Game `i` draws everything (setup, dice, bot choices, the search bot's playouts) from
`random.Random(f"{seed}:{i}")` and its bots sit in rotation (seat `s` gets bot `(s + i) mod k`
of the `k` bots), so a record depends only on the config and `i`: any executor, any number of
workers and any batch size give the same records.

Besides the winner, termination and length, a record keeps the labels of the game's
`sim_labels` hook plus `seat<N>_bot`, the cards each seat chose in a decision (an option id
that is a card id of the database), and, when the game module offers a
`leader(engine, state) -> seat | None` hook, how often the lead changed hands and when the
eventual winner took it for good.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

from ..engine.core import Chance, Engine, GameState
from ..engine.drivers import Bot, roll_chance
from ..engine.faults import engine_fault, then_run
from ..engine.registry import build_engine, game_module, make_engine
from ..sim import call_hook, game_rng, run_problem
from .bots import bot_classes, make_bot
from .errors import BalanceError
from .source import Snapshot, load_snapshot

MAX_STEPS = 100_000


@dataclass(frozen=True)
class TournamentConfig:
    """What to play: game, games, seed, seats, the bots rotated over the seats, which database."""

    game: str
    games: int
    seed: int | str
    players: int
    bots: tuple[str, ...]
    budget: int | None = None
    cards_dir: str | None = None
    snapshot: Snapshot | None = None   # a changed database (a sweep value, another revision)

    def bots_of(self, index: int) -> list[str]:
        """The bot of each seat in game `index`: the list rotates one seat per game."""
        k = len(self.bots)
        return [self.bots[(seat + index) % k] for seat in range(self.players)]


@dataclass(frozen=True)
class Record:
    """One finished game of a tournament."""

    index: int
    winner: int | None
    termination: str
    length: int
    in_turns: bool
    labels: dict[str, str] = field(default_factory=dict)
    plays: tuple[tuple[int, str], ...] = ()   # (seat, card id) chosen in decisions, once per game
    lead_changes: int | None = None           # None when the game has no `leader` hook
    decided_at: float | None = None           # share of the game played before the winner led for good


@dataclass
class Table:
    """What one process needs to play a config's games: the engine, the game's hooks, bots."""

    config: TournamentConfig
    engine: Engine
    module: ModuleType
    bots: dict[str, Bot]
    cards: frozenset[str]

    @classmethod
    def build(cls, config: TournamentConfig) -> Table:
        """Load the database (or the config's snapshot) once and build one bot of each name."""
        if config.snapshot is not None:
            engine = build_engine(config.game, load_snapshot(config.game, config.snapshot))
        else:
            engine = make_engine(config.game, config.cards_dir)
        module = game_module(config.game)
        check(config, engine, module)
        classes = bot_classes(module)
        bots = {name: make_bot(classes[name], config.budget) for name in set(config.bots)}
        cards = frozenset(c.id for deck in engine.db.decks for c in deck.cards)
        return cls(config, engine, module, bots, cards)

    def play(self, index: int) -> Record:
        """Play game `index` to its end; the engine's bug is a BalanceError naming the game, at the
        engine's line, with the command that plays it again (session 27: a traceback)."""
        try:
            return self._play(index)
        except Exception as exc:
            fault = engine_fault(self.config.game, exc)
            if fault is None:
                raise
            config = self.config
            said = (f"{fault.where}: game {index} (seed {config.seed}:{index}, {config.players} players"
                    f"{'' if config.snapshot is None else ', the database of --set or --compare'}) fails: "
                    f"{fault.words}")
            raise BalanceError(said if config.snapshot is not None
                               else then_run(f"{said}; replay it", replay_command(config, index + 1))) from None

    def _play(self, index: int) -> Record:
        config, engine = self.config, self.engine
        rng = game_rng(config.seed, index)
        names = config.bots_of(index)
        options = call_hook(self.module, "sim_setup", engine, config.players, rng) or {}
        state = engine.new_game([f"P{s + 1}" for s in range(config.players)], options)
        leader = getattr(self.module, "leader", None)
        plays, leaders = self._drive(state, [self.bots[n] for n in names], rng, leader)
        outcome = engine.outcome(state)
        assert outcome is not None, "the game ended without an outcome"
        turns = engine.turns(state)
        labels = {k: str(v) for k, v in (call_hook(self.module, "sim_labels", engine, state) or {}).items()}
        labels |= {f"seat{s}_bot": name for s, name in enumerate(names)}
        changes, decided = lead_figures(leaders, outcome.winner) if leader else (None, None)
        return Record(index, outcome.winner, outcome.termination, len(leaders) if turns is None else turns,
                      turns is not None, labels, tuple(sorted(plays)), changes, decided)

    def _drive(self, state: GameState, bots: list[Bot], rng: random.Random,
               leader: Callable[..., int | None] | None) -> tuple[set[tuple[int, str]], list[int | None]]:
        """Answer requests until the game ends; the cards chosen per seat and the leader after each step."""
        engine, cards = self.engine, self.cards
        plays: set[tuple[int, str]] = set()
        leaders: list[int | None] = []
        for _ in range(MAX_STEPS):
            request = engine.request(state)
            if request is None:
                return plays, leaders
            if isinstance(request, Chance):
                engine.apply(state, roll_chance(request, rng))
            else:
                answer = bots[request.player % len(bots)].choose(engine, state, request, rng)
                engine.apply(state, answer)
                if answer in cards:
                    plays.add((request.player, answer))
            leaders.append(leader(engine, state) if leader else None)
        raise BalanceError(f"{self.config.game}: game did not end within {MAX_STEPS} steps")

    def play_range(self, start: int, stop: int) -> list[Record]:
        """Games `start` to `stop - 1`, in order."""
        return [self.play(i) for i in range(start, stop)]


def replay_command(config: TournamentConfig, games: int) -> str:
    """The `balance` command that plays the config's first `games` games again: a record depends
    only on the config and the game's index."""
    parts = ["deckwright", *(["--cards", str(config.cards_dir)] if config.cards_dir else []), "balance", config.game,
             "--seed", str(config.seed), "--players", str(config.players), "--games", str(games),
             "--bot", ",".join(config.bots), *(["--budget", str(config.budget)] if config.budget else [])]
    return " ".join(shlex.quote(part) for part in parts)


def lead_figures(leaders: list[int | None], winner: int | None) -> tuple[int, float | None]:
    """How often the lead passed from one seat to another, and the share of the game played
    before the winner took the lead for good (None for a draw)."""
    changes, last = 0, None
    for seat in leaders:
        if seat is not None:
            changes += last is not None and seat != last
            last = seat
    if winner is None or not leaders:
        return changes, None
    since = len(leaders)
    while since > 0 and leaders[since - 1] == winner:
        since -= 1
    return changes, round(since / len(leaders), 4)


def check(config: TournamentConfig, engine: Engine, module: ModuleType) -> None:
    """Refuse a player count the game does not allow, an unknown bot or no games."""
    problem = run_problem(config.game, config.players, config.bots, config.games, engine, module)
    if problem:
        raise BalanceError(problem)


_TABLES: dict[TournamentConfig, Table] = {}


def table_for(config: TournamentConfig) -> Table:
    """This process's table for a config, built once (workers play many chunks of one config)."""
    table = _TABLES.get(config)
    if table is None:
        if len(_TABLES) > 8:   # a sweep moves on from one config to the next
            _TABLES.clear()
        table = _TABLES[config] = Table.build(config)
    return table


def play_chunk(config: TournamentConfig, bounds: tuple[int, int]) -> list[Record]:
    """Play games `bounds[0]` to `bounds[1] - 1` of a config: the unit of work of every executor."""
    return table_for(config).play_range(*bounds)


def prepare(config: TournamentConfig) -> None:
    """Build the table in this process first, so a bad config fails before any worker starts."""
    table_for(config)
