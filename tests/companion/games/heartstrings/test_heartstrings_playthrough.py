"""A recorded, seeded three-player game: the transcript must replay word for word.

Regenerate after a deliberate rules change with
`UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/companion/games/heartstrings -k playthrough`
and read the diff before committing it.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.engine.drivers import RandomBot
from companion.engine.transcript import compare_transcript, record_playthrough
from companion.games.heartstrings import GreedyBot

TRANSCRIPT = Path(__file__).parents[3] / "playthroughs" / "heartstrings.txt"
PLAYERS = ["Ann", "Ben", "Cy"]
SEED = 48


def record(engine) -> str:
    """Play the seeded game and write every request, answer and event, then the final tally."""
    header = [f"Heartstrings playthrough: seed {SEED}, bots greedy/random/greedy by seat"]
    return record_playthrough(engine, engine.new_game(PLAYERS), [GreedyBot(), RandomBot(), GreedyBot()],
                              random.Random(SEED), header)


def test_seeded_game_replays_its_transcript(engine):
    text = record(engine)
    assert compare_transcript(TRANSCRIPT, text)


def test_transcript_shows_every_kind_of_step(engine):
    """The recorded game has ties, moves from the board, bonuses, sacrifices and eliminations."""
    text = TRANSCRIPT.read_text()
    for needle in ("(a tie)", "invades", "gains 1 bead in room", "sacrifices a token",
                   "has no tokens in supply", "is eliminated", "is the last player with heart beads"):
        assert needle in text, needle
