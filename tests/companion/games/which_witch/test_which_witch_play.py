"""`deckwright play which-witch`: a table of four, hands hidden, the gamemaster records what is played."""

from __future__ import annotations

import random
import re

from companion.cli import cli
from companion.engine.core import Chance
from companion.engine.drivers import RandomBot, answer_for
from companion.games.which_witch import HeuristicBot
from companion.sessions import SessionStore

NEW = ("which-witch", "--players", "Ann,Ben,Cy,Di", "--name", "coven", "--seed", "3")
PICKS = ["ice", "fire", "earth", "wind"]


def play(runner, keys: list[str], *args: str):
    return runner.invoke(cli, ["play", *args], input="".join(k + "\n" for k in keys))


def journal(name: str = "coven") -> list:
    with SessionStore() as store:
        return [e.answer for e in store.journal(name)]


def test_four_players_pick_witches_and_no_cards_are_typed_for_the_deal(runner):
    """'Each player must pick 1 Witch Card' and hands stay secret: the deal asks nothing."""
    result = play(runner, [*PICKS, "quit"], *NEW)
    assert result.exit_code == 0, result.output
    assert "Di (Wind Witch) sets their tracker to 4 Life Hearts." in result.output
    assert "Dealt 5 cards to each of 4 players" in result.output
    assert "Ann (Ice Witch) takes one action" in result.output
    assert journal() == PICKS


def test_an_attack_is_recorded_and_explained(runner):
    """The gamemaster types the cards played and the physical dice; the tool explains the duel."""
    keys = [*PICKS, "spell", "Ben", "wind", "2", "black-cat", "done", "roll", "done", "4 2", "quit"]
    result = play(runner, keys, *NEW)
    assert "Ann (Ice Witch) attacks Ben (Fire Witch) with 2 Wind Spells." in result.output
    assert "hint: P(hit)" in result.output
    assert "Ann rolls 4 on the d6, +1 = 5, Ben rolls 2 on the d6: the attack lands." in result.output
    assert "Ben (Fire Witch) loses 2 Life Hearts: 2 left." in result.output
    assert "Turn 2 · Ben (Fire Witch) takes one action" in result.output, "the defence was not Ben's turn"


def test_wand_in_play_is_kept_in_the_tally_and_rolled(runner):
    """'Once it is in play, the player must use the die noted on that card for all dice rolls'."""
    keys = [*PICKS, "wand", "wand-d12", "spell", "Ann", "fire", "1", "done", "roll", "done", "quit"]
    result = play(runner, keys, *NEW)
    assert "Ann (Ice Witch): 4 Life Hearts, hand 5/5, wand d12" in result.output
    assert "Ben rolls d6, then Ann rolls d12" in result.output


def test_a_spell_of_the_targets_element_is_refused_at_the_prompt(runner):
    """'Ice Spell Cards cannot be used to attack an opponent represented by the Ice Witch Card.'"""
    result = play(runner, [*PICKS, "spell", "Ben", "fire", "quit"], *NEW)
    assert "'fire' is not one of the choices" in result.output
    assert journal() == [*PICKS, "spell", "Ben"]


def test_undo_and_resume_continue_where_the_table_stopped(runner):
    play(runner, [*PICKS, "spell", "Ben", "earth", "quit"], *NEW)
    assert journal()[-1] == "earth"
    result = play(runner, ["undo", "wind", "quit"], "--resume", "coven")
    assert "undone" in result.output and journal()[-1] == "wind"


