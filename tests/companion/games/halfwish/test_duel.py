"""Specification of the Halfwish duel resolver (companion/games/halfwish/duel.py).

The rules text. Every number comes from cards/halfwish/game.yaml.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards import load_game
from companion.games.halfwish.calculators import apply_effect, apply_reveal
from companion.games.halfwish.duel import damage_after_modifiers, resolve_duel
from companion.games.halfwish.profiles import (
    DuelError,
    DuelRules,
    profiles_from_db,
    upgrade_profile,
)
from companion.games.halfwish.sides import Side

DB = load_game("halfwish")
RULES = DB.rules
PROFILES = profiles_from_db(DB)
EVADE_AT = RULES.actions["evade"]["min_dv"]
BLOCK_BONUS = RULES.actions["defend"]["dv"]
LONG = RULES.actions["long-strike"]["dv"]
HEAVY = RULES.actions["heavy-strike"]["dv"]
HEAVY_EXPOSED = RULES.actions["heavy-strike"]["on_reveal"][0]["amount"]
STEP = RULES.status_step


def side(*actions: str, dv: int, **mods: object) -> Side:
    """A side committing the named actions at a DV, with optional modifiers."""
    return Side(actions=tuple(PROFILES[a] for a in actions), dv=dv, **mods)


def duel(a: Side, b: Side, aggressor: str = "a", reveal: bool = True):
    """Resolve a duel the way the table does: reveal effects first, then the clash."""
    if reveal:
        a, b, _ = apply_reveal(a, b, RULES, aggressor)
    return resolve_duel(a, b, aggressor, RULES)


# --- the seed's worked examples --------------------------------------------------------

def test_long_strike_example_from_the_seed():
    """ "Example: Player A rolls 10 and plays Long Strike, Player B rolls 12 and plays Strike.
    Setting aside point scoring, damage would be as follows: Player A deals 8 damage to
    player B. Player B does 12-8=4 damage back to Player A." """
    result = duel(side("long-strike", dv=10), side("strike", dv=12))
    assert result.b.hits == (10 + LONG,) == (8,)
    assert result.a.hits == (12 - 8,)
    assert "Long Strike strikes first for 8: B takes 8." in result.steps
    assert "B retaliates: 12 - 8 = 4: A takes 4." in result.steps


def test_exposed_adds_a_step_per_stack_example_from_the_seed():
    """ "Example: If a player takes 2 damage, the player takes 2+2=4 damage." (2 Exposed) """
    result = duel(side("strike", dv=7), side("strike", dv=5, exposed=2))
    assert result.b.hits == (2 + 2 * STEP,) == (4,)


def test_heavy_strike_reveal_gives_its_player_exposed():
    """ "Heavy Strike: Strike for DV+2. Ignores block. When revealed, gain 2 Exposed." """
    result = duel(side("heavy-strike", dv=4), side("strike", dv=9))
    # B strikes 9 against 4 + 2 = 6: A takes 3, plus 2 Exposed from the reveal
    assert result.a.hits == (9 - (4 + HEAVY) + HEAVY_EXPOSED * STEP,)


def test_heavy_strike_against_defend_deals_full_damage():
    """ "if a player plays Heavy Strike, and their opponent plays Defend, the Defend action will
    not block any damage, resulting in the player who played Defend taking full damage." """
    result = duel(side("heavy-strike", dv=6), side("defend", dv=12))
    assert result.b.hits == (6 + HEAVY,)
    assert result.a.hits == ()


@pytest.mark.parametrize(("dv", "taken"), [(EVADE_AT, ()), (EVADE_AT - 1, (9,))], ids=["dv-8-evades", "dv-7-fails"])
def test_evade_succeeds_at_eight_and_fails_at_seven_with_full_damage(dv, taken):
    """ "Evade the opposing action if your DV is 8 or higher."
    "If DV is 7 or lower, Evade fails and the player takes full damage." """
    result = duel(side("strike", dv=9), side("evade", dv=dv))
    assert result.b.hits == taken


