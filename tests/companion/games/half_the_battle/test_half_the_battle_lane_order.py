"""The order in which a lane-wide action's pieces take its damage (play audit s27: asked piece by
piece, under a repainted board, with no Enter default, when nothing depended on it).

Seed: "If an action affects multiple pieces, the player taking the action may choose the order of
resolution." The order can only matter through an item that answers one instance of the damage
(one of each name per instance, ruling items-timing) or a Sacrifice token that sends one piece's
hit to a Paladin taking others; then it is asked piece by piece, each hit landing before the next is asked (the acting player
sees what each hit brought out), and Enter takes the first listed."""

from __future__ import annotations

import pytest
from htb_table import ANN, BEN, new_game, play, put

from companion.engine.typed import parse_choice


def fireball_at_ben(engine, ben_items=("boots-of-speed", "smoke-bomb"), ann_items=("potion-of-healing", "scroll-of-teleport")):
    """Ann's Wizard (Fireball: 2 damage to a lane) in lane 5; Ben's Barbarian and Bard in lane 6."""
    state = new_game(engine, ann_items=ann_items, ben_items=ben_items)
    put(state, ANN, "d4", lane=5)
    put(state, BEN, "d12", lane=6)
    put(state, BEN, "d6", lane=6)
    return state


def test_order_not_asked_when_nothing_reacts(engine):
    state = fireball_at_ben(engine)
    said = play(engine, state, "0-d4", "1-d12", "act:0", "lane:6")
    assert "Fireball hits in board order: no item or token makes the order matter" in said
    assert engine.request(state).kind == "turn"
    assert (state.piece("1-d12").hp, state.piece("1-d6").hp) == (12 - 2, 6 - 2)


@pytest.mark.parametrize("ann_items, ben_items", [
    (("potion-of-healing", "scroll-of-teleport"), ("flimsy-shield", "smoke-bomb")),      # the defender may halve one hit
    (("vial-of-poison", "scroll-of-teleport"), ("boots-of-speed", "smoke-bomb")),        # the attacker may poison one hit
], ids=["defender-item", "attacker-item"])
def test_order_asked_when_an_item_may_answer_one_hit(engine, ann_items, ben_items):
    state = fireball_at_ben(engine, ben_items=ben_items, ann_items=ann_items)
    play(engine, state, "0-d4", "1-d12", "act:0", "lane:6")
    assert engine.request(state).kind == "order"


def test_order_asked_when_a_sacrifice_token_redirects_a_hit(engine):
    state = new_game(engine, options={"teams": "b"})
    put(state, ANN, "d10-0", lane=6)          # Paladin: Sacrifice on the Barbarian beside it
    put(state, ANN, "d12", lane=6)
    put(state, BEN, "d4", lane=5, hp=1)       # Ben's Sorcerer: Wild Surge, 1 HP, hits a whole lane
    play(engine, state, "0-d10-0", "1-d4", "act:1", "0-d12", "end")
    play(engine, state, "act:2", "lane:6")
    assert engine.request(state).kind == "order"


def test_enter_takes_the_first_listed_and_its_hit_comes_first(engine):
    state = fireball_at_ben(engine, ben_items=("flimsy-shield", "smoke-bomb"))
    play(engine, state, "0-d4", "1-d12", "act:0", "lane:6")
    first = engine.request(state)
    assert first.default == first.ids[0] and parse_choice(first, "") == first.ids[0]
    assert first.prompt == "2 damage to each: which piece takes it next?"
    play(engine, state, "1-d12")             # the other is last: not asked
    assert (state.piece("1-d12").hp, state.piece("1-d6").hp) == (12, 6)
    guard = engine.request(state)
    assert guard.kind == "interrupt" and "Fighter d12" in guard.prompt


def test_the_next_piece_is_asked_after_the_hit_before_it_landed(engine):
    """'to their advantage': the acting player sees the defender's answer to one hit before
    choosing the next piece."""
    state = fireball_at_ben(engine, ben_items=("flimsy-shield", "smoke-bomb"))
    put(state, BEN, "d8", lane=6)
    play(engine, state, "0-d4", "1-d12", "act:0", "lane:6", "1-d8")
    guard = engine.request(state)
    assert guard.kind == "interrupt" and "d8" in guard.prompt
    play(engine, state, "none")
    again = engine.request(state)
    assert state.piece("1-d8").hp == 8 - 2
    assert again.kind == "order" and set(again.ids) == {"1-d12", "1-d6"}
