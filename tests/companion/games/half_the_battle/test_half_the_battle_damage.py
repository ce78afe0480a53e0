"""The HP rules of the text, on the pure damage function and through the engine."""

from __future__ import annotations

import pytest
from htb_table import ANN, BEN, new_game, play, put

from companion.games.half_the_battle.catalog import parse_hp
from companion.games.half_the_battle.damage import halve, take_damage


def test_damage_subtracts_from_hp():
    """Seed: "When a piece takes damage, subtract the amount from its current HP, and set its die to this new value." """
    assert take_damage("Rogue d8", 8, 3).hp_after == 5


def test_any_damage_on_one_hp_kills():
    """Seed: "If a piece on 1HP takes any damage, it dies at the end of that turn." """
    hit = take_damage("Rogue d8", 1, 1)
    assert hit.dies and hit.hp_after == 0


@pytest.mark.parametrize("hp, amount", [(2, 2), (5, 7), (12, 12)], ids=["equal-2", "over", "equal-12"])
def test_non_lethal_damage_at_or_above_hp_leaves_one(hp, amount):
    """Seed: "If a piece on 2HP or more takes damage equal to or greater than its current HP, it remains alive on 1HP" """
    hit = take_damage("Fighter d12", hp, amount)
    assert (hit.hp_after, hit.dies) == (1, False)


def test_explanation_reads_like_the_issue():
    assert take_damage("Fighter d12", 5, 7).text == "Fighter d12: 5 HP - 7 damage (not lethal) -> stays on 1 HP"


def test_lethal_damage_at_or_above_hp_kills():
    """Seed: "If a piece takes lethal damage equal to or greater than its current HP, it dies at the end of that turn." """
    assert take_damage("Fighter d12", 5, 5, lethal=True).dies


def test_lethal_damage_below_hp_only_subtracts():
    assert take_damage("Fighter d12", 9, 5, lethal=True).hp_after == 4


def test_monsters_treat_lethal_as_regular():
    """Seed: "Lethal damage kills Characters if it brings them to 0HP, but not Monsters, who remain on 1HP." """
    hit = take_damage("Dragon d20", 6, 9, lethal=True, monster=True)
    assert (hit.hp_after, hit.dies) == (1, False)


def test_flimsy_shield_rounds_down():
    assert halve(7, 2) == 3 and halve(1, 2) == 0


@pytest.mark.parametrize("text, allowed, refused", [
    ("4+", [4, 5, 12], [1, 3]),     # Seed: "a 4+ action can be used by a piece on 4HP or more"
    ("2-4", [2, 3, 4], [1, 5]),     # Seed: "a 2-4 action can only be used by a piece on 2, 3, or 4HP"
    ("1", [1], [2]),                # Seed: "a 1 action can only be used by a piece on exactly 1HP"
], ids=["plus", "range", "exact"])
def test_hp_requirements(text, allowed, refused):
    band = parse_hp(text, "test")
    assert all(band.allows(hp) for hp in allowed) and not any(band.allows(hp) for hp in refused)


def test_dying_piece_stays_on_the_board_until_the_end_of_the_turn(engine):
    """Seed: "it dies at the end of that turn" -- until then it is still on the board."""
    state = new_game(engine)
    put(state, ANN, "d12", lane=6)
    put(state, BEN, "d8", lane=6, hp=1)
    play(engine, state, "0-d12", "1-d8", "act:1", "1-d8")
    rogue = state.piece("1-d8")
    assert rogue.alive and rogue.dying
    play(engine, state, "end")
    assert not rogue.alive


def test_fatal_action_kills_the_user_at_the_end_of_the_turn(engine):
    """Seed: "If a piece chooses to use an action marked fatal, it dies at the end of that turn." """
    state = new_game(engine)
    wizard = put(state, ANN, "d4", lane=5, hp=1)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d4", "1-d12", "act:2", "1-d12")
    assert wizard.alive and wizard.dying
    play(engine, state, "end")
    assert not wizard.alive
    assert state.piece("1-d12").hp == 12 - 4


def test_a_fatal_death_gives_no_rage(engine):
    state = new_game(engine)
    put(state, ANN, "d4", lane=5, hp=1)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d4", "1-d12", "act:2", "1-d12", "end")
    assert state.players[BEN].pending_dice == []


def test_lane_wide_damage_hits_enemies_only(engine):
    """Seed: "Damage or healing actions that affect entire lanes affect only the enemy or ally pieces, respectively." """
    state = new_game(engine)
    put(state, ANN, "d4", lane=5)              # Wizard: Fireball, 2 damage to one lane
    put(state, ANN, "d8", lane=6, hp=8)        # an ally in the target lane
    put(state, BEN, "d12", lane=6)
    put(state, BEN, "d6", lane=6)
    play(engine, state, "0-d4", "1-d12", "act:0", "lane:6")   # nothing reacts: no order is asked
    assert state.piece("0-d8").hp == 8
    assert state.piece("1-d12").hp == 12 - 2 and state.piece("1-d6").hp == 6 - 2


def test_monster_gets_a_free_token_at_ten_or_less(engine):
    """Seed: "one is gained for free when a monster first reaches 10 health or less." """
    state = new_game(engine)
    put(state, BEN, "d20", lane=6, hp=14)
    put(state, ANN, "d12", lane=6)
    play(engine, state, "0-d12", "1-d20", "act:1", "1-d20")   # Strike: 5 -> 9 HP
    assert state.players[BEN].tokens == 1 and state.players[BEN].free_token


def test_a_second_hit_on_a_dying_piece_says_it_was_already_dying_not_lethal():
    """Play audit: Action Surge's second hit on a piece already on 0 HP read `(lethal)`."""
    text = take_damage("Ann's Bard d6", 0, 3).text
    assert text.endswith("-> dies at end of turn (already dying)")
    assert take_damage("Ann's Bard d6", 1, 3).text.endswith("(was on 1 HP)")
    assert take_damage("Ann's Bard d6", 4, 5, lethal=True).text.endswith("(lethal)")
