"""Sessions saved by `deckwright play` before the step-machine engine still resume and play to the end.

The file was written by the previous engine: `coven` is a table of four in table mode (hands
hidden, 26 answers: picks, an attack, a Wand, a defended attack, a discard); `duel` is a
simulation-mode game (`-o hidden=false -o witches=fire,ice`, 15 answers, shuffles rolled by the
tool). Beside it, what `deckwright sessions show` printed for each with the previous engine.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from companion.cli import cli
from companion.engine.core import Chance
from companion.engine.drivers import RandomBot, answer_for, roll_chance
from companion.games.which_witch import HeuristicBot
from companion.sessions import SessionStore
from companion.sessiontable import Table

FIXTURES = Path(__file__).parents[3] / "fixtures" / "sessions"
SAVED = FIXTURES / "which-witch-before-step-machine.db"


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    copy = tmp_path / "saved.db"
    shutil.copy(SAVED, copy)
    return copy


def keys_to_the_end(engine, db: Path, name: str) -> tuple[list[str], str]:
    """What a gamemaster types to finish the game (Enter lets the tool roll), and the winner's line."""
    with SessionStore(str(db)) as store:
        table = Table.resume(store, engine, name)
        state, seq, seed = table.state.clone(), table.seq, table.info.seed
    rng, bots, keys = random.Random(7), [HeuristicBot(), RandomBot()], []
    while (request := engine.request(state)) is not None:
        seq += 1
        if isinstance(request, Chance):
            answer, key = roll_chance(request, random.Random(f"{seed}:{seq}")), ""
        else:
            answer = key = answer_for(engine, state, request, bots, rng)
        keys.append(key)
        engine.apply(state, answer)
    return keys, engine.outcome(state).text


@pytest.mark.parametrize("name", ["coven", "duel"])
def test_a_session_saved_before_the_step_machine_shows_the_same_table(runner, saved, name):
    result = runner.invoke(cli, ["sessions", "show", name, "--db", str(saved)])
    assert result.exit_code == 0, result.output
    before = (FIXTURES / f"which-witch-before-step-machine.{name}.show.txt").read_text().splitlines()
    shown = result.output.splitlines()
    assert shown[:1] + shown[2:] == before[:1] + before[2:], "answers, next step and tally as they were"


@pytest.mark.parametrize("name", ["coven", "duel"])
def test_a_session_saved_before_the_step_machine_resumes_and_plays_to_the_end(runner, engine, saved, name):
    keys, winner = keys_to_the_end(engine, saved, name)
    result = runner.invoke(cli, ["play", "--resume", name, "--db", str(saved)],
                           input="".join(k + "\n" for k in keys))
    assert result.exit_code == 0, result.output[-2000:]
    assert f"Game over: {winner}" in result.output
