"""`search+<bot>` (companion/engine/rollouts.py): the bot's choice, replaced only when another
option gains clearly more on paired playouts (same sampled world, same dice).

Roll (a dice game): seat 0 picks a die, then one roll of it decides: 4 or more wins for seat 0.
"d6" and "d6-too" are the same die under two names (the choice makes no difference), "d20"
wins far more often (17 faces of 20), "d4" less (1 of 4).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType, SimpleNamespace
from typing import Any

from companion.engine import Chance, Decision, Engine, Event, GameState, Option, Outcome, Request
from companion.engine.rollouts import CANDIDATES, RolloutSearch, paired_choice, search_with
from companion.engine.search import SearchHooks, SearchLimits
from tests.companion.test_search import NimEngine, TakeOne, choose_at

SIDES = {"d4": 4, "d6": 6, "d6-too": 6, "d20": 20}


@dataclass
class RollState(GameState):
    players: list[str]
    offered: tuple[str, ...] = ("d6", "d6-too", "d4", "d20")
    die: str = ""
    face: int = 0


class RollEngine(Engine):
    game_id = "roll"
    state_type = RollState

    def __init__(self) -> None:
        super().__init__(SimpleNamespace(rules={}, meta=None))

    def new_game(self, players: Any, options: dict[str, Any] | None = None) -> RollState:
        return RollState(players=list(players))

    def request(self, state: RollState) -> Request | None:
        if not state.die:
            return Decision(0, "which die?", tuple(Option(d) for d in state.offered), kind="die")
        if not state.face:
            return Chance("roll", "roll it", 0, dice=(SIDES[state.die],))
        return None

    def apply(self, state: RollState, answer: Any) -> list[Event]:
        if not state.die:
            state.die = self.request(state).check(answer)  # type: ignore[union-attr]
        else:
            state.face = int(answer[0] if isinstance(answer, (list, tuple)) else answer)
        return []

    def outcome(self, state: RollState) -> Outcome | None:
        return Outcome("roll", 0 if state.face >= 4 else 1) if state.face else None


class TakeFirst:
    """Takes the first option offered."""

    def choose(self, engine: Engine, state: GameState, decision: Decision, rng: random.Random) -> str:
        return decision.option_ids()[0]


def rollout_bot(budget: int, **hooks: Any) -> RolloutSearch:
    return search_with("first", TakeFirst)(budget=budget, hooks=SearchHooks(**hooks))


def test_two_options_are_played_against_the_same_dice() -> None:
    """Common random numbers: the same world and seed give the same die roll after either name of
    the d6, so the gain of one over the other is exactly zero on every sample."""
    engine, bot = RollEngine(), rollout_bot(8)
    world = engine.new_game(["A", "B"])
    for seed in range(50):
        assert bot.value(engine, world, "d6", 0, seed) == bot.value(engine, world, "d6-too", 0, seed)
    assert not world.die, "the world a playout starts from is left unchanged"


def test_the_bots_choice_stays_when_no_option_is_better() -> None:
    engine = RollEngine()
    state = engine.new_game(["A", "B"])
    state.offered = ("d6", "d6-too", "d4")
    for seed in range(10):
        assert choose_at(engine, state, rollout_bot(60), seed) == "d6"


def test_a_clearly_better_option_replaces_the_bots_choice() -> None:
    engine = RollEngine()
    for seed in range(10):
        assert choose_at(engine, engine.new_game(["A", "B"]), rollout_bot(60), seed) == "d20"


def test_a_search_with_a_bot_switches_when_another_nim_move_wins() -> None:
    """From 6 stones taking 2 wins whatever follows; the take-one bot's own move loses to itself."""
    engine = NimEngine(6)
    bot = search_with("take-one", TakeOne)(budget=8, hooks=SearchHooks())
    assert bot.name == "search+take-one"
    assert choose_at(engine, engine.new_game(["A", "B"]), bot, 1) == "2"


