"""The generic search bot (companion/engine/search.py), specified on two tiny games.

Nim (perfect information): a pile of stones, each player takes 1 to 3, who takes the last wins.
Guess (hidden information): a card is dealt face down to seat 1; seat 0 guesses it and wins
when right. A bot that peeks always wins Guess; one that determinises cannot.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from companion.engine import Chance, Decision, Engine, Event, GameState, Option, Outcome, Request
from companion.engine.drivers import RandomBot, play_out
from companion.engine.search import (
    SearchBot,
    SearchHooks,
    determinize_hook,
)


@dataclass
class NimState(GameState):
    players: list[str]
    stones: int
    current: int = 0
    winner: int | None = None


class NimEngine(Engine):
    game_id = "nim"
    state_type = NimState

    def __init__(self, stones: int = 5):
        super().__init__(SimpleNamespace(rules={}, meta=None))
        self.stones = stones

    def new_game(self, players: Any, options: dict[str, Any] | None = None) -> NimState:
        return NimState(players=list(players), stones=self.stones)

    def request(self, state: NimState) -> Request | None:
        if state.winner is not None:
            return None
        takes = range(1, min(3, state.stones) + 1)
        return Decision(state.current, "take", tuple(Option(str(n)) for n in takes), kind="take")

    def apply(self, state: NimState, answer: Any) -> list[Event]:
        taken = int(self.request(state).check(answer))  # type: ignore[union-attr]
        state.stones -= taken
        if state.stones == 0:
            state.winner = state.current
        state.current = 1 - state.current
        return [Event("take", f"took {taken}")]

    def outcome(self, state: NimState) -> Outcome | None:
        return None if state.winner is None else Outcome("last stone", state.winner)


@dataclass
class GuessState(GameState):
    players: list[str]
    card: str = ""
    guess: str = ""


class GuessEngine(Engine):
    game_id = "guess"
    state_type = GuessState
    cards = ("apple", "pear", "plum")

    def __init__(self) -> None:
        super().__init__(SimpleNamespace(rules={}, meta=None))

    def new_game(self, players: Any, options: dict[str, Any] | None = None) -> GuessState:
        return GuessState(players=list(players))

    def request(self, state: GuessState) -> Request | None:
        if not state.card:
            return Chance("draw", "deal seat 1 a card", 1, options=self.cards)
        if not state.guess:
            return Decision(0, "which card?", tuple(Option(c) for c in self.cards), kind="guess")
        return None

    def apply(self, state: GuessState, answer: Any) -> list[Event]:
        if not state.card:
            state.card = answer
        else:
            state.guess = self.request(state).check(answer)  # type: ignore[union-attr]
        return []

    def outcome(self, state: GuessState) -> Outcome | None:
        if not state.guess:
            return None
        return Outcome("guess", 0 if state.guess == state.card else 1)


def redeal_guess(engine: Engine, state: GuessState, seat: int, rng: random.Random) -> GuessState:
    """Seat 0 cannot see seat 1's card: deal it again."""
    if seat == 0:
        state.card = rng.choice(GuessEngine.cards)
    return state


def choose_at(engine: Engine, state: GameState, bot: SearchBot, seed: int | str) -> str:
    decision = engine.request(state)
    assert isinstance(decision, Decision)
    return bot.choose(engine, state, decision, random.Random(seed))


@pytest.mark.parametrize("stones, winning", [(5, "1"), (6, "2"), (7, "3")], ids=["5", "6", "7"])
def test_search_finds_the_winning_nim_move(stones: int, winning: str) -> None:
    engine = NimEngine(stones)
    for seed in range(5):
        bot = SearchBot(budget=300, hooks=SearchHooks())
        assert choose_at(engine, engine.new_game(["A", "B"]), bot, seed) == winning


def test_search_beats_random_at_nim() -> None:
    engine = NimEngine(9)
    wins = 0
    for game in range(20):
        seat = game % 2
        bots: list[Any] = [RandomBot(), RandomBot()]
        bots[seat] = SearchBot(budget=100, hooks=SearchHooks())
        result = play_out(engine, engine.new_game(["A", "B"]), bots, random.Random(game))
        wins += result.outcome.winner == seat
    assert wins >= 18


