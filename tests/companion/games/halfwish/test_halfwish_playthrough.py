"""A recorded, seeded Halfwish game: the transcript must replay word for word.

Regenerate after a deliberate rules change with
`UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/companion/games/halfwish -k playthrough`
and read the diff before committing it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from halfwish_table import engine

from companion.engine.drivers import RandomBot, answer_for
from companion.engine.transcript import compare_transcript
from companion.games.halfwish import HeuristicBot

TRANSCRIPT = Path(__file__).parents[3] / "playthroughs" / "halfwish.txt"
PLAYERS = ["Ann", "Bob"]
SEED = 9
OPTIONS = {"classes": ["knight", "rogue"], "powers": [["roar", "bubble", "scry"], ["ignite", "taunt", "restore"]],
           "first_player": 0, "hidden_hands": False}


def record() -> str:
    """Play the seeded game and write every request (with its hints), answer and event, then the tally."""
    hw, rng = engine(), random.Random(SEED)
    state = hw.new_game(PLAYERS, OPTIONS)
    bots = [HeuristicBot(), RandomBot()]
    lines = [f"# Halfwish playthrough: seed {SEED}, Ann (Knight, heuristic bot) vs Bob (Rogue, random bot)"]
    while (request := hw.request(state)) is not None:
        answer = answer_for(hw, state, request, bots, rng)
        lines += [f"  hint: {hint}" for hint in hw.hint(state, request)]
        lines.append(f"? {request.prompt} -> {json.dumps(answer)}")
        lines += [f"  {event.text}" for event in hw.apply(state, answer)]
    lines.append(f"= {hw.outcome(state).text}")
    lines += [f"  {line}" for line in hw.tally(state)]
    return "\n".join(lines) + "\n"


def test_seeded_game_replays_its_transcript():
    text = record()
    assert compare_transcript(TRANSCRIPT, text)


def test_transcript_shows_every_kind_of_step():
    """The recorded game has duels, scouts, parleys, powers, upgrades and a full three rounds."""
    text = TRANSCRIPT.read_text()
    for needle in ("starts a duel", "offers to scout", "offers to parley", "plays ", "Upgrade phase",
                   "Round 3, turn 5", "wins the duel", "strikes for DV"):
        assert needle in text, needle
