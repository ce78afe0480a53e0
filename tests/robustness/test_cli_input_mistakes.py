"""Mistakes in what a designer types or names (audit s25, D5 and D6): the wrong `--cards` folder,
a misnamed game.yaml, `--paper A4`, two options that contradict each other, and messages that
read as sentences."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from harness import GameCopy

from companion.cli import cli


def _said(result: Any) -> str:
    """The output with its wrapping undone."""
    return " ".join(result.output.split())


@pytest.mark.parametrize("where", ["before", "after"], ids=["before-the-command", "after-the-command"])
def test_cards_naming_a_games_own_folder_is_a_usage_error_naming_its_parent(runner: Any, tiny: GameCopy,
                                                                           where: str) -> None:
    """`--cards cards/tinygame` said "no games found", exit 1."""
    cards = ["--cards", str(tiny.folder)]
    result = runner.invoke(cli, [*cards, "lint"] if where == "before" else ["lint", *cards])
    assert result.exit_code == 2, result.output
    said = _said(result)
    assert f"{tiny.folder} is a game's own folder (it holds game.yaml)" in said
    assert f"takes the folder that holds the games: pass --cards {tiny.root}" in said


@pytest.mark.parametrize(("name", "hint"), [
    ("game.yml", "did you mean to name game.yml game.yaml?"),
    ("Game.yaml", "did you mean to name Game.yaml game.yaml?"),
    ("rules.yaml", "a game's folder starts with one"),
], ids=["yml", "capital", "no-near-miss"])
def test_a_game_folder_without_game_yaml_is_named_by_lint_and_games(runner: Any, tiny: GameCopy,
                                                                    name: str, hint: str) -> None:
    """Beside a real game, a folder whose game.yaml was misnamed was skipped without a word."""
    other = tiny.root / "second"
    shutil.copytree(tiny.folder, other)
    (other / "game.yaml").rename(other / name)
    line = f"{other} has no game.yaml, so it is not read as a game: {hint}"
    lint = runner.invoke(cli, ["--cards", str(tiny.root), "lint"])
    assert lint.exit_code == 1, lint.output
    assert "tinygame: ok" in lint.output and line in lint.output
    games = runner.invoke(cli, ["--cards", str(tiny.root), "games"])
    assert games.exit_code == 0, games.output
    assert "tinygame" in games.output and line in games.output


def test_lint_with_only_a_misnamed_game_yaml_names_the_file(runner: Any, tiny: GameCopy) -> None:
    """Plain `lint` said only "no games found"; `games` said "no games", exit 0."""
    (tiny.folder / "game.yaml").rename(tiny.folder / "game.yml")
    line = f"{tiny.folder} has no game.yaml, so it is not read as a game: did you mean to name game.yml game.yaml?"
    lint = runner.invoke(cli, ["--cards", str(tiny.root), "lint"])
    assert lint.exit_code == 1 and line in lint.output, lint.output
    named = runner.invoke(cli, ["--cards", str(tiny.root), "lint", "tinygame"])
    assert named.exit_code == 2 and line in named.output, named.output
    assert line in runner.invoke(cli, ["--cards", str(tiny.root), "games", "--json"]).output


def test_folders_without_yaml_files_are_not_reported(runner: Any, tiny: GameCopy) -> None:
    (tiny.root / "art").mkdir()
    (tiny.root / "art" / "notes.txt").write_text("sketches")
    lint = runner.invoke(cli, ["--cards", str(tiny.root), "lint"])
    assert lint.exit_code == 0 and "art" not in lint.output, lint.output


def test_calibrate_show_with_set_is_a_usage_error_and_stores_nothing(runner: Any) -> None:
    """`calibrate --show --set 1 1` printed the setting and silently ignored --set."""
    result = runner.invoke(cli, ["calibrate", "--show", "--set", "1", "1"])
    assert result.exit_code == 2, result.output
    assert "--show and --set cannot be used together" in _said(result)
    shown = runner.invoke(cli, ["calibrate", "--show"])
    assert "duplex offset x +0.0 mm, y +0.0 mm" in shown.output


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_paper_names_are_taken_in_any_case_and_passed_on_in_lower_case(runner: Any, tiny: GameCopy,
                                                                       tmp_path: Path, paper: str) -> None:
    out = tmp_path / "out"
    built = runner.invoke(cli, ["--cards", str(tiny.root), "build", "tinygame", "--paper", paper,
                                "--only", "tokens", "--out", str(out)])
    assert built.exit_code == 0, built.output
    assert [p.name for p in (out / "tinygame").glob("*.pdf")] == [f"sparks-{paper.lower()}.pdf"]
    page = runner.invoke(cli, ["calibrate", "--paper", paper, "--out", str(tmp_path)])
    assert page.exit_code == 0, page.output
    assert (tmp_path / f"calibrate-{paper.lower()}.pdf").is_file()


@pytest.mark.parametrize(("game", "said"), [
    ("tinygme", "no game 'tinygme'; did you mean 'tinygame'? Games: tinygame (see deckwright games)"),
    ("zzz", "no game 'zzz'; games: tinygame (see deckwright games)"),
], ids=["close", "far"])
def test_an_unknown_game_reads_as_sentences(runner: Any, tiny: GameCopy, game: str, said: str) -> None:
    """The suggestion was followed by `?;`."""
    result = runner.invoke(cli, ["--cards", str(tiny.root), "lint", game])
    assert result.exit_code == 2
    assert said in _said(result)
    assert "?;" not in result.output


def test_an_unknown_setup_value_reads_as_sentences(runner: Any) -> None:
    result = runner.invoke(cli, ["play", "which-witch", "--players", "A,B", "-o", "witches=fyre"])
    assert result.exit_code == 2
    assert "fyre is not allowed; did you mean 'fire'? One of: fire," in _said(result)
    assert "?;" not in result.output


def test_changes_since_a_manifest_card_without_a_deck_prints_no_none(runner: Any, tiny: GameCopy,
                                                                     tmp_path: Path) -> None:
    """A hand-edited manifest card `{"id": "x"}` was listed as `- card x (None)`."""
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"game": "tinygame", "cards": [{"id": "x"}]}))
    result = runner.invoke(cli, ["--cards", str(tiny.root), "changes", "tinygame", "--since", str(manifest)])
    assert result.exit_code == 0, result.output
    assert "  - card x" in result.output.splitlines()
    assert "None" not in result.output


def test_build_all_names_a_folder_it_skips_for_want_of_game_yaml(runner: Any, tiny: GameCopy,
                                                                 tmp_path: Path) -> None:
    other = tiny.root / "second"
    shutil.copytree(tiny.folder, other)
    (other / "game.yaml").rename(other / "game.yml")
    result = runner.invoke(cli, ["--cards", str(tiny.root), "build", "--all", "--paper", "a4", "--only", "tokens",
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert f"warning: {other} has no game.yaml, so it is not read as a game: did you mean to name game.yml " \
           "game.yaml?" in result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")) == ["tinygame"]
