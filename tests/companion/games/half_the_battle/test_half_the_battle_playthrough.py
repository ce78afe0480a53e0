"""A recorded, seeded bot game: the transcript must replay word for word.

Regenerate after a deliberate rules change with
`UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/companion/games/half_the_battle -k playthrough`
and read the diff before committing it.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.engine.drivers import RandomBot
from companion.engine.transcript import compare_transcript, record_playthrough
from companion.games.half_the_battle import BOTS

TRANSCRIPT = Path(__file__).parents[3] / "playthroughs" / "half-the-battle.txt"
SEED = 4


def record(engine) -> str:
    rng = random.Random(SEED)
    state = engine.new_game(["Ann", "Ben"], {"teams": "ab"})
    header = [f"Half the Battle playthrough: seed {SEED}, Ann (A team, greedy) v Ben (B team, random)"]
    return record_playthrough(engine, state, [BOTS["greedy"](), RandomBot()], rng, header)


def test_seeded_game_replays_its_transcript(engine):
    assert compare_transcript(TRANSCRIPT, record(engine))


def test_transcript_shows_the_game_at_work(engine):
    text = TRANSCRIPT.read_text()
    for needle in ("takes the initiative token", "Selected:", "damage", "dies", "wins"):
        assert needle in text, needle