def test_first_strike_against_first_strike_cancels_out():
    """ "In the event both players have First Strike, its effect cancels out." """
    result = duel(side("long-strike", dv=10), side("long-strike", dv=7))
    assert result.b.hits == ((10 + LONG) - (7 + LONG),)
    assert result.a.hits == ()
    assert "Both have First Strike: it cancels out." in result.steps


def test_first_strike_only_works_against_offensive_actions():
    """ "First Strike only works against offensive actions." A Long Strike into a Defend is a
    plain strike against a block. """
    result = duel(side("long-strike", dv=12), side("defend", dv=6))
    assert result.b.hits == ((12 + LONG) - (6 + BLOCK_BONUS),)
    assert not any("strikes first" in step for step in result.steps)


def test_first_strike_that_strikes_higher_cannot_deal_damage_again():
    """ "the lower striker will take the difference as damage, but the FS action cannot deal
    damage again even if it's striking for more." """
    result = duel(side("long-strike", dv=12), side("strike", dv=4))
    assert result.b.hits == (12 + LONG,)
    assert result.a.hits == ()


def test_first_strike_target_that_does_not_survive_cannot_retaliate():
    """ "If the target survives, they will retaliate by striking against the FS action."
    Ruling first-strike-knockout. """
    result = duel(side("long-strike", dv=10), side("strike", dv=12, health=8))
    assert result.b.knocked_out
    assert result.a.hits == ()
    assert "B is knocked out and cannot retaliate." in result.steps


def test_lower_striker_takes_the_difference():
    """ "When two aggressive actions strike each other, the lower striker will take the
    difference as damage." """
    result = duel(side("strike", dv=5), side("strike", dv=11))
    assert (result.a.hits, result.b.hits) == ((6,), ())


def test_equal_strikes_deal_no_damage():
    result = duel(side("strike", dv=6), side("strike", dv=6))
    assert result.a.hits == result.b.hits == ()


def test_block_stops_dv_plus_two_and_never_strikes():
    """ "Block DV+2 damage." "Blocks do not strike and do not do damage." """
    partly = duel(side("strike", dv=11), side("defend", dv=6))
    fully = duel(side("strike", dv=3), side("defend", dv=6))
    assert partly.b.hits == (11 - (6 + BLOCK_BONUS),)
    assert fully.a.hits == fully.b.hits == ()


def test_two_defensive_actions_do_nothing():
    result = duel(side("defend", dv=12), side("evade", dv=2))
    assert result.a.hits == result.b.hits == ()


def test_two_action_turns_clash_pairwise_and_score_on_the_overall_outcome():
    """ "In two action combat turns, actions clash with one another individually."
    "While actions clash separately, point scoring is determined by the overall outcome of
    the duel." """
    result = duel(side("strike", "strike", dv=10), side("defend", "evade", dv=7))
    # first vs first: 10 against a block of 7 + 2; second vs second: a failed evade, full 10
    assert result.b.hits == (10 - (7 + BLOCK_BONUS), 10)
    assert result.a.points == 2 * RULES.aggressor_points_per_hit
    assert result.b.points == 0
    assert result.winner == "a"


# --- scoring ------------------------------------------------------------------------------

def test_aggressor_scores_one_per_time_the_defender_takes_damage():
    """ "During a duel, the aggressor scores 1 point for every time the defender takes damage." """
    result = duel(side("strike", "strike", dv=12), side("evade", "evade", dv=3))
    assert len(result.b.hits) == 2
    assert result.a.score_points == 2 * RULES.aggressor_points_per_hit


def test_defender_scores_for_taking_no_damage():
    """ "The defender scores 1 point if they take no damage during the duel" """
    result = duel(side("strike", dv=4), side("defend", dv=4))
    assert result.b.points == RULES.defender_points_no_damage
    assert result.winner == "b"


def test_defender_scores_once_however_often_the_aggressor_took_damage():
    """ "and scores an additional 1 point if the aggressor takes damage once during the duel."
    Ruling takes-damage-once: at least once, a single point. """
    result = duel(side("strike", "strike", dv=2), side("strike", "strike", dv=12))
    assert len(result.a.hits) == 2
    assert result.b.points == RULES.defender_points_no_damage + RULES.defender_points_aggressor_hit
    assert result.a.points == 0


