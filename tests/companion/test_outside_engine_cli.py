"""A rules engine kept outside the repository, registered with DECKWRIGHT_ENGINES (audit s26,
"Lantern Dive"): registered wrongly or not at all, or with a bug, it is said in one located line;
an edit to its `rulebook_context` reaches the cached rulebook.

The engine is the package `race_rules`, written into tmp_path by each test: Toy Race's engine
(tests/companion/toygame.py) with a `rulebook_context`, and optionally a planted bug."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from companion.cli import cli
from companion.engine.registry import ENGINES_ENV

HERE = Path(__file__).parent   # toygame.py and toycards/
TOY_CARDS = HERE / "toycards"
REPO = HERE.parent.parent
PACKAGE = "race_rules"
PLANTED_BUG = "return [][state.turn]  # the planted bug"
ENGINE_PY = f"""from toygame import STEPS, RaceEngine as ToyRace, end_turn

from companion.engine import StepTable


def end_turn_checked(engine, state, item):
    if BUGGY and state.turn >= 2:
        {PLANTED_BUG}
    return end_turn(engine, state, item)


class RaceEngine(ToyRace):
    table = StepTable(questions=STEPS.questions, automatic={{"end-turn": end_turn_checked}})


BUGGY = False
"""
INIT_PY = """from toygame import BOTS, sim_setup

from .engine import RaceEngine

ENGINE = RaceEngine


def rulebook_context(db):
    return {"odds": "ODDS"}
"""


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Toy Race's cards (with a rulebook printing `{{ odds }}`) and the engine package `race_rules`
    in tmp_path; the package's folder on sys.path, the engine registered, a cache of the test's own."""
    cards = tmp_path / "cards" / "toy-race"
    (cards / "templates").mkdir(parents=True)
    (cards / "game.yaml").write_text((TOY_CARDS / "toy-race" / "game.yaml").read_text()
                                     + "rulebook:\n  template: rulebook.md.j2\n")
    (cards / "templates" / "rulebook.md.j2").write_text("# Odds\n\nA sprint busts {{ odds }} of the time.\n")
    package = tmp_path / "engines" / PACKAGE
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(INIT_PY.replace("ODDS", "1 in 6"))
    (package / "engine.py").write_text(ENGINE_PY)
    monkeypatch.syspath_prepend(str(HERE))   # toygame
    monkeypatch.syspath_prepend(str(package.parent))
    monkeypatch.setenv(ENGINES_ENV, f"toy-race={PACKAGE}")
    monkeypatch.setenv("DECKWRIGHT_CARDS", str(cards.parent))
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(tmp_path / "cache"))
    _forget_package()
    yield package
    _forget_package()


def _forget_package() -> None:
    """Each test writes its own `race_rules`: none imported by an earlier test is kept."""
    for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]


def plant_bug(package: Path) -> int:
    """Make the engine fail at turn 2; the line of the planted bug."""
    (package / "engine.py").write_text(ENGINE_PY.replace("BUGGY = False", "BUGGY = True"))
    return ENGINE_PY.splitlines().index(f"        {PLANTED_BUG}") + 1


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(cli, list(args), input=stdin)


