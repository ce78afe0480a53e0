"""Every table command fits an 80-column terminal (play audit: `sessions show`, `sessions log`,
`half-the-battle threats` and some calculators printed lines of 100 to 150 columns, and the
`play` banner is long with long player names). Lines are wrapped at words, never cut."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from companion.cli import cli

WIDE = {"NO_COLOR": "1", "COLUMNS": "80"}
# Two 39-character names (40 is the longest allowed) and a long session name.
PLAYERS = "Alexandra Konstantinopoulou-Papadimitri,Bartholomew Featherstonehaugh-Smythe"
NAME = "a-rather-long-session-name-for-friday-night"


def widest(output: str) -> int:
    return max(map(len, output.splitlines()), default=0)


def words(output: str) -> list[str]:
    """The words of the output, whatever the wrapping (to check that nothing was cut)."""
    return output.split()


@pytest.fixture
def played(runner, tmp_path) -> Path:
    """A Halfwish session with long names, a few answers in (a power window, the DVs, a duel)."""
    db = tmp_path / "s.db"
    keys = ["mirror", "mirror", "roar", "ignite", "taunt", "restore", "bubble", "earthquake", "p1", "4 4", "3 3",
            "duel", "", "quit"]
    result = runner.invoke(cli, ["play", "halfwish", "--players", PLAYERS, "--name", NAME, "--db", str(db)],
                           input="\n".join(keys) + "\n", env=WIDE)
    assert result.exit_code == 0, result.output
    # the banner and every prompt; not the resume command, printed whole on a line of its own so
    # that it is copied in one go (the terminal folds it, the copy keeps it one line)
    shown = "\n".join(line for line in result.output.splitlines() if not line.startswith("  deckwright play --resume"))
    assert widest(shown) <= 80, result.output
    assert "Alexandra Konstantinopoulou-Papadimitri, Bartholomew" in result.output.splitlines()[1]
    return db


@pytest.mark.parametrize("command", [["show"], ["log"]], ids=["show", "log"])
def test_session_commands_fit_80_columns(runner, played, command):
    wide = runner.invoke(cli, ["sessions", *command, NAME, "--db", str(played)], env=WIDE)
    piped = runner.invoke(cli, ["sessions", *command, NAME, "--db", str(played)], env={"NO_COLOR": "1"})
    assert wide.exit_code == 0 == piped.exit_code, wide.output
    assert widest(wide.output) <= 80 < widest(piped.output), wide.output   # wrapped on a screen only
    assert words(wide.output) == words(piped.output)                      # at words: nothing cut


def test_the_threats_fit_80_columns(runner, tmp_path):
    sys.path.insert(0, str(Path(__file__).parent / "games" / "half_the_battle"))
    from htb_table import ANN, BEN, new_game, put

    from companion.engine.registry import make_engine

    state = new_game(make_engine("half-the-battle"))
    put(state, ANN, "d8", lane=6, hp=1)
    put(state, BEN, "d12", lane=7)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(state.to_json()))
    wide = runner.invoke(cli, ["half-the-battle", "threats", "--state", str(path)], env=WIDE)
    assert wide.exit_code == 0 and "Ann: 11 killing threats" in wide.output, wide.output
    assert widest(wide.output) <= 80, wide.output
    threats = [line for line in wide.output.splitlines() if line.startswith("  ") and not line.startswith("    ")]
    assert len(threats) == 11  # a wrapped threat goes on under its own, further in


CALCULATORS = [
    "half-the-battle damage --die d4 --hp 4 --amount 4 --lethal --item flimsy-shield",
    "half-the-battle damage --die d12 --hp 5 --amount 7",
    "half-the-battle rage --dice d12,d12,d8 --enemies-alive 3",
    "half-the-battle odds",
    "skirmish attack --attacker duelist --defender vanguard --distance 1",
    "skirmish hits --power medium --armor medium",
    "skirmish hits --table",
    "skirmish odds --skill last-word --turn 5",
    "heartstrings combat --room 9 --attacker 4 --defender 5",
    "heartstrings combat --room 8 --attacker 6 --defender 1,3,6",
    "heartstrings odds --room 8 --defenders 3",
    ("which-witch attack --attacker fire --defender earth --spell ice --count 3 --attacker-die d12 "
     "--defender-bonus 2 --defender-hearts 2"),
    "which-witch odds --attacker-bonus 1",
    "halfwish duel --a long-strike --a-dv 10 --b evade --b-dv 12",
    "halfwish odds --a long-strike --b strike --b-dv 12",
    "halfwish odds --matrix",
]


@pytest.mark.parametrize("command", CALCULATORS, ids=[" ".join(c.split()[:2]) for c in CALCULATORS])
def test_every_calculator_fits_80_columns(runner, command):
    wide = runner.invoke(cli, command.split(), env=WIDE)
    piped = runner.invoke(cli, command.split(), env={"NO_COLOR": "1"})
    assert wide.exit_code == 0, wide.output
    assert widest(wide.output) <= 80, wide.output
    assert words(wide.output) == words(piped.output)


def test_a_wrapped_event_stands_apart_from_the_next(runner, tmp_path):
    """Play audit: `  Duel! Ann is the aggressor: ... takes` went on as `  damage; Ben is the ...`,
    which read as a second event; its continuation lines are now further in."""
    keys = ["mirror", "mirror", "roar", "ignite", "taunt", "restore", "bubble", "earthquake", "p1", "4 4", "3 3",
            "duel", "quit"]
    out = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Ben", "--db", str(tmp_path / "s.db")],
                        input="\n".join(keys) + "\n", env=WIDE).output
    duel = out.split("  Duel! ", 1)[1].splitlines()
    assert duel[1].startswith("    ") and not duel[1].startswith("     "), out


def test_the_possible_outcomes_of_a_draw_line_up_under_the_first(monkeypatch):
    """Play audit: a location draw's `possible:` list went on at the left edge, under the menu."""
    from companion.cli.screen import wrap_lines

    monkeypatch.setenv("COLUMNS", "80")
    lines = wrap_lines("  possible: " + ", ".join(f"location-{n}" for n in range(20)))
    assert len(lines) > 1 and all(line.startswith(" " * 12) for line in lines[1:]) and widest("\n".join(lines)) <= 80


