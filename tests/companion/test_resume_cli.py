"""`deckwright play --resume` shows where the game stands (audit s25): the last answer and what it
made happen, as it was shown before the stop (it may have been kept just before a crash and never
printed), never a secret; a session resumed before its first answer says it is resumed; and the
command to resume a session is never split over two lines."""

from __future__ import annotations

import sys

import pytest

from companion.cli import cli

PLAY = ["play", "halfwish", "--players", "Ann,Ben", "--seed", "1", "--name", "ctx"]
TO_SHOWDOWN = ["mirror", "assassin", "avarice", "mnka-giga", "scry", "avarice", "scry", "mnka-giga", "p1",
               "6 4", "2 1", "scout", "accept", "still-waters", "6 4", "6 3", "evade", "strike", "duel",
               "pass", "pass", "strike", "heavy-strike"]


def play(runner, db, args, keys):
    result = runner.invoke(cli, [*args, "--db", db], input="\n".join(keys) + "\n", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return result.output


def test_a_resume_shows_what_the_last_answer_did(runner, tmp_path):
    """The location flipped at a Halfwish showdown reveals both DVs, which Ben needs for his
    choice; here the flip is given back by `sessions redo` (as a crash after the answer was kept
    leaves it: journalled, never printed)."""
    db = str(tmp_path / "s.db")
    play(runner, db, PLAY, [*TO_SHOWDOWN, "stolen-purse", "undo", "quit"])
    runner.invoke(cli, ["sessions", "redo", "ctx", "--db", db])
    out = play(runner, db, ["play", "--resume", "ctx"], ["quit"])
    before_state = out.split("  | ", 1)[0]
    assert "  last answer: #24 table draw: Stolen Purse (typed)" in before_state, out  # the card as printed
    assert "  DVs revealed: Ann DV 9, Ben DV 10" in before_state
    assert out.index("DVs revealed") < out.index("power or pass?")


def test_a_resume_after_a_secret_answer_shows_none_of_it(runner, tmp_path):
    """Ann's keep-or-reroll is secret ("Ann keeps their DV" is a private event): the resume says
    an answer was given in secret and what everyone saw of it."""
    db = str(tmp_path / "s.db")
    play(runner, db, PLAY, [*TO_SHOWDOWN[:11], "parley", "accept", "golden-lamp", "keep", "quit"])
    out = play(runner, db, ["play", "--resume", "ctx"], ["quit"])
    assert "  last answer: #15 Ann secret: (hidden) (typed)" in out, out
    assert "Ann keeps their DV" not in out and "Ann will reroll" not in out


def test_a_session_resumed_before_its_first_answer_says_resuming(runner, tmp_path):
    db = str(tmp_path / "s.db")
    assert play(runner, db, PLAY, ["quit"]).startswith("Starting halfwish session ctx")
    resumed = play(runner, db, ["play", "--resume", "ctx"], ["quit"])
    assert resumed.startswith("Resuming halfwish session ctx · Ann, Ben · 0 answers so far"), resumed
    assert "last answer" not in resumed


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_the_conflict_error_keeps_its_resume_command_on_one_line(runner, tmp_path):
    """Audit s25: two screens on one session, the second to answer was told to resume it with
    `deckwright` at the end of one line and `play --resume ...` on the next."""
    from ptyplay import play_in_pty

    db = tmp_path / "s.db"
    play(runner, str(db), [*PLAY[:-1], "friday-night"], ["mirror", "quit"])
    with play_in_pty(["--resume", "friday-night"], db) as first, \
            play_in_pty(["--resume", "friday-night"], db) as second:
        for screen in (first, second):
            screen.read_until("(1-")
        first.type("1")
        first.read_until("only you can see the screen > ")
        second.type("1")
        error = second.read_until("friday-night`")
    assert "changed underneath you" in error
    assert any(line.strip().endswith("`deckwright play --resume friday-night`") for line in error.splitlines()), error


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty and POSIX record locks")
def test_a_resume_warns_when_the_session_is_open_in_another_terminal(runner, tmp_path):
    """Session 26: a second terminal resumed a session open in another without a word, and the
    gamemaster learnt of it only when one of them was stopped mid-game. It is warned of (not
    refused), and a terminal that was killed leaves no warning behind."""
    from ptyplay import play_in_pty

    db = tmp_path / "s.db"
    play(runner, str(db), PLAY, ["mirror", "quit"])
    warning = "warning: ctx is also open in another terminal: play on in one, quit the other"
    with play_in_pty(["--resume", "ctx"], db) as first:
        first.read_until("(1-")
        second = play(runner, str(db), ["play", "--resume", "ctx"], ["quit"])
        assert warning in second.splitlines(), second
    # the first terminal was killed (as a closed window kills it): nothing is open now
    assert "also open" not in play(runner, str(db), ["play", "--resume", "ctx"], ["quit"])
    assert "also open" not in play(runner, str(db), ["play", "--resume", "ctx"], ["quit"])
