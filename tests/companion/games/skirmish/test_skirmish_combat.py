"""The Combat, Classes and Scores sections, each test quoting the line it checks."""

from __future__ import annotations

import pytest
from skirmish_table import act, battle, options

from companion.errors import IllegalAction


def test_tier_table_is_the_texts(engine):
    """'| Tiny | 10 | 52 |' ... '| Gargantuan | 20 | 102 |'."""
    assert engine.tiers.power == (10, 12, 14, 16, 18, 20)
    assert engine.tiers.armor == (52, 62, 72, 82, 92, 102)


def test_defender_takes_the_attackers_power_and_counters_within_reach(engine):
    """'A character will simultaneously perform a counter-attack when an opponent within their reach
    attacks them.' / 'the defender will take damage equal to the power of the attacker.'"""
    state = battle(engine, ("sera-quill", 0, "C4"), ("bramblejack", 1, "C5"))
    texts = act(engine, state, "attack:sera-quill", "bramblejack")
    assert state.fighter("bramblejack").damage == 14          # Duelist: Medium power
    assert state.fighter("sera-quill").damage == 10           # Vanguard: Tiny power, counter
    assert state.sides[0].ap == 10 - engine.rules["attack_cost"]
    assert any("counter-attack" in t for t in texts)


def test_ranged_defender_does_not_counter_a_melee_attacker(engine):
    """'Ranged characters can only target units that are exactly two tiles away from them.'"""
    state = battle(engine, ("sera-quill", 0, "C4"), ("thistle", 1, "C5"))
    said = act(engine, state, "attack:sera-quill", "thistle")
    assert state.fighter("thistle").damage == 14
    assert state.fighter("sera-quill").damage == 0
    assert "Thistle cannot counter-attack (out of its reach)" in said  # play audit: no reason was given


@pytest.mark.parametrize(("tile", "can"), [("C6", True), ("D5", True), ("C5", False), ("C7", False)],
                         ids=["two-down", "diagonal-two-steps", "one", "three"])
def test_ranged_attacks_exactly_two_orthogonal_steps(engine, tile, can):
    """'exactly two tiles away' counted in orthogonal steps (ruling distance)."""
    state = battle(engine, ("kestrel", 0, "C4"), ("thistle", 1, tile))
    state.queue = []
    act_options = _act_options(engine, state)
    assert ("attack:kestrel" in act_options) is can


def _act_options(engine, state):
    from companion.engine.steps import step
    state.queue = [step("act", seat=0)]
    return options(engine, state)


def test_attack_once_per_turn(engine):
    """'Once per turn, a character can perform an attack ... by using two action points.'"""
    state = battle(engine, ("sera-quill", 0, "C4"), ("bramblejack", 1, "C5"))
    act(engine, state, "attack:sera-quill", "bramblejack")
    assert "attack:sera-quill" not in options(engine, state)
    with pytest.raises(IllegalAction):
        engine.apply(state, "attack:sera-quill")


def test_attack_needs_two_action_points(engine):
    """'by using two action points.'"""
    state = battle(engine, ("sera-quill", 0, "C4"), ("bramblejack", 1, "C5"), ap=1)
    assert "attack:sera-quill" not in _act_options(engine, state)


def test_walk_within_speed_once_per_turn(engine):
    """'Once per turn, a character can walk to any tile within their speed score in distance by using an
    action point.' Melee speed 5, ranged 3."""
    state = battle(engine, ("sera-quill", 0, "C1"), ("kestrel", 0, "F1"), ("thistle", 1, "F8"))
    act(engine, state, "walk:sera-quill")
    tiles = options(engine, state)
    assert "C6" in tiles and "C7" not in tiles and "F1" not in tiles and "C1" not in tiles
    engine.apply(state, "C6")
    assert state.fighter("sera-quill").tile == "C6"
    assert state.sides[0].ap == 10 - engine.rules["walk_cost"]
    assert "walk:sera-quill" not in options(engine, state)
    engine.apply(state, "walk:kestrel")
    assert "F4" in options(engine, state) and "E4" not in options(engine, state)


