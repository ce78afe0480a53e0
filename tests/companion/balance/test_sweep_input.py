"""`balance --set` with values a designer may mistype: each refused before a game is played, in
the designer's words (the parameter and value), never with the private snapshot folder's path."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cards.paths import cards_root
from companion.balance import sweep as sweep_module
from companion.cli import cli


def run(runner, tmp_path, *sets: str):
    args = ["balance", "halfwish", "-n", "2", "--out", str(tmp_path)]
    for setting in sets:
        args += ["--set", setting]
    return runner.invoke(cli, args)


@pytest.fixture
def nothing_played(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a tournament was played before every value was checked")
    monkeypatch.setattr(sweep_module, "tournament", refuse)


def test_a_value_of_the_wrong_type_names_the_setting_not_a_temporary_file(runner, tmp_path, nothing_played):
    result = run(runner, tmp_path, "rules.health=20,abc")
    assert result.exit_code == 2, result.output
    assert "Invalid value for --set: rules.health=abc: rules.health: expected int" in result.output
    assert "got 'abc'" in result.output
    assert "deckwright-balance-" not in result.output and "game.yaml" not in result.output


def test_a_value_out_of_bounds_is_refused_with_the_bounds(runner, tmp_path, nothing_played):
    result = run(runner, tmp_path, "rules.health=-5")
    assert result.exit_code == 2 and "rules.health: expected int in 1..rules.health_max (int in 1..25), got -5" \
        in result.output


@pytest.mark.parametrize(("sets", "said"), [
    (("rules.health=20,40",), ("Invalid value for --set: rules.health=40: rules.health: expected int in "
                               "1..rules.health_max (int in 1..25), got 40")),
    (("rules.health_max=20",), ("Invalid value for --set: rules.health_max=20: rules.health: expected int in "
                                "1..rules.health_max (int in 1..20), got 25")),
])
def test_a_health_above_the_maximum_is_a_usage_error_before_a_game_is_played(runner, tmp_path, nothing_played,
                                                                             sets, said):
    """Halfwish's health never exceeds `health_max` (ruling health-cannot-exceed-max): a sweep that
    started the heroes above it used to play, and broke the game's own invariant."""
    result = run(runner, tmp_path, *sets)
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split())
    assert not (tmp_path / "halfwish").exists()  # no report written


def test_a_value_is_checked_before_the_progress_bar_or_a_game(runner, tmp_path, monkeypatch):
    from companion.cli import balance as balance_cli

    monkeypatch.setattr(balance_cli, "_progress", lambda total: pytest.fail("started before the check"))
    result = run(runner, tmp_path, "rules.health=40")
    assert result.exit_code == 2 and "--set" in result.output


@pytest.mark.parametrize("sets", [("rules.health=10", "rules.health=12"), ("rules.health=10", "health=12")])
def test_the_same_parameter_set_twice_is_refused(runner, tmp_path, nothing_played, sets):
    """The second --set used to replace the first without a word."""
    result = run(runner, tmp_path, *sets)
    assert result.exit_code == 2, result.output
    assert "rules.health is set twice" in result.output and "rules.health=10,12" in result.output


def test_compare_with_a_revision_that_does_not_load_names_its_file_and_line(runner, tmp_path, monkeypatch):
    """The problem is located in the game's folder at that revision, not in a private copy, and
    is found before the current database's games are played."""
    from companion.balance import compare as compare_module

    cards = tmp_path / "cards"
    shutil.copytree(Path(cards_root(None)) / "halfwish", cards / "halfwish")
    game_yaml = cards / "halfwish" / "game.yaml"
    good = game_yaml.read_text()
    git = ["git", "-C", str(cards), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git[:3], "init", "-q"], check=True)
    game_yaml.write_text(good.replace("\n  health: 25\n", "\n  health: lots\n"))
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "a typo"], check=True)
    game_yaml.write_text(good)
    monkeypatch.setenv("DECKWRIGHT_CARDS", str(cards))
    monkeypatch.setattr(compare_module, "tournament", lambda *a, **k: pytest.fail("played before the check"))
    result = runner.invoke(cli, ["balance", "halfwish", "-n", "2", "--compare", "HEAD", "--out", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "--compare HEAD: the database at that revision does not load: game.yaml:" in result.output
    assert "rules.health: expected int" in result.output and "got 'lots'" in result.output
    assert "deckwright-balance-" not in result.output


def test_a_swept_database_leaves_no_folder_behind(runner, tmp_path, monkeypatch):
    """Each override was written to a private folder removed only when the process ended: a
    long-lived Dask worker kept one for every database it ever played."""
    import tempfile

    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    result = runner.invoke(cli, ["balance", "heartstrings", "-n", "2", "--set", "rules.damage_divisor=1,3",
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert not list(private.glob("deckwright-balance-*"))


def test_a_list_value_is_one_value_not_split_at_its_commas():
    """`--set rules.dv_dice=[6,6],[8,8]` sweeps two dice lists (it was split into '[6', '6]', ...)."""
    from companion.balance.sweep import parse_setting

    assert parse_setting("rules.dv_dice=[6,6],[8,8]") == ("rules.dv_dice", [[6, 6], [8, 8]])
    assert parse_setting("rules.health=20, 30") == ("rules.health", [20, 30])
    assert parse_setting("rules.terms={a: 1, b: 2}") == ("rules.terms", [{"a": 1, "b": 2}])


def test_a_swept_list_value_plays(runner, tmp_path):
    result = run(runner, tmp_path, "rules.dv_dice=[6,6],[8,8]")
    assert result.exit_code == 0, result.output
    assert "-- rules.dv_dice = [6, 6]" in result.output and "-- rules.dv_dice = [8, 8]" in result.output