def test_search_is_seeded() -> None:
    engine = NimEngine(11)
    choices = {choose_at(engine, engine.new_game(["A", "B"]), SearchBot(budget=8, hooks=SearchHooks()), "s")
               for _ in range(5)}
    assert len(choices) == 1


def test_without_a_determinize_hook_the_game_is_perfect_information() -> None:
    engine = GuessEngine()
    for seed in range(10):
        state = engine.new_game(["A", "B"])
        engine.apply(state, engine.cards[seed % 3])
        assert choose_at(engine, state, SearchBot(budget=30, hooks=SearchHooks()), seed) == state.card


def test_a_determinize_hook_stops_the_bot_from_peeking() -> None:
    engine = GuessEngine()
    right = 0
    for seed in range(30):
        state = engine.new_game(["A", "B"])
        engine.apply(state, engine.cards[seed % 3])
        bot = SearchBot(budget=30, hooks=SearchHooks(determinize=redeal_guess))
        right += choose_at(engine, state, bot, seed) == state.card
    assert right < 20  # a peeking bot gets all 30 right; a fair guess about 10


def test_a_cut_playout_is_scored_by_the_evaluation_hook() -> None:
    engine = NimEngine(9)

    def prefer_leaving_six(engine: Engine, state: NimState, seat: int) -> float:
        return 1.0 if (state.stones == 6) == (seat == 0) else 0.0

    bot = SearchBot(budget=3, hooks=SearchHooks(evaluate=prefer_leaving_six), rollout_limit=0)
    assert choose_at(engine, engine.new_game(["A", "B"]), bot, 1) == "3"


def test_move_ordering_decides_which_option_is_tried_first() -> None:
    engine = NimEngine(9)

    def largest_first(engine: Engine, state: GameState, decision: Decision) -> list[str]:
        return sorted(decision.option_ids(), reverse=True)

    bot = SearchBot(budget=1, hooks=SearchHooks(order=largest_first))
    assert choose_at(engine, engine.new_game(["A", "B"]), bot, 1) == "3"


def test_a_forced_move_is_answered_without_search() -> None:
    engine = NimEngine(1)
    assert choose_at(engine, engine.new_game(["A", "B"]), SearchBot(budget=1, hooks=SearchHooks()), 1) == "1"


def test_a_budget_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        SearchBot(budget=0)


def test_hooks_are_found_on_the_game_module() -> None:
    module = SimpleNamespace(determinize=redeal_guess, search_order=len)
    hooks = SearchHooks.of(module)  # type: ignore[arg-type]
    assert hooks.determinize is redeal_guess and hooks.order is len and hooks.evaluate is None


@pytest.mark.parametrize("game", ["halfwish", "which_witch"])
def test_shipped_games_with_hidden_hands_have_a_determinize_hook(game: str) -> None:
    import importlib

    assert callable(determinize_hook(importlib.import_module(f"companion.games.{game}")))


class TakeOne:
    """A poor Nim bot: always takes one stone."""

    def choose(self, engine: Engine, state: GameState, decision: Decision, rng: random.Random) -> str:
        return "1"


def test_the_search_counts_seats_as_the_engine_says_and_a_state_without_players_must_say():
    """Code audit: the search guessed at a `players` or `seats` list and, finding neither, took the
    smallest player count, so a sixth game's three seats could be searched as two."""
    from companion.engine.registry import make_engine
    from companion.engine.search import seat_count

    witches = make_engine("which-witch")
    state = witches.new_game(["Ann", "Ben", "Cy"], {})
    assert not hasattr(state, "players") and seat_count(witches, state) == 3  # its `seats`, by its engine

    @dataclass
    class Table(GameState):
        sides: list[str]

    with pytest.raises(NotImplementedError, match=r"Engine\.seats"):  # the core's own count: no guess
        Engine.seats(witches, Table(["a", "b", "c"]))
