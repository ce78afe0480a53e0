"""Bounds in `rule_types:` (`int >= 1`, `int in 2..20`, `int <= rules.rooms`, `list[T] len in 1..6`):
a value an engine would divide by, roll or loop over is refused by lint at the rules key's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import DatabaseInvalid, Problem, load_game
from cards.ruletypes import RuleTypeError, adapter, python_type

GAME = """\
game:
  id: tiny
  name: Tiny
  players: {{min: 2, max: 4}}
rules:
  rooms: {rooms}
  die: {die}
  colours: {colours}
  buffs: {{4: 1, 8: {buff}}}
rule_types:
  rooms: int in 2..20
  die: int in 2..rules.rooms
  colours: list[str] len in 2..3
  buffs: "dict[int, int >= 0]"
"""


def write_game(root: Path, rooms: str = "12", die: str = "12", colours: str = "[red, blue]",
               buff: str = "2") -> Path:
    folder = root / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(GAME.format(rooms=rooms, die=die, colours=colours, buff=buff))
    return root


def problems_of(root: Path) -> list[Problem]:
    with pytest.raises(DatabaseInvalid) as info:
        load_game("tiny", root)
    return info.value.problems


def test_values_inside_their_bounds_load(tmp_path: Path) -> None:
    assert load_game("tiny", write_game(tmp_path, rooms="2", die="2")).rules.die == 2


@pytest.mark.parametrize(("value", "message"), [
    ("-12", "expected int in 2..20, got -12"),
    ("21", "expected int in 2..20, got 21"),
    ("100000000000000000000000000", "expected int in 2..20, got 100000000000000000000000000"),
    ("two", "expected int, got 'two'"),  # the wrong kind of value: the kind is named
])
def test_out_of_range_value_is_located_at_its_key(tmp_path: Path, value: str, message: str) -> None:
    problems = problems_of(write_game(tmp_path, rooms=value, die="2"))
    assert (problems[0].path, problems[0].line, problems[0].column) == ("rules.rooms", 6, 3)
    assert problems[0].message == message


def test_bound_naming_another_parameter_uses_its_value(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, rooms="8", die="12"))
    assert (problem.path, problem.line) == ("rules.die", 7)
    assert problem.message == "expected int in 2..rules.rooms (int in 2..8), got 12"


@pytest.mark.parametrize(("rooms", "die", "message"), [
    ("12", "7", "expected int in 2..rules.rooms / 2 (int in 2..6), got 7"),
    ("13", "7", "expected int in 2..rules.rooms / 2 (int in 2..6), got 7"),  # rounded down
])
def test_bound_naming_a_part_of_another_parameter_divides_it(tmp_path: Path, rooms: str, die: str,
                                                             message: str) -> None:
    """Session 27: a party's half of Half the Battle's lanes had no bound but the lanes: 6 of 10
    lanes made the halves overlap (a piece of each party started in lane 5)."""
    root = write_game(tmp_path, rooms=rooms, die=die)
    game = root / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("die: int in 2..rules.rooms", "die: int in 2..rules.rooms / 2"))
    [problem] = problems_of(root)
    assert (problem.path, problem.line, problem.message) == ("rules.die", 7, message)
    assert load_game("tiny", write_game(tmp_path, rooms=rooms, die="6")).rules.die == 6


def test_bounds_naming_parameters_that_leave_no_room_say_so(tmp_path: Path) -> None:
    """Session 27: with Half the Battle's lanes: 1, `half: int in 1..rules.lanes / 2` was called an
    unknown rule type ('1..0' is not one), though it is one: the lanes leave it no value."""
    problems = problems_of(write_game(tmp_path, rooms="1", die="2"))
    assert [(p.path, p.message) for p in problems] == [
        ("rules.rooms", "expected int in 2..20, got 1"),
        ("rule_types.die", ("no value fits int in 2..rules.rooms (int in 2..1): the parameters its bounds "
                           "name leave no room")),
    ]


def test_bound_naming_a_bad_parameter_is_a_rule_types_problem(tmp_path: Path) -> None:
    root = write_game(tmp_path)
    game = root / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("rules.rooms", "rules.doors"))
    [problem] = problems_of(root)
    assert problem.path == "rule_types.die"
    assert problem.message == "the bound 'rules.doors' names no rules parameter"


def test_length_bound_counts_items(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, colours="[red]"))
    assert (problem.path, problem.message) == ("rules.colours", "expected list[str] len in 2..3, got ['red']")


def test_bound_inside_a_collection_names_the_item(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, buff="-1"))
    assert (problem.path, problem.message, problem.line) == ("rules.buffs[8]", "expected at least 0, got -1", 9)


@pytest.mark.parametrize(("name", "good", "bad"), [
    ("int >= 1", 1, 0),
    ("int > 0", 1, 0),
    ("int <= 5", 5, 6),
    ("int < 5", 4, 5),
    ("int in -3..3", -3, 4),
    ("float in 0..1.5", 1.5, 1.6),
    ("float > 0", 0.1, 0.0),
    ("list[int >= 1]", [1, 2], [1, 0]),
    ("list[str] len >= 1", ["a"], []),
    ("dict[str,int] len in 1..2", {"a": 1}, {}),
    ("int >= 1", 1, True),
], ids=repr)
def test_bounded_vocabulary_accepts_and_refuses(name: str, good: object, bad: object) -> None:
    assert adapter(name).validate_python(good) == good
    with pytest.raises(ValueError):
        adapter(name).validate_python(bad)


@pytest.mark.parametrize("name", ["int >= ", "int in 5..2", "int in 1.5..3", "str >= 1", "int >= x",
                                  "int in 1..", "len >= 1", "int <= rules.rooms / 0", "int <= 4 / 2",
                                  "int <= rules.rooms / x", "int <= rules.rooms / 1.5"])
def test_malformed_bounds_are_unknown_types(name: str) -> None:
    with pytest.raises(RuleTypeError):
        python_type(name)


def test_shipped_games_pass_lint_with_their_bounds_and_engines() -> None:
    """The bounds, the drawn kit, the rendered rulebook and the engine's seeded games: all pass."""
    from click.testing import CliRunner

    from companion.cli import cli

    result = CliRunner().invoke(cli, ["lint"])
    assert result.exit_code == 0, result.output
