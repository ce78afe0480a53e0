"""Issue 17 at the table: getting-started errors, the play loop's commands, secrets, notes."""

from __future__ import annotations

import dataclasses
import shutil
import sys
from pathlib import Path

import pytest

from companion.cli import cli
from companion.engine.requests import Decision, Option, request_kind
from companion.engine.typed import parse_choice
from companion.errors import IllegalAction
from companion.sessionnotes import notes
from companion.sessions import SessionStore

DECKWRIGHT = Path(sys.executable).parent / "deckwright"
NEW = ("toy-race", "--players", "Ann,Ben", "--name", "t", "--seed", "5")


def play(runner, keys: list[str], *args: str):
    return runner.invoke(cli, ["play", *args], input="".join(k + "\n" for k in keys))


def flat(text: str) -> str:
    return " ".join(text.split())


# -- getting started ------------------------------------------------------------------------

def test_missing_cards_folder_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(cli, ["--cards", str(tmp_path / "nowhere"), "games"])
    assert result.exit_code == 2 and "does not exist" in result.output


def test_cards_is_accepted_after_the_command_name(runner, toy):
    from pathlib import Path

    folder = str(Path(__file__).parent / "toycards")
    result = runner.invoke(cli, ["games", "--cards", folder], env={"DECKWRIGHT_CARDS": ""})
    assert result.exit_code == 0, result.output
    assert "toy-race" in result.output


@pytest.mark.parametrize("args, suggestion", [
    (["play", "hartstrings", "--players", "A,B"], "did you mean 'heartstrings'?"),
    (["lint", "hartstrings"], "did you mean 'heartstrings'?"),
    (["play", "which-witch", "--players", "A,B", "-o", "witchs=fire"], "did you mean witches?"),
], ids=["play-game", "lint-game", "option-key"])
def test_unknown_names_exit_2_with_a_suggestion(runner, args, suggestion):
    result = runner.invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert suggestion in flat(result.output)


# -- the play loop ----------------------------------------------------------------------------

