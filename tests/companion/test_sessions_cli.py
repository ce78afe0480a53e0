"""`deckwright sessions`: list, show, log, undo, export and delete, over Toy Race sessions."""

from __future__ import annotations

import json
import os
import shlex
import sqlite3

import pytest

from companion.cli import cli
from companion.sessions import SessionStore


@pytest.fixture
def played(runner, toy) -> str:
    """A session `race` with four answers: Ann walks 4, Ben sprints 3+4."""
    keys = "1\n4\n2\n3 4\nquit\n"
    result = runner.invoke(cli, ["play", "toy-race", "--players", "Ann,Ben", "--name", "race", "--seed", "2"],
                           input=keys)
    assert result.exit_code == 0, result.output
    return "race"


def test_list_shows_name_game_players_answers_status(runner, played):
    result = runner.invoke(cli, ["sessions", "list"])
    header, line, players = result.output.splitlines()[:3]
    assert header.split()[:4] == ["SESSION", "GAME", "ANSWERS", "STATUS"]
    assert line.split()[:4] == ["race", "toy-race", "4", "playing"] and players.split() == ["Ann,", "Ben"]
    assert max(len(row) for row in result.output.splitlines()) <= 80


def test_list_json(runner, played):
    data = json.loads(runner.invoke(cli, ["sessions", "list", "--json"]).output)
    assert [(s["name"], s["game"], s["players"], s["answers"], s["seed"]) for s in data] == [
        ("race", "toy-race", ["Ann", "Ben"], 4, 2)]


def test_list_when_empty_says_how_to_start(runner, toy):
    SessionStore().close()  # a sessions file with no session in it
    result = runner.invoke(cli, ["sessions", "list"])
    assert result.exit_code == 0 and "no sessions in" in result.output and "deckwright play" in result.output


def test_show_gives_next_step_and_tally(runner, played):
    result = runner.invoke(cli, ["sessions", "show", "race"])
    assert "race: toy-race · Ann, Ben · 4 answers · playing" in result.output
    assert "next: Ben draws a race card" in result.output
    assert "  | Ann: 4/12\n  | Ben: 7/12" in result.output


def test_show_json(runner, played):
    data = json.loads(runner.invoke(cli, ["sessions", "show", "race", "--json"]).output)
    assert data["next"] == "Ben draws a race card" and data["tally"] == ["Ann: 4/12", "Ben: 7/12"]


def test_log_lists_answers_with_their_events(runner, played):
    """Play audit: the log showed the menu's ids (`act:0`, `move:7`); it shows what the menu said."""
    result = runner.invoke(cli, ["sessions", "log", "race"])
    assert result.output.splitlines()[:4] == [
        "#1 Ann decision: Walk: roll 1d6 (typed)", "    Ann will walk", "#2 Ann roll: 4 (typed)",
        "    Ann rolled [4]: now at 4"]


def test_undo_drops_the_last_answers(runner, played):
    result = runner.invoke(cli, ["sessions", "undo", "race", "--steps", "2"])
    # the answer as its menu said it (play audit: raw ids such as `skill:mark-for-coin`)
    assert result.output == ("undone: #4 Ben roll: 3 4 (typed)\n"
                             "undone: #3 Ben decision: Sprint: roll 2d6, doubles send you home (typed)\n")
    with SessionStore() as store:
        assert [e.answer for e in store.journal("race")] == ["walk", [4]]


def test_undo_then_resume_asks_again(runner, played):
    runner.invoke(cli, ["sessions", "undo", "race"])
    result = runner.invoke(cli, ["play", "--resume", "race"], input="quit\n")
    assert "3 answers so far" in result.output and "Ben rolls to sprint (2d6)" in result.output


def test_export_json_to_a_file(runner, played, tmp_path):
    out = tmp_path / "race.json"
    result = runner.invoke(cli, ["sessions", "export", "race", "--out", str(out)])
    assert result.exit_code == 0 and f"wrote {out}" in result.output
    data = json.loads(out.read_text())
    assert data["session"]["name"] == "race" and len(data["journal"]) == 4
    assert data["journal"][3]["events"] == ["Ben rolled [3, 4]: now at 7"]


def test_export_markdown(runner, played):
    result = runner.invoke(cli, ["sessions", "export", "race", "--format", "md"])
    assert result.output.startswith("# Playtest report: session race (")
    assert "4. Ben roll — Ben rolls to sprint: **3 4** (typed)\n   - Ben rolled [3, 4]: now at 7" in result.output


def test_export_to_a_missing_folder_exits_1(runner, played, tmp_path):
    result = runner.invoke(cli, ["sessions", "export", "race", "--out", str(tmp_path / "no" / "x.md")])
    assert result.exit_code == 1 and "does not exist" in result.output


def test_delete_with_yes(runner, played):
    result = runner.invoke(cli, ["sessions", "delete", "race", "--yes"])
    assert result.exit_code == 0 and "deleted race" in result.output
    assert runner.invoke(cli, ["sessions", "list", "--json"]).output.strip() == "[]"


