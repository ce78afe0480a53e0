"""The engine core: requests check their answers, state round-trips JSON, drivers are seeded."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from companion.engine import Chance, Decision, GameState, Option, dice_label, request_kind
from companion.engine.drivers import RandomBot, play_out, roll_chance
from companion.engine.registry import cli_module, engine_ids, extra_engines, game_module, has_engine
from companion.engine.typed import parse_typed
from companion.errors import IllegalAction, UnknownEngine

PACE = Decision(0, "walk or sprint?", (Option("walk", "Walk"), Option("sprint", "Sprint")))
TWO_D6 = Chance("roll", "roll", 0, dice=(6, 6))
D12 = Chance("roll", "room", 1, dice=(12,))
DRAW = Chance("draw", "draw", 0, options=("boost", "calm", "calm"))
SHUFFLE = Chance("shuffle", "shuffle", None, options=("a", "b", "c"))


# -- requests check answers ---------------------------------------------------------------

def test_decision_accepts_only_listed_ids():
    assert PACE.check("sprint") == "sprint"
    with pytest.raises(IllegalAction, match="'run' is not a legal choice here; choose one of: walk, sprint"):
        PACE.check("run")


@pytest.mark.parametrize("answer, expected", [(7, [7]), ([12], [12])], ids=["bare-int", "list"])
def test_one_die_accepts_a_bare_face(answer, expected):
    assert D12.check(answer) == expected


@pytest.mark.parametrize("answer, message", [
    ([13], "a d12 cannot show 13: type a number from 1 to 12"),
    ([0], "a d12 cannot show 0"),
    ([True], "a d12 cannot show True"),
    ([3, 4], "d12 needs 1 die, got 2: 3 4; type 1 number"),
    ("5", "d12 needs 1 die, got '5'"),
], ids=["too-high", "zero", "bool", "too-many", "string"])
def test_roll_refuses_faces_the_dice_cannot_show(answer, message):
    with pytest.raises(IllegalAction, match=message):
        D12.check(answer)


def test_draw_and_shuffle_checks():
    assert DRAW.check("calm") == "calm"
    with pytest.raises(IllegalAction, match="'ace' cannot be drawn here; possible: boost, calm"):
        DRAW.check("ace")
    assert SHUFFLE.check(["c", "a", "b"]) == ["c", "a", "b"]
    with pytest.raises(IllegalAction, match="exactly the cards"):
        SHUFFLE.check(["a", "a", "b"])


@pytest.mark.parametrize("dice, label", [((6,), "d6"), ((6, 6), "2d6"), ((20, 6), "d20+d6")])
def test_dice_label(dice, label):
    assert dice_label(dice) == label


@pytest.mark.parametrize("request_, kind", [(PACE, "decision"), (TWO_D6, "roll"), (DRAW, "draw"),
                                            (SHUFFLE, "shuffle")], ids=["decision", "roll", "draw", "shuffle"])
def test_request_kind(request_, kind):
    assert request_kind(request_) == kind


# -- what the gamemaster types ---------------------------------------------------------------

@pytest.mark.parametrize("request_, typed, answer", [
    (PACE, "2", "sprint"), (PACE, "Walk", "walk"), (PACE, " 1 ", "walk"),
    (TWO_D6, "3 4", [3, 4]), (TWO_D6, "3,4", [3, 4]), (D12, "12", [12]),
    (DRAW, "BOOST", "boost"), (SHUFFLE, "b c a", ["b", "c", "a"]),
    (TWO_D6, "", None), (DRAW, "", None), (SHUFFLE, "", None), (D12, "roll", None),
], ids=["number", "id", "spaces", "two-dice", "comma", "d12", "card", "order", "enter-roll",
        "enter-draw", "enter-shuffle", "roll-word"])
def test_typed_answers(request_, typed, answer):
    assert parse_typed(request_, typed) == answer


@pytest.mark.parametrize("request_, typed, message", [
    (PACE, "3", "type a number from 1 to 2 or one of: walk, sprint"),
    (Decision(0, "Go on?", (Option("end"),)), "7", "'7' is not one of the choices: type 1 or one of: end$"),
    (PACE, "", "Enter takes no answer here"),
    (TWO_D6, "7 1", "a d6 cannot show 7"),
    (TWO_D6, "5", "2d6 needs 2 dice, got 1: 5; type 2 numbers"),
    (TWO_D6, "five", "type the 2d6 as numbers \\(like '4 5'\\)"),
    (D12, "six", "type the d12 as a number \\(like '4'\\)"),  # play audit: '3 4' was offered for one die
    (DRAW, "ace", "'ace' cannot be drawn here"),
    # audit s27: Half the Battle refused with "type one of ... 1-d6"; an engine's id is no name to type
    (Decision(0, "Whom?", (Option("1-d6", "Bard d6"), Option("act:0", "Rage"), Option("end"))), "x",
     "'x' is not one of the choices: type a number from 1 to 3 or one of: end$"),
    (Decision(0, "Whom?", (Option("1-d6", "Bard d6"), Option("lane:6", "Lane 6"))), "x",
     "'x' is not one of the choices: type a number from 1 to 2$"),
], ids=["choice-range", "one-choice", "empty-choice", "face", "count", "words", "one-die-words", "card",
        "engine-ids-left-out", "only-engine-ids"])
def test_typed_answers_refused(request_, typed, message):
    with pytest.raises(IllegalAction, match=message):
        parse_typed(request_, typed)


# -- state is data -----------------------------------------------------------------------------

@dataclass
class Seat:
    name: str
    beads: int
    hand: list[str] = field(default_factory=list)


@dataclass
class Nested(GameState):
    seats: list[Seat]
    rooms: dict[int, list[int]]
    last: tuple[int, ...] = ()
    winner: int | None = None
    note: str | None = None


def test_state_round_trips_through_json_with_int_keys_and_optionals():
    state = Nested([Seat("Ann", 12, ["x"]), Seat("Ben", 0)], {1: [0, 0], 12: []}, (3, 4), None, "hi")
    data = state.to_json()
    assert data["rooms"] == {"1": [0, 0], "12": []}
    assert Nested.from_json(data) == state
    assert state.clone() == state and state.clone() is not state


# -- drivers, replay, registry -------------------------------------------------------------------

def test_roll_chance_stays_within_the_dice():
    rng = random.Random(1)
    rolls = [roll_chance(TWO_D6, rng) for _ in range(300)]
    assert {f for r in rolls for f in r} == {1, 2, 3, 4, 5, 6}
    assert sorted(roll_chance(SHUFFLE, rng)) == ["a", "b", "c"]
    assert roll_chance(DRAW, rng) in DRAW.options


def test_play_out_is_reproducible_from_the_seed(toy_engine):
    def run(seed: int):
        state = toy_engine.new_game(["Ann", "Ben"])
        return play_out(toy_engine, state, [RandomBot()], random.Random(seed), keep=True), state

    (first, state1), (second, state2) = run(4), run(4)
    assert first.answers == second.answers and state1 == state2
    assert first.outcome == toy_engine.outcome(state1) and first.steps == len(first.answers)


def test_replay_of_answers_rebuilds_the_state(toy_engine):
    state = toy_engine.new_game(["Ann", "Ben"])
    result = play_out(toy_engine, state, [RandomBot()], random.Random(8), keep=True)
    assert toy_engine.replay(["Ann", "Ben"], {}, result.answers) == state


def test_replay_refuses_an_illegal_answer(toy_engine):
    with pytest.raises(IllegalAction):
        toy_engine.replay(["Ann", "Ben"], {}, ["walk", [9]])


def test_optional_hooks_have_safe_defaults(toy_engine):
    from companion.engine.core import Engine

    assert Engine.hint(toy_engine, None, PACE) == [] and Engine.turns(toy_engine, None) is None


def test_extra_engines_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("DECKWRIGHT_ENGINES", "toy-race=toygame, bad-entry ,x=")
    assert extra_engines() == {"toy-race": "toygame"}
    assert "toy-race" in engine_ids() and has_engine("toy-race")


def test_toy_engine_has_no_calculator_group(toy):
    assert game_module("toy-race").ENGINE.game_id == "toy-race"
    assert cli_module("toy-race") is None


def test_unknown_engine_lists_the_known_ones(toy):
    with pytest.raises(UnknownEngine, match="no rules engine for 'chess'; games with an engine: .*toy-race"):
        game_module("chess")


def test_unimportable_engine_module_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("DECKWRIGHT_ENGINES", "ghost=no_such_module_here")
    with pytest.raises(UnknownEngine, match="the engine of 'ghost' \\(no_such_module_here\\) cannot be imported"):
        game_module("ghost")
