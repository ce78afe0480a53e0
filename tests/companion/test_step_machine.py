"""The step machine, specified with the ten-line toy game of docs/ARCHITECTURE.md.

"High Roll": each player rolls a d6 in seat order; the highest wins, a tie is a draw.
The same code is printed in the docs, so a designer writing a sixth game starts there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from companion.engine import (
    Chance,
    Decision,
    Engine,
    Event,
    Option,
    Outcome,
    Question,
    SetupOption,
    StepState,
    StepTable,
    push_front,
    step,
)
from companion.errors import IllegalAction, SetupError


# -- the toy game, as printed in docs/ARCHITECTURE.md ("The step machine") ----------------------
@dataclass
class HighRoll(StepState):
    players: list[str]
    rolls: list[int] = field(default_factory=list)


def ask_roll(engine: Any, state: HighRoll, item: dict) -> Chance:
    return Chance("roll", f"{state.players[item['seat']]} rolls", item["seat"], dice=(engine.rules.die,))


def answer_roll(engine: Any, state: HighRoll, item: dict, faces: list[int]) -> list[Event]:
    state.rolls.append(faces[0])
    return [Event("roll", f"{state.players[item['seat']]} rolls {faces[0]}")]


STEPS = StepTable(questions={"roll": Question(ask_roll, answer_roll)})


class HighRollEngine(Engine):
    game_id = "high-roll"
    state_type = HighRoll
    table = STEPS

    def setup(self, players: list[str], options: dict) -> HighRoll:
        return HighRoll(players=players, queue=[step("roll", seat=s) for s in range(len(players))])

    def outcome(self, state: HighRoll) -> Outcome | None:
        if len(state.rolls) < len(state.players):
            return None
        best = max(state.rolls)
        winners = [seat for seat, roll in enumerate(state.rolls) if roll == best]
        return Outcome("high roll", winners[0] if len(winners) == 1 else None)
# -- end of the toy game ---------------------------------------------------------------------------


def fake_db(players: tuple[int, int] = (2, 3), **rules: Any) -> SimpleNamespace:
    meta = SimpleNamespace(name="High Roll", players=SimpleNamespace(min=players[0], max=players[1]))
    return SimpleNamespace(meta=meta, rules=SimpleNamespace(die=6, **rules))


@pytest.fixture
def engine() -> HighRollEngine:
    return HighRollEngine(fake_db())


def test_toy_game_plays_to_a_winner(engine):
    state = engine.new_game(["Ann", "Ben"])
    assert engine.request(state) == Chance("roll", "Ann rolls", 0, dice=(6,))
    assert [e.text for e in engine.apply(state, [3])] == ["Ann rolls 3"]
    engine.apply(state, [5])
    assert engine.request(state) is None
    assert engine.outcome(state) == Outcome("high roll", 1)


def test_toy_game_tie_is_a_draw(engine):
    state = engine.replay(["Ann", "Ben"], None, [[4], [4]])
    assert engine.outcome(state).winner is None


def test_answer_is_checked_against_the_request(engine):
    state = engine.new_game(["Ann", "Ben"])
    with pytest.raises(IllegalAction, match="a d6 cannot show 7"):
        engine.apply(state, [7])
    assert state.rolls == [] and len(state.queue) == 2   # nothing changed


def test_apply_after_the_end_is_refused(engine):
    state = engine.replay(["Ann", "Ben"], None, [[1], [2]])
    with pytest.raises(IllegalAction, match="game is over"):
        engine.apply(state, [1])


@pytest.mark.parametrize("players, message", [
    (["Ann"], "for 2-3 players; got 1"),
    (["Ann", "Ben", "Cy", "Di"], "for 2-3 players; got 4"),
    (["Ann", "Ann"], "names must differ"),
    (["Ann", " "], "needs a name"),
    (["Ann", "B" * 500], "at most 40 characters"),
], ids=["too-few", "too-many", "same-name", "empty-name", "long-name"])
def test_player_checks_live_in_the_core(engine, players, message):
    with pytest.raises(SetupError, match=message):
        engine.new_game(players)


def test_state_round_trips_through_json_with_its_queue(engine):
    state = engine.replay(["Ann", "Ben"], None, [[2]])
    copy = engine.load_state(state.to_json())
    assert copy == state and copy.queue == [{"step": "roll", "seat": 1}]


# -- setup options -------------------------------------------------------------------------------
class OptionEngine(HighRollEngine):
    options = (
        SetupOption("die", "int", 6, "sides of the die", choices=(4, 6, 8)),
        SetupOption("names", "list[str]", [], "labels", choices=lambda engine: ["red", "blue"]),
        SetupOption("loud", "bool", False, "shout the rolls"),
    )

    def setup(self, players: list[str], options: dict) -> HighRoll:
        self.seen_options = options
        return super().setup(players, options)


def test_options_get_defaults_and_types():
    engine = OptionEngine(fake_db())
    engine.new_game(["A", "B"], {"names": "red,blue", "loud": "true"})
    assert engine.seen_options == {"die": 6, "names": ["red", "blue"], "loud": True}


@pytest.mark.parametrize("given, message", [
    ({"nosuchkey": 1}, "unknown setup option 'nosuchkey'; valid options: die, names, loud"),
    ({"die": 7}, "option die: 7 is not allowed; one of: 4, 6, 8"),
    ({"die": "six"}, "option die: expected int, got 'six'"),
    ({"names": ["green"]}, "option names: green is not allowed; one of: red, blue"),
    ({"loud": 7}, "option loud: expected bool"),
], ids=["unknown-key", "bad-choice", "bad-type", "bad-list-item", "bad-bool"])
def test_bad_options_are_refused_with_the_valid_ones(given, message):
    with pytest.raises(SetupError, match=message.replace("(", r"\(")):
        OptionEngine(fake_db()).new_game(["A", "B"], given)


def test_a_game_without_options_refuses_any():
    with pytest.raises(SetupError, match="this game has no setup options"):
        HighRollEngine(fake_db()).new_game(["A", "B"], {"x": 1})


# -- automatic steps and decided games -----------------------------------------------------------
def ask_pick(engine: Any, state: HighRoll, item: dict) -> Decision:
    return Decision(0, "bonus?", (Option("yes"), Option("no")))


def answer_pick(engine: Any, state: HighRoll, item: dict, choice: str) -> list[Event]:
    if choice == "yes":
        push_front(state, step("bonus"), step("bonus"), step("bonus"))
    return []


def run_bonus(engine: Any, state: HighRoll, item: dict) -> list[Event]:
    state.rolls.append(6)
    return [Event("bonus", "a free six")]


class ChainEngine(HighRollEngine):
    table = StepTable.merge(STEPS, StepTable(questions={"pick": Question(ask_pick, answer_pick)},
                                             automatic={"bonus": run_bonus}))

    def setup(self, players: list[str], options: dict) -> HighRoll:
        return HighRoll(players=players, queue=[step("pick"), step("roll", seat=0)])

    def is_decided(self, state: HighRoll) -> bool:
        return len(state.rolls) >= 2


def test_automatic_steps_run_until_the_game_is_decided():
    engine = ChainEngine(fake_db())
    state = engine.new_game(["A", "B"])
    events = engine.apply(state, "yes")
    assert [e.text for e in events] == ["a free six", "a free six"]
    assert state.queue == [] and engine.request(state) is None


def test_merge_refuses_a_step_defined_twice():
    with pytest.raises(ValueError, match="step defined twice: roll"):
        StepTable.merge(STEPS, STEPS)


def test_resolve_drives_a_constructed_state():
    engine = HighRollEngine(fake_db())
    state = HighRoll(players=["A", "B"], queue=[step("roll", seat=1)])
    assert [e.text for e in engine.resolve(state, [[2]])] == ["B rolls 2"]
