"""`sessions log` names each answer as the screen did (noted in sessions 26-27): an option by its
label, never with an engine's id after it (`Hex on Bard d12 [marker:0]`, `Rage [act:0]`,
`Net Shot [skill:net-shot]`, `lane 4 [lane:4]`), and a drawn card by the name printed on it
(`draw: Smoke Bomb`, not `draw: smoke-bomb`). Whole stretches of play through the real CLI, then
the log read back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import cli
from companion.engine.registry import make_engine

ENGINE_ID_IN_BRACKETS = re.compile(r"\[[^\]\s]*[\d:][^\]\s]*\]")


@pytest.mark.parametrize("game, draws", [("half-the-battle", True), ("skirmish", False)])  # Skirmish's draws are secret
def test_the_log_shows_answers_as_named_on_the_screen(runner: CliRunner, tmp_path: Path, game: str,
                                                      draws: bool) -> None:
    db = str(tmp_path / "s.db")
    played = runner.invoke(cli, ["play", game, "--players", "Ann,Ben", "--name", "g", "--seed", "3", "--auto-roll",
                                 "--db", db], input="1\n" * 800 + "quit\n", env={"NO_COLOR": "1"})
    assert played.exit_code == 0, played.output
    log = runner.invoke(cli, ["sessions", "log", "g", "--db", db])
    assert log.exit_code == 0, log.output
    answers = [line for line in log.output.splitlines() if line.startswith("#")]
    assert len(answers) > 60  # far enough into the game to have met pieces, lanes, skills and items
    assert not ENGINE_ID_IN_BRACKETS.findall(log.output)
    names = set(make_engine(game).card_names.values())
    drawn = [found.group(1) for line in answers if (found := re.search(r" draw: (.+) \((drawn|typed)\)$", line))]
    assert set(drawn) <= names, set(drawn) - names
    assert bool(drawn) == draws
