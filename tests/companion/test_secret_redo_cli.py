"""`redo` and `log` at the table never show a secret to everyone (audit s25), through the real CLI.

A hand-over prompt ("Ann, press Enter when only you can see the screen") is read with every player
still looking: a secret answer given back there goes back only after its Enter, as it was given
(the tool's roll shown to its player alone, their next secret menu after it). `log` at a prompt
leaves out what `sessions log` leaves out.
"""

from __future__ import annotations

import re
import sys

import pytest

from companion.cli import cli

needs_pty = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
PLAY = ["halfwish", "--players", "Ann,Ben", "--name", "h", "--seed", "1"]
HAND_OVER = "only you can see the screen > "
HIDE = "press Enter to hide it > "
SHOWN_ROLL = re.compile(r"Only you: the tool rolled \d \d")


def to_second_roll_hidden(screen) -> None:
    """Classes and powers (the first choice each time), Enter at each hand-over and roll, up to
    "press Enter to hide it" under Ben's DV, the second secret roll."""
    rolls = 0
    while True:
        marker, _ = screen.read_until_any([HAND_OVER, HIDE, "(1-", "press Enter to roll > "])
        if marker == HIDE:
            rolls += 1
            if rolls == 2:
                return
        screen.type("1" if marker == "(1-" else "")


@needs_pty
def test_redo_of_secret_rolls_at_a_hand_over_waits_for_the_hand_over(tmp_path):
    """Audit s25: `redo` typed at Ann's hand-over showed "Only you: the tool rolled 6 4" to the
    whole table, and `redo` typed at that prompt showed Ben's roll with no hand-over either."""
    from ptyplay import play_in_pty

    with play_in_pty(PLAY, tmp_path / "s.db") as screen:
        to_second_roll_hidden(screen)
        screen.type("")
        screen.read_until("(1-")            # Ann's turn, in public
        screen.type("undo 2")               # both DVs taken back
        screen.read_until(HAND_OVER)
        screen.type("redo")                 # everyone still looking
        marker, asked = screen.read_until_any([HAND_OVER, HIDE])
        assert marker == HAND_OVER and not SHOWN_ROLL.search(asked) and "redone" not in asked, asked
        assert "goes back once only Ann can see the screen" in asked
        screen.type("")                     # Ann alone: her roll is given back and shown to her
        alone = screen.read_until(HIDE)
        assert "redone: #10 Ann secret: (hidden)" in alone and SHOWN_ROLL.search(alone)
        screen.type("redo")                 # hides Ann's roll; Ben's goes back after his hand-over
        marker, handed = screen.read_until_any([HAND_OVER, HIDE])
        assert marker == HAND_OVER and "\033[2J" in handed and "Secret roll for Ben" in handed
        assert not SHOWN_ROLL.search(handed) and "redone" not in handed, handed
        screen.type("")
        assert "redone: #11 Ben secret" in screen.read_until(HIDE)
        screen.type("")
        screen.read_until("(1-")
        screen.type("quit")


@needs_pty
def test_redo_of_a_secret_choice_at_a_hand_over_keeps_the_next_menu_hidden(tmp_path):
    """Audit s25: after `redo` of Ann's first power at her hand-over, her next secret menu (the
    powers left, so the one she took was plain to see) appeared at once to the whole table."""
    from ptyplay import play_in_pty

    with play_in_pty(PLAY, tmp_path / "s.db") as screen:
        for _ in range(2):                  # the classes, in public
            screen.read_until("(1-")
            screen.type("1")
        screen.read_until(HAND_OVER)
        screen.type("")
        screen.read_until("(1-")
        screen.type("avarice")              # Ann's first power, alone at the screen
        screen.read_until("choose power 2 of 3")
        screen.type("undo")
        screen.read_until(HAND_OVER)
        screen.type("redo")                 # everyone looking: no menu may follow
        marker, asked = screen.read_until_any([HAND_OVER, "choose power 2 of 3"])
        assert marker == HAND_OVER and "Scry" not in asked, asked
        screen.type("")
        alone = screen.read_until("choose power 2 of 3")
        assert "redone: #3 Ann secret: (hidden)" in alone and "Avarice" not in alone
        screen.type("quit")


def test_log_at_a_prompt_leaves_out_a_secret_answers_private_events(runner, tmp_path):
    """Audit s25: `log` at Bob's keep-or-reroll prompt printed "Ann keeps their DV", which
    `sessions log` hides, so Bob learnt Ann's secret choice before making his."""
    keys = ["mirror", "mirror", "roar", "ignite", "taunt", "roar", "ignite", "taunt", "p1", "4 4", "3 3",
            "parley", "accept", "rockslide", "keep", "log 3", "quit"]
    db = str(tmp_path / "s.db")
    out = runner.invoke(cli, ["play", *PLAY[:3], "--name", "k", "--db", db],
                        input="\n".join(keys) + "\n", env={"NO_COLOR": "1"}).output
    logged = out.split("or reroll? (1-2) > (hidden)")[-2]   # typed at Ben's (hidden) prompt
    assert "  The parley disables Rockslide's effect" in logged.splitlines(), out[-800:]
    assert "  Ann keeps their DV" not in logged.splitlines(), logged
    hidden = runner.invoke(cli, ["sessions", "log", "k", "--db", db]).output
    assert "parley disables" in hidden and "keeps their DV" not in hidden
