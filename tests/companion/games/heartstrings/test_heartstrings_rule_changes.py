"""The engine reads its numbers from game.yaml: a designer's rule change plays without code changes."""

from __future__ import annotations

from heartstrings_table import place, play, seated

from cards import load_game
from companion.engine.registry import build_engine
from companion.games.heartstrings.state import ROLL_ROOM, SACRIFICE

ANN, BEN = 0, 1
PLAIN = 5


def engine_with(cards_copy, old: str, new: str):
    game = cards_copy / "heartstrings" / "game.yaml"
    game.write_text(game.read_text().replace(old, new))
    return build_engine("heartstrings", load_game("heartstrings", str(cards_copy)))


def test_two_sacrifices_a_turn_when_the_rules_allow_two(cards_copy):
    engine = engine_with(cards_copy, "sacrifices_per_turn: 1", "sacrifices_per_turn: 2")
    state = seated(engine)
    place(state, 2, ANN, 3)
    play(engine, state, [PLAIN], "room2")
    assert (state.current, state.phase) == (ANN, SACRIFICE)   # a second offer
    play(engine, state, "room2")
    assert state.rooms[2] == [ANN]
    assert (state.current, state.phase) == (BEN, ROLL_ROOM)   # the room holds one token: nothing to offer
