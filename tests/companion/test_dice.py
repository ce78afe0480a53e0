"""Dice notation, keep highest/lowest, typed-in faces, and `deckwright roll`."""

from __future__ import annotations

import json
import random

import pytest

from companion import dice
from companion.cli import cli
from companion.errors import DiceError


@pytest.mark.parametrize("text, sides, modifier, low, high", [
    ("2d6", (6, 6), 0, 2, 12),
    ("d12", (12,), 0, 1, 12),
    ("4d6kh3", (6, 6, 6, 6), 0, 3, 18),
    ("2d20kl1", (20, 20), 0, 1, 20),
    ("1d8+1d4+2", (8, 4), 2, 4, 14),
    ("d6-1", (6,), -1, 0, 5),
    ("2d6 - 1d4", (6, 6, 4), 0, -2, 11),
    ("3D6", (6, 6, 6), 0, 3, 18),
], ids=lambda v: str(v))
def test_parse_notation(text, sides, modifier, low, high):
    expr = dice.parse(text)
    assert (expr.dice, expr.modifier, expr.minimum, expr.maximum) == (sides, modifier, low, high)


@pytest.mark.parametrize("text, message", [
    ("", "empty dice expression"),
    ("2x6", "cannot read '2x6'"),
    ("0d6", "roll between 1 and 1000 dice, not 0"),
    ("d1", "a die needs 2 to 1000 sides, not 1"),
    ("4d6kh5", "can keep 1 to 4 of 4 dice, not 5"),
    ("5", "has no dice"),
    ("2d6 3", "cannot read"),
], ids=["empty", "bad-letter", "no-dice", "one-side", "keep-too-many", "only-number", "missing-sign"])
def test_parse_refuses_bad_notation(text, message):
    with pytest.raises(DiceError, match=message):
        dice.parse(text)


def test_roll_is_repeatable_with_a_seeded_rng():
    first = dice.roll("4d6kh3", random.Random(7))
    second = dice.roll("4d6kh3", random.Random(7))
    assert first.faces == second.faces and first.total == second.total


def test_every_face_of_a_die_comes_up():
    rng = random.Random(2)
    assert {dice.roll("d6", rng).total for _ in range(200)} == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("text, faces, total, shown", [
    ("4d6kh3", [6, 1, 5, 3], 14, "4d6kh3: 4d6kh3[6, 5, 3, (1)] = 14"),
    ("2d20kl1", [17, 4], 4, "2d20kl1: 2d20kl1[4, (17)] = 4"),
    ("2d6+1", [3, 4], 8, "2d6+1: 2d6[3, 4] +1 = 8"),
    ("d8-d4", [5, 3], 2, "d8-d4: 1d8[5] -1d4[3] = 2"),
], ids=["keep-high", "keep-low", "modifier", "minus-die"])
def test_typed_faces_keep_and_explain(text, faces, total, shown):
    roll = dice.from_faces(text, faces)
    assert roll.total == total and roll.explain() == shown


@pytest.mark.parametrize("text, faces, message", [
    ("2d6", [7, 1], "a d6 cannot show 7: type a number from 1 to 6"),
    ("d12", [0], "a d12 cannot show 0"),
    ("2d6", [3], "2d6 needs 2 dice, got 1"),
], ids=["too-high", "zero", "too-few"])
def test_faces_the_dice_cannot_show_are_refused(text, faces, message):
    with pytest.raises(DiceError, match=message):
        dice.check_faces(text, faces)


@pytest.mark.parametrize("typed, faces", [("5", [5]), ("3 4", [3, 4]), ("3,4", [3, 4]), (" 1 ,2 ", [1, 2])])
def test_parse_typed_faces(typed, faces):
    assert dice.parse_faces(typed) == faces


def test_parse_typed_faces_refuses_words():
    with pytest.raises(DiceError, match="expected die results as numbers like '5' or '3 4', got 'six'"):
        dice.parse_faces("six")


def test_roll_command_json_shows_each_die_and_the_total(runner):
    result = runner.invoke(cli, ["roll", "4d6kh3", "--seed", "7", "--json"])
    data = json.loads(result.output)
    assert result.exit_code == 0
    faces = data["dice"][0]["faces"]
    assert len(faces) == 4 and data["total"] == sum(sorted(faces)[1:])
    assert data == dice.roll("4d6kh3", random.Random(7)).to_json()


def test_roll_command_text(runner):
    result = runner.invoke(cli, ["roll", "2d6", "--seed", "1"])
    assert result.exit_code == 0 and result.output.startswith("2d6: 2d6[")


def test_roll_command_bad_notation_is_a_usage_error(runner):
    result = runner.invoke(cli, ["roll", "2x6"])
    assert result.exit_code == 2 and "cannot read '2x6'" in result.output and "Traceback" not in result.output


def test_a_number_too_long_to_read_is_a_dice_error_not_a_traceback():
    """Python refuses to turn 4300+ digits into an int (ValueError); no table needs ten digits."""
    import pytest

    from companion.dice import DiceError, parse

    for text in ("2d6+" + "9" * 5000, "9" * 20 + "d6", "d" + "9" * 12):
        with pytest.raises(DiceError, match="more than 9 digits"):
            parse(text)
