"""Specification of the exact Halfwish duel odds (companion/games/halfwish/odds.py).

Seed: "1) Both players roll a pair of dice but don't reveal it to their opponent. That roll is
their Dice Value (DV)."
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards import load_game
from companion.games.halfwish import effects
from companion.games.halfwish.calculators import reveal_sides
from companion.games.halfwish.duel import resolve_duel
from companion.games.halfwish.duelstate import duel_engine, reroll_outcomes, reveal_rerolls
from companion.games.halfwish.odds import duel_odds, dv_distribution, odds_matrix, percent
from companion.games.halfwish.profiles import profiles_from_db
from companion.games.halfwish.sides import Side

DB = load_game("halfwish")
RULES = DB.rules
PROFILES = profiles_from_db(DB)
BASICS = list(RULES.actions)
EVADE_AT = RULES.actions["evade"]["min_dv"]


def side(*actions: str) -> Side:
    return Side(tuple(PROFILES[a] for a in actions), dv=0)


def brute_force(a: Side, b: Side, aggressor: str) -> dict[str, Fraction]:
    """The definition: every one of the 6^4 = 1296 faces of both players' dice, one by one."""
    dice = [range(1, sides + 1) for sides in RULES.dv_dice]
    wins, damage_a, cells = Counter(), 0, 0
    for faces_a in itertools.product(*dice):
        for faces_b in itertools.product(*dice):
            sa, sb = reveal_sides(replace(a, dv=sum(faces_a)), replace(b, dv=sum(faces_b)), RULES, aggressor)
            result = resolve_duel(sa, sb, aggressor, RULES)
            wins[result.winner] += 1
            damage_a += result.a.damage_taken
            cells += 1
    return {"a": Fraction(wins["a"], cells), "b": Fraction(wins["b"], cells),
            "tie": Fraction(wins["tie"], cells), "a_damage": Fraction(damage_a, cells)}


def test_two_d6_distribution_has_eleven_values_weighted_one_to_six():
    assert dv_distribution(RULES) == tuple((v, 6 - abs(v - 7)) for v in range(2, 13))


@pytest.mark.parametrize(("a", "b"), [("long-strike", "strike"), ("heavy-strike", "defend"),
                                      ("strike", "evade"), ("long-strike", "long-strike"),
                                      ("gamblers-strike", "shield-bash")],
                         ids=lambda x: x)
def test_exact_odds_match_the_1296_cell_enumeration(a, b):
    odds = duel_odds(side(a), side(b), "a", RULES)
    truth = brute_force(side(a), side(b), "a")
    assert (odds.a_wins, odds.b_wins, odds.tie, odds.a_damage_taken) == (
        truth["a"], truth["b"], truth["tie"], truth["a_damage"])
    assert odds.outcomes == 36 * 36


def test_exact_two_action_odds_match_the_enumeration():
    odds = duel_odds(side("strike", "heavy-strike"), side("evade", "defend"), "b", RULES)
    truth = brute_force(side("strike", "heavy-strike"), side("evade", "defend"), "b")
    assert (odds.a_wins, odds.b_wins, odds.tie) == (truth["a"], truth["b"], truth["tie"])


def test_evade_against_strike_fails_below_eight():
    """ "If DV is 7 or lower, Evade fails and the player takes full damage." With B's DV rolled,
    B evades with the chance of rolling 8 or more on 2d6 (15/36). """
    odds = duel_odds(side("strike"), side("evade"), "a", RULES)
    chance_to_evade = Fraction(sum(w for v, w in dv_distribution(RULES) if v >= EVADE_AT), 36)
    assert chance_to_evade == Fraction(15, 36)
    assert odds.b_wins == chance_to_evade


def test_a_known_dv_is_not_rolled():
    """With B's DV known (12), only A's roll varies: 36 outcomes. The Long Strike always
    strikes first for A's DV - 2, so B's expected damage is the mean of that."""
    odds = duel_odds(side("long-strike"), side("strike"), "a", RULES, b_roll=12)
    assert odds.outcomes == 36
    long_dv = RULES.actions["long-strike"]["dv"]
    expected_b = sum(Fraction(w, 36) * max(0, v + long_dv) for v, w in dv_distribution(RULES))
    assert odds.b_damage_taken == expected_b


def test_heavy_strike_always_beats_defend_when_attacking():
    """ "Heavy Strike action card ignores block" - the defender always takes damage. """
    odds = duel_odds(side("heavy-strike"), side("defend"), "a", RULES)
    assert odds.a_wins == 1