def test_a_table_of_four_plays_a_whole_game_to_the_end(runner, engine):
    """Done when: 'A group of four can play a full game ... while `deckwright play which-witch` keeps
    the hearts, the wands in play and the turn order, and explains every attack.'"""
    rng, state = random.Random(4), engine.new_game(["Ann", "Ben", "Cy", "Di"])
    keys = []
    while (request := engine.request(state)) is not None:
        answer = answer_for(engine, state, request, [HeuristicBot(), RandomBot()], rng)
        keys.append(" ".join(map(str, answer)) if isinstance(request, Chance) else answer)
        engine.apply(state, answer)
    result = play(runner, keys, *NEW)
    assert result.exit_code == 0, result.output[-2000:]
    winner = state.seats[engine.outcome(state).winner]
    assert f"Game over: {winner.describe()} is the last witch standing" in result.output
    attacks = len(re.findall(r"attacks \w+ \(\w+ Witch\) with \d \w+ Spells?\.", result.output))
    duels = result.output.count("the attack lands") + result.output.count(" is safe.")
    assert attacks == keys.count("spell") and duels + result.output.count("blocks the attack") >= attacks
    assert "hint: P(hit)" in result.output and ", wand d" in result.output


def test_the_first_discard_is_turned_face_up_at_the_table(runner):
    """Seed: "Take the top card of the Draw Pile and place it face-up next to it to create the Discard
    Pile." The table was told `a face-down card starts the Discard Pile` (the companion does not
    know the card), which a gamemaster reads as: lay it face down."""
    result = play(runner, [*PICKS, "quit"], *NEW)
    assert "Dealt 5 cards to each of 4 players; turn the next card face up to start the Discard Pile." \
        in result.output
    assert "face-down card" not in result.output
    assert "| Draw Pile 44, Discard Pile 1\n" in result.output


def test_a_reshuffle_at_the_table_turns_the_new_discard_face_up(runner):
    """Seed: "Take the top card of the new Draw Pile and place it next to it face-up to create the
    new Discard Pile." """
    from companion.engine.registry import make_engine
    from companion.games.which_witch.rotation import reshuffle
    from companion.games.which_witch.state import HIDDEN

    engine = make_engine("which-witch")
    state = engine.new_game(["Ann", "Ben"], {"witches": "fire,ice"})
    [event] = reshuffle(engine, state, [HIDDEN] * 30)
    assert event.text == ("Shuffle the Discard Pile (30 cards) into a new Draw Pile; turn its top card face up to "
                          "start the new Discard Pile (29 left to draw).")  # play audit: it said neither shuffle nor 30


def test_a_hit_bigger_than_the_hearts_left_says_what_it_was_and_what_was_lost(runner):
    """Seed: "the defending player would lose 4 Life Hearts instead of 2". Three Fire Spells from the
    Fire Witch hit for 6 against Ben's 5 hearts: the table read `loses 5 Life Hearts (doubled: ...)`,
    a doubling that gives no 5."""
    keys = ["spell", "Ben", "fire", "3", "done", "roll", "done", "6 1", "quit"]
    result = play(runner, keys, "which-witch", "--players", "Ann,Ben", "-o", "witches=fire,ice", "--seed", "3")
    assert ("Ben (Ice Witch) loses 5 Life Hearts, all they had (the hit was 6: 3 Spells, doubled as they "
            "match the attacker's witch): 0 left.") in result.output


def test_a_doubled_hit_says_how_many_spells_it_doubles(runner):
    keys = ["spell", "Ben", "fire", "2", "done", "roll", "done", "6 1", "quit"]
    result = play(runner, keys, "which-witch", "--players", "Ann,Ben", "-o", "witches=fire,ice", "--seed", "3")
    assert ("Ben (Ice Witch) loses 4 Life Hearts (2 Spells, doubled as they match the attacker's witch): "
            "1 left.") in result.output


def test_the_state_block_points_at_the_player_picking_a_witch(runner):
    """Table audit: `> Ann` stayed on Ann while Ben, Cy and Di picked their Witch Cards."""
    out = play(runner, [*PICKS[:1], "quit"], *NEW).output
    after_ann = out.split("Ann (Ice Witch) sets their tracker", 1)[1]
    assert "  | > Ben (no witch yet)" in after_ann and "  | > Ann" not in after_ann
    assert "  | > Ann (no witch yet)" in out  # Ann picks first
