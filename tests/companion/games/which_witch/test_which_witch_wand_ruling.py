"""The ruling `one-wand-per-die` is enforced, and `-o witches=` takes witches as printed.

Ruling one-wand-per-die: 'Only one Wand of each kind may be in play at a time: a Wand of Eight
cannot be put in play (nor kept after a Wand Hex) while another Wand of Eight is in play, and the
same for the Wand of Ten. The card stays in its holder's hand (a stolen one is discarded).'
"""

from __future__ import annotations

import pytest
from which_witch_table import arrange, play

from cards import load_game
from companion.cli import cli
from companion.engine.core import Decision
from companion.errors import IllegalAction

FILLER = ["heart-potion", "heart-potion", "heart-potion"]


def offered(engine, state) -> list[str]:
    request = engine.request(state)
    assert isinstance(request, Decision), request
    return request.option_ids()


def test_the_ruling_is_in_the_database():
    rulings = {r.id: r.ruling for r in load_game("which-witch").rulings}
    assert "while another Wand of Eight is in play" in " ".join(rulings["one-wand-per-die"].split())


def test_a_second_wand_of_eight_is_not_offered_while_one_is_in_play(engine):
    """'a Wand of Eight cannot be put in play ... while another Wand of Eight is in play'."""
    state = arrange(engine, ["wind", "ice"], [FILLER, ["wand-d8"] + FILLER[:2]], wands=["wand-d8", None],
                    hearts=[5, 5])
    state.current = 1
    assert "wand" not in offered(engine, state), "Ben's only Wand is the kind Ann has in play"
    assert "wand-d8" in state.seats[1].hand, "the card stays in its holder's hand"


def test_a_second_wand_of_ten_is_refused_when_typed_and_a_better_one_still_offered(engine):
    """'... and the same for the Wand of Ten.'"""
    state = arrange(engine, ["wind", "ice"], [FILLER, ["wand-d10", "wand-d12", "heart-potion"]],
                    wands=["wand-d10", None], hearts=[5, 5])
    state.current = 1
    play(engine, state, "wand")
    assert offered(engine, state) == ["wand-d12"]
    with pytest.raises(IllegalAction):
        engine.apply(state, "wand-d10")
    play(engine, state, "wand-d12")
    assert state.seats[1].wand == "wand-d12"


def test_once_the_first_wand_of_eight_leaves_play_the_second_may_go_in(engine):
    state = arrange(engine, ["wind", "ice"], [["wand-hex"] + FILLER, ["wand-d8"] + FILLER[:2]],
                    wands=[None, "wand-d8"], hearts=[5, 5])
    play(engine, state, "wand-hex", "Ben", "discard")
    assert state.seats[1].wand is None
    state.current = 1
    play(engine, state, "wand")
    assert offered(engine, state) == ["wand-d8"]


def test_at_the_table_a_hidden_hand_is_not_offered_the_wand_in_play(engine):
    """At the table nobody knows the hands; the Wand of Eight is still not a choice while one is in play."""
    state = engine.new_game(["Ann", "Ben"], {"hidden": True, "witches": ["wind", "ice"]})
    state.seats[0].wand = "wand-d8"
    state.current = 1
    assert "wand" in offered(engine, state), "a hidden hand of 5 may hold a Wand"
    play(engine, state, "wand")
    assert "wand-d8" not in offered(engine, state)
    assert {"wand-d10", "wand-d12", "wand-d20"} <= set(offered(engine, state))


@pytest.mark.parametrize("typed", ["wind", "Wind", "wind-witch", "Wind Witch", "WIND WITCH"])
def test_witches_option_accepts_the_printed_names(runner, typed):
    result = runner.invoke(cli, ["play", "which-witch", "--players", "Ann,Ben", "-o", f"witches={typed},Fire Witch"],
                           input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Ann (Wind Witch) takes one action" in result.output


def test_an_unknown_witch_name_gets_a_did_you_mean(runner):
    result = runner.invoke(cli, ["play", "which-witch", "--players", "Ann,Ben", "-o", "witches=fire,wnd"],
                           input="quit\n")
    assert result.exit_code == 2, result.output
    assert "did you mean 'wind'" in result.output and "fire, wind, lightning, earth, ice, poison" in result.output
