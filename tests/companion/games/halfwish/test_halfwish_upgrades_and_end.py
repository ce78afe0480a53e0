"""The upgrade phase, the end of the game and the tie-breaks, quoting the seed text."""

from __future__ import annotations

from collections import Counter

import pytest
from halfwish_table import Table


def to_upgrades(table: Table) -> Table:
    return table.until("upgrade-order")


def test_losing_player_chooses_to_pick_first_or_second():
    """Seed: "Then the player who is currently losing the game can choose first or second." """
    table = Table().to_turn(1, 5)
    table.player(0).points = 2
    to_upgrades(table)
    assert table.request.player == 1
    assert len(table.state.upgrading.offer) == table.rules.upgrades_dealt


def test_first_pick_is_public_and_second_is_secret():
    """Seed: "The player who upgrades first will choose 1 card from the 5 upgrades publicly. The
    player who upgrades second will pick from the remaining in secret." """
    table = to_upgrades(Table().to_turn(1, 5))
    chooser = table.request.player
    table.answer("second")
    assert table.request.player == 1 - chooser
    first = table.request.options[0].id
    table.answer(first)
    assert any(table.engine.catalog.name(first) in t for t in table.texts()[-2:])
    second = table.request.options[0].id
    events = table.answer(second)
    assert f"{table.player(chooser).name} takes an upgrade (secret)" in [e.text for e in events]


def test_upgrades_replace_a_basic_action_and_keep_ten_cards():
    """Seed: "Upgrades replace basic action cards in a player's deck, maintaining the total deck
    size at 10 cards." """
    table = to_upgrades(Table().to_turn(1, 5))
    table.answer("first")
    picker = table.request.player
    upgrade = table.request.options[0].id
    replaced = table.engine.catalog.card(upgrade).get("replaces")
    before = Counter(table.player(picker).deck)
    table.answer(upgrade)
    after = Counter(table.player(picker).deck)
    assert len(table.player(picker).deck) == table.rules.deck_size
    assert after[upgrade] == before[upgrade] + 1 and after[replaced] == before[replaced] - 1


def test_an_upgrade_needs_its_basic_action_in_the_deck():
    """Seed: "A player cannot select an upgrade if they do not have its corresponding basic action
    that it replaces." """
    table = to_upgrades(Table().to_turn(1, 5))
    table.answer("first")
    picker = table.player(table.request.player)
    picker.deck = ["strike"] * table.rules.deck_size
    offered = [o.id for o in table.request.options if o.id != "skip"]
    assert set(table.state.upgrading.offer) - set(offered), "the dealt five hold upgrades of other actions"
    assert all(table.engine.catalog.card(u).get("replaces") == "strike" for u in offered)


def test_skipping_an_upgrade_heals_seven():
    """Seed: "Players can opt to skip an upgrade to heal 7 HP." """
    table = to_upgrades(Table().to_turn(1, 5))
    table.answer("first")
    picker = table.request.player
    table.player(picker).health = 10
    table.answer("skip")
    assert table.player(picker).health == 10 + table.rules.skip_upgrade_heal


def test_extra_upgrades_are_picked_from_a_new_five():
    """Seed: "After both players have picked their first upgrade, discard all remaining upgrades
    face down ... and deal 5 new upgrades face up. The player who picked first will then choose
    from this new 5." """
    table = to_upgrades(Table().to_turn(1, 5))
    table.player(1).extra_upgrades = 1
    table.answer("first")
    first = table.request.player
    table.answer(table.request.options[0].id)
    table.answer(table.request.options[0].id)
    table.until("upgrade-pick")
    assert len(table.state.upgrading.offer) == table.rules.upgrades_dealt
    assert table.request.player == 1 and table.state.queue[0]["extra"]
    table.answer(table.request.options[0].id)
    assert table.player(1).extra_upgrades == 0
    assert table.player(first).deck.count("strike") <= table.rules.deck_size


def test_innate_upgrade_stays_innate():
    """Seed: "An upgraded innate action will retain innate." """
    table = to_upgrades(Table(classes=("rogue", "rogue")).to_turn(1, 5))
    rogue = table.player(0)
    rogue.innate = ["long-strike"]
    from companion.games.halfwish.upgrades import replace_copy
    replace_copy(rogue, "long-strike", "cheap-shot", innate=True)
    assert rogue.innate == ["cheap-shot"] and "cheap-shot" in rogue.deck


@pytest.mark.parametrize("setup, winner, how", [
    ({"points": (3, 2)}, 0, "on points"),
    ({"points": (2, 2), "lamps": (0, 1)}, 1, "lamps"),
    ({"points": (2, 2), "health": (10, 12)}, 1, "health"),
    ({"points": (2, 2), "first_blood": 0}, 0, "first blood"),
], ids=["points", "lamps", "health", "first-blood"])
def test_tie_breaks_in_the_texts_order(setup, winner, how):
    """Seed: "If points are tied, the tie is broken in the following order: i) The player with
    the most lamps won ii) The player with the most health iii) The player who scored the first point" """
    table = Table().finish()
    for seat, player in enumerate(table.state.players):
        player.points, player.lamps, player.health = 0, 0, 20
        for field in ("points", "lamps", "health"):
            if field in setup:
                setattr(player, field, setup[field][seat])
    table.state.first_blood = setup.get("first_blood", -1)
    outcome = table.engine.outcome(table.state)
    assert outcome.winner == winner and how in outcome.text


def test_a_game_level_on_everything_is_a_draw():
    """Ruling no-first-blood-draw."""
    table = Table().finish()
    assert table.engine.outcome(table.state).winner is None


