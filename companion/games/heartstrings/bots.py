"""Heartstrings bots: the generic random bot and a greedy bot that follows the text's tips."""

from __future__ import annotations

import random
from typing import Any

from ...engine.drivers import RandomBot
from ...engine.requests import Decision
from .board import option_room, room_option


class GreedyBot:
    """Always sacrifices (a bead for a token is never a loss) and pulls tokens out of danger.

    The seed's tip: "If you find yourself occupying a room with an Attacker Buff, it may be
    beneficial to sacrifice that token to gain health and avoid a likely defeat in the future."
    """

    name = "greedy"

    def choose(self, engine: Any, state: Any, decision: Decision, rng: random.Random) -> str:
        """The sacrifice or move from the most dangerous room; ties go to the most crowded room."""
        rooms = [room for o in decision.options if (room := option_room(o.id)) is not None]
        if not rooms:
            return decision.options[-1].id
        danger, crowd = engine.board.danger, state.rooms
        best = max(rooms, key=lambda room: (danger[room], len(crowd[room]), -room))
        return room_option(best)


BOTS = {"random": RandomBot, "greedy": GreedyBot}
