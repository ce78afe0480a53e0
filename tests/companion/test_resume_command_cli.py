"""The command `deckwright play` prints to resume a session it leaves: one line to copy whole,
with `--db` only when the file is not the one a command opens by itself, and `--auto-roll` when
the tool was rolling."""

from __future__ import annotations

from tests.companion.test_play_cli import NEW, play


def test_quit_keeps_the_session_and_says_how_to_resume(runner, toy):
    result = play(runner, ["1", "quit"], *NEW)
    assert result.exit_code == 0
    assert "Session t kept. Resume with:\n  deckwright play --resume t\n" in result.output


def test_the_resume_command_keeps_the_tool_rolling_when_it_was(runner, toy):
    """Session 28's play: a game started with --auto-roll and resumed by the printed command asked
    for every roll again (the choice belongs to the run, not the session: it can be resumed with
    the table's own dice)."""
    rolling = play(runner, ["1", "quit"], *NEW, "--auto-roll")
    assert "Session t kept. Resume with:\n  deckwright play --resume t --auto-roll\n" in rolling.output
    asking = play(runner, ["quit"], "--resume", "t")
    assert "Resume with:\n  deckwright play --resume t\n" in asking.output


def test_the_resume_command_is_one_line_to_copy_with_db_only_when_needed(runner, toy, tmp_path, monkeypatch):
    """Play audit: `Resume with: deckwright play --resume g2 --db` and the path wrapped onto the next
    line, so it could not be copied in one go; and `--db` was given when $DECKWRIGHT_DB named it."""
    from companion.sessions import DB_ENV

    spaced = tmp_path / "my games" / ("a-long-folder-name-" * 3) / "sessions.db"
    spaced.parent.mkdir(parents=True)
    monkeypatch.delenv(DB_ENV, raising=False)
    given = play(runner, ["1", "quit"], *NEW, "--db", str(spaced))
    assert f"Resume with:\n  deckwright play --resume t --db '{spaced}'\n" in given.output
    monkeypatch.setenv(DB_ENV, str(spaced))
    from_env = play(runner, ["quit"], "--resume", "t")
    assert "Resume with:\n  deckwright play --resume t\n" in from_env.output