def test_two_lamps_grant_a_wish_at_the_end_of_the_turn():
    """Seed: "2 lamps grant a player a wish" (ruling what-a-wish-grants)."""
    table = Table().to_turn(1, 1)
    table.player(0).lamps = table.rules.lamps_for_wish
    table.until("wish")
    table.answer("0")
    assert table.player(0).points == table.rules.wish_options[0]["amount"]
    table.to_turn(1, 3)
    assert table.player(0).wishes_claimed == 1


def test_an_innate_upgrade_makes_its_card_start_in_hand():
    """Iron Wall: "Innate. Block DV+4 damage." and the seed: "Innate actions always start in your
    hand at the start of a round." """
    table = to_upgrades(Table().to_turn(1, 5))
    from companion.games.halfwish.upgrades import install
    picker = table.player(0)
    install(table.engine, table.state, 0, "iron-wall")
    assert picker.innate == ["iron-wall"] and picker.deck.count("iron-wall") == 1
    table.to_turn(2, 1)
    assert "iron-wall" in picker.hand
    assert table.engine.catalog.text("iron-wall") == "Innate. Block DV+4 damage."


def test_which_copy_a_secret_upgrade_replaces_is_asked_in_secret():
    """Play audit: after Ben's secret pick, the public prompt read "Ben: which Long Strike does
    Piercing Lance replace?". The question names the upgrade, so it is secret as the pick was."""
    table = to_upgrades(Table(classes=("rogue", "rogue")).to_turn(1, 5))
    table.answer("second")  # the other player picks first, in public; this one second, in secret
    table.answer(table.request.options[0].id)
    secret_picker = table.player(table.request.player)
    from companion.games.halfwish.upgrades import SKIP

    options = [o.id for o in table.request.options if o.id != SKIP]
    upgrade = next(u for u in options if table.engine.catalog.card(u).get("replaces") in secret_picker.deck)
    action = table.engine.catalog.card(upgrade).get("replaces")
    secret_picker.innate = [action]  # one innate copy and at least one plain one: which is asked
    secret_picker.deck = [action] * 2 + [c for c in secret_picker.deck if c != action][:table.rules.deck_size - 2]
    assert table.request.secret
    table.answer(upgrade)
    assert table.request.kind == "upgrade-copy" and table.request.secret


def test_a_secret_upgrade_leaves_the_face_up_discard_pile_as_it_was():
    """Play audit: after a secret pick, the public tally's discard pile showed Hyper Beam where a
    Heavy Strike had been. The swapped copy is one out of sight when there is one (every pile is
    dealt again from the deck at the next round, so nothing else changes)."""
    from companion.games.halfwish.upgrades import replace_copy

    table = Table()
    player = table.player(0)
    player.deck = ["heavy-strike", "heavy-strike", *["strike"] * (table.rules.deck_size - 2)]
    player.discard, player.pile, player.hand = ["heavy-strike"], ["heavy-strike"], []
    replace_copy(player, "heavy-strike", "hyper-beam", innate=False, secret=True)
    assert player.discard == ["heavy-strike"] and player.pile == ["hyper-beam"]
    replace_copy(player, "heavy-strike", "hyper-beam", innate=False)  # a public pick: the visible copy
    assert player.discard == ["hyper-beam"]


def test_an_innate_card_upgraded_in_secret_is_not_named_at_the_round_start():
    """Play audit: round 2 opened with "Ben starts the round with Piercing Lance in hand (Innate)"."""
    from companion.games.halfwish.flow import _prepare_player

    table = Table()
    player = table.player(1)
    player.innate, player.secret_upgrades = ["piercing-lance"], ["piercing-lance"]
    events = _prepare_player(table.engine, table.state, player)
    text = " ".join(e.text for e in events)
    assert "Piercing Lance" not in text and "an upgrade picked in secret in hand (Innate)" in text


def test_an_innate_upgrade_picked_in_secret_is_counted_never_named():
    """Ruling innate-in-view: Iron Wall, the one upgrade that is Innate, picked in secret by a class
    with no Innate card. The round's start says a card picked in secret goes to hand (the table
    sees it taken), and neither that line, the state block nor the hints name it."""
    from companion.games.halfwish.upgrades import install

    table = to_upgrades(Table().to_turn(1, 5))
    picker = table.player(0)
    assert picker.innate == []
    install(table.engine, table.state, 0, "iron-wall")
    picker.secret_upgrades.append("iron-wall")
    table.to_turn(2, 1)
    request = table.request
    assert request is not None
    shown = [*table.texts(), *table.engine.tally(table.state), *table.engine.hint(table.state, request)]
    assert f"{picker.name} starts the round with an upgrade picked in secret in hand (Innate)" in shown
    assert not [line for line in shown if "Iron Wall" in line]
    assert "iron-wall" in picker.hand
    ruling = next(r for r in table.engine.db.rulings if r.id == "innate-in-view")
    assert "counts it and never names it" in ruling.ruling


def test_the_upgrade_phase_is_named_as_such_on_its_prompts():
    """Session 28's play: the upgrade phase's prompts read `Round 1, turn 5 · Ann: pick an upgrade
    publicly`, naming a turn that was over; the phase follows the round."""
    table = Table().to_turn(1, 5)
    assert table.engine.turn_label(table.state) == "Round 1, turn 5"
    to_upgrades(table)
    assert table.engine.turn_label(table.state) == "Upgrades after round 1"
    assert table.engine.tally(table.state)[0].startswith("Round 1/3 over: upgrade phase; first blood: ")
    table.to_turn(2, 1)
    assert table.engine.turn_label(table.state) == "Round 2, turn 1"
