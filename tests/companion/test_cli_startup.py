"""`deckwright --help` and `deckwright games` start fast because they import little.

Speed itself is measured by bench/cli_startup.py (never timed in a test); these tests guard
the cause: which modules a fresh process has imported after answering.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from companion.cli import COMMAND_HELP, cli

# What `--help` and a warm `games` must not pull in: the PDF stack, the schema, templates,
# YAML parsing, the engine core and any game's rules.
HEAVY = ("reportlab", "pydantic", "jinja2", "yaml", "pypdf", "generator", "cards.loader", "cards.schema",
         "companion.engine", "companion.games.halfwish", "companion.games.heartstrings",
         "companion.games.which_witch", "companion.games.half_the_battle", "companion.games.skirmish")

PROBE = """
import json, sys
from companion.cli import cli
try:
    cli(sys.argv[1:], prog_name="deckwright", standalone_mode=False)
finally:
    sys.stdout.flush()
    print("\\nMODULES " + json.dumps(sorted(sys.modules)))
"""


def run_fresh(args: list[str], env: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """Run `deckwright ARGS` in a new interpreter: its output and the modules it imported."""
    result = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True,
                            env={**os.environ, **(env or {})})
    output, _, modules = result.stdout.rpartition("\nMODULES ")
    return output, json.loads(modules)


def heavy_among(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_help_imports_no_pdf_schema_template_or_game_module():
    output, modules = run_fresh(["--help"])
    assert "Commands:" in output and "which-witch" in output and "sessions" in output
    assert heavy_among(modules) == []


def test_the_probe_sees_a_heavy_import_when_there_is_one():
    _, modules = run_fresh(["roll", "--help"])
    assert heavy_among(modules + ["pydantic.main"]) == ["pydantic.main"]  # the filter itself works
    _, modules = run_fresh(["games", "halfwish", "--json"])  # a game in detail loads its database
    assert "pydantic" in modules


def test_games_with_a_warm_index_loads_no_database(tmp_path):
    env = {"DECKWRIGHT_CACHE": str(tmp_path / "cache")}
    cold, cold_modules = run_fresh(["games"], env)
    warm, warm_modules = run_fresh(["games"], env)
    assert "pydantic" in cold_modules  # the first run reads every game once
    assert warm == cold and "halfwish" in warm
    assert heavy_among(warm_modules) == []


def test_games_index_reloads_a_game_whose_files_changed(runner, cards_copy):
    first = runner.invoke(cli, ["--cards", str(cards_copy), "games"])
    assert first.exit_code == 0 and "Heartstrings" in first.output
    game_yaml = cards_copy / "heartstrings" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("name: Heartstrings", "name: Heartbeats", 1))
    second = runner.invoke(cli, ["--cards", str(cards_copy), "games"])
    assert "Heartbeats" in second.output and "Heartstrings " not in second.output


def test_games_index_that_is_garbage_is_ignored_and_rewritten(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(tmp_path))
    (tmp_path / "games-index.json").write_text("{not json")
    result = runner.invoke(cli, ["games", "--json"])
    assert result.exit_code == 0
    assert {row["id"] for row in json.loads(result.output)} >= {"halfwish", "heartstrings"}
    assert json.loads((tmp_path / "games-index.json").read_text())["version"] == 1


@pytest.mark.parametrize("name", sorted(COMMAND_HELP))
def test_listed_help_is_the_commands_own_first_sentence(name):
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    for limit in (40, 60, 200):
        assert click.Command(name, help=COMMAND_HELP[name]).get_short_help_str(limit) == command.get_short_help_str(limit)


def test_help_lists_every_generic_verb_and_every_game_group(runner):
    result = runner.invoke(cli, ["--help"])
    listed = {line.split()[0] for line in result.output.split("Commands:")[1].splitlines() if line.strip()}
    games = {p.name.replace("_", "-") for p in (Path(__file__).parents[2] / "companion" / "games").iterdir()
             if (p / "cli.py").is_file()}
    assert listed == set(COMMAND_HELP) | games


def test_a_rebuild_that_lays_out_no_markdown_does_not_start_markdown_it(tmp_path):
    """markdown-it is imported when Markdown is laid out, not by every build (issue 13: a build
    through the CLI pays for each module it imports)."""
    import shutil

    cards = tmp_path / "cards"
    shutil.copytree(Path(__file__).parent.parent / "fixtures" / "tinygame", cards / "tinygame")
    build = ["--cards", str(cards), "build", "tinygame", "--paper", "a4", "--out", str(tmp_path / "out")]
    _, first = run_fresh(build)  # lays the rulebook out
    _, again = run_fresh(build)  # nothing changed: every file comes from the cache
    assert "markdown_it" in first and "markdown_it" not in again


def test_a_build_imports_no_reprint_sheet_and_no_engine_core_it_does_not_use(tmp_path):
    """A build without `--reprint-since` does not import the reprint sheet and `changes`, and the
    rulebook of a game without a rules engine does not import the engine core (issue 13)."""
    import shutil

    cards = tmp_path / "cards"
    shutil.copytree(Path(__file__).parent.parent / "fixtures" / "tinygame", cards / "tinygame")
    _, modules = run_fresh(["--cards", str(cards), "build", "tinygame", "--paper", "a4", "--out", str(tmp_path / "out")])
    assert "generator.rulebook" in modules  # the rulebook was laid out, so it asked for an engine
    unused = ("generator.reprint", "generator.changes", "cards.revisions", "companion.engine")
    assert [m for m in modules if any(m == u or m.startswith(u + ".") for u in unused)] == []


def test_component_counts_say_one_die_not_one_dice():
    """The sixth-game audit: `games` said `1 dice`."""
    from companion.cli.games import components_text

    assert components_text({"cards": 1, "decks": 1, "dice": 1, "references": 2, "tokens": 0}) == \
        "1 card, 1 deck, 1 die, 2 references"