def test_dv_modifier_shifts_every_roll():
    plain = duel_odds(side("strike"), side("evade"), "a", RULES)
    helped = duel_odds(side("strike"), side("evade"), "a", RULES, b_mod=1)
    assert helped.b_wins == Fraction(21, 36) > plain.b_wins


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(sorted(PROFILES)), min_size=2, max_size=2), st.sampled_from(["a", "b"]),
       st.one_of(st.none(), st.integers(RULES.dv_min, RULES.dv_max)))
def test_probabilities_sum_to_one(pair, aggressor, known):
    odds = duel_odds(side(pair[0]), side(pair[1]), aggressor, RULES, a_roll=known)
    assert odds.a_wins + odds.b_wins + odds.tie == 1
    assert min(odds.a_wins, odds.b_wins, odds.tie) >= 0


def test_mirror_pairings_are_symmetric():
    """Swapping who plays what and who attacks swaps the chances."""
    straight = duel_odds(side("long-strike"), side("heavy-strike"), "a", RULES)
    swapped = duel_odds(side("heavy-strike"), side("long-strike"), "b", RULES)
    assert (straight.a_wins, straight.b_wins, straight.tie) == (swapped.b_wins, swapped.a_wins, swapped.tie)
    assert straight.a_points == swapped.b_points


def test_matrix_holds_every_basic_action_against_every_basic_action():
    matrix = odds_matrix(RULES, PROFILES)
    assert matrix.actions == tuple(BASICS)
    assert len(matrix.cells) == len(BASICS) ** 2
    assert matrix.cell("heavy-strike", "defend") == duel_odds(side("heavy-strike"), side("defend"), "a", RULES)
    rows = matrix.rows()
    assert [r["name"] for r in rows] == ["Strike", "Long Strike", "Heavy Strike", "Defend", "Evade"]
    assert rows[2]["cells"][3]["win"] == "100.0%"


def test_a_defensive_aggressor_can_never_win():
    """Blocks do not strike, so an aggressor who only defends scores nothing while the
    defender scores for taking no damage."""
    matrix = odds_matrix(RULES, PROFILES)
    assert all(matrix.cell("defend", col).b_wins == 1 for col in BASICS)


def test_odds_json_is_exact_and_readable():
    data = duel_odds(side("strike"), side("evade"), "a", RULES).to_json()
    assert data["b"]["wins"] == {"exact": "5/12", "value": round(5 / 12, 6)}
    assert set(data["a"]) >= {"wins", "damage_dealt", "damage_taken", "points"}


def test_percent_rounds_to_one_digit():
    assert percent(Fraction(5, 12)) == "41.7%"


def test_reveal_effects_that_depend_on_the_dv_are_applied_per_roll():
    """Gambler's Strike: "if your DV is even, strike for DV+2; if it is odd, strike for DV-2"."""
    gambler = duel_odds(side("gamblers-strike"), side("strike"), "a", RULES, a_roll=8, b_roll=9)
    odd = duel_odds(side("gamblers-strike"), side("strike"), "a", RULES, a_roll=9, b_roll=9)
    assert (gambler.b_damage_taken, gambler.a_damage_taken) == (1, 0)
    assert (odd.b_damage_taken, odd.a_damage_taken) == (0, 2)


# a reveal reroll is a second roll the 1296 cells do not hold: see the Lucky Dodge test
NO_REROLL = sorted(k for k, p in PROFILES.items() if not any(e.get("op") == "reroll_dv" for e in p.on_reveal))


@settings(max_examples=4, deadline=None)
@given(st.sampled_from(NO_REROLL), st.sampled_from(NO_REROLL), st.sampled_from(["a", "b"]))
def test_exact_odds_of_any_pairing_match_the_enumeration(a, b, aggressor):
    odds = duel_odds(side(a), side(b), aggressor, RULES)
    truth = brute_force(side(a), side(b), aggressor)
    assert (odds.a_wins, odds.b_wins, odds.tie, odds.a_damage_taken) == (
        truth["a"], truth["b"], truth["tie"], truth["a_damage"])


def test_lucky_dodge_rerolls_higher_before_evading():
    """Lucky Dodge: "When revealed, reroll your DV Higher." - "Reroll until a lower/higher DV
    from the current roll. (Min 2, Max 12)". Computed here from the dice themselves."""
    faces = [sum(f) for f in itertools.product(*(range(1, s + 1) for s in RULES.dv_dice))]
    chance = Fraction(0)
    for roll in faces:
        higher = [v for v in faces if v > roll] or [roll]
        chance += Fraction(sum(v >= EVADE_AT for v in higher), len(higher)) / len(faces)
    odds = duel_odds(side("strike"), side("lucky-dodge"), "a", RULES)
    assert odds.b_wins == chance
    assert odds.outcomes == 36 * 36


