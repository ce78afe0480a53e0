"""Setup options are declared once (`hidden`, `witches`) and checked by the core; the invariants hook."""

from __future__ import annotations

import random

import pytest
from which_witch_table import NAMES, arrange

from companion.cli import cli
from companion.engine.drivers import RandomBot, answer_for
from companion.errors import SetupError
from companion.games.which_witch import invariants, sim_setup


def play(runner, *args: str, keys: tuple[str, ...] = ("quit",)):
    return runner.invoke(cli, ["play", "which-witch", "--players", "Ann,Ben", *args],
                         input="".join(k + "\n" for k in keys))


def test_witches_option_seats_the_named_witches(runner):
    result = play(runner, "-o", "witches=fire,ice")
    assert result.exit_code == 0, result.output
    assert "Ann (Fire Witch) takes one action" in result.output and "picks a Witch Card" not in result.output


def test_an_unknown_witch_is_refused_with_the_elements(runner):
    result = play(runner, "-o", "witches=fire,water")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "water" in result.output and "fire, wind, lightning, earth, ice, poison" in result.output


def test_an_unknown_option_is_refused_with_the_valid_keys(runner):
    result = play(runner, "-o", "nosuchkey=1")
    assert result.exit_code == 2
    assert "nosuchkey" in result.output and "hidden, witches" in result.output


@pytest.mark.parametrize("witches", [["fire"], ["fire", "fire"]], ids=["too-few", "twice"])
def test_one_different_witch_per_player(engine, witches):
    """'Each player must pick 1 Witch Card' (each player has a different witch)."""
    with pytest.raises(SetupError, match="one different witch per player"):
        engine.new_game(NAMES[:2], {"witches": witches})


def test_invariants_hold_through_a_random_game(engine):
    rng = random.Random(5)
    state = engine.new_game(NAMES[:4], sim_setup(engine, 4, rng))
    while (request := engine.request(state)) is not None:
        engine.apply(state, answer_for(engine, state, request, [RandomBot()], rng))
        assert invariants(engine, state) == []


def test_invariants_name_a_lost_card_and_hearts_out_of_bounds(engine):
    state = arrange(engine, ["wind", "ice"], [["fire-spell"], []], hearts=[5, 5])
    state.draw.pop()
    state.seats[1].hearts = engine.rules.hearts.max + 1
    broken = invariants(engine, state)
    assert any("64 Game Cards" in line for line in broken)
    assert any("Ben (Ice Witch) has 6 Life Hearts" in line for line in broken)
