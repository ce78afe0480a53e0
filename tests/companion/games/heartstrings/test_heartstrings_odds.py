"""Exact combat odds, enumerated: checked against hand-counted cases and against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from companion.games.heartstrings.calculators import combat_odds, describe, resolve_combat


def brute_force(room, defenders, rules) -> dict:
    """Every sequence of dice, rolled out in full (the unused rolls are just extra weight)."""
    die = rules.combat_die
    found: dict = {}
    total = die ** (defenders + 1)
    for rolls in itertools.product(range(1, die + 1), repeat=defenders + 1):
        result = resolve_combat(room, rolls[0], list(rolls[1:]), rules)
        key = (result.winner, result.defender.tokens_lost, result.attacker.damage, result.defender.damage)
        found[key] = found.get(key, Fraction(0)) + Fraction(1, total)
    return found


@pytest.mark.parametrize("room, defenders", [(5, 1), (9, 2), (8, 3), (3, 2), (4, 1)],
                         ids=["plain-1", "room9-2", "room8-3", "room3-2", "room4-1"])
def test_enumeration_matches_rolling_every_die(rules, room, defenders):
    odds = combat_odds(room, defenders, rules)
    exact = {(o.winner, o.defender_tokens_lost, o.attacker_damage, o.defender_damage): o.probability
             for o in odds.outcomes}
    assert exact == brute_force(room, defenders, rules)


def test_probabilities_sum_to_one(rules):
    odds = combat_odds(8, 12, rules)
    assert sum(o.probability for o in odds.outcomes) == 1


def test_room_9_single_defender_wins_only_on_5_or_6_against_1_or_6_against_2(rules):
    """Seed: "If a player invades room 9, the Attacker's roll automatically gains 3." The defender
    needs more than the attacker's roll + 3: (1, 5), (1, 6), (2, 6) of 36 pairs."""
    assert combat_odds(9, 1, rules).chance_of("defender") == Fraction(3, 36)


def test_plain_room_single_defender_wins_strictly_higher_rolls(rules):
    """Seed: "The Defender must roll a higher number to defeat the attacker." 15 of 36 pairs."""
    assert combat_odds(5, 1, rules).chance_of("defender") == Fraction(15, 36)


def test_more_defending_tokens_make_the_room_safer(rules):
    chances = [combat_odds(5, k, rules).chance_of("attacker") for k in (1, 2, 3)]
    assert chances[0] > chances[1] > chances[2]


def test_description_prints_fractions_and_percentages(rules):
    lines = describe(combat_odds(9, 1, rules), rules)
    assert lines[0].startswith("Room 9 (attacker +3), attacker against 1 defending token")
    assert "  defender wins the room: 1/12 = 8.33%" in lines


def test_rulebook_rows_cover_every_room_once_plain_rooms_first(rules):
    from companion.games.heartstrings.calculators import odds_rows

    rows = odds_rows(rules)
    rooms = [room for row in rows for room in row["rooms"]]
    assert sorted(rooms) == list(range(1, rules.rooms + 1))
    assert (rows[0]["attacker_buff"], rows[0]["defender_buff"]) == (0, 0)
    assert rows[0]["attacker_wins"][0] == str(combat_odds(5, 1, rules).chance_of("attacker"))
    nine = next(row for row in rows if 9 in row["rooms"])
    assert nine["percent"][0] == "91.67%"  # 11/12: see the room 9 test above


def test_rulebook_context_hook_gives_the_odds_rows():
    from cards import load_game
    from companion.games.heartstrings import rulebook_context

    context = rulebook_context(load_game("heartstrings"))
    assert len(context["combat_odds_rows"]) == 6  # plain rooms, then rooms 3, 4, 6, 8 and 9
