"""A whole match played through `deckwright play skirmish` at the table (hands hidden), kept as a
transcript: the first line holds the answers typed, the rest is what the gamemaster saw.

Regenerate after a deliberate change with
`UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/companion/games/skirmish -k playthrough`
and read the diff before committing it.
"""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from companion.cli import cli
from companion.engine.transcript import compare_transcript

TRANSCRIPT = Path(__file__).parents[3] / "playthroughs" / "skirmish.txt"
COMMAND = ["play", "skirmish", "--players", "Ann,Ben", "--name", "match", "--seed", "1"]
KEYS_PREFIX = "# keys: "


def keys() -> list[str]:
    return TRANSCRIPT.read_text().splitlines()[0].removeprefix(KEYS_PREFIX).split(" ")


def played() -> str:
    typed = keys()
    result = CliRunner().invoke(cli, COMMAND, input="".join(k + "\n" for k in typed))
    assert result.exit_code == 0, result.output
    return f"{KEYS_PREFIX}{' '.join(typed)}\n{result.output}"


def test_the_match_replays_its_transcript():
    assert compare_transcript(TRANSCRIPT, played())


def test_the_match_is_whole_and_nothing_secret_is_shown():
    text = TRANSCRIPT.read_text()
    for needle in ("Draft pick 6", "Shuffle cards from your hand back", "leader talent", "Turn 1: Ann has",
                   "counter-attack", "faints", "Game over: all of Ben's characters have fainted · winner: Ann"):
        assert needle in text, needle
    drawn = [line for line in text.splitlines() if " draws " in line]
    assert drawn and all(re.search(r"draws (a card|\d+ cards) \(", line) for line in drawn), \
        "a drawn card was named at the table"


def test_every_screen_line_fits_80_columns():
    """What the tool prints fits an 80-column terminal (a prompt is measured without the typed answer)."""
    lines = [line.rpartition(") > ")[0] or line for line in TRANSCRIPT.read_text().splitlines()[1:]
             if not line.startswith("Starting skirmish session")]   # the generic play banner
    assert max(len(line) for line in lines) <= 80
