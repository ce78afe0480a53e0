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
    assert "Resume with: deckwright play --resume duel" in first.output
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