def test_a_gain_must_stand_clear_of_its_noise() -> None:
    assert paired_choice("a", {"b": [0.1, 0.1, 0.1]}) == "b"           # the same gain every time
    assert paired_choice("a", {"b": [1.0, -1.0, 1.0, -0.8]}) == "a"    # a mean gain within its noise
    assert paired_choice("a", {"b": [0.2, 0.3], "c": [0.5, 0.6]}) == "c"
    assert paired_choice("a", {"b": [-0.2, -0.3]}) == "a"
    assert paired_choice("a", {"b": [0.9]}) == "a"                    # one sample decides nothing


def test_a_sampled_world_without_the_bots_choice_is_skipped() -> None:
    """A redealt hidden hand may not offer what the real one does: such samples compare nothing."""
    engine = RollEngine()

    def without_the_d6(engine: Engine, state: RollState, seat: int, rng: random.Random) -> RollState:
        state.offered = ("d6-too", "d4", "d20") if rng.random() < 0.5 else state.offered
        return state

    bot = rollout_bot(60, determinize=without_the_d6)
    assert choose_at(engine, engine.new_game(["A", "B"]), bot, 3) == "d20"


def test_many_options_are_narrowed_by_the_games_move_order() -> None:
    engine = RollEngine()
    state = engine.new_game(["A", "B"])
    state.offered = ("d6", *(f"d6-{n}" for n in range(8)), "d20")
    SIDES.update({f"d6-{n}": 6 for n in range(8)})
    try:
        def d20_last(engine: Engine, state: GameState, decision: Decision) -> list[str]:
            return sorted(decision.option_ids(), key=lambda key: key == "d20")

        bot = rollout_bot(60, order=d20_last)
        decision = engine.request(state)
        assert isinstance(decision, Decision)
        compared = bot.candidates(engine, state, decision, "d6", random.Random(1))
        assert len(compared) == CANDIDATES - 1 and "d20" not in compared
        assert choose_at(engine, state, bot, 1) == "d6"          # the d20 was never compared
        first = rollout_bot(60, order=lambda e, s, d: sorted(d.option_ids(), key=lambda key: key != "d20"))
        assert choose_at(engine, state, first, 1) == "d20"
    finally:
        for n in range(8):
            SIDES.pop(f"d6-{n}")


def test_a_games_own_candidate_limit_compares_only_what_its_order_lists() -> None:
    """`search_limits.candidates`: the bot's choice and the first others of the game's order,
    even among few options; an option the order leaves out is never compared."""
    engine = RollEngine()
    state = engine.new_game(["A", "B"])
    decision = engine.request(state)
    assert isinstance(decision, Decision)
    everything = rollout_bot(60, order=lambda e, s, d: ["d4", "d20", "d6-too"], limits=SearchLimits(candidates=3))
    assert everything.candidates(engine, state, decision, "d6", random.Random(1)) == ["d4", "d20"]
    assert choose_at(engine, state, everything, 1) == "d20"
    without = rollout_bot(60, order=lambda e, s, d: ["d6-too", "d4"], limits=SearchLimits(candidates=3))
    assert without.candidates(engine, state, decision, "d6", random.Random(1)) == ["d6-too", "d4"]
    assert choose_at(engine, state, without, 1) == "d6"      # the d20 was left out of the order


def test_an_empty_order_leaves_the_bots_choice_unsearched() -> None:
    engine = RollEngine()
    state = engine.new_game(["A", "B"])
    bot = rollout_bot(60, order=lambda e, s, d: [], limits=SearchLimits(candidates=3))
    played: list[str] = []

    def value(engine: Engine, world: GameState, option: str, seat: int, seed: int) -> float:
        played.append(option)
        return 0.0

    bot.value = value  # type: ignore[method-assign]
    assert choose_at(engine, state, bot, 1) == "d6" and not played


def test_without_limits_the_defaults_stand() -> None:
    """No `search_limits`: up to CANDIDATES options, the order only ranks (the rest fill in)."""
    engine = RollEngine()
    state = engine.new_game(["A", "B"])
    decision = engine.request(state)
    assert isinstance(decision, Decision)
    bot = rollout_bot(60, order=lambda e, s, d: ["d4"])
    assert sorted(bot.candidates(engine, state, decision, "d6", random.Random(1))) == ["d20", "d4", "d6-too"]
    assert SearchHooks.of(ModuleType("no_hooks")).limits == SearchLimits()
