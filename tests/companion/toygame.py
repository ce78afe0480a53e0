"""Toy Race: a tiny engine the generic companion is specified against.

Each turn the player chooses to walk (roll one die) or sprint (roll two dice; doubles send
them back to the start, anything else also draws a race card: boost +1, calm 0, stumble -1).
The first to reach the goal wins; after `max_turns` turns the race is a draw. Every number
comes from `toycards/toy-race/game.yaml`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.engine import Chance, Decision, Engine, Event, GameState, Option, Outcome, Request

CARDS = {"boost": 1, "calm": 0, "stumble": -1}


@dataclass
class RaceState(GameState):
    players: list[str]
    positions: list[int]
    turn: int = 1
    current: int = 0
    pending: str = ""          # "", "walk", "sprint" (a roll is due) or "card" (a draw is due)
    winner: int | None = None
    history: list[int] = field(default_factory=list)  # every face rolled, for tests


class RaceEngine(Engine):
    game_id = "toy-race"
    state_type = RaceState

    def new_game(self, players: list[str], options: dict | None = None) -> RaceState:
        return RaceState(players=list(players), positions=[0] * len(players))

    def request(self, state: RaceState) -> Request | None:
        if self.outcome(state) is not None:
            return None
        who = state.players[state.current]
        if state.pending == "":
            return Decision(state.current, f"{who}: walk or sprint?", (
                Option("walk", f"Walk: roll {self.rules.walk_dice}d{self.rules.die}"),
                Option("sprint", f"Sprint: roll {self.rules.sprint_dice}d{self.rules.die}, doubles send you home"),
            ), kind="pace")
        if state.pending == "card":
            return Chance("draw", f"{who} draws a race card", state.current, options=tuple(CARDS))
        count = self.rules.walk_dice if state.pending == "walk" else self.rules.sprint_dice
        return Chance("roll", f"{who} rolls to {state.pending}", state.current, dice=(self.rules.die,) * count)

    def apply(self, state: RaceState, answer) -> list[Event]:
        request = self.request(state)
        answer = request.check(answer)
        if isinstance(request, Decision):
            state.pending = answer
            return [Event("pace", f"{state.players[state.current]} will {answer}")]
        if request.kind == "draw":
            return self._card(state, answer)
        return self._move(state, answer)

    def _move(self, state: RaceState, faces: list[int]) -> list[Event]:
        who = state.players[state.current]
        state.history.extend(faces)
        if state.pending == "sprint" and len(set(faces)) == 1:
            state.positions[state.current] = 0
            return [Event("home", f"{who} rolled doubles {faces}: back to the start")] + self._end_turn(state)
        state.positions[state.current] += sum(faces)
        events = [Event("move", f"{who} rolled {faces}: now at {state.positions[state.current]}")]
        if state.pending == "sprint" and not self._reached(state):
            state.pending = "card"
            return events
        return events + self._end_turn(state)

    def _card(self, state: RaceState, card: str) -> list[Event]:
        who = state.players[state.current]
        state.positions[state.current] = max(0, state.positions[state.current] + CARDS[card])
        return [Event("card", f"{who} drew {card}: now at {state.positions[state.current]}")] + self._end_turn(state)

    def _reached(self, state: RaceState) -> bool:
        return state.positions[state.current] >= self.rules.goal

    def _end_turn(self, state: RaceState) -> list[Event]:
        state.pending = ""
        if self._reached(state):
            state.winner = state.current
            return [Event("win", f"{state.players[state.current]} reaches the goal")]
        state.current = (state.current + 1) % len(state.players)
        if state.current == 0:
            state.turn += 1
        return []

    def outcome(self, state: RaceState) -> Outcome | None:
        if state.winner is not None:
            return Outcome("goal", state.winner, f"{state.players[state.winner]} wins the race")
        if state.turn > self.rules.max_turns:
            return Outcome("time", None, "nobody reached the goal in time: a draw")
        return None

    def tally(self, state: RaceState) -> list[str]:
        return [f"{name}: {pos}/{self.rules.goal}" for name, pos in zip(state.players, state.positions)]

    def hint(self, state: RaceState, request: Request) -> list[str]:
        need = self.rules.goal - state.positions[state.current]
        return [f"{state.players[state.current]} needs {need} more"]

    def turns(self, state: RaceState) -> int:
        return state.turn


class SprinterBot:
    """Always sprints: a second bot so simulations can compare seats."""

    name = "sprinter"

    def choose(self, engine: Engine, state: GameState, decision: Decision, rng: random.Random) -> str:
        return "sprint"


BOTS = {"sprinter": SprinterBot}


def sim_setup(engine: Engine, players: int, rng: random.Random) -> dict:
    return {"style": rng.choice(["fast", "slow"])}


def sim_labels(engine: Engine, state: RaceState) -> dict[str, str]:
    return {"seat0_start": "ahead" if state.positions[0] >= state.positions[-1] else "behind"}


ENGINE = RaceEngine
