"""Checks of rule types and rule-typed values a load of the same game passed before are not made
again (`cards.fitting`): no type or validator is built for them, and every type or value that
changed, or is wrong, is checked as on a first load."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import DatabaseInvalid, load_game
from cards.kept import nothing_kept
from cards.ruletypes import _adapter, _built, _type_name_problem
from tests.cards.test_rule_bounds import problems_of, write_game


def validators_built(root: Path | None, game: str = "tiny") -> int:
    """How many rule type validators one load of `game` builds (none built in this process before)."""
    for memo in (_adapter, _built, _type_name_problem):
        memo.cache_clear()
    load_game(game, root)
    return _adapter.cache_info().currsize


def types_built() -> int:
    """How many rule types the last `validators_built` load built."""
    return _built.cache_info().currsize


def test_a_second_load_of_the_same_values_builds_no_validator(tmp_path: Path) -> None:
    root = write_game(tmp_path)
    assert validators_built(root) == 4  # rooms, die, colours, buffs
    assert validators_built(root) == 0
    assert types_built() == 0
    assert load_game("tiny", root).rules.buffs == {4: 1, 8: 2}


def test_the_shipped_halfwish_loads_a_second_time_without_building_one() -> None:
    assert validators_built(None, "halfwish") > 30  # effects, profiles, upgrades and the cards' effects
    assert validators_built(None, "halfwish") == 0
    assert types_built() == 0


def test_a_type_changed_since_a_load_passed_is_checked_again(tmp_path: Path) -> None:
    root = write_game(tmp_path)
    validators_built(root)
    game = root / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("colours: list[str] len", "colours: list[strr] len"))
    problems = problems_of(root)
    assert [problem.path for problem in problems] == ["rule_types.colours"]
    assert "unknown rule type ('strr' is not one)" in problems[0].message


@pytest.mark.parametrize(("changes", "path", "message"), [
    ({"die": "30"}, "rules.die", "expected int in 2..rules.rooms (int in 2..12), got 30"),
    ({"die": "true"}, "rules.die", "expected int in 2..rules.rooms (int in 2..12), got True"),  # not the 1 it equals
    ({"buff": "-1"}, "rules.buffs[8]", "expected at least 0, got -1"),
    ({"colours": "[red, blue, green, grey]"}, "rules.colours", "expected list[str] len in 2..3"),
])
def test_a_value_changed_since_a_load_passed_is_checked_again(tmp_path: Path, changes: dict[str, str], path: str,
                                                              message: str) -> None:
    validators_built(write_game(tmp_path))
    problems = problems_of(write_game(tmp_path, **changes))
    assert [problem.path for problem in problems] == [path]
    assert problems[0].message.startswith(message)


def test_a_key_written_as_text_is_not_the_number_that_passed(tmp_path: Path) -> None:
    root = write_game(tmp_path)
    validators_built(root)
    game = root / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("{4: 1, 8: 2}", "{4: 1, '8': 2}"))
    assert [problem.path for problem in problems_of(root)] == ["rules.buffs.8"]


def test_a_value_that_does_not_fit_is_reported_by_every_load(tmp_path: Path) -> None:
    root = write_game(tmp_path, die="13")
    for _ in range(2):
        with pytest.raises(DatabaseInvalid, match=r"expected int in 2..rules.rooms \(int in 2..12\), got 13"):
            load_game("tiny", root)


def test_without_what_is_kept_every_value_is_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = write_game(tmp_path)
    validators_built(root)
    with nothing_kept():  # `build --no-cache`
        assert validators_built(root) == 4
    monkeypatch.setattr("cards.fitting._version", lambda: "another vocabulary")  # new code, or pydantic
    assert validators_built(root) == 4