def test_the_odds_reroll_is_the_engines_reroll_step_enumerated():
    """Glossary: "Lower/Higher (DV): Reroll until a lower/higher DV from the current roll. (Min 2,
    Max 12)". The odds ask the engine's own reroll step where a reroll ends, face by face: from a
    7, Higher ends on 8..12 as often as two dice show each; Lower from 2 and Higher from 12 roll
    nothing (ruling higher-lower-bounds); any reroll ends on the whole distribution."""
    engine = duel_engine(db=DB)
    assert reroll_outcomes(engine, 7, "higher") == ((8, 5), (9, 4), (10, 3), (11, 2), (12, 1))
    assert reroll_outcomes(engine, 7, "lower") == ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5))
    assert reroll_outcomes(engine, RULES.dv_max, "higher") == ((RULES.dv_max, 1),)
    assert reroll_outcomes(engine, RULES.dv_min, "lower") == ((RULES.dv_min, 1),)
    assert reroll_outcomes(engine, 7, "any") == dv_distribution(RULES)
    # whose DV is rerolled is what the engine's reveal step queues, not read off the card here
    assert reveal_rerolls(engine, side("strike"), side("lucky-dodge"), "a") == {"a": [], "b": ["higher"]}
    assert reveal_rerolls(engine, side("lucky-dodge"), side("evade"), "b") == {"a": ["higher"], "b": []}


def test_the_odds_follow_the_engines_reroll_rule_and_keep_no_copy(monkeypatch):
    """The rule lives once: change how the engine's reroll step decides to roll again and the
    odds of Lucky Dodge (reveal: reroll Higher) change with it."""
    played = duel_odds(side("strike"), side("lucky-dodge"), "a", RULES)
    monkeypatch.setattr(effects, "_must_roll_again", lambda engine, current, rolled, direction: False)
    any_roll = duel_odds(side("strike"), side("lucky-dodge"), "a", RULES)
    plain_evade = duel_odds(side("strike"), side("evade"), "a", RULES)
    assert any_roll.b_wins != played.b_wins
    assert reroll_outcomes(duel_engine(db=DB), 7, "higher") == dv_distribution(RULES)
    assert any_roll.outcomes == played.outcomes == 36 * 36
    assert played.b_wins > plain_evade.b_wins


def test_the_rulebook_odds_are_worked_out_again_only_when_their_inputs_change() -> None:
    from companion.games.halfwish import rulebook_context

    first = rulebook_context(load_game("halfwish"))["odds_matrix"]
    assert rulebook_context(load_game("halfwish"))["odds_matrix"] is first  # a rebuild: same rules, same actions
    changed = load_game("halfwish")
    changed.rules["dv_dice"] = [6, 8]
    changed_odds = rulebook_context(changed)["odds_matrix"]
    assert changed_odds is not first and changed_odds.to_json() != first.to_json()
    assert changed_odds.to_json() == odds_matrix(changed.rules, profiles_from_db(changed)).to_json()


def test_the_rulebook_odds_are_kept_for_the_next_process_until_the_rules_or_actions_change(monkeypatch):
    """A card edit rebuilds the rulebook, whose appendix prints the odds matrix (a tenth of a
    second of work): a new process takes it from the last build's when neither the rules nor the
    action cards changed, and works it out again when they did."""
    import dataclasses

    from cards import load_game
    from cards.loader import Params
    from companion.games import halfwish

    db = load_game("halfwish")
    halfwish._ODDS.clear()
    first = halfwish._rulebook_odds(db)
    halfwish._ODDS.clear()  # a new process
    calls: list[object] = []
    real = halfwish.odds_matrix
    monkeypatch.setattr(halfwish, "odds_matrix", lambda rules, profiles: calls.append(rules) or real(rules, profiles))
    assert halfwish._rulebook_odds(db) == first and calls == []
    changed = dataclasses.replace(db, rules=Params({**db.rules, "dv_dice": [8, 8]}))
    halfwish._ODDS.clear()
    halfwish._rulebook_odds(changed)
    assert len(calls) == 1
    monkeypatch.setattr(halfwish, "_odds_code", lambda: "other code")
    halfwish._ODDS.clear()
    assert halfwish._rulebook_odds(db) == first and len(calls) == 2
