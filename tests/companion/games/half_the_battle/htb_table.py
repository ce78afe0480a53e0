"""Helpers for Half the Battle tests: a game just past setup that a test can arrange.

(A module of its own, not conftest.py: several test folders have a conftest, and `from conftest
import ...` would find whichever was imported first.)"""

from __future__ import annotations

ANN, BEN = 0, 1


def new_game(engine, ann_items=("potion-of-healing", "scroll-of-teleport"),
             ben_items=("boots-of-speed", "smoke-bomb"), options=None, rolls=(12, 15)):
    """A game after setup: Ann's monster rolls rolls[0], Ben's rolls[1] (Ann has the initiative by
    default), each player dealt the named items; round 1 waits for Ann's selection."""
    state = engine.new_game(["Ann", "Ben"], options or {})
    engine.apply(state, [rolls[0]])
    engine.apply(state, [rolls[1]])
    for card in (*ann_items, *ben_items):
        engine.apply(state, card)
    return state


def only(state, seat, *cards):
    """Remove every piece of `seat` except those on `cards` (ids like "d12")."""
    for piece in state.pieces:
        if piece.seat == seat and piece.card not in cards:
            piece.alive = False


def put(state, seat, card, lane=None, hp=None):
    piece = state.piece(f"{seat}-{card}")
    if lane is not None:
        piece.lane = lane
    if hp is not None:
        piece.hp = hp
    return piece


def play(engine, state, *answers):
    """Apply answers in turn; return every event's text."""
    texts = []
    for answer in answers:
        texts += [event.text for event in engine.apply(state, answer)]
    return texts


def option_ids(engine, state):
    return engine.request(state).option_ids()
