"""Card effects the rules text names but leaves to the cards (Sacrifice, Polymorph, Protected,
lane-wide exceptions) and the authored Bag of Holding items, each through the engine."""

from __future__ import annotations

import pytest
from htb_table import ANN, BEN, new_game, option_ids, play, put

from companion.games.half_the_battle.state import Marker


def test_sacrifice_redirects_damage_to_the_paladin(engine):
    state = new_game(engine, options={"teams": "b"})
    paladin = put(state, ANN, "d10-0", lane=5)
    put(state, ANN, "d12", lane=5)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d10-0", "1-d12", "act:1", "0-d12", "end")          # Sacrifice on the Barbarian
    play(engine, state, "act:0", "0-d12", "end")                              # Greataxe: 5 damage
    assert state.piece("0-d12").hp == 12 and paladin.hp == 10 - 5


def test_polymorph_stops_an_enemy_characters_actions(engine):
    state = new_game(engine, options={"teams": "b"})
    put(state, ANN, "d4", lane=5)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d4", "1-d12", "act:1")
    assert "1-d20" not in option_ids(engine, state)                           # not a monster
    play(engine, state, "1-d12", "end")
    assert not any(o.startswith("act:") for o in option_ids(engine, state))


def test_protected_lane_lowers_each_instance(engine):
    state = new_game(engine, options={"teams": "b"})
    put(state, ANN, "d10-0", lane=5, hp=4)
    put(state, ANN, "d12", lane=5)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d10-0", "1-d12", "act:2", "lane:5", "end")         # Aura of Protection
    play(engine, state, "act:0", "0-d12", "end")                              # Greataxe 5, less 1
    assert state.piece("0-d12").hp == 12 - 4


def test_wild_surge_hits_allies_and_the_sorcerer_too(engine):
    state = new_game(engine, options={"teams": "b"})
    sorcerer = put(state, ANN, "d4", lane=6, hp=1)
    put(state, ANN, "d12", lane=6)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d4", "1-d20", "act:2", "lane:6")   # nothing reacts: no order is asked
    assert sorcerer.dying and state.piece("0-d12").hp == 10 and state.piece("1-d12").hp == 10


def test_amulet_of_life_saves_a_dying_piece(engine):
    state = new_game(engine, ben_items=("amulet-of-life", "smoke-bomb"))
    put(state, ANN, "d12", lane=6)
    rogue = put(state, BEN, "d8", lane=6, hp=1)
    play(engine, state, "0-d12", "1-d8", "act:1", "1-d8", "end")
    assert engine.request(state).kind == "save"
    play(engine, state, "amulet-of-life")
    assert rogue.alive and rogue.hp == 1 and state.players[ANN].pending_dice == []


def test_ring_of_haste_gives_a_second_action(engine):
    state = new_game(engine, ann_items=("ring-of-haste", "potion-of-healing"))
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d12", "1-d20", "act:1", "1-d12", "item:ring-of-haste", "0-d12")
    assert "act:1" in option_ids(engine, state)


def test_ring_of_haste_names_the_selected_piece_as_everywhere_else(engine):
    """Audit s27: `Ring of Haste: on what? (1)` offered `Warlock d6  [selected]`, an engine's id."""
    from companion.cli.requests_shown import menu_lines

    state = new_game(engine, ann_items=("ring-of-haste", "potion-of-healing"))
    play(engine, state, "0-d12", "1-d20", "act:1", "1-d12", "item:ring-of-haste")
    assert menu_lines(engine.request(state), "Ann") == ["  1) Ann's Fighter d12  (Enter)"]


def test_boots_of_speed_double_the_movement(engine):
    state = new_game(engine, ann_items=("boots-of-speed", "potion-of-healing"),
                     ben_items=("smoke-bomb", "flimsy-shield"))
    play(engine, state, "0-d12", "1-d20", "item:boots-of-speed", "0-d12")
    assert "move:7" in option_ids(engine, state)


def test_teleport_potion_smoke_and_elixir(engine):
    state = new_game(engine, ann_items=("scroll-of-teleport", "elixir-of-vigor"),
                     ben_items=("smoke-bomb", "potion-of-healing"))
    put(state, ANN, "d6", lane=2, hp=1)
    put(state, ANN, "d10", lane=2, hp=3)
    play(engine, state, "0-d12", "1-d12", "item:scroll-of-teleport", "0-d4", "lane:9")
    assert state.piece("0-d4").lane == 9
    play(engine, state, "item:elixir-of-vigor", "lane:2")
    assert state.piece("0-d6").hp == 3 and state.piece("0-d10").hp == 5
    play(engine, state, "end", "item:potion-of-healing", "1-d12")
    assert state.piece("1-d12").hp == 12                                      # never above its maximum


