"""The combat calculator against every worked example of the Heartstrings text.

Rolls are the dice as rolled; the calculator adds the room's buffs from game.yaml.
"""

from __future__ import annotations

import pytest

from companion.games.heartstrings.calculators import resolve_combat
from companion.games.heartstrings.combat import damage_for, exchange

PLAIN_ROOM = 5  # no buff and no bonus: see test_room_five_is_plain


def test_room_five_is_plain(rules):
    assert PLAIN_ROOM not in rules.attacker_buffs
    assert PLAIN_ROOM not in rules.defender_buffs
    assert PLAIN_ROOM not in rules.bead_bonus_rooms


def test_six_against_one_is_three_damage(rules):
    """Seed: "Example: Attacker rolls 6; Defender rolls 1. Damage = (6 – 1) / 2 = 2.5
    2.5 rounds up to 3. Loser takes 3 damage." """
    result = resolve_combat(PLAIN_ROOM, 6, [1], rules)
    assert result.winner == "attacker"
    assert (result.defender.tokens_lost, result.defender.damage) == (1, 3)
    assert (result.attacker.tokens_lost, result.attacker.damage) == (0, 0)
    assert "ceil(5/2) = 3 damage" in result.steps[0].text


@pytest.mark.parametrize("difference, damage", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)],
                         ids=lambda v: str(v))
def test_damage_is_half_the_difference_rounded_up(rules, difference, damage):
    """Seed: "take damage equivalent to ½ of the roll difference. If the damage is not a whole
    number, round up." """
    assert damage_for(difference, rules) == damage


def test_tie_loses_the_defender_the_token_without_damage(rules):
    """Seed: "In case of a tie in combat, the Defender loses and must remove their token,
    but they do not take any damage." """
    result = resolve_combat(PLAIN_ROOM, 4, [4], rules)
    assert result.winner == "attacker"
    assert (result.defender.tokens_lost, result.defender.damage) == (1, 0)
    assert result.attacker.damage == 0
    assert "(a tie)" in result.steps[0].text


def test_defender_must_roll_higher(rules):
    """Seed: "The Defender must roll a higher number to defeat the attacker." """
    result = resolve_combat(PLAIN_ROOM, 2, [5], rules)
    assert result.winner == "defender"
    assert (result.attacker.tokens_lost, result.attacker.damage) == (1, 2)
    assert result.defender.tokens_lost == 0


def test_room_8_gives_the_defender_plus_2(rules):
    """Seed: "Example: If a player invades room 8, the Defender's roll automatically gains 2." """
    step = exchange(8, 5, 4, rules)
    assert step.defender_total == 4 + 2
    assert step.loser == "attacker"
    assert step.damage == 1
    assert exchange(PLAIN_ROOM, 5, 4, rules).loser == "defender"  # the same dice elsewhere


def test_room_9_gives_the_attacker_plus_3(rules):
    """Seed: "If a player invades room 9, the Attacker's roll automatically gains 3." """
    step = exchange(9, 4, 5, rules, "Ann", "Ben")
    assert step.attacker_total == 4 + 3
    assert step.loser == "defender"
    assert step.text == ("Room 9 (attacker +3): Ann rolls 4+3 = 7; Ben's token rolls 5: "
                         "7 beats 5, Ben loses the token and takes ceil(2/2) = 1 damage")


@pytest.mark.parametrize("room", [3, 6, 9], ids=["room3", "room6", "room9"])
def test_attacker_buff_rooms_add_their_buff(rules, room):
    """Seed: "rooms 3, 6, and 9 carry an Attacker Buff of +1, +2, and +3." """
    assert exchange(room, 1, 1, rules).attacker_total == 1 + rules.attacker_buffs[room]


@pytest.mark.parametrize("room", [4, 8], ids=["room4", "room8"])
def test_defender_buff_rooms_add_their_buff(rules, room):
    """Seed: "Rooms 4 and 8 have Defender Buffs of +1 and +2 respectively" """
    assert exchange(room, 1, 1, rules).defender_total == 1 + rules.defender_buffs[room]


def test_defender_with_several_tokens_rolls_until_one_wins(rules):
    """Seed: "If the Defender has multiple tokens occupying the room, the Attacker only rolls once,
    but the Defender must roll for each token until they defeat the attacker or they lose all
    tokens. Damage is still taken per token loss for the Defender." """
    result = resolve_combat(PLAIN_ROOM, 5, [1, 3, 6, 2], rules)
    assert [s.loser for s in result.steps] == ["defender", "defender", "attacker"]
    assert {s.attacker_roll for s in result.steps} == {5}  # the attacker rolled once
    assert result.winner == "defender"
    assert (result.defender.tokens_lost, result.defender.damage) == (2, 2 + 1)
    assert (result.attacker.tokens_lost, result.attacker.damage) == (1, 1)
    assert result.unused_rolls == [2]


def test_defender_who_loses_every_token_takes_damage_for_each(rules):
    """Seed: "...or they lose all tokens. Damage is still taken per token loss for the Defender." """
    result = resolve_combat(PLAIN_ROOM, 6, [1, 2, 6], rules)
    assert result.winner == "attacker"
    assert (result.defender.tokens_lost, result.defender.damage) == (3, 3 + 2 + 0)


def test_result_as_json_has_winner_and_losses_per_side(rules):
    data = resolve_combat(9, 4, [5], rules).to_json()
    assert data["winner"] == "attacker"
    assert data["attacker"] == {"tokens_lost": 0, "damage": 0}
    assert data["defender"] == {"tokens_lost": 1, "damage": 1}
    assert data["steps"][0]["attacker_total"] == 7
