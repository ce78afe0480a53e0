"""Sessions: setup plus a journal of answers in SQLite; the state is the replay."""

from __future__ import annotations

import random
import sqlite3
import threading
from pathlib import Path

import pytest

from companion.engine import Decision
from companion.engine.drivers import roll_chance
from companion.errors import IllegalAction, SessionError
from companion.sessionexport import export_data, playtest_report, report_markdown
from companion.sessions import (
    SCHEMA_VERSION,
    SessionConflict,
    SessionStore,
    check_name,
    default_db_path,
)
from companion.sessiontable import Table


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    with SessionStore(tmp_path / "s.db") as opened:
        yield opened


def start(store: SessionStore, engine, name: str = "race", seed: int = 7) -> Table:
    return Table.start(store, engine, ["Ann", "Ben"], name=name, seed=seed)


def test_default_path_follows_env(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKWRIGHT_DB", str(tmp_path / "x.db"))
    assert default_db_path() == tmp_path / "x.db"


def test_default_path_is_in_user_data_dir(monkeypatch):
    import platformdirs

    monkeypatch.delenv("DECKWRIGHT_DB")
    assert default_db_path() == Path(platformdirs.user_data_dir("deckwright")) / "sessions.db"


def test_answer_is_journalled_before_it_returns(store, toy_engine):
    table = start(store, toy_engine)
    table.answer("walk")
    table.answer([4])
    with SessionStore(store.path) as other:  # a second connection sees both rows committed
        journal = other.journal("race")
    assert [(e.seq, e.answer, e.kind, e.player) for e in journal] == [(1, "walk", "decision", 0), (2, [4], "roll", 0)]


def test_resume_replays_to_the_same_state(store, toy_engine):
    table = start(store, toy_engine)
    for answer in ["sprint", [2, 5], "boost", "walk", [6]]:
        table.answer(answer)
    resumed = Table.resume(store, toy_engine, "race")
    assert resumed.state == table.state
    assert resumed.seq == 5
    assert [e.text for e in resumed.recent_events(3)] == [e.text for e in table.recent_events(3)]


def test_illegal_answer_is_refused_and_not_journalled(store, toy_engine):
    table = start(store, toy_engine)
    table.answer("walk")
    with pytest.raises(IllegalAction, match="a d6 cannot show 7"):
        table.answer([7])
    assert table.seq == 1 and len(store.journal("race")) == 1
    assert toy_engine.request(table.state).kind == "roll"  # the state was not touched


def test_undo_of_a_mistyped_roll_asks_for_the_same_roll_again(store, toy_engine):
    table = start(store, toy_engine)
    table.answer("walk")
    table.answer([1])  # the die showed 5; the gamemaster typed 1
    dropped = table.undo()
    assert [(e.seq, e.answer) for e in dropped] == [(2, [1])]
    assert toy_engine.request(table.state).kind == "roll"
    table.answer([5])
    assert table.state.positions == [5, 0]
    assert Table.resume(store, toy_engine, "race").state.positions == [5, 0]


def test_undo_several_steps_and_past_the_start(store, toy_engine):
    table = start(store, toy_engine)
    for answer in ["walk", [3], "walk"]:
        table.answer(answer)
    assert [e.seq for e in table.undo(2)] == [3, 2]
    assert [e.seq for e in table.undo(5)] == [1]
    assert table.state == toy_engine.new_game(["Ann", "Ben"])


def test_tool_rolls_depend_only_on_seed_and_position(store, toy_engine):
    first = start(store, toy_engine, "a", seed=11)
    second = start(store, toy_engine, "b", seed=11)
    first.answer("sprint")
    second.answer("sprint")
    request = first.request()
    assert first.tool_answer(request) == second.tool_answer(request)
    assert first.tool_answer(request) == roll_chance(request, random.Random("11:2"))


def test_finished_session_is_marked(store, toy_engine):
    table = start(store, toy_engine)
    while (request := table.request()) is not None:
        table.answer("walk" if isinstance(request, Decision) else table.tool_answer(request), "rolled")
    assert store.get("race").status == "finished"
    assert table.outcome() is not None


def test_free_name_adds_a_counter_when_taken(store, toy_engine):
    assert store.free_name("race") == "race"
    start(store, toy_engine, "race")
    start(store, toy_engine, "race-2")
    assert store.free_name("race") == "race-3"


def test_a_game_that_cannot_start_stores_nothing(store, toy_engine, monkeypatch):
    def refuse(players, options):
        raise ValueError("no such style")

    monkeypatch.setattr(toy_engine, "new_game", refuse)
    with pytest.raises(SessionError, match="toy-race cannot start with options .*no such style"):
        Table.start(store, toy_engine, ["Ann", "Ben"], name="x", options={"style": "odd"})
    assert store.list() == []


def test_duplicate_name_is_refused(store, toy_engine):
    start(store, toy_engine)
    with pytest.raises(SessionError, match="already exists"):
        start(store, toy_engine)


@pytest.mark.parametrize("name", ["", "has space", "-dash-first", "x" * 65, "semi;colon"])
def test_bad_session_names_are_refused(name):
    with pytest.raises(SessionError, match="session name"):
        check_name(name)


def test_wrong_player_count_is_refused(store, toy_engine):
    with pytest.raises(SessionError, match="2-3 players, got 1"):
        Table.start(store, toy_engine, ["Ann"], name="solo")


def test_unknown_session_names_the_known_ones(store, toy_engine):
    start(store, toy_engine)
    with pytest.raises(SessionError, match="no session named 'nope'.*sessions: race"):
        store.get("nope")


def test_delete_removes_session_and_journal(store, toy_engine):
    start(store, toy_engine).answer("walk")
    store.delete("race")
    assert store.list() == []
    rows = store.conn.execute("SELECT COUNT(*) FROM journal").fetchone()[0]
    assert rows == 0


def test_list_counts_answers(store, toy_engine):
    start(store, toy_engine, "one").answer("walk")
    start(store, toy_engine, "two")
    counts = {info.name: info.answers for info in store.list()}
    assert counts == {"one": 1, "two": 0}


# -- two processes on one session -------------------------------------------------------

def test_second_writer_at_the_same_position_gets_a_conflict(store, toy_engine):
    table = start(store, toy_engine)
    with SessionStore(store.path) as other_store:
        other = Table.resume(other_store, toy_engine, "race")
        table.answer("walk")
        with pytest.raises(SessionConflict, match="changed underneath you"):
            other.answer("sprint")
    assert [e.answer for e in store.journal("race")] == ["walk"]


@pytest.mark.parametrize("is_default", [False, True], ids=["another-file", "the-default-file"])
def test_a_conflict_says_how_to_resume_from_the_file_it_is_in(store, toy_engine, monkeypatch, is_default):
    """Session 27: the resume command said `deckwright play --resume race` for a session in a file
    given with --db, which opens the default file instead; `--db` only where it is needed."""
    if is_default:
        monkeypatch.setenv("DECKWRIGHT_DB", str(store.path))
    table = start(store, toy_engine)
    with SessionStore(store.path) as other_store:
        other = Table.resume(other_store, toy_engine, "race")
        table.answer("walk")
        with pytest.raises(SessionConflict) as refused:
            other.answer("sprint")
    db = "" if is_default else f" --db {store.path}"
    assert str(refused.value).endswith(f"resume it with `deckwright play --resume race{db}`")


def test_undo_after_someone_else_answered_is_a_conflict(store, toy_engine):
    table = start(store, toy_engine)
    table.answer("walk")
    with SessionStore(store.path) as other_store:
        Table.resume(other_store, toy_engine, "race").answer([3])
    with pytest.raises(SessionConflict):
        table.undo()
    assert len(store.journal("race")) == 2


def test_stale_answer_after_an_undo_and_another_answer_elsewhere_is_refused(store, toy_engine):
    """Audit s25 #4: A undoes and answers differently, so the journal has the length B expects;
    B's answer (a walk's die, after A's sprint) must still be refused, and the journal replays."""
    start(store, toy_engine).answer("walk")
    with SessionStore(store.path) as a_store, SessionStore(store.path) as b_store:
        a, b = Table.resume(a_store, toy_engine, "race"), Table.resume(b_store, toy_engine, "race")
        a.undo()
        a.answer("sprint")
        with pytest.raises(SessionConflict, match=r"changed underneath you \(answer #1 was undone and "
                           r"given again\); nothing was written"):
            b.answer([4])
        with pytest.raises(SessionConflict, match="nothing was written"):
            b.undo()
    assert [e.answer for e in store.journal("race")] == ["sprint"]
    assert Table.resume(store, toy_engine, "race").request().prompt == "Ann rolls to sprint"


def test_racing_appends_keep_exactly_one_row_per_position(tmp_path, toy_engine):
    """Eight threads, each with its own connection, race to write answer #1: one wins."""
    path = tmp_path / "race.db"
    with SessionStore(path) as setup:
        Table.start(setup, toy_engine, ["Ann", "Ben"], name="race", seed=1)
    results: list[str] = []
    barrier = threading.Barrier(8)

    def writer(i: int) -> None:
        with SessionStore(path) as mine:
            barrier.wait()
            try:
                mine.append("race", 1, "walk" if i % 2 else "sprint", "decision", 0)
                results.append("ok")
            except SessionConflict:
                results.append("conflict")

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["conflict"] * 7 + ["ok"]
    with SessionStore(path) as check:
        assert [e.seq for e in check.journal("race")] == [1]


# -- corrupt and foreign files ----------------------------------------------------------

def test_text_file_is_refused(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("shopping list\n")
    with pytest.raises(SessionError, match="not an SQLite database"):
        SessionStore(path)
    assert path.read_text() == "shopping list\n"  # untouched


def test_foreign_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(SessionError, match="not a deckwright sessions file.*recipes"):
        SessionStore(path)


def test_other_schema_version_is_refused(tmp_path):
    path = tmp_path / "future.db"
    SessionStore(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SessionError, match=f"schema version {SCHEMA_VERSION + 1}"):
        SessionStore(path)


def test_damaged_sqlite_file_is_refused(tmp_path, toy_engine):
    path = tmp_path / "damaged.db"
    with SessionStore(path) as good:
        Table.start(good, toy_engine, ["Ann", "Ben"], name="race", seed=1)
    with SessionStore(path) as good:  # checkpoint the WAL so the file holds everything
        good.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    data[100:len(data)] = b"\xff" * (len(data) - 100)  # keep the SQLite header, wreck the pages
    path.write_bytes(bytes(data))
    with pytest.raises(SessionError, match="corrupt|not a deckwright"), SessionStore(path) as damaged:
        damaged.list()


def test_folder_is_refused(tmp_path):
    with pytest.raises(SessionError, match="is a folder"):
        SessionStore(tmp_path)


# -- exports ---------------------------------------------------------------------------

def test_export_data_holds_setup_journal_events_and_tally(store, toy_engine):
    table = start(store, toy_engine)
    table.answer("walk")
    table.answer([4])
    data = export_data(table)
    assert data["session"]["players"] == ["Ann", "Ben"] and data["session"]["answers"] == 2
    assert data["journal"][1]["answer"] == [4]
    assert data["journal"][1]["events"] == ["Ann rolled [4]: now at 4"]
    assert data["tally"] == ["Ann: 4/12", "Ben: 0/12"] and data["outcome"] is None


def test_export_markdown_is_a_readable_report(store, toy_engine):
    table = start(store, toy_engine)
    table.answer("walk")
    table.answer([4])
    text = report_markdown(playtest_report(table, []))
    assert text.startswith("# Playtest report: session race (")
    assert "2. Ann roll — Ann rolls to walk: **4** (typed)\n   - Ann rolled [4]: now at 4" in text
    assert "## State now\n\n```text\nAnn: 4/12\nBen: 0/12\n```" in text  # as the screen shows it
