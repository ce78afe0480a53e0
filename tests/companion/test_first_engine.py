"""docs/ENGINES.md ("Your first engine") is real: its example game, First Catch
(tests/fixtures/firstengine/), registers through DECKWRIGHT_ENGINES and runs every command the
guide shows, and every Python and YAML block of the guide is the fixture's own code (audit s26:
writing an engine took reading six Python files)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import cli
from companion.engine.registry import ENGINES_ENV, make_engine
from companion.soak import soak_game
from tests.companion.conftest import FIRST_CATCH_ENGINE

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "ENGINES.md"
FIXTURE = ROOT / "tests" / "fixtures" / "firstengine"


def guide_blocks(language: str) -> list[str]:
    """The guide's code blocks in `language`, each without its fences."""
    return re.findall(rf"^```{language}\n(.*?)^```$", GUIDE.read_text(), re.DOTALL | re.MULTILINE)


def guide_commands() -> list[list[str]]:
    """The `deckwright` commands of the guide's shell block, as argument lists."""
    (block,) = guide_blocks("sh")
    return [shlex.split(line)[1:] for line in block.splitlines() if line.startswith("deckwright ")]


def fixture_texts() -> list[str]:
    return [path.read_text() for path in FIXTURE.rglob("*") if path.suffix in (".py", ".yaml")]


@pytest.mark.parametrize("language", ["python", "yaml"])
def test_every_code_block_of_the_guide_is_the_fixtures_code(language):
    blocks = guide_blocks(language)
    assert blocks
    texts = fixture_texts()
    for block in blocks:
        assert any(block in text for text in texts), f"not in tests/fixtures/firstengine:\n{block}"


def test_the_guide_registers_the_fixture_as_this_test_does():
    (block,) = guide_blocks("sh")
    assert f"PYTHONPATH=tests/fixtures/firstengine {ENGINES_ENV}={FIRST_CATCH_ENGINE}" in block
    assert "DECKWRIGHT_CARDS=tests/fixtures/firstengine/cards" in block


# The keys piped to `play`: Enter takes the only option (cast) and Enter lets the tool draw (seed
# 3: the Great Pike); cast again, the card drawn typed by its printed name; keep the catch.
PLAY_KEYS = ["", "", "1", "Striped Perch", "2", "quit"]


def test_every_command_of_the_guide_runs(runner, first_catch, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # `balance` writes output/ in the working folder
    commands = guide_commands()
    assert [c[:2] for c in commands] == [["lint", "first-catch"], ["sim", "first-catch"],
                                         ["sim", "first-catch"], ["balance", "first-catch"],
                                         ["play", "first-catch"], ["first-catch", "snag"]]
    results = {}
    for args in commands:
        keys = "".join(f"{key}\n" for key in PLAY_KEYS) if args[0] == "play" else None
        result = runner.invoke(cli, args + (["--seed", "3"] if args[0] == "play" else []), input=keys)
        assert result.exit_code == 0, f"{args}: {result.output}"
        results[" ".join(args)] = result.output
    lint, sim, bots, balance, play, snag = results.values()
    assert lint.startswith("first-catch: ok")
    assert "first-catch · 50 games" in sim and "by start" in sim
    assert "careful  " in bots and "Keeps a catch of 5 points or more" in bots
    assert "bots: careful" in balance and "first player" in balance
    assert list((tmp_path / "output" / "first-catch").glob("balance-*.pdf"))
    assert "Ann catches a Great Pike: 4" in play and "Ann catches a Striped Perch: 2" in play
    assert "Ann keeps 6" in play
    assert snag == "1 snag in 9 cards: 11%\n"


def test_the_guides_soak_command_finds_no_violation(first_catch):
    (block,) = guide_blocks("sh")
    (line,) = [line for line in block.splitlines() if "bench/soak.py" in line]
    args = shlex.split(line)[1:]
    env = os.environ | {"PYTHONPATH": f"{ROOT}{os.pathsep}{FIXTURE}"}
    done = subprocess.run([sys.executable, *args], check=False, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"first-catch +games +200 .* violations +0 ", done.stdout), done.stdout


def test_the_invariants_hook_runs_in_a_soak(first_catch):
    engine = make_engine("first-catch")
    result = soak_game(engine, 3, 1)
    assert result.games == 1 and result.steps > 0 and result.violations == []


def test_the_rulebook_prints_the_rulebook_context(runner, first_catch, tmp_path):
    result = runner.invoke(cli, ["build", "first-catch", "--paper", "a4", "--only", "rulebook",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader

    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "first-catch" / "rulebook-a4.pdf").pages)
    assert "20% of casts" in " ".join(text.split())
