"""`rule_types:` in game.yaml types the rules parameters; the loader reports each mismatch, located."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cards import DatabaseInvalid, Problem, cards_root, game_ids, load_game
from cards.ruletypes import RuleTypeError, adapter, python_type

GAME = """\
game:
  id: tiny
  name: Tiny
  players: {{min: 2, max: 4}}
rules:
  pool: {pool}
  buffs: {buffs}
  rooms: {rooms}
  hearts: {{two: 5, many: 4}}
  free: {free}
rule_types:
  pool: int
  buffs: "dict[int, int]"
  rooms: "list[int]"
  hearts.two: int
{extra}"""


def write_game(root: Path, pool: str = "10", buffs: str = "{4: 1, 8: 2}", rooms: str = "[1, 12]",
               free: str = "anything", extra: str = "") -> Path:
    folder = root / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    text = GAME.format(pool=pool, buffs=buffs, rooms=rooms, free=free, extra=extra)
    (folder / "game.yaml").write_text(text)
    return root


def problems_of(root: Path) -> list[Problem]:
    with pytest.raises(DatabaseInvalid) as info:
        load_game("tiny", root)
    return info.value.problems


def test_typed_rules_load_unchanged(tmp_path: Path) -> None:
    db = load_game("tiny", write_game(tmp_path))
    assert db.rules.pool == 10
    assert db.rules.buffs == {4: 1, 8: 2}
    assert db.rules.hearts.two == 5


def test_wrong_type_is_located_at_the_rules_key(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, pool="ten"))
    assert (problem.file.name, problem.line, problem.column) == ("game.yaml", 6, 3)
    assert problem.path == "rules.pool"
    assert problem.message == "expected int, got 'ten'"
    assert str(problem).endswith("game.yaml:6:3: rules.pool: expected int, got 'ten'")
    assert problem.source_line == "  pool: ten"


def test_numeric_text_is_not_coerced_to_int(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, pool="'10'"))
    assert problem.message == "expected int, got '10'"


def test_bool_is_not_int(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, pool="true"))
    assert problem.message == "expected int, got True"


def test_wrong_item_inside_a_collection_names_its_path(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, buffs="{4: one, 8: 2}"))
    assert problem.path == "rules.buffs[4]"
    assert problem.message == "expected int, got 'one'"
    assert problem.line == 7


def test_wrong_container_names_the_declared_type(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, rooms="12"))
    assert (problem.path, problem.message) == ("rules.rooms", "expected list[int], got 12")


def test_every_problem_is_listed(tmp_path: Path) -> None:
    root = write_game(tmp_path, pool="ten", buffs="[4, 8]", rooms="[1, x]", extra="  hearts.few: int\n")
    paths = [p.path for p in problems_of(root)]
    assert paths == ["rules.pool", "rules.buffs", "rules.rooms[1]", "rule_types.hearts.few"]


def test_type_for_a_missing_parameter_is_a_problem(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, extra="  bead_pool: int\n"))
    assert problem.path == "rule_types.bead_pool"
    assert problem.line == 16
    assert "'bead_pool', which names no rules parameter" in problem.message


def test_dotted_path_types_a_nested_parameter(tmp_path: Path) -> None:
    root = write_game(tmp_path)
    game = root / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("two: 5", "two: five"))
    [problem] = problems_of(root)
    assert (problem.path, problem.message) == ("rules.hearts.two", "expected int, got 'five'")


@pytest.mark.parametrize("free", ["anything", "12", "[1, two]", "{a: b}"])
def test_undeclared_parameter_stays_free(tmp_path: Path, free: str) -> None:
    load_game("tiny", write_game(tmp_path, free=free))


def test_unknown_type_name_is_a_located_problem(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, extra="  free: integer\n"))
    assert problem.path == "rule_types.free"
    assert problem.message.startswith("unknown rule type; expected int, float")


@pytest.mark.parametrize(("name", "good", "bad"), [
    ("int", 3, 3.5),
    ("float", 3.5, "3.5"),
    ("float", 3, True),
    ("str", "red", 1),
    ("bool", True, 1),
    ("list", [1, "a"], {"a": 1}),
    ("map", {"a": [1]}, [1]),
    ("list[str]", ["a", "b"], ["a", 2]),
    ("list[map]", [{"op": "heal"}], [{"op": "heal"}, 1]),
    ("dict[str, int]", {"heart": 1}, {"heart": "one"}),
    ("dict[int,int]", {4: 1}, {"4": 1}),
    ("dict[str,map]", {"strike": {"dv": 0}}, {"strike": 0}),
    ("list[list[int]]", [[1], []], [[1, "2"]]),
], ids=lambda v: repr(v))
def test_vocabulary_accepts_and_refuses(name: str, good: object, bad: object) -> None:
    assert adapter(name).validate_python(good) == good
    with pytest.raises(ValueError):
        adapter(name).validate_python(bad)


@pytest.mark.parametrize("name", ["integer", "list[", "dict[float,int]", "dict[int]", "list[]", ""])
def test_vocabulary_refuses_unknown_names(name: str) -> None:
    with pytest.raises(RuleTypeError):
        python_type(name)


@pytest.mark.parametrize("game_id", game_ids(cards_root()))
def test_shipped_games_type_every_rules_parameter(game_id: str) -> None:
    """A shipped game declares the type of each of its parameters, so every typo is caught by lint."""
    data = yaml.safe_load((cards_root() / game_id / "game.yaml").read_text())
    declared = {path.split(".")[0] for path in data.get("rule_types", {})}
    assert set(data["rules"]) - declared == set()
    load_game(game_id)


def test_a_mistyped_rule_does_not_hide_the_cross_checks(tmp_path: Path) -> None:
    root = write_game(tmp_path, pool="ten")
    (root / "tiny" / "deck.yaml").write_text(
        "decks:\n  - {id: main, name: Main, code: MN, total: rules.pool, cards: [{id: a, name: A}]}\n")
    messages = [p.message for p in problems_of(root)]
    assert messages == ["expected int, got 'ten'", "'rules.pool' is 'ten', expected an int"]
