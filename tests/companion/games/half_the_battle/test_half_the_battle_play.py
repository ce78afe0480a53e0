"""`deckwright play half-the-battle`: resume after quitting, undo, and Enter for a lone option."""

from __future__ import annotations

from click.testing import CliRunner

from companion.cli import cli
from companion.sessions import SessionStore

NEW = ["play", "half-the-battle", "--players", "Ann,Ben", "--seed", "5", "--name", "duel"]
SETUP = ["3", "8", "vial-of-poison", "flimsy-shield", "mirror-shield", "potion-of-healing"]


def play(args, keys):
    return CliRunner().invoke(cli, args, input="".join(k + "\n" for k in keys))


def journal(name="duel"):
    with SessionStore() as store:
        return [e.answer for e in store.journal(name)]


def test_quit_and_resume_where_it_was():
    first = play(NEW, [*SETUP, "0-d12", "quit"])
    assert first.exit_code == 0, first.output
    assert "Resume with:\n  deckwright play --resume duel" in first.output
    again = play(["play", "--resume", "duel"], ["1-d20", "quit"])
    assert again.exit_code == 0, again.output
    assert "Selected: Ann: Fighter d12; Ben: Dragon d20" in again.output
    assert journal() == [[3], [8], *SETUP[2:], "0-d12", "1-d20"]


def test_undo_takes_back_a_selection():
    result = play(NEW, [*SETUP, "0-d12", "undo", "0-d4", "quit"])
    assert result.exit_code == 0, result.output
    assert journal()[-1] == "0-d4"


def test_enter_takes_the_only_option():
    keys = [*SETUP, "0-d12", "1-d20", "act:1", "", "none", "none", "end"]   # one target: Enter
    result = play(NEW, [*keys, "quit"])
    assert result.exit_code == 0, result.output
    assert "Ben's Fighter d12: 12 HP - 5 damage -> 7 HP" in result.output


def test_secret_selection_is_not_printed_before_both_chose():
    result = play(NEW, [*SETUP, "0-d12", "quit"])
    assert "Ann has selected a piece (hidden until both chose)" in result.output
    after = result.output.split("Ann has selected a piece")[1]
    assert "selected: Ann" not in after and "Selected:" not in after


PLACE = ["play", "half-the-battle", "--players", "Ann,Ben", "--seed", "5", "--name", "placed", "-o", "layout=placement"]
ANN_LANES = ["lane:1", "lane:2", "lane:3", "lane:3", "lane:4", "lane:5", "lane:5"]
BEN_LANES = ["lane:10", "lane:9", "lane:8", "lane:8", "lane:7", "lane:6", "lane:6"]


def test_placements_are_secret_until_both_placed():
    """Seed: "players may simultaneously place their pieces anywhere in their half of the dungeon":
    each placement is a secret decision (handoff, no echo) and the board hides lanes until both placed."""
    result = play(PLACE, [*ANN_LANES, *BEN_LANES[:3], "quit"])
    assert result.exit_code == 0, result.output
    out = result.output
    # one hand-over for a player's seven placements in a row: the others look again after the last
    assert out.count("Secret choice for Ann: everyone but Ann look away now.") == 1
    assert out.split("Secret choice for Ben")[0].count("(secret kept; everyone may look again)") == 1
    assert out.count("Secret choice for Ben: everyone but Ben look away now.") == 1
    assert "> (hidden)" in out and "> lane:" not in out                 # the typed lane is not echoed
    assert "Ann's Rogue d8 is placed (hidden until both placed)" in out
    assert "starts in lane" not in out and "Ann placed:" not in out
    assert "Ann: 0 of 7 pieces placed (lanes hidden until both placed)" in out
    assert "| L1 " not in out and "| L6 " not in out                   # no lane of the board is drawn yet
    with SessionStore() as store:
        shown = [e.kind for e in store.journal("placed")]
    assert shown == ["secret"] * 10


def test_both_placements_are_revealed_together():
    result = play(PLACE, [*ANN_LANES, *BEN_LANES, "quit"])
    assert result.exit_code == 0, result.output
    before, _, after = result.output.partition("Ann placed:")
    assert "Ben's Dragon d20 is placed" in before and "Ann placed" not in before
    assert after.startswith(" Wizard 1, Bard 2, Rogue 3, Cleric 3, Ranger 4, Fighter 5, Dragon 5")
    assert "Ben placed: Wizard 10, Bard 9, Rogue 8, Cleric 8, Ranger 7, Fighter 6, Dragon 6" in after