def test_a_module_without_engine_names_the_package_to_register(outside: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's `mygame=my_pkg.engine`, followed literally: an AttributeError traceback in lint,
    sim and play. Now one line naming the package that exports ENGINE."""
    monkeypatch.setenv(ENGINES_ENV, f"toy-race={PACKAGE}.engine")
    wanted = f'{PACKAGE}.engine has no ENGINE: register the package whose __init__.py exports it, ' \
             f'e.g. {ENGINES_ENV}="toy-race={PACKAGE}"'
    for args, code in ((("sim", "toy-race", "--games", "2"), 2), (("lint", "toy-race"), 1),
                       (("play", "toy-race", "--players", "Ann,Ben"), 2)):
        result = run(*args)
        assert result.exit_code == code, (args, result.output)
        assert wanted in result.output, (args, result.output)
        assert "Traceback" not in result.output and "AttributeError" not in result.output


def test_an_engine_that_cannot_be_imported_says_why(outside: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It said "no rules engine for 'toy-race'; did you mean 'toy-race'?", the reason dropped."""
    monkeypatch.setenv(ENGINES_ENV, "toy-race=race_rulez")
    result = run("sim", "toy-race", "--games", "2")
    assert result.exit_code == 2
    assert "did you mean" not in result.output
    assert ("the engine of 'toy-race' (race_rulez) cannot be imported: No module named 'race_rulez' "
            f"(put the folder holding race_rulez on PYTHONPATH, or check {ENGINES_ENV})") in result.output


def test_without_the_registration_the_errors_name_deckwright_engines(outside: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A co-designer given only the game's folder: "'odds' is undefined" and "no rules engine"
    said nothing of DECKWRIGHT_ENGINES."""
    started = run("play", "toy-race", "--players", "Ann,Ben", "--name", "t1", stdin="quit\n")
    assert started.exit_code == 0, started.output
    monkeypatch.delenv(ENGINES_ENV)
    linted = run("lint", "toy-race")
    assert linted.exit_code == 1
    assert ("rulebook.md.j2:3: rulebook: 'odds' is undefined (no rules engine is registered for toy-race, "
            f"so no rulebook_context hook set it; a game kept outside the repository registers one with "
            f"{ENGINES_ENV})") in linted.output
    resumed = run("play", "--resume", "t1")
    assert resumed.exit_code == 2
    assert (f"no rules engine for 'toy-race' (a game kept outside the repository registers one with "
            f"{ENGINES_ENV})") in resumed.output


def test_lint_locates_an_engine_bug_in_the_engine_and_says_how_to_replay_it(outside: Path) -> None:
    """It blamed game.yaml, with no Python line and no way to replay the failing game."""
    line = plant_bug(outside)
    result = run("lint", "toy-race")
    assert result.exit_code == 1
    engine_py = outside / "engine.py"
    assert (f"{engine_py}:{line}: engine: a seeded 3-player random game (seed lint:0) fails: "
            f"IndexError: list index out of range; replay it:\n      | {PLANTED_BUG}\n"  # the line, quoted
            f"    deckwright --cards {outside.parent.parent / 'cards'} sim toy-race --seed lint --players 3 "
            "--games 1\n") in result.output
    replayed = run("sim", "toy-race", "--seed", "lint", "--players", "3", "--games", "1")
    assert "game 0 (seed lint:0, 3 players) fails" in replayed.output   # the command replays it


def test_sim_names_the_failing_game_and_the_engine_line_without_a_traceback(outside: Path) -> None:
    """58 lines of traceback, no game index or seed; exit 1 (a designer's engine, not a usage error)."""
    line = plant_bug(outside)
    result = run("sim", "toy-race", "--games", "20", "--seed", "7", "--bot", "sprinter")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert (f"Error: {outside / 'engine.py'}:{line}: game 0 (seed 7:0, 2 players) fails: IndexError: "
            f"list index out of range; replay it:\n    deckwright --cards {outside.parent.parent / 'cards'} "
            "sim toy-race --seed 7 --players 2 --games 1 --bot sprinter\n") in result.output
    parallel = run("sim", "toy-race", "--games", "20", "--seed", "7", "--jobs", "2")  # from a worker process
    assert parallel.exit_code == 1, parallel.output
    assert re.search(rf"engine\.py:{line}: game (\d+) \(seed 7:\1, 2 players\) fails: IndexError", parallel.output)


def test_play_says_where_the_engine_failed_and_the_session_resumes(outside: Path) -> None:
    """A traceback at the table; the answer it failed on is still not saved, the earlier ones are."""
    line = plant_bug(outside)
    result = run("play", "toy-race", "--players", "Ann,Ben", "--name", "t1", "--seed", "3", stdin="walk\n4\nwalk\n3\nwalk\n2\n")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert (f"Error: {outside / 'engine.py'}:{line}: answer #6 of session t1 fails: IndexError: list index "
            "out of range; it was not saved, the earlier ones were. Fix the engine, then resume:\n"
            "    deckwright play --resume t1\n") in result.output
    (outside / "engine.py").write_text(ENGINE_PY)   # fixed
    _forget_package()
    resumed = run("play", "--resume", "t1", stdin="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "5 answers so far" in resumed.output


def _build_rulebook(tmp_path: Path, package: Path) -> str:
    """A build in a process of its own, as a designer runs it, with the render cache on."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(package.parent), str(HERE)])}
    subprocess.run([sys.executable, "-P", "-c", "from companion.cli import main; main()", "build", "toy-race",
                    "--paper", "a4", "--out", str(tmp_path / "out"), "--only", "rulebook"],
                   env=env, check=True, capture_output=True, cwd=tmp_path)
    pdf = PdfReader(tmp_path / "out" / "toy-race" / "rulebook-a4.pdf")
    return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


def test_an_edited_rulebook_context_reaches_the_cached_rulebook(outside: Path, tmp_path: Path) -> None:
    """The cache hashed only the repository's code: the rulebook kept the hook's old odds."""
    assert "busts 1 in 6 of the time" in _build_rulebook(tmp_path, outside)
    (outside / "__init__.py").write_text(INIT_PY.replace("ODDS", "2 in 9"))
    assert "busts 2 in 9 of the time" in _build_rulebook(tmp_path, outside)


ENGINE_LINE = "BUGGY = False"
BROKEN_ENGINES = {   # what engine.py's last line becomes, and what is said of it
    "syntax-error": ("BUGGY = (False", "cannot be imported: SyntaxError: '(' was never closed"),
    "name-error": ("BUGGY = Flase", "cannot be imported: NameError: name 'Flase' is not defined"),
    "constructor": (f"{ENGINE_LINE}\nRaceEngine.__init__ = lambda self, db: open(db.folder / 'board.txt')",
                    "cannot be built: FileNotFoundError: [Errno 2] No such file or directory: "),
}


@pytest.mark.parametrize("broken", list(BROKEN_ENGINES))
def test_an_engine_failing_as_it_is_imported_or_built_is_one_located_line(outside: Path, broken: str) -> None:
    """A SyntaxError or NameError at module level, or a constructor that fails: a traceback in lint,
    sim, play and balance (and `deckwright --help`, which imports a registered engine)."""
    code, words = BROKEN_ENGINES[broken]
    (outside / "engine.py").write_text(ENGINE_PY.replace(ENGINE_LINE, code))
    line = ENGINE_PY.splitlines().index(ENGINE_LINE) + 1 + (broken == "constructor")
    wanted = f"{outside / 'engine.py'}:{line}: the toy-race engine {words}"
    for args in (("sim", "toy-race", "--games", "2"), ("play", "toy-race", "--players", "Ann,Ben"),
                 ("balance", "toy-race", "--games", "2", "--out", str(outside.parent / "out"))):
        result = run(*args)
        assert result.exit_code == 1, (args, result.output)
        assert f"Error: {wanted}" in result.output, (args, result.output)
        assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    linted = run("lint", "toy-race")
    assert linted.exit_code == 1
    assert f"  {outside / 'engine.py'}:{line}: engine: the toy-race engine {words}" in linted.output, linted.output
    assert f"      | {code.splitlines()[-1]}" in linted.output   # the engine's line, quoted beneath
    listed = run("--help")
    assert listed.exit_code == 0, listed.output
    if broken != "constructor":   # only what fails as it is imported fails here
        assert "(its engine fails: deckwright lint toy-race)" in listed.output


def test_resume_says_where_the_engine_fails_on_a_saved_answer_and_leaves_the_session(outside: Path) -> None:
    """An engine edited after a session began, failing on one of its saved answers: a traceback at
    `play --resume` (and at `sessions undo`, the way out when the answer is what is wrong)."""
    answers = "walk\n4\nwalk\n3\nwalk\n2\nquit\n"   # the sixth answer ends turn 2
    played = run("play", "toy-race", "--players", "Ann,Ben", "--name", "t1", "--seed", "3", stdin=answers)
    assert played.exit_code == 0, played.output
    line = plant_bug(outside)
    _forget_package()
    before = run("sessions", "list").output
    resumed = run("play", "--resume", "t1")
    assert resumed.exit_code == 1, resumed.output
    assert (f"Error: {outside / 'engine.py'}:{line}: session t1 fails replaying answer #6 (Ann roll: 2 (typed)): "
            "IndexError: list index out of range; it is untouched. Fix the engine, then resume:\n"
            "    deckwright play --resume t1\n"
            "or, if that answer is wrong, take it back:\n"
            "    deckwright sessions undo t1\n") in resumed.output
    assert run("sessions", "list").output == before   # nothing was written
    undone = run("sessions", "undo", "t1")
    assert undone.exit_code == 0, undone.output
    assert "undone: #6 Ann roll: 2 (typed)" in undone.output


def test_the_commands_after_an_engine_failure_name_the_db_given(outside: Path, tmp_path: Path) -> None:
    """Session 27: with the sessions in a file given with --db, the resume and undo commands said
    after the engine failed left it out, and would have opened the default file."""
    db = tmp_path / "my games" / "s.db"
    answers = "walk\n4\nwalk\n3\nwalk\n2\n"   # the sixth answer ends turn 2
    played = run("play", "toy-race", "--players", "Ann,Ben", "--name", "t1", "--seed", "3", "--db", str(db),
                 stdin=answers + "quit\n")
    assert played.exit_code == 0, played.output
    plant_bug(outside)
    _forget_package()
    resumed = run("play", "--resume", "t1", "--db", str(db))
    assert resumed.exit_code == 1, resumed.output
    assert (f"    deckwright play --resume t1 --db '{db}'\n"
            "or, if that answer is wrong, take it back:\n"
            f"    deckwright sessions undo t1 --db '{db}'\n") in resumed.output
    failed = run("play", "toy-race", "--players", "Ann,Ben", "--name", "t2", "--seed", "3", "--db", str(db),
                 stdin=answers)
    assert failed.exit_code == 1, failed.output
    assert f"then resume:\n    deckwright play --resume t2 --db '{db}'\n" in failed.output


def test_a_replay_command_is_on_a_line_of_its_own_never_wrapped(outside: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """On a 60-column terminal the message is wrapped and the command is not: it is copied whole."""
    line = plant_bug(outside)
    monkeypatch.chdir(outside.parent.parent)   # the engine's path as a designer there sees it
    monkeypatch.setenv("COLUMNS", "60")
    result = run("sim", "toy-race", "--games", "3", "--seed", "7")
    assert result.exit_code == 1, result.output
    command = f"    deckwright --cards {outside.parent.parent / 'cards'} sim toy-race --seed 7 --players 2 --games 1"
    said, *rest = result.output.rstrip("\n").split("\n")
    assert said.startswith(f"Error: engines/{PACKAGE}/engine.py:{line}: game 0")
    assert rest[-1] == command
    assert all(len(each) <= 60 for each in [said, *rest[:-1]]), result.output


def test_at_80_columns_the_words_are_wrapped_and_the_path_and_commands_kept_whole(
        outside: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Session 27: an engine in a folder whose path is longer than the screen left `Error:` alone on a
    line above the path in sim and play, and lint's problem lost its indent; the words after the
    path are wrapped to 80 columns, the path:line and each command stand whole on lines of their own."""
    deep = tmp_path / ("a-designers-own-rules-engines-" * 3)
    shutil.copytree(outside, deep / PACKAGE)
    monkeypatch.syspath_prepend(str(deep))
    line = plant_bug(deep / PACKAGE)
    _forget_package()
    monkeypatch.setenv("COLUMNS", "80")
    where = f"{deep / PACKAGE / 'engine.py'}:{line}:"
    assert len(where) > 80   # the case: the path alone is wider than the screen
    outputs = {"lint": run("lint", "toy-race").output, "sim": run("sim", "toy-race", "--games", "3", "--seed", "7").output,
               "play": run("play", "toy-race", "--players", "Ann,Ben", "--name", "t1", "--seed", "3",
                           stdin="walk\n4\nwalk\n3\nwalk\n2\n").output}
    for command, output in outputs.items():
        lines = output.rstrip("\n").split("\n")
        located = next(i for i, said in enumerate(lines) if where in said)
        assert lines[located] == (f"  {where}" if command == "lint" else f"Error: {where}"), (command, output)
        commands = [said for said in lines if said.startswith("    deckwright ")]
        assert commands and all(said.endswith(("--games 1", "--resume t1")) for said in commands), (command, output)
        rest = [said for said in lines[located + 1:] if said not in commands]
        assert rest and all(len(said) <= 80 for said in rest), (command, output)


SETUP_BUG = "return 1 / 0  # the setup bug"


def test_an_engine_failing_to_set_up_a_game_is_one_located_line(outside: Path) -> None:
    """Session 27: an engine whose `setup` fails printed a traceback in play (a new game or a
    resumed one), balance, `sessions show` and even `sessions list`."""
    played = run("play", "toy-race", "--players", "Ann,Ben", "--name", "t1", "--seed", "3", stdin="walk\nquit\n")
    assert played.exit_code == 0, played.output
    (outside / "engine.py").write_text(f"{ENGINE_PY}\n\ndef setup(self, players, options):\n    {SETUP_BUG}\n\n\n"
                                       "RaceEngine.setup = setup\n")
    _forget_package()
    line = (outside / "engine.py").read_text().splitlines().index(f"    {SETUP_BUG}") + 1
    said = f"{outside / 'engine.py'}:{line}: the toy-race engine cannot set up a game: ZeroDivisionError: division by zero"
    for args in (("play", "toy-race", "--players", "Ann,Ben"), ("play", "--resume", "t1"),
                 ("sessions", "show", "t1"), ("sessions", "log", "t1")):
        result = run(*args)
        assert result.exit_code == 1 and f"Error: {said}\n" in result.output, (args, result.output)
        assert isinstance(result.exception, SystemExit), (args, result.exception)
    listed = run("sessions", "list")
    assert listed.exit_code == 0 and "t1" in listed.output and isinstance(listed.exception, (SystemExit, type(None)))


@pytest.mark.parametrize("jobs", ["1", "2"], ids=["one-process", "worker-processes"])
def test_balance_says_where_the_engine_failed_and_how_to_replay_it(outside: Path, tmp_path: Path, jobs: str) -> None:
    """Session 27: a game of a balance tournament that met the engine's bug printed a traceback."""
    line = plant_bug(outside)
    result = run("balance", "toy-race", "--games", "6", "--seed", "7", "--jobs", jobs, "--out", str(tmp_path / "out"))
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output
    failure = re.compile(rf"Error: {re.escape(str(outside / 'engine.py'))}:{line}: game (\d+) \(seed 7:\1, 2 "
                         r"players\) fails: IndexError: list index out of range; replay it:\n    (deckwright .*)\n")
    said = failure.search(result.output)
    assert said, result.output
    game, replay = int(said[1]), said[2]
    assert replay == (f"deckwright --cards {outside.parent.parent / 'cards'} balance toy-race --seed 7 --players 2 "
                      f"--games {game + 1} --bot sprinter")
    again = failure.search(run(*shlex.split(replay)[1:], "--out", str(tmp_path / "out")).output)
    # the same games again: the same failure, or (workers report the first they meet) an earlier game's
    assert again and int(again[1]) <= game


def test_a_swept_database_failing_says_so_without_a_replay_of_another_database(outside: Path, tmp_path: Path) -> None:
    """A `--set` value's tournament plays a database no plain `balance` command plays: the failure
    says which database, and offers no command that would play another one."""
    line = plant_bug(outside)
    result = run("balance", "toy-race", "--games", "4", "--seed", "7", "--set", "rules.goal=12,14",
                 "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert (f"{outside / 'engine.py'}:{line}: game 0 (seed 7:0, 2 players, the database of --set or --compare) "
            "fails: IndexError: list index out of range\n") in result.output
    assert "deckwright" not in result.output
