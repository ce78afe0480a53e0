"""Playthrough transcripts: a seeded game written out as text, compared on every test run.

Each request becomes `? prompt -> answer`, each event an indented line, then `= outcome`
and the final tally. Shuffles are shortened to their first cards so a deck does not fill
the page.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .core import Chance, Engine, GameState, Request
from .drivers import Bot, answer_for

SHUFFLE_SHOWN = 3


def show_answer(request: Request, answer: Any) -> str:
    """An answer as a transcript shows it (a shuffle as its size and first cards)."""
    if isinstance(request, Chance) and request.kind == "shuffle":
        return f"shuffled {len(answer)} cards: {', '.join(answer[:SHUFFLE_SHOWN])}, ..."
    return json.dumps(answer)


def record_playthrough(engine: Engine, state: GameState, bots: Sequence[Bot], rng: random.Random,
                       header: Sequence[str] = ()) -> str:
    """Drive `state` to its end with bots and a seeded RNG, returning the transcript text."""
    lines = [f"# {line}" for line in header]
    while (request := engine.request(state)) is not None:
        answer = answer_for(engine, state, request, list(bots), rng)
        lines.append(f"? {request.prompt} -> {show_answer(request, answer)}")
        lines += [f"  {event.text}" for event in engine.apply(state, answer)]
    outcome = engine.outcome(state)
    lines.append(f"= {outcome.text if outcome else 'no outcome'}")
    lines += [f"  {line}" for line in engine.tally(state)]
    return "\n".join(lines) + "\n"


UPDATE_ENV = "UPDATE_PLAYTHROUGHS"


def compare_transcript(path: Path, text: str) -> bool:
    """Is `text` the recorded transcript at `path`? With `$UPDATE_PLAYTHROUGHS` set, record it first."""
    if os.environ.get(UPDATE_ENV):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return path.read_text() == text