def test_delete_asks_first(runner, played):
    result = runner.invoke(cli, ["sessions", "delete", "race"], input="n\n")
    assert "Delete session race (toy-race, 4 answers)?" in result.output and result.exit_code == 1
    with SessionStore() as store:
        assert store.get("race").answers == 4


@pytest.mark.parametrize("verb", ["show", "log", "undo", "export", "delete"])
def test_unknown_session_exits_1(runner, toy, verb):
    SessionStore().close()
    result = runner.invoke(cli, ["sessions", verb, "nope"])
    assert result.exit_code == 1 and "no session named 'nope'" in result.output


def test_foreign_file_exits_1_without_traceback(runner, tmp_path):
    bad = tmp_path / "photo.db"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)
    result = runner.invoke(cli, ["sessions", "list", "--db", str(bad)])
    assert result.exit_code == 1 and "not a deckwright sessions file" in result.output
    assert "Traceback" not in result.output


def test_help_shows_examples(runner):
    assert "deckwright sessions export friday --format md" in runner.invoke(cli, ["sessions", "--help"]).output


def test_the_log_of_a_finished_game_has_its_notes_and_its_end_with_the_winner(runner, toy):
    """Play audit: the log ended at the last event, without the notes taken nor how the game ended;
    `show` said how it ended but not who won."""
    keys = ["1", "4", "note Ann walks slowly", *(["1"] * 200)]
    result = runner.invoke(cli, ["play", "toy-race", "--players", "Ann,Ben", "--name", "done", "--seed", "2",
                                 "--auto-roll"], input="\n".join(keys) + "\n")
    assert result.exit_code == 0 and "Game over: " in result.output, result.output[-500:]
    log = runner.invoke(cli, ["sessions", "log", "done"]).output.splitlines()
    assert "    note: Ann walks slowly" in log
    over = next(line for line in result.output.splitlines() if line.startswith("Game over: "))
    assert log[-1] == over and " wins" in over
    shown = runner.invoke(cli, ["sessions", "show", "done"]).output
    assert f"over: {over.removeprefix('Game over: ')}" in shown


def test_a_session_that_no_longer_replays_is_listed_damaged_with_the_undo_that_repairs_it(runner, played):
    """Audit s25 #4: `list` said `playing` for a journal that no longer replayed, and the error of
    show, log and resume did not say how to repair it."""
    with sqlite3.connect(os.environ["DECKWRIGHT_DB"]) as conn:  # a walk's die, two dice typed
        conn.execute("UPDATE journal SET answer = '[3, 4]' WHERE seq = 2")
    listed = runner.invoke(cli, ["sessions", "list"])
    assert listed.exit_code == 0 and "DAMAGED" in listed.output.splitlines()[1], listed.output
    repair = "undo back past it: deckwright sessions undo race --steps 3"
    assert repair in " ".join(listed.output.split())
    for command in (["sessions", "show", "race"], ["sessions", "log", "race"], ["play", "--resume", "race"]):
        result = runner.invoke(cli, command)
        assert result.exit_code == 1 and repair in " ".join(result.output.split()), result.output
    assert runner.invoke(cli, ["sessions", "undo", "race", "--steps", "3"]).exit_code == 0
    listed = runner.invoke(cli, ["sessions", "list"])
    assert "race" in listed.output and "playing" in listed.output and "DAMAGED" not in listed.output


def test_the_commands_that_repair_a_session_name_the_db_given(runner, toy, tmp_path):
    """Session 27: for a session in a file given with --db, the `sessions undo` that repairs a journal
    that no longer replays and the `sessions delete` of a damaged row were printed without it: run
    as printed, they opened the default file. Run as printed now, they repair the file given."""
    db = tmp_path / "my games" / "s.db"
    runner.invoke(cli, ["play", "toy-race", "--players", "Ann,Ben", "--name", "race", "--seed", "2", "--db", str(db)],
                  input="1\n4\n2\n3 4\nquit\n")
    with sqlite3.connect(db) as conn:  # a walk's die, two dice typed
        conn.execute("UPDATE journal SET answer = '[3, 4]' WHERE seq = 2")
    repair = f"deckwright sessions undo race --steps 3 --db '{db}'"
    for command in (["sessions", "show", "race"], ["sessions", "log", "race"], ["play", "--resume", "race"]):
        result = runner.invoke(cli, [*command, "--db", str(db)])
        assert result.exit_code == 1 and f"undo back past it: {repair}" in result.output, result.output
    assert runner.invoke(cli, shlex.split(repair)[1:]).exit_code == 0
    assert "DAMAGED" not in runner.invoke(cli, ["sessions", "list", "--db", str(db)]).output
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE sessions SET players = 'oops' WHERE name = 'race'")
    shown = runner.invoke(cli, ["sessions", "show", "race", "--db", str(db)])
    delete = f"deckwright sessions delete race --db '{db}'"
    assert shown.exit_code == 1 and f"fix the row or delete the session with `{delete}`" in shown.output, shown.output
    assert runner.invoke(cli, [*shlex.split(delete)[1:], "--yes"]).exit_code == 0
    assert "race" not in runner.invoke(cli, ["sessions", "list", "--db", str(db)]).output