def test_seed_example_duel_is_a_tie_on_points():
    result = duel(side("long-strike", dv=10), side("strike", dv=12))
    assert (result.a.points, result.b.points, result.winner) == (1, 1, "tie")


def test_points_from_card_effects_count_in_the_tally():
    """ "Point gains or losses (except pay effects) that occur from card effects will go towards
    the total tally of points that determine who wins the duel. (e.g. Cheap Shot, ...)" """
    result = duel(side("cheap-shot", dv=9), side("strike", dv=8))
    assert (result.a.effect_points, result.a.points) == (1, 2)
    assert result.winner == "a"
    assert [t.action for t in result.triggered if t.counted] == ["cheap-shot"]


def test_points_already_gained_in_the_duel_count_in_the_tally():
    result = duel(side("strike", dv=6), side("strike", dv=6, points_from_effects=-1))
    assert (result.a.points, result.b.points, result.winner) == (0, 0, "tie")


def test_a_full_block_fires_diamond_hands_point():
    result = duel(side("strike", dv=6), side("diamond-hands", dv=5))
    assert result.b.effect_points == 1
    assert result.b.points == RULES.defender_points_no_damage + 1


def test_effects_the_resolver_cannot_apply_are_handed_to_the_engine():
    result = duel(side("venom-blade", dv=12), side("strike", dv=2))
    (trigger,) = result.triggered
    assert (trigger.when, trigger.effect["status"], trigger.counted) == ("hit", "poisoned", False)


def test_damage_before_the_clash_counts_as_a_time_taken():
    """ "Map cards, powers and reveal effects can sometimes cause players to gain or lose points
    during the duel by dealing damage" """
    result = duel(side("defend", dv=6), side("defend", dv=6, hits_before=(2,)))
    assert result.a.points == RULES.aggressor_points_per_hit
    assert result.b.damage_taken == 0


# --- keywords -----------------------------------------------------------------------------

def test_toughness_takes_one_less_damage_per_stack():
    """ "Toughness: A player takes 1 less damage from all sources for each stack of Toughness." """
    result = duel(side("strike", dv=9), side("strike", dv=4, toughness=2))
    assert result.b.hits == (5 - 2 * STEP,)


def test_toughness_that_stops_every_point_is_no_damage():
    result = duel(side("strike", dv=5), side("strike", dv=4, toughness=1))
    assert result.b.hits == ()
    assert result.b.points == RULES.defender_points_no_damage


def test_true_damage_cannot_be_blocked_or_reduced():
    """ "True damage cannot be blocked or reduced. But can be evaded." """
    profile = upgrade_profile(RULES, "test-true", "Test True", "strike", {"true_damage": True})
    result = duel(Side((profile,), dv=9), side("defend", dv=12, toughness=3))
    assert result.b.hits == (9,)


def test_true_damage_can_be_evaded():
    profile = upgrade_profile(RULES, "test-true", "Test True", "strike", {"true_damage": True})
    result = duel(Side((profile,), dv=9), side("evade", dv=EVADE_AT))
    assert result.b.hits == ()


def test_unevadable_hits_a_successful_evade_in_full():
    """ "Unevadeable: This action cannot be evaded." """
    result = duel(side("hyper-beam", dv=5), side("evade", dv=12))
    assert result.b.hits == (5 + PROFILES["hyper-beam"].dv,)


def test_precise_strike_ignores_bonuses_and_exposed():
    """ "Precise actions cannot have its strike or damage increased." Ruling precise-and-bonuses. """
    result = duel(side("marksman-shot", dv=9, strike_bonus=2), side("defend", dv=3, exposed=2))
    assert result.b.hits == (9 - (3 + BLOCK_BONUS),)


def test_strike_bonus_adds_to_every_strike():
    """Roar: "Your actions strike for 2 more this turn." """
    result = duel(side("strike", "strike", dv=9, strike_bonus=2), side("defend", "evade", dv=6))
    assert result.b.hits == (11 - (6 + BLOCK_BONUS), 11)