def test_walk_cannot_pass_through_characters_or_rocks(engine):
    """Ruling distance: a walk goes through empty tiles only; Rocks (A4) block. Kestrel on A3 is boxed in
    by Rocks below, Calder on B3 and Thistle on A2: nowhere to go, so no walk is offered."""
    state = battle(engine, ("kestrel", 0, "A3"), ("brother-calder", 0, "B3"), ("thistle", 1, "A2"))
    assert "walk:kestrel" not in _act_options(engine, state)
    state.fighter("thistle").tile = "F8"
    act(engine, state, "walk:kestrel")
    assert set(options(engine, state)) == {"A2", "A1", "B2", "B1", "C2"}


@pytest.mark.parametrize(("armor", "damage", "critical"), [(62, 41, False), (62, 42, True),
                                                           (72, 48, True), (72, 47, False)],
                         ids=["62-41", "62-42", "72-48-exact-third", "72-47"])
def test_critical_at_or_below_a_third_exactly(engine, armor, damage, critical):
    """'A character is "critically wounded" if their remaining armor is at or below a third of its total
    amount.' 72 - 48 = 24 = 72/3 exactly: critical, compared without floats."""
    assert engine.tiers.is_critical(armor, damage) is critical


def test_faint_only_when_damage_surpasses_armor(engine):
    """'A character whose damage taken surpasses their armor will faint.'"""
    state = battle(engine, ("kestrel", 0, "C3"), ("thistle", 1, "C5"))
    state.fighter("thistle").damage = 72 - 16          # Medium armor 72, Kestrel Large power 16
    act(engine, state, "attack:kestrel", "thistle")
    assert state.fighter("thistle").damage == 72 and not state.fighter("thistle").fainted
    state.fighter("kestrel").attacked = False
    act(engine, state, "attack:kestrel", "thistle")
    assert state.fighter("thistle").fainted and state.fighter("thistle").tile is None


def test_counter_lands_even_when_the_defender_faints(engine):
    """Ruling counter-and-restrain: the counter is simultaneous."""
    state = battle(engine, ("sera-quill", 0, "C4"), ("bramblejack", 1, "C5"))
    state.fighter("bramblejack").damage = 80
    act(engine, state, "attack:sera-quill", "bramblejack")
    assert state.fighter("bramblejack").fainted
    assert state.fighter("sera-quill").damage == 10


def test_all_fainted_loses(engine):
    """'A player whose all characters they control are fainted will lose the match.'"""
    state = battle(engine, ("kestrel", 0, "C3"), ("sera-quill", 0, "A1"), ("bramblejack", 0, "B1"),
                   ("thistle", 1, "C5"), ("mirelle", 1, "F8"), ("pim-quickwing", 1, "E8"))
    for cid in ("mirelle", "pim-quickwing"):
        state.fighter(cid).fainted, state.fighter(cid).tile = True, None
    state.fighter("thistle").damage = 70
    assert engine.outcome(state) is None
    act(engine, state, "attack:kestrel", "thistle")
    outcome = engine.outcome(state)
    assert outcome.winner == 0 and outcome.termination == "all fainted"
    assert engine.request(state) is None


def test_damage_clamped_between_one_and_gargantuan(engine):
    """'Any single damage instance may not deal less than one damage point or more than the equivalent of
    "Gargantuan" damage in points.'"""
    assert engine.tiers.clamp(0) == 1
    assert engine.tiers.clamp(35) == engine.rules["power"]["gargantuan"] == 20
    assert engine.tiers.clamp(14) == 14


def test_tiers_stop_at_tiny_and_gargantuan(engine):
    """'it is impossible to lower them below the "Tiny" tier or raise them above the "Gargantuan" tier.'"""
    assert engine.tiers.shift(0, -1) == 0
    assert engine.tiers.shift(5, 2) == 5
    assert engine.tiers.shift(2, 1) == 3
    from companion.games.skirmish.damage import shift

    state = battle(engine, ("sera-quill", 0, "C4"))
    top = engine.rules["tier_names"][engine.tiers.names[5]]
    state.fighter("sera-quill").armor = 5
    said = [e.text for e in shift(engine, state, state.fighter("sera-quill"), "armor", 1)]
    assert said == [f"Sera Quill's armor stays at {top} (the highest tier)"]  # play audit: 'stays to'