def test_every_line_fits_80_columns(runner, toy, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    result = play(runner, ["1", "help", "7", "quit"], *NEW)
    assert max(len(line) for line in result.output.splitlines()) <= 80


def test_a_choice_can_be_named_by_a_unique_prefix_in_any_case(runner, toy):
    play(runner, ["SPR", "quit"], *NEW)
    with SessionStore() as store:
        assert [e.answer for e in store.journal("t")] == ["sprint"]


def test_an_ambiguous_prefix_is_refused():
    decision = Decision(0, "pick", (Option("fire", "Fireball"), Option("frost", "Frostbite")))
    with pytest.raises(IllegalAction, match="could be any of: fire, frost"):
        parse_choice(decision, "f")
    assert parse_choice(decision, "fr") == "frost"
    assert parse_choice(decision, "fireb") == "fire"


def test_option_numbers_stay_the_same_when_a_prompt_is_asked_again(runner, toy):
    result = play(runner, ["9", "x", "quit"], *NEW)
    listings = [line for line in result.output.splitlines() if line.startswith("  1) ")]
    assert len(listings) == 3 and len(set(listings)) == 1


def test_state_is_reprinted_only_when_it_changed_or_asked(runner, toy):
    result = play(runner, ["1", "4", "log 1", "state", "quit"], *NEW)
    assert result.output.count("  | Ann: 4/12") == 2  # after the roll, then on `state`
    assert result.output.count("  | Ann: 0/12") == 1  # choosing walk changed nothing


def test_undo_too_far_says_how_far_it_can_go_and_redo_gives_back(runner, toy):
    result = play(runner, ["1", "4", "undo 99", "undo 2", "redo", "redo", "redo", "quit"], *NEW)
    assert "only 2 answers can be taken back; type `undo 2` to go back to the start" in flat(result.output)
    assert "nothing to redo" in result.output
    with SessionStore() as store:
        assert [e.answer for e in store.journal("t")] == ["walk", [4]]


def test_a_new_answer_after_undo_clears_redo(runner, toy):
    result = play(runner, ["1", "undo", "2", "redo", "quit"], *NEW)
    assert "nothing to redo" in result.output
    with SessionStore() as store:
        assert [e.answer for e in store.journal("t")] == ["sprint"]


# -- playtest notes ----------------------------------------------------------------------------

def test_a_note_is_kept_beside_the_journal_and_changes_nothing(runner, toy):
    result = play(runner, ["1", "note is a tie a win for nobody?", "quit"], *NEW)
    assert "noted at answer 1" in result.output
    with SessionStore() as store:
        assert [e.answer for e in store.journal("t")] == ["walk"]
        assert [(n.after_seq, n.text) for n in notes(store, "t")] == [(1, "is a tie a win for nobody?")]


# -- secrets -----------------------------------------------------------------------------------

def test_a_secret_decision_is_journalled_as_secret():
    decision = Decision(0, "pick", (Option("a"),), secret=True)
    assert request_kind(decision) == "secret"
    assert request_kind(dataclasses.replace(decision, secret=False)) == "decision"


# -- listings at 80 columns ----------------------------------------------------------------------

def test_games_is_a_table_that_fits_80_columns_with_plain_plurals(runner):
    result = runner.invoke(cli, ["games"])
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert "2-2 players" not in result.output and "1 sheets" not in result.output
    assert "Heartstrings" in result.output and "2-3 players" in result.output


def test_games_game_lists_its_setup_options(runner):
    result = runner.invoke(cli, ["games", "which-witch"])
    assert result.exit_code == 0, result.output
    assert "witches (list[str]" in result.output and "hidden (bool" in result.output


def test_play_help_example_works_for_the_game_it_names(runner, tmp_path):
    help_text = runner.invoke(cli, ["play", "--help"]).output
    example = next(line.split()[1:] for line in help_text.splitlines() if "-o witches=" in line
                   and line.strip().startswith("deckwright play"))
    result = runner.invoke(cli, [*example, "--db", str(tmp_path / "s.db")], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Starting which-witch session" in flat(result.output)


# -- sessions: listing, secrets, export ------------------------------------------------------------

def test_sessions_list_by_game_as_json_carries_outcomes(runner, toy):
    play(runner, ["quit"], *NEW)
    play(runner, ["1"] * 40, "--auto-roll", "toy-race", "--players", "Ann,Ben", "--name", "done", "--seed", "3")
    data = __import__("json").loads(runner.invoke(cli, ["sessions", "list", "--game", "toy-race", "--json"]).output)
    by_name = {row["name"]: row for row in data}
    assert set(by_name) == {"t", "done"}
    assert by_name["t"]["outcome"] is None
    assert by_name["done"]["outcome"]["winner_name"] in ("Ann", "Ben")
    assert runner.invoke(cli, ["sessions", "list", "--game", "chess", "--json"]).output.strip() == "[]"


def test_export_carries_notes_and_the_game_version(runner, toy):
    play(runner, ["1", "note confusing card", "quit"], *NEW)
    md = runner.invoke(cli, ["sessions", "export", "t", "--format", "md"]).output
    assert "> **Note** (" in md and "after answer 1): confusing card" in md
    assert "database version" in md
    data = __import__("json").loads(runner.invoke(cli, ["sessions", "export", "t"]).output)
    assert data["notes"][0]["text"] == "confusing card" and data["session"]["cards_version"]


def test_reveal_is_refused_while_the_game_is_on(runner, toy):
    play(runner, ["1", "quit"], *NEW)
    result = runner.invoke(cli, ["sessions", "show", "t", "--reveal"])
    assert result.exit_code == 2 and "only after the game has ended" in flat(result.output)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_a_secret_choice_is_typed_without_echo_after_a_handoff(tmp_path):
    """Halfwish powers are chosen in secret: a look-away handoff, then the number is not echoed."""
    from ptyplay import play_in_pty

    with play_in_pty(["halfwish", "--players", "Ann,Ben", "--name", "h", "--seed", "1"], tmp_path / "s.db") as screen:
        for key in ("1", "1"):  # both classes, chosen openly
            screen.read_until("> ")
            screen.type(key)
        assert "everyone but Ann look away" in screen.read_until("only you can see the screen > ")
        screen.type("")
        assert "in secret" in screen.read_until("(1-10) > ")
        screen.type("7")  # Roar: the number must not appear on screen
        after = screen.read_until("Ann has chosen a power")   # she stays at the screen for her next power
        assert "7" not in after.split("(hidden)")[0]
        screen.type("quit")
        screen.read_until("kept. Resume with")
    with SessionStore(tmp_path / "s.db") as store:
        entries = store.journal("h")
    assert [e.kind for e in entries] == ["decision", "decision", "secret"]


def test_sessions_log_hides_secret_answers(runner, tmp_path):
    db = str(tmp_path / "s.db")
    keys = "1\n1\n7\nquit\n"
    runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Ben", "--name", "h", "--db", db], input=keys)
    log = runner.invoke(cli, ["sessions", "log", "h", "--db", db]).output
    assert "Ann secret: (secret until the game ends)" in log and "roar" not in log.lower()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_quitting_or_resuming_amid_secret_answers_clears_the_screen(tmp_path):
    """Table audit: `quit` at Ann's second secret power left her menu on the shared screen (the
    power she had taken missing from it), and so did a crash until `--resume`."""
    from ptyplay import play_in_pty

    clear = "\033[3J"
    with play_in_pty(["halfwish", "--players", "Ann,Ben", "--name", "h", "--seed", "1"], tmp_path / "s.db") as screen:
        for key in ("1", "1"):
            screen.read_until("> ")
            screen.type(key)
        screen.read_until("only you can see the screen > ")
        screen.type("")
        screen.read_until("(1-10) > ")
        screen.type("7")
        screen.read_until("(1-9) > ")
        screen.type("quit")
        assert clear in screen.read_until("kept. Resume with")
    with play_in_pty(["--resume", "h"], tmp_path / "s.db") as screen:
        before = screen.read_until("Resuming halfwish session h")
        assert clear in before


def test_redo_gives_back_what_sessions_undo_took_in_another_process(runner, toy):
    """Play audit: `redo` after `deckwright sessions undo` had nothing to redo, since the answers
    undone were kept by the play process alone. The sessions file keeps them: a resumed game, or
    `deckwright sessions redo`, gives them back, oldest first."""
    play(runner, ["1", "4", "quit"], *NEW)
    assert runner.invoke(cli, ["sessions", "undo", "t", "--steps", "2"]).exit_code == 0
    result = play(runner, ["redo", "quit"], "--resume", "t")
    assert "nothing to redo" not in result.output and "Ann will walk" in result.output
    assert "  redone: #1 Ann decision: Walk: roll 1d6 (typed)" in result.output
    with SessionStore() as store:
        assert [e.answer for e in store.journal("t")] == ["walk"]
    result = runner.invoke(cli, ["sessions", "redo", "t"])
    assert result.exit_code == 0 and result.output == "redone: #2 Ann roll: 4 (typed)\n"
    result = runner.invoke(cli, ["sessions", "redo", "t"])
    assert result.exit_code == 0 and result.output == "t: nothing to redo\n"
    with SessionStore() as store:
        assert [e.answer for e in store.journal("t")] == ["walk", [4]]


def test_answers_undone_are_kept_until_another_answer_is_given(toy_engine, tmp_path):
    """The same answer given again (a roll typed as it was) keeps the rest to redo; another clears them."""
    from companion.sessiontable import Table

    with SessionStore(tmp_path / "s.db") as store:
        table = Table.start(store, toy_engine, ["Ann", "Ben"], name="x", seed=5)
        for answer in ("walk", [4], "sprint"):
            table.answer(answer)
        table.undo(3)
        assert store.redoable("x", 1).answer == "walk"
        table.answer("walk")  # as it was: the roll and the sprint are still there to redo
        assert store.redoable("x", 2).answer == [4]
        table.answer([5])  # another roll: nothing is left to redo
        assert store.redoable("x", 3) is None
    with SessionStore(tmp_path / "s.db") as store:  # what is left to redo is in the file
        Table.resume(store, toy_engine, "x").undo(1)
    with SessionStore(tmp_path / "s.db") as store:
        assert store.redoable("x", 2).answer == [5]


def test_redo_of_an_answer_that_no_longer_fits_is_refused_without_saying_redone(runner, toy, tmp_path):
    """Session 26: after a rules edit, `redo` of a roll the new die cannot show printed
    "redone: #2 ..." and then refused it; nothing was redone, and it must not say so."""
    play(runner, ["1", "4", "quit"], *NEW)
    assert runner.invoke(cli, ["sessions", "undo", "t"]).exit_code == 0
    edited = tmp_path / "cards"
    shutil.copytree(toy, edited)
    game = edited / "toy-race" / "game.yaml"
    game.write_text(game.read_text().replace("die: 6", "die: 3"))
    result = runner.invoke(cli, ["--cards", str(edited), "play", "--resume", "t"], input="redo\nquit\n")
    assert "redone" not in result.output, result.output
    assert "  ! cannot redo #2 Ann roll: 4 (typed): " in result.output, result.output
    with SessionStore() as store:
        assert [e.answer for e in store.journal("t")] == ["walk"]
        assert store.redoable("t", 2) is not None  # still there to give back once it fits again