def test_cannot_take_damage_stops_every_hit():
    result = duel(side("heavy-strike", dv=12), side("defend", dv=2, cannot_take_damage=True))
    assert result.b.hits == ()


def test_dv_beyond_the_dice_keeps_its_modifiers_but_not_below_zero():
    """Seed: "+/- X DV (this turn): Passive bonus or reduction of X DV." - no bound but Lower/Higher's.
    Ruling dv-bounds-after-modifiers: a DV above 12 stays; below 0 it counts as 0."""
    result = duel(side("strike", dv=RULES.dv_max + 3), side("strike", dv=RULES.dv_min - 2))
    assert result.b.hits == (RULES.dv_max + 3 - (RULES.dv_min - 2),)
    below = duel(side("strike", dv=5), side("strike", dv=-2))
    assert below.b.hits == (5 - RULES.dv_floor,)
    assert any("counts as 0" in step for step in below.steps)


def test_true_damage_against_a_strike_deals_only_the_difference():
    """Ruling true-damage-in-a-clash: True Damage ignores blocks and Toughness, not the opposing strike."""
    profile = upgrade_profile(RULES, "test-true", "Test True", "strike", {"true_damage": True})
    result = duel(Side((profile,), dv=10), side("strike", dv=6, toughness=2))
    assert result.b.hits == (10 - 6,)


def test_exposed_adds_nothing_when_no_damage_gets_through():
    """Ruling exposed-needs-damage."""
    result = duel(side("strike", dv=4), side("defend", dv=6, exposed=3))
    assert result.b.hits == ()


def test_a_strike_below_zero_counts_as_zero():
    """Ruling strike-value-floor: Piercing Lance (DV-3) at the lowest DV strikes for 0."""
    result = duel(side("piercing-lance", dv=RULES.dv_min), side("defend", dv=RULES.dv_min))
    assert result.b.hits == ()
    assert any("= 0" in step for step in result.steps)


def test_the_resolver_rulings_are_in_the_database():
    ids = {r.id for r in DB.rulings}
    assert {"first-strike-knockout", "true-damage-in-a-clash", "precise-and-bonuses", "exposed-needs-damage",
            "strike-value-floor", "clashes-are-separate", "takes-damage-once", "dv-bounds-after-modifiers"} <= ids


def test_sides_must_commit_the_same_number_of_actions():
    with pytest.raises(DuelError, match="same number of actions"):
        resolve_duel(side("strike", dv=5), side("strike", "defend", dv=5), "a", RULES)


def test_more_actions_than_any_turn_allows_is_refused():
    many = max(RULES.actions_per_duel) + 1
    with pytest.raises(DuelError, match="same number of actions"):
        resolve_duel(side(*["strike"] * many, dv=5), side(*["strike"] * many, dv=5), "a", RULES)


def test_missing_rules_parameter_is_named():
    with pytest.raises(DuelError, match="status_step"):
        DuelRules.from_rules({k: v for k, v in RULES.items() if k != "status_step"})


def test_unknown_profile_key_is_refused_with_the_known_keys():
    with pytest.raises(DuelError, match="unknown profile key.*known:"):
        upgrade_profile(RULES, "odd", "Odd", "strike", {"lifesteal": True})


def test_apply_effect_reports_what_it_cannot_apply():
    sides = {"a": side("strike", dv=5), "b": side("strike", dv=5)}
    new, note = apply_effect(sides, "a", {"op": "steal", "who": "self", "resource": "mana", "amount": 1}, RULES)
    assert new == sides
    assert "not applied" in note


def test_aggressor_b_swaps_the_scoring_roles():
    result = duel(side("strike", dv=12), side("strike", dv=2), aggressor="b")
    assert result.steps[0] == "B is the aggressor, A the defender."
    assert (result.a.points, result.b.points) == (
        RULES.defender_points_no_damage + RULES.defender_points_aggressor_hit, 0)


# --- properties -----------------------------------------------------------------------

