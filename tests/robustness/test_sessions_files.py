"""Sessions and files (issue 15, section 5): rows edited by hand, seeds, names and bots out of
range, and `sessions export --out` that replaces only regular files, through a rename."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest
from harness import run_cli

from companion.sessions import MAX_PLAYER_NAME, MAX_SEED


def deckwright(*args: str, stdin: str = "") -> tuple[int, str]:
    """Run a command under the budget (harness.run_cli); (exit code, output)."""
    result = run_cli(list(args), cpu=10, stdin=stdin)
    return result.exit_code, result.output


@pytest.fixture
def two_sessions(sessions_db: Path) -> Path:
    """Two heartstrings sessions, `kept` and `broken`, two answers each."""
    for name in ("kept", "broken"):
        code, output = deckwright("play", "heartstrings", "--players", "Ann,Ben", "--name", name, "--seed", "7",
                                  stdin="\n\n")
        assert code == 0, output
    return sessions_db


def edit_row(db: Path, sql: str) -> None:
    with sqlite3.connect(db) as conn:
        assert conn.execute(sql).rowcount == 1


@pytest.mark.parametrize(("sql", "said"), [
    ("UPDATE sessions SET players = 'oops' WHERE name = 'broken'", "players is 'oops'"),
    ("UPDATE sessions SET options = '[1,2]' WHERE name = 'broken'", "options is '[1,2]'"),
    ("UPDATE sessions SET seed = 'x' WHERE name = 'broken'", "seed is 'x'"),
    (("UPDATE journal SET answer = 'not json' WHERE seq = 2 AND session_id = "
     "(SELECT id FROM sessions WHERE name = 'broken')"), "journal answer #2"),
], ids=["players", "options", "seed", "journal"])
def test_row_edited_by_hand_is_a_clean_error_naming_session_and_row(two_sessions: Path, sql: str,
                                                                     said: str) -> None:
    edit_row(two_sessions, sql)
    for command in (["sessions", "show", "broken"], ["play", "--resume", "broken"], ["sessions", "log", "broken"]):
        code, output = deckwright(*command)
        assert code == 1, output
        assert "session 'broken' is damaged" in output and said in output
    code, output = deckwright("sessions", "list")
    assert code == 0
    assert "kept " in output
    # Play audit: a damaged journal answer was not marked (it showed only when the session replayed).
    rows = listed(output)
    assert "DAMAGED" in rows["broken"] and said in rows["broken"], output
    assert "DAMAGED" not in rows["kept"]
    assert max(map(len, output.splitlines())) <= 80


def listed(output: str) -> dict[str, str]:
    """`sessions list` as {name: its row and the indented lines under it, joined by spaces}."""
    rows: dict[str, str] = {}
    for line in output.splitlines()[1:]:
        if not line.startswith(" "):
            name = line.split()[0]
        rows[name] = f"{rows.get(name, '')} {line.strip()}".strip()
    return rows


@pytest.mark.parametrize("sql", [
    "UPDATE sessions SET seed = -5 WHERE name = 'broken'",
    "UPDATE sessions SET players = 'not json' WHERE name = 'broken'",
    ("UPDATE journal SET answer = '{{{' WHERE seq = 2 AND session_id = "
     "(SELECT id FROM sessions WHERE name = 'broken')"),
], ids=["seed", "players", "journal"])
def test_the_way_out_a_damaged_session_is_told_works(two_sessions: Path, sql: str) -> None:
    """The error says "delete the session with `deckwright sessions delete NAME`" (or, for an answer,
    "undo back past it"): both failed with the very same error."""
    edit_row(two_sessions, sql)
    if "journal" in sql:
        code, output = deckwright("sessions", "undo", "broken")
        assert code == 0 and "undone: #2" in output and "damaged" in output, output
        code, output = deckwright("sessions", "show", "broken")
        assert code == 0, output
    code, output = deckwright("sessions", "delete", "broken", "--yes")
    assert (code, output.strip()) == (0, "deleted broken")
    code, output = deckwright("sessions", "list")
    assert "broken" not in output and "kept " in output


def test_seed_too_large_for_sqlite_is_refused_with_its_range() -> None:
    code, output = deckwright("play", "heartstrings", "--players", "Ann,Ben", "--seed", "9" * 23)
    assert code == 2
    assert f"0<=x<={MAX_SEED}" in output


def test_empty_bot_name_is_refused_with_the_bots() -> None:
    code, output = deckwright("sim", "heartstrings", "--bot", "", "--games", "2")
    assert code == 2
    assert "names an empty bot; bots: " in output and "random" in output


def test_huge_player_name_is_refused() -> None:
    code, output = deckwright("play", "heartstrings", "--players", "x" * 100_000 + ",Ben")
    assert code == 2  # a usage error, as `sim --players` is
    assert f"a player name is 1 to {MAX_PLAYER_NAME} printable characters, got 100,000 characters" in output
    assert len(output) < 1000


def test_export_refuses_a_fifo_and_leaves_it(two_sessions: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    code, output = deckwright("sessions", "export", "kept", "--out", str(fifo))
    assert code == 1 and "not a regular file" in output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_export_refuses_a_symlink_and_leaves_its_target(two_sessions: Path, tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("precious")
    link = tmp_path / "out.json"
    link.symlink_to(target)
    code, output = deckwright("sessions", "export", "kept", "--out", str(link))
    assert code == 1 and "symbolic link" in output
    assert link.is_symlink() and target.read_text() == "precious"


def test_export_refuses_a_device(two_sessions: Path, tmp_path: Path) -> None:
    """A device node of our own, like /dev/full: a regressed export replaces only this one."""
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root (where replacing /dev/full was possible)")
    device = tmp_path / "full"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    code, output = deckwright("sessions", "export", "kept", "--out", str(device))
    assert code == 1 and "not a regular file" in output
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_export_replaces_a_regular_file_and_keeps_its_permissions(two_sessions: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    out.write_text("old")
    out.chmod(0o640)
    code, _ = deckwright("sessions", "export", "kept", "--out", str(out))
    assert code == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert '"name": "kept"' in out.read_text()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".out.json")) == []


def test_export_to_a_new_path_gets_the_usual_permissions(two_sessions: Path, tmp_path: Path) -> None:
    out = tmp_path / "new.md"
    code, _ = deckwright("sessions", "export", "kept", "--format", "md", "--out", str(out))
    assert code == 0
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask


def test_a_file_written_before_answers_undone_were_kept_gains_their_table(two_sessions: Path) -> None:
    """A sessions file from before `undone` existed (no such table): opened, it gets the table,
    keeps its games, and undo then redo work on them."""
    with sqlite3.connect(two_sessions) as conn:
        conn.execute("DROP TABLE undone")
    code, output = deckwright("sessions", "undo", "kept")
    assert code == 0 and "undone: #2" in output, output
    code, output = deckwright("sessions", "redo", "kept")
    assert code == 0 and output.startswith("redone: #2"), output
    with sqlite3.connect(two_sessions) as conn:
        assert conn.execute("SELECT COUNT(*) FROM journal").fetchone()[0] == 4
        assert conn.execute("SELECT COUNT(*) FROM undone").fetchone()[0] == 0