USAGE_ERRORS = [
    (["sim", "halfwish", "-o", "health=40"], 2),                         # a setup option's valid names
    (["lint", "nosuchgame"], 2),                                         # the list of games
    (["balance", "halfwish", "--set", "rules.nope=3"], 2),               # every rules parameter
    (["build", "halfwish", "--paper", "a3", "--only", "cards"], 2),      # a choice's values
    (["halfwish", "duel", "--a", "nonsense", "--a-dv", "10", "--b", "strike", "--b-dv", "8"], 2),  # a game's group
]


@pytest.mark.parametrize(("args", "code"), USAGE_ERRORS, ids=[" ".join(a[:2]) for a, _ in USAGE_ERRORS])
def test_usage_errors_fit_the_screen(runner, args, code):
    """click printed `Error: ...` on one line whatever its length (124 columns for an unknown
    setup option, over 600 for an unknown rules parameter)."""
    wide = runner.invoke(cli, args, env=WIDE)
    piped = runner.invoke(cli, args, env={"NO_COLOR": "1"})
    assert wide.exit_code == code == piped.exit_code, wide.output
    assert "Error: " in wide.output and "Traceback" not in wide.output
    assert widest(wide.output) <= 80, wide.output
    assert words(wide.output) == words(piped.output)  # wrapped at words: nothing cut, nothing added
    narrow = runner.invoke(cli, args, env={"NO_COLOR": "1", "COLUMNS": "60"})
    assert widest(narrow.output) <= 60, narrow.output


def test_a_long_usage_error_is_wrapped_under_its_message(runner):
    result = runner.invoke(cli, ["sim", "halfwish", "-o", "health=40"], env=WIDE)
    assert result.exit_code == 2
    error = result.output[result.output.index("Error: "):].splitlines()
    assert len(error) > 1 and all(line.startswith(" " * len("Error: ")) for line in error[1:]), result.output


def test_a_data_problem_fits_the_screen_too(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the problems name tiny/game.yaml (a word is never cut)
    game = tmp_path / "tiny"
    game.mkdir()
    (game / "game.yaml").write_text("game: {id: tiny, name: Tiny, players: {min: 2, max: 4}}\n"
                                    "rules: {hand: 3}\nrule_types: {hand: 'int in 5..9', missing_parameter_name: int}\n")
    wide = runner.invoke(cli, ["--cards", ".", "lint", "tiny"], env=WIDE)
    piped = runner.invoke(cli, ["--cards", ".", "lint", "tiny"], env={"NO_COLOR": "1"})
    assert wide.exit_code == 1 == piped.exit_code, wide.output
    assert widest(wide.output) <= 80 < widest(piped.output), wide.output
    assert words(wide.output) == words(piped.output)


def test_a_state_line_breaks_between_its_clauses(monkeypatch):
    """Session 28's play at 80 columns: `hand 1, deck` / `9, discard empty` and `upgrades: True` /
    `Edge` split a count from its word and a card's name. A state line breaks after its `; ` where
    that takes no more lines than breaking at words; a clause too long for a line is wrapped at words."""
    from companion.cli.screen import wrap_lines

    monkeypatch.setenv("COLUMNS", "80")
    line = ("  | Ann (Rogue): 11 HP, 1 pt, 2 mana; powers left 3, basics ready; hand 2, deck 0, discard Defend x2, "
            "Long Strike x2, True Edge, Strike x3; upgrades: True Edge")
    assert wrap_lines(line) == ["  | Ann (Rogue): 11 HP, 1 pt, 2 mana; powers left 3, basics ready;",
                                "    hand 2, deck 0, discard Defend x2, Long Strike x2, True Edge, Strike x3;",
                                "    upgrades: True Edge"]
    assert wrap_lines("  | Round 1/3, turn 3/5 (Ann); location: face down; first blood: Ben; parleys in a row: 1") == [
        "  | Round 1/3, turn 3/5 (Ann); location: face down; first blood: Ben;", "    parleys in a row: 1"]
    long_clause = "  | Ann: " + "a very long clause " * 6 + "; b"
    assert wrap_lines(long_clause) == ["  | Ann: a very long clause a very long clause a very long clause a very long",
                                       "    clause a very long clause a very long clause; b"]
    # a clause longer than a line starts one and is wrapped at words; the next may follow it
    game_over = ("  | Ann (Rogue): 11 HP, 6 pts, 3 mana, 1 lamp; powers left 3, basics ready; hand 1, deck 0, discard "
                 "Opening Cut, True Edge, Venom Blade, Strike x2, Long Strike, Defend x2, Evade; upgrades: True Edge, "
                 "Venom Blade, Opening Cut")
    assert wrap_lines(game_over) == [
        "  | Ann (Rogue): 11 HP, 6 pts, 3 mana, 1 lamp; powers left 3, basics ready;",
        "    hand 1, deck 0, discard Opening Cut, True Edge, Venom Blade, Strike x2, Long",
        "    Strike, Defend x2, Evade; upgrades: True Edge, Venom Blade, Opening Cut"]
    # a line with no `| ` marker keeps breaking at words
    assert wrap_lines("  Ann: " + "x; " * 30)[0].endswith("x;") and len(wrap_lines("  Ann: " + "x; " * 30)[0]) >= 78
