"""`deckwright play`: the gamemaster loop, fed keystrokes, over the Toy Race test engine."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cards.wording import plural
from companion.cli import cli
from companion.sessions import SessionStore
from companion.sessiontable import Table

DECKWRIGHT = Path(sys.executable).parent / "deckwright"


def play(runner, keys: list[str], *args: str):
    """Run `deckwright play` with one typed line per key."""
    return runner.invoke(cli, ["play", *args], input="".join(k + "\n" for k in keys))


def journal(name: str = "t") -> list:
    with SessionStore() as store:
        return [e.answer for e in store.journal(name)]


NEW = ("toy-race", "--players", "Ann,Ben", "--name", "t", "--seed", "5")


def test_prompt_names_turn_player_and_dice(runner, toy):
    result = play(runner, ["1", "quit"], *NEW)
    assert "Turn 1 · Ann: walk or sprint? (1-2) > 1" in result.output
    assert "  1) Walk: roll 1d6" in result.output
    assert ("Turn 1 · Ann rolls to walk (d6): type the dice or press Enter to roll > quit"
            in " ".join(result.output.split()))


def test_answers_print_events_then_tally(runner, toy):
    result = play(runner, ["1", "4", "quit"], *NEW)
    after_roll = result.output.split("Enter to roll > 4\n", 1)[1]
    assert after_roll.startswith("  Ann rolled [4]: now at 4\n  | Ann: 4/12\n  | Ben: 0/12\n")
    assert journal() == ["walk", [4]]


def test_option_id_is_accepted_like_its_number(runner, toy):
    play(runner, ["SPRINT", "quit"], *NEW)
    assert journal() == ["sprint"]


def test_choice_out_of_range_is_refused_and_asked_again(runner, toy):
    result = play(runner, ["7", "2", "quit"], *NEW)
    assert ("'7' is not one of the choices: type a number from 1 to 2 or one of: walk, sprint"
            in " ".join(result.output.split()))
    assert journal() == ["sprint"]


@pytest.mark.parametrize("typed, message", [
    ("9", "a d6 cannot show 9: type a number from 1 to 6"),
    ("0", "a d6 cannot show 0: type a number from 1 to 6"),
    ("3 4", "d6 needs 1 die, got 2: 3 4; type 1 number"),  # once a Python list
    ("six", "type the d6 as a number (like '4')"),
], ids=["too-high", "zero", "too-many", "not-a-number"])
def test_impossible_faces_are_refused_and_asked_again(runner, toy, typed, message):
    result = play(runner, ["1", typed, "3", "quit"], *NEW)
    assert message in result.output
    assert journal() == ["walk", [3]]


def test_enter_lets_the_tool_roll_from_the_session_seed(runner, toy, toy_engine):
    result = play(runner, ["1", "", "quit"], *NEW)
    with SessionStore() as store:
        table = Table.resume(store, toy_engine, "t")
        rolled = table.steps[1].entry
    assert rolled.source == "rolled" and f"(the tool rolled {rolled.answer[0]})" in result.output
    expected = Table.start(SessionStore(Path(os.environ["DECKWRIGHT_DB"]).with_name("ref.db")), toy_engine,
                           ["Ann", "Ben"], name="ref", seed=5)
    expected.answer("walk")
    assert rolled.answer == expected.tool_answer(expected.request())


def test_draws_accept_a_card_id(runner, toy):
    result = play(runner, ["2", "3 4", "Boost", "quit"], *NEW)
    assert "possible: boost, calm, stumble" in result.output
    assert "Ben: walk or sprint?" in result.output
    assert journal() == ["sprint", [3, 4], "boost"]


def test_undo_takes_back_a_mistyped_roll(runner, toy):
    """The gamemaster types 1, the die shows 5: undo, then type 5."""
    result = play(runner, ["1", "1", "undo", "5", "quit"], *NEW)
    assert "undone: #2 Ann roll: 1 (typed)" in result.output
    assert journal() == ["walk", [5]]


def test_undo_with_a_count_and_nothing_left(runner, toy):
    result = play(runner, ["1", "2", "undo 5", "undo 2", "undo", "undo x", "quit"], *NEW)
    assert "only 2 answers can be taken back; type `undo 2` to go back to the start" in result.output
    assert "undone: #2 Ann roll: 2 (typed)\n  undone: #1 Ann decision: Walk: roll 1d6 (typed)" in result.output
    assert "nothing to undo: no answers yet" in result.output
    assert "undo takes a positive number, e.g. `undo 2`; got 'x'" in result.output
    assert journal() == []


def test_status_log_and_help_work_at_any_prompt(runner, toy):
    result = play(runner, ["1", "status", "4", "log 1", "help", "quit"], *NEW)
    roll_prompt = "Enter to roll > status\n  | Ann: 0/12\n  | Ben: 0/12\n"
    assert roll_prompt in result.output
    assert "(1-2) > log 1\n  Ann rolled [4]: now at 4\n" in result.output
    assert "undo [N]   take back the last answer" in result.output
    assert journal() == ["walk", [4]]


def test_end_of_input_is_a_quit(runner, toy):
    result = play(runner, ["1"], *NEW)
    assert result.exit_code == 0 and "Resume with" in result.output


def test_resume_continues_where_it_stopped(runner, toy):
    play(runner, ["2", "3 4", "quit"], *NEW)
    result = play(runner, ["calm", "quit"], "--resume", "t")
    assert "Resuming toy-race session t · Ann, Ben · 2 answers so far" in result.output
    assert "  | Ann: 7/12" in result.output and "Ann draws a race card" in result.output
    assert journal() == ["sprint", [3, 4], "calm"]


def test_one_answer_so_far_is_counted_in_the_singular(runner, toy):
    """Play audit: a session resumed after its first answer said `1 answers so far` (and `sessions
    show` `1 answers`)."""
    play(runner, ["2", "quit"], *NEW)
    assert "Resuming toy-race session t · Ann, Ben · 1 answer so far" in play(runner, ["quit"], "--resume", "t").output
    shown = runner.invoke(cli, ["sessions", "show", "t"])
    assert "· 1 answer ·" in shown.output, shown.output


def test_a_whole_game_to_the_end(runner, toy):
    """Walk every turn, let the tool roll: the game ends with its outcome and the final tally."""
    result = play(runner, ["1", ""] * 60, *NEW)
    assert result.exit_code == 0, result.output
    tail = result.output.rsplit("Game over: ", 1)[1]
    assert tail.splitlines()[0] in ("Ann wins the race", "Ben wins the race")  # the winner named once
    assert tail.splitlines()[1].startswith("  | Ann: ")
    with SessionStore() as store:
        assert store.get("t").status == "finished"
    again = play(runner, [], "--resume", "t")
    assert "Game over" in again.output and "(1-2) >" not in again.output


def test_auto_roll_never_asks_for_dice(runner, toy):
    result = play(runner, ["1", "2", "quit"], *NEW, "--auto-roll")
    assert "press Enter to roll" not in result.output
    assert [type(a).__name__ for a in journal()][:2] == ["str", "list"]


@pytest.mark.parametrize("args, message", [
    ((), "name the GAME to play"),
    (("toy-race",), "--players is required"),
    (("chess", "--players", "Ann,Ben"), "no rules engine for 'chess'"),
], ids=["no-game", "no-players", "no-engine"])
def test_usage_errors_exit_2(runner, toy, args, message):
    result = runner.invoke(cli, ["play", *args])
    assert result.exit_code == 2 and message in result.output


@pytest.mark.parametrize("args", [("toy-race", "--players", "Ann"), ("toy-race", "--players", "Ann,Ann")],
                         ids=["one-player", "same-names"])
def test_players_the_game_cannot_seat_are_a_usage_error(runner, toy, args):
    """As `sim --players 5` is (exit 2, the option named): `play` said the same with exit 1."""
    SessionStore().close()
    result = runner.invoke(cli, ["play", *args])
    assert result.exit_code == 2, result.output
    assert "Invalid value for --players: " in result.output and "Traceback" not in result.output
    assert ("toy-race is for 2-3 players, got 1" if args[-1] == "Ann" else "player names must be distinct") in result.output


@pytest.mark.parametrize("args, message", [
    (("--resume", "nope"), "no session named 'nope'"),
    (("toy-race", "--players", "Ann,Ben", "--name", "bad name"), "session name 'bad name'"),
], ids=["no-session", "bad-name"])
def test_problems_exit_1_without_traceback(runner, toy, args, message):
    SessionStore().close()  # a sessions file, without the session resumed
    result = runner.invoke(cli, ["play", *args])
    assert result.exit_code == 1 and message in result.output
    assert "Traceback" not in result.output


def test_corrupt_sessions_file_exits_1(runner, toy, tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"\x00garbage" * 100)
    result = runner.invoke(cli, ["play", *NEW, "--db", str(bad)], input="quit\n")
    assert result.exit_code == 1 and "is not a deckwright sessions file" in result.output


def test_help_shows_an_example(runner):
    result = runner.invoke(cli, ["play", "--help"])
    assert "deckwright play heartstrings --players Ann,Ben,Cy" in result.output


# -- a real process killed between answers ---------------------------------------------

class Terminal:
    """A `deckwright play` child process driven line by line through pipes."""

    def __init__(self, *args: str, env: dict[str, str]):
        self.proc = subprocess.Popen([str(DECKWRIGHT), "play", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        self.output = ""

    def wait_for_prompt(self, timeout: float = 30.0) -> str:
        """Read until the child waits at a prompt (its output ends with '> ')."""
        start, fd = len(self.output), self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while len(self.output) == start or not self.output.endswith("> "):
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(fd, 65536) if ready else b""
            if not chunk:
                raise AssertionError(f"no prompt from deckwright play; output so far:\n{self.output}")
            self.output += chunk.decode()
        return self.output[start:]

    def type(self, line: str) -> str:
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()
        return self.wait_for_prompt()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.proc.stdout.close()
        self.proc.stdin.close()


def toy_env(db: Path) -> dict[str, str]:
    here = Path(__file__).parent
    return {**os.environ, "PYTHONPATH": str(here), "DECKWRIGHT_ENGINES": "toy-race=toygame",
            "DECKWRIGHT_CARDS": str(here / "toycards"), "DECKWRIGHT_DB": str(db), "NO_COLOR": "1"}


def test_killed_process_resumes_in_the_same_state(tmp_path, toy_engine):
    """SIGKILL between answers loses nothing: the resumed game goes on exactly as an unbroken one."""
    db = tmp_path / "kill.db"
    keys = ["2", "3 4", "", "1", "", "2"]  # typed and tool-rolled answers mixed
    first = Terminal(*NEW, env=toy_env(db))
    first.wait_for_prompt()
    for key in keys[:4]:
        first.type(key)
    first.kill()
    with SessionStore(db) as store:
        assert len(store.journal("t")) == 4
    second = Terminal("--resume", "t", env=toy_env(db))
    assert "4 answers so far" in second.wait_for_prompt()
    for key in keys[4:]:
        second.type(key)
    second.kill()
    with SessionStore(db) as store:
        resumed = Table.resume(store, toy_engine, "t")
    unbroken = _unbroken_run(tmp_path / "ref.db", toy_engine, keys)
    assert [s.entry.answer for s in resumed.steps] == [s.entry.answer for s in unbroken.steps]
    assert resumed.state == unbroken.state


def _unbroken_run(db: Path, engine, keys: list[str]) -> Table:
    from companion.engine.typed import parse_typed

    table = Table.start(SessionStore(db), engine, ["Ann", "Ben"], name="t", seed=5)
    for key in keys:
        answer = parse_typed(table.request(), key)
        table.answer(table.tool_answer(table.request()) if answer is None else answer)
    return table


def test_heartstrings_at_the_table_killed_resumed_undone_and_finished(tmp_path):
    """The issue's bar: a 3-player game, the terminal killed halfway, resumed, a mistyped roll
    undone, and finished."""
    db = tmp_path / "hs.db"
    env = {**os.environ, "DECKWRIGHT_DB": str(db), "NO_COLOR": "1"}
    first = Terminal("heartstrings", "--players", "Ann,Ben,Cy", "--name", "hs", "--seed", "2", env=env)
    first.wait_for_prompt()
    for _ in range(12):
        first.type("")  # Enter: the tool rolls (a decision would ask again)
    first.kill()
    with SessionStore(db) as store:
        answered = len(store.journal("hs"))
    assert answered > 0
    second = Terminal("--resume", "hs", env=env)
    prompt = second.wait_for_prompt()
    assert f"{plural(answered, 'answer')} so far" in prompt
    for _ in range(50):
        if "type the dice" in last_prompt(prompt):
            break
        prompt = second.type("1")
    assert "a d" in second.type("13") and "cannot show 13" in second.output
    second.type("3")
    assert "undone: " in second.type("undo")
    second.kill()
    finish = subprocess.run([str(DECKWRIGHT), "play", "--resume", "hs", "--auto-roll"], env=env, check=False,
                            input="1\n" * 3000, capture_output=True, text=True, timeout=120)
    assert finish.returncode == 0, finish.stderr
    over = next(line for line in finish.stdout.splitlines() if line.startswith("Game over: "))
    assert "wins" in over and any(name in over for name in ("Ann", "Ben", "Cy"))
    with SessionStore(db) as store:
        assert store.get("hs").status == "finished"


def last_prompt(output: str) -> str:
    """The prompt the output ends with, its wrapped lines joined (event lines are indented)."""
    lines = output.splitlines()
    start = max((i for i, line in enumerate(lines) if line.startswith(" ")), default=-1) + 1
    return " ".join(lines[start:])


def test_ctrl_c_is_a_quit_that_keeps_the_session(tmp_path):
    db = tmp_path / "int.db"
    term = Terminal(*NEW, env=toy_env(db))
    term.wait_for_prompt()
    term.type("1")
    term.proc.send_signal(signal.SIGINT)
    rest, _ = term.proc.communicate(timeout=30)
    assert term.proc.returncode == 130  # README: "130 on Ctrl-C", for play as for every command
    assert "Session t kept. Resume with:\n  deckwright play --resume t" in rest.decode().replace("\r", "")
    with SessionStore(db) as store:
        assert [e.answer for e in store.journal("t")] == ["walk"]


@pytest.mark.parametrize("pairs, options", [
    (("witches=fire,ice",), {"witches": ["fire", "ice"]}),
    (("hidden_hands=false", "first_player=1"), {"hidden_hands": False, "first_player": 1}),
    (('classes=["knight"]', "style=fast"), {"classes": ["knight"], "style": "fast"}),
], ids=["comma-list", "json-scalars", "json-list-and-text"])
def test_setup_options_are_read_as_json_or_lists(pairs, options):
    from companion.cli.common import parse_options

    assert parse_options(pairs) == options


def test_setup_options_reach_the_session(runner, toy):
    runner.invoke(cli, ["play", *NEW, "-o", "style=fast"], input="quit\n")
    with SessionStore() as store:
        assert store.get("t").options == {"style": "fast"}


def test_malformed_option_is_a_usage_error(runner, toy):
    result = runner.invoke(cli, ["play", *NEW, "-o", "nokey"])
    assert result.exit_code == 2 and "expected KEY=VALUE, got 'nokey'" in result.output


def test_default_names_do_not_collide(runner, toy):
    for _ in range(2):
        runner.invoke(cli, ["play", "toy-race", "--players", "Ann,Ben"], input="quit\n")
    with SessionStore() as store:
        names = sorted(info.name for info in store.list())
    assert len(set(names)) == 2 and all(n.startswith("toy-race-20") for n in names)


def test_cards_folder_is_stored_absolute(runner, toy, monkeypatch):
    monkeypatch.chdir(toy.parent)
    runner.invoke(cli, ["--cards", "toycards", "play", *NEW], input="quit\n")
    with SessionStore() as store:
        assert store.get("t").cards_dir == str(toy.resolve())


def test_help_wraps_as_paragraphs_in_80_columns(runner, tmp_path):
    """`help` was wrapped twice (hard line breaks, then the screen's): `matter); Enter takes` stood alone."""
    out = runner.invoke(cli, ["play", "heartstrings", "--players", "Ann,Ben", "--db", str(tmp_path / "s.db")],
                        input="help\nquit\n", env={"COLUMNS": "80", "NO_COLOR": "1"}).output
    block = out.split("At any prompt:", 1)[1].split("Enter to let the tool do it.", 1)[0]
    lines = block.splitlines()
    assert max(map(len, lines)) <= 80
    assert "matter); Enter takes the only choice, or the one marked (Enter)." in block
    assert "drawn, or press" not in lines


def test_every_command_of_help_keeps_to_one_line_in_80_columns(runner, tmp_path):
    """The `note TEXT` row ran to 83 characters: its last word `move` stood alone on the next line."""
    out = runner.invoke(cli, ["play", "heartstrings", "--players", "Ann,Ben", "--db", str(tmp_path / "s.db")],
                        input="help\nquit\n", env={"COLUMNS": "80", "NO_COLOR": "1"}).output
    rows = out.split("At any prompt:\n", 1)[1].split("Choices:", 1)[0].splitlines()
    assert [row.split()[0] for row in rows] == ["undo", "redo", "state", "note", "log", "help", "quit"]
    assert "note TEXT  keep a playtest note (a rules question, an unclear card), no move" in rows[3]


def test_resuming_a_finished_game_shows_its_end_once(runner, tmp_path):
    """Table audit: `play --resume` of a finished game printed the final state twice, under a
    heading that offered `help` for commands no prompt would take."""
    db = str(tmp_path / "s.db")
    args = ["play", "heartstrings", "--players", "Ann,Ben", "--name", "done", "--seed", "7", "--auto-roll", "--db", db]
    assert "Game over" in runner.invoke(cli, args, input="1\n" * 3000).output
    out = runner.invoke(cli, ["play", "--resume", "done", "--db", db], input="").output
    assert out.count("  | Ann (green)") == 1 and "Game over: " in out
    assert out.splitlines()[0].startswith("Resuming heartstrings session done · Ann, Ben · ")
    assert "the game is over" in out.splitlines()[0] and "type help" not in out


def test_a_game_for_one_number_of_players_says_that_number(runner, tmp_path):
    """`play halfwish --players Ann` said 'halfwish is for 2-2 players'."""
    result = runner.invoke(cli, ["play", "halfwish", "--players", "Ann", "--db", str(tmp_path / "s.db")])
    assert result.exit_code != 0
    assert "halfwish is for 2 players, got 1: Ann" in result.output, result.output


def test_a_roll_whose_prompt_names_its_dice_does_not_name_them_again():
    from companion.cli.requests_shown import prompt_tail
    from companion.engine.requests import Chance

    assert prompt_tail(Chance("roll", "Who starts? d2: 1 = Ann, 2 = Ben", None, dice=(2,))) == \
        ": type the dice or press Enter to roll"
    assert prompt_tail(Chance("roll", "Ann rolls to walk", None, dice=(6,))) == \
        " (d6): type the dice or press Enter to roll"
    # a prompt naming other dice ("2d6" is not "d6") still says which dice to type
    assert prompt_tail(Chance("roll", "Ann rolls 2d6 for both", None, dice=(6,))) == \
        " (d6): type the dice or press Enter to roll"
