"""A recorded, seeded four-player game: the transcript must replay word for word.

Regenerate after a deliberate rules change with
`UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/companion/games/which_witch -k playthrough`
and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

from companion.engine.core import Chance
from companion.engine.drivers import RandomBot, answer_for
from companion.games.which_witch import HeuristicBot, sim_setup

TRANSCRIPT = Path(__file__).parents[3] / "playthroughs" / "which-witch.txt"
PLAYERS = ["Ann", "Ben", "Cy", "Di"]
SEED = 6


def record(engine) -> str:
    """Play the seeded game and write every request, answer and event as text."""
    rng = random.Random(SEED)
    state = engine.new_game(PLAYERS, sim_setup(engine, len(PLAYERS), rng))
    bots = [HeuristicBot(), RandomBot()]
    lines = [f"# Which Witch Is Best!? playthrough: seed {SEED}, bots heuristic/random alternating",
             "# " + ", ".join(w.describe() for w in state.seats)]
    while (request := engine.request(state)) is not None:
        answer = answer_for(engine, state, request, bots, rng)
        lines.append(f"? {request.prompt} -> {_show(request, answer)}")
        lines += [f"  {event.text}" for event in engine.apply(state, answer)]
    lines.append(f"= {engine.outcome(state).text}")
    lines += [f"  {line}" for line in engine.tally(state)]
    return "\n".join(lines) + "\n"


def _show(request, answer) -> str:
    if isinstance(request, Chance) and request.kind == "shuffle":
        return f"shuffled {len(answer)} cards: {', '.join(answer[:3])}, ..."
    return json.dumps(answer)


def test_seeded_game_replays_its_transcript(engine):
    text = record(engine)
    if os.environ.get("UPDATE_PLAYTHROUGHS"):
        TRANSCRIPT.parent.mkdir(exist_ok=True)
        TRANSCRIPT.write_text(text)
    assert TRANSCRIPT.read_text() == text


def test_transcript_shows_every_kind_of_turn(engine):
    """The recorded game exercises attacks, blocks, ties and an elimination, so it is worth reading."""
    text = TRANSCRIPT.read_text()
    for needle in ("attacks", "the attack lands", "is eliminated", "is the last witch standing"):
        assert needle in text, needle
