"""Whole games played through `deckwright play` at 80 columns, kept as transcripts (Half the
Battle and skirmish keep theirs beside their other tests, played from recorded keys).

Re-record after an intended change with UPDATE_PLAYTHROUGHS=1 and read the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import cli
from companion.engine.registry import has_engine
from companion.engine.transcript import compare_transcript

PLAYTHROUGHS = Path(__file__).resolve().parents[1] / "playthroughs"


@pytest.mark.parametrize("game, players", [
    ("heartstrings", "Ann,Ben,Cy"),
    ("which-witch", "Ann,Ben"),
    ("halfwish", "Ann,Ben"),
], ids=["heartstrings", "which-witch", "halfwish"])
def test_a_whole_game_through_play_fits_80_columns(runner, tmp_path, game, players):
    if not has_engine(game):
        pytest.skip(f"no {game} engine")
    keys = "1\n" * 3000  # the gamemaster takes the first choice; Enter-like rolls by --auto-roll
    result = runner.invoke(cli, ["play", game, "--players", players, "--name", "table", "--seed", "7",
                                 "--auto-roll", "--db", str(tmp_path / "s.db")], input=keys,
                           env={"NO_COLOR": "1", "COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "Game over: " in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert compare_transcript(PLAYTHROUGHS / f"{game}-table.txt", result.output)


def test_the_final_state_is_shown_once_under_game_over(runner, tmp_path):
    """Table audit: the last answer printed the final state block, then `Game over` printed the
    same block again beneath it (16 lines twice on a full Heartstrings board)."""
    result = runner.invoke(cli, ["play", "heartstrings", "--players", "Ann,Ben,Cy", "--seed", "7", "--auto-roll",
                                 "--db", str(tmp_path / "s.db")], input="1\n" * 3000, env={"NO_COLOR": "1"})
    before, after = result.output.split("Game over: ", 1)
    assert not before.splitlines()[-1].startswith("  | ")  # the last event, then Game over
    # the winner once: the engine's last event said what `Game over` says (audit, session 16)
    assert before.splitlines()[-1].strip() != after.splitlines()[0].strip()
    block = after.splitlines()[1:]
    assert block and all(line.startswith("  | ") for line in block)
