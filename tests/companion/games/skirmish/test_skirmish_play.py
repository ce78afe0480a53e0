"""`deckwright play skirmish` at the table: hidden hands, kill and resume, undo."""

from __future__ import annotations

from companion.cli import cli
from companion.sessions import SessionStore

NEW = ["play", "skirmish", "--players", "Ann,Ben", "--name", "t", "--seed", "1"]
OPENING = ["ivory-tower", "temple-order", "1", "sister-ashe", "D5", "sera-quill", "D4"]


def play(runner, keys, *args):
    return runner.invoke(cli, list(args), input="".join(k + "\n" for k in keys))


def journal() -> list:
    with SessionStore() as store:
        return [e.answer for e in store.journal("t")]


def test_the_draft_shows_the_map_and_offers_only_your_half(runner):
    result = play(runner, [*OPENING[:4], "quit"], *NEW)
    assert result.exit_code == 0, result.output
    assert "Ann is the starting player (S) and owns rows 1 to 4" in result.output
    assert "   O   20/62: damage taken/armor" in result.output  # the legend beside the map (audit s25)
    assert "Place Sister Ashe on a tile of your half (1-23)" in result.output


def test_quit_resume_and_undo(runner):
    play(runner, [*OPENING, "quit"], *NEW)
    assert journal()[-1] == "D4"
    result = play(runner, ["undo", "C4", "quit"], "play", "--resume", "t")
    assert "undone: #7" in result.output
    assert "Sera Quill is placed on C4" in result.output
    assert journal()[-1] == "C4"


def test_hidden_hands_never_name_a_drawn_card(runner):
    keys = [*OPENING, "aldous-vane", "C4", "brother-calder", "C5", "justicar-vey", "E5", "magister-orrin", "E4",
            "keep", "keep", "quit"]
    result = play(runner, keys, *NEW)
    assert "Ann draws 3 cards (3 in hand, 27 in deck)" in result.output   # the opening hand, unnamed
    assert "Turn 1: Ann has 2 AP" in result.output      # Sera Quill leads: the Duelist's talent
    assert "Riposte Lesson (1 AP, S1)" in result.output  # Sera Quill's disc
