"""bench/search_advantage.py: the paired advantage of deviating from a bot's choice.

Roll (tests/companion/test_rollouts.py): seat 0 picks a die, one roll of it decides, 4 or more
wins. "d6" and "d6-too" are the same die; "d20" wins 17/20, "d4" 1/4, against the d6's 3/6.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
from pathlib import Path
from types import ModuleType

from companion.engine import Decision
from companion.engine.search import SearchHooks
from tests.companion.test_rollouts import RollEngine, TakeFirst


def bench_module() -> ModuleType:
    """The benchmark script (bench/ is not a package)."""
    path = Path(__file__).resolve().parents[2] / "bench" / "search_advantage.py"
    spec = importlib.util.spec_from_file_location("bench_search_advantage", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def roll_gains(samples: int) -> dict[str, list[float]]:
    engine = RollEngine()
    state = engine.new_game(["A", "B"])
    decision = engine.request(state)
    assert isinstance(decision, Decision)
    bots = {0: TakeFirst(), 1: TakeFirst()}
    gains: dict[str, list[float]] = bench_module().advantages(engine, state, decision, "d6", bots, samples,
                                                              random.Random(5), SearchHooks())
    return gains


def test_the_same_option_under_another_name_gains_exactly_nothing_on_paired_playouts() -> None:
    gains = roll_gains(100)
    assert sorted(gains) == ["d20", "d4", "d6-too"]
    assert gains["d6-too"] == [0.0] * 100


def test_a_better_option_shows_its_advantage_and_a_worse_one_its_loss() -> None:
    gains = roll_gains(400)
    assert 0.25 < statistics.fmean(gains["d20"]) < 0.45     # 17/20 - 3/6 = 0.35
    assert -0.35 < statistics.fmean(gains["d4"]) < -0.15     # 1/4 - 3/6 = -0.25
    best, mean, error, crossed = bench_module().best_gain(gains)
    assert best == "d20" and mean > 3 * error and crossed > 0.2


def test_an_option_picked_on_the_first_half_of_the_samples_is_measured_on_the_second() -> None:
    """No mean gain in the first half: nothing picked, nothing gained; a gain in the first half
    that the second half does not repeat is measured as the loss it is."""
    _, mean, _, crossed = bench_module().best_gain({"a": [1.0, -1.0, -1.0, 1.0], "b": [-1.0, 1.0, 1.0, -1.0]})
    assert mean == 0.0 and crossed == 0.0
    assert bench_module().best_gain({"a": [1.0, 1.0, -1.0, -1.0]})[3] == -1.0


def test_a_heartstrings_game_is_measured_decision_by_decision() -> None:
    heartstrings = __import__("companion.games.heartstrings", fromlist=["BOTS"])
    module = bench_module()
    decisions, crossed, upper = module.measure_game("heartstrings", 1, heartstrings.BOTS["greedy"](),
                                                    heartstrings.BOTS["random"](), 2)
    assert decisions > 0 and upper >= 0.0
    assert -decisions <= crossed <= decisions