def test_every_change_to_an_instance_is_explained(engine):
    """Hex, then Protected, then the Flimsy Shield (ruling damage-order), one line each."""
    state = new_game(engine, ben_items=("flimsy-shield", "smoke-bomb"))
    put(state, ANN, "d12", lane=6)
    put(state, BEN, "d8", lane=6)
    state.markers += [Marker("hex", ANN, until=3, piece="1-d8", amount=1), Marker("protected", BEN, until=3, lane=6,
                                                                                   amount=2)]
    texts = play(engine, state, "0-d12", "1-d8", "act:1", "1-d8", "flimsy-shield")
    assert texts[-4:-1] == ["Hex: 5 + 1 = 6 damage", "Protected lane: 6 - 2 = 4 damage",
                            "Flimsy Shield: 4 halved, rounding down = 2 damage"]
    assert state.piece("1-d8").hp == 8 - 2


@pytest.mark.parametrize("markers, said", [
    ([Marker("hex", ANN, until=3, piece="1-d8", amount=1)], "5 damage (6 with Hex): an item?"),
    ([Marker("hex", ANN, until=3, piece="1-d8", amount=1), Marker("protected", BEN, until=3, lane=6, amount=2)],
     "5 damage (4 with Hex and Protected): an item?"),
    ([], "5 damage: an item?"),
], ids=["hex", "hex-and-protected", "nothing"])
def test_item_prompt_says_the_damage_that_will_land(engine, markers, said):
    """Play audit s27: the defender deciding on a Flimsy Shield was told 2 damage, and 3 landed
    (Hex adds before the shield halves, ruling damage-order)."""
    state = new_game(engine, ben_items=("flimsy-shield", "smoke-bomb"))
    put(state, ANN, "d12", lane=6)
    put(state, BEN, "d8", lane=6)
    state.markers += markers
    play(engine, state, "0-d12", "1-d8", "act:1", "1-d8")           # Strike: 5 damage
    assert engine.request(state).prompt.startswith(f"Ben's Rogue d8 is about to take {said}")


def test_smoke_bomb_names_the_hexed_piece(engine):
    """Play audit s27: `1) Hex on 1-d12  [marker:0]`; the piece is named as everywhere else."""
    state = new_game(engine, ben_items=("smoke-bomb", "mirror-shield"))
    state.markers += [Marker("hex", ANN, until=3, piece="1-d12", amount=1), Marker("protected", BEN, until=3, lane=6)]
    play(engine, state, "0-d12", "1-d12", "end", "item:smoke-bomb")
    assert [o.label for o in engine.request(state).options] == ["Hex on Ben's Fighter d12", "Protected on lane 6"]


def test_item_prompt_works_the_damage_out_on_the_paladin_that_takes_it(engine):
    """Noted in session 27: with a Sacrifice token on the target, the note was worked out on the
    named target (no Hex: `5 damage`), while the Paladin that takes the hit is Hexed (6 lands)."""
    state = new_game(engine, options={"teams": "b"}, ann_items=("flimsy-shield", "elixir-of-vigor"))
    paladin = put(state, ANN, "d10-0", lane=5)
    put(state, ANN, "d12", lane=5)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d10-0", "1-d12", "act:1", "0-d12", "end")          # Sacrifice on the Barbarian
    state.markers.append(Marker("hex", BEN, until=9, piece=paladin.id, amount=1))
    play(engine, state, "act:0", "0-d12")                                     # Greataxe: 5 damage
    assert engine.request(state).prompt.startswith(
        "Ann's Barbarian d12 is about to take 5 damage (Paladin d10/0 takes it for Barbarian d12: 6 with Hex)")


def test_a_token_leaves_with_the_piece_that_placed_it_and_a_lane_indicator_stays(engine):
    """Ruling durations (play audit: done by the engine, said by no ruling)."""
    state = new_game(engine, options={"teams": "b"})
    put(state, ANN, "d10-0", lane=5)
    put(state, ANN, "d12", lane=5)
    state.markers += [Marker("sacrifice", ANN, 3, piece="0-d12", source="0-d10-0"),
                      Marker("protected", ANN, 3, lane=5, amount=1)]
    state.piece("0-d10-0").dying = True
    play(engine, state, "0-d12", "1-d20", "end")
    play(engine, state, "end")                                                 # the end of the turn: it dies
    assert not state.piece("0-d10-0").alive
    assert [m.kind for m in state.markers] == ["protected"]