ACTION_IDS = sorted(PROFILES)
dvs = st.integers(RULES.dv_min, RULES.dv_max)
stacks = st.integers(0, 4)


@st.composite
def sides_pair(draw):
    """Two sides committing the same number (1 or 2) of any action or upgrade."""
    count = draw(st.sampled_from(sorted(set(RULES.actions_per_duel))))
    def one():
        return side(*draw(st.lists(st.sampled_from(ACTION_IDS), min_size=count, max_size=count)),
                    dv=draw(dvs), exposed=draw(stacks), toughness=draw(stacks))
    return one(), one()


@settings(max_examples=150, deadline=None)
@given(sides_pair(), st.sampled_from(["a", "b"]))
def test_damage_is_never_negative_and_every_hit_is_positive(pair, aggressor):
    result = duel(*pair, aggressor=aggressor)
    for res in (result.a, result.b):
        assert res.damage_taken >= 0
        assert all(hit > 0 for hit in res.hits)


@settings(max_examples=150, deadline=None)
@given(sides_pair(), st.sampled_from(["a", "b"]))
def test_toughness_never_increases_damage(pair, aggressor):
    a, b = pair
    tougher = duel(a, replace(b, toughness=b.toughness + 1), aggressor=aggressor, reveal=False)
    assert tougher.b.damage_taken <= duel(a, b, aggressor=aggressor, reveal=False).b.damage_taken


@settings(max_examples=150, deadline=None)
@given(sides_pair(), st.sampled_from(["a", "b"]))
def test_exposed_never_decreases_damage(pair, aggressor):
    a, b = pair
    exposed = duel(a, replace(b, exposed=b.exposed + 1), aggressor=aggressor, reveal=False)
    assert exposed.b.damage_taken >= duel(a, b, aggressor=aggressor, reveal=False).b.damage_taken


@settings(max_examples=150, deadline=None)
@given(sides_pair(), st.sampled_from(["a", "b"]))
def test_swapping_the_sides_swaps_the_result(pair, aggressor):
    a, b = pair
    other = "b" if aggressor == "a" else "a"
    straight = duel(a, b, aggressor=aggressor)
    swapped = duel(b, a, aggressor=other)
    assert (straight.a.hits, straight.a.points) == (swapped.b.hits, swapped.b.points)
    assert (straight.b.hits, straight.b.points) == (swapped.a.hits, swapped.a.points)
    assert {"a": "b", "b": "a", "tie": "tie"}[straight.winner] == swapped.winner


@settings(max_examples=100, deadline=None)
@given(sides_pair(), st.sampled_from(["a", "b"]))
def test_score_follows_the_scoring_rules(pair, aggressor):
    result = duel(*pair, aggressor=aggressor)
    defender = "b" if aggressor == "a" else "a"
    agg, dfd = result.side(aggressor), result.side(defender)
    assert agg.score_points == RULES.aggressor_points_per_hit * len(dfd.hits)
    assert dfd.score_points == (RULES.defender_points_no_damage * (not dfd.hits)
                                + RULES.defender_points_aggressor_hit * bool(agg.hits))


def test_damage_after_modifiers_leaves_zero_at_zero():
    assert damage_after_modifiers(Side((), dv=7, exposed=3), 0, STEP) == (0, "0")


# --- the rulebook's worked examples ---------------------------------------------------------

def test_rulebook_examples_are_resolved_by_the_resolver():
    """The rulebook prints the seed's example with the resolver's own arithmetic."""
    from companion.games.halfwish import rulebook_context

    context = rulebook_context(DB)
    first = context["worked_examples"][0]
    assert "rolls 10 and plays Long Strike" in first["setup"]
    assert "B retaliates: 12 - 8 = 4: A takes 4." in first["steps"]
    titles = [ex["title"] for ex in context["worked_examples"]]
    assert {"Ignores block", "Evade succeeds", "Evade fails", "First Strike against First Strike",
            "Two actions each"} <= set(titles)
    assert len(context["odds_matrix"].cells) == len(RULES.actions) ** 2
