"""A recorded, seeded four-player game: the transcript must replay word for word.

Regenerate after a deliberate rules change with
`UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/companion/games/which_witch -k playthrough`
and read the diff before committing it.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.engine.drivers import RandomBot
from companion.engine.transcript import compare_transcript, record_playthrough
from companion.games.which_witch import HeuristicBot, sim_setup

TRANSCRIPT = Path(__file__).parents[3] / "playthroughs" / "which-witch.txt"
PLAYERS = ["Ann", "Ben", "Cy", "Di"]
SEED = 6


def record(engine) -> str:
    """Play the seeded game and write every request, answer and event as text."""
    rng = random.Random(SEED)
    state = engine.new_game(PLAYERS, sim_setup(engine, len(PLAYERS), rng))
    header = [f"Which Witch Is Best!? playthrough: seed {SEED}, bots heuristic/random alternating",
              ", ".join(w.describe() for w in state.seats)]
    return record_playthrough(engine, state, [HeuristicBot(), RandomBot()], rng, header)


def test_seeded_game_replays_its_transcript(engine):
    text = record(engine)
    assert compare_transcript(TRANSCRIPT, text)


def test_transcript_shows_every_kind_of_turn(engine):
    """The recorded game exercises attacks, blocks, ties and an elimination, so it is worth reading."""
    text = TRANSCRIPT.read_text()
    for needle in ("attacks", "the attack lands", "is eliminated", "is the last witch standing"):
        assert needle in text, needle
