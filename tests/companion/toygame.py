"""Toy Race: a tiny engine the generic companion is specified against, written on the step machine.

Each turn the player chooses to walk (roll one die) or sprint (roll two dice; doubles send
them back to the start, anything else also draws a race card: boost +1, calm 0, stumble -1).
The first to reach the goal wins; after `max_turns` turns the race is a draw. Every number
comes from `toycards/toy-race/game.yaml`.

A turn queues `pace, end-turn`; the pace chosen queues its `move` roll in front of `end-turn`,
and a sprint that does not reach the goal queues a `card` draw after the roll.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from companion.engine import (
    Chance,
    Decision,
    Engine,
    Event,
    GameState,
    Option,
    Outcome,
    Question,
    Request,
    SetupOption,
    StepState,
    StepTable,
    push_front,
    step,
)

CARDS = {"boost": 1, "calm": 0, "stumble": -1}


@dataclass
class RaceState(StepState):
    players: list[str]
    positions: list[int]
    turn: int = 1
    current: int = 0
    winner: int | None = None
    history: list[int] = field(default_factory=list)  # every face rolled, for tests


def ask_pace(engine: Any, state: RaceState, item: dict) -> Decision:
    rules, who = engine.rules, state.players[state.current]
    return Decision(state.current, f"{who}: walk or sprint?", (
        Option("walk", f"Walk: roll {rules.walk_dice}d{rules.die}"),
        Option("sprint", f"Sprint: roll {rules.sprint_dice}d{rules.die}, doubles send you home"),
    ), kind="pace")


def choose_pace(engine: Any, state: RaceState, item: dict, pace: str) -> list[Event]:
    push_front(state, step("move", pace=pace))
    return [Event("pace", f"{state.players[state.current]} will {pace}")]


def ask_move(engine: Any, state: RaceState, item: dict) -> Chance:
    pace = item["pace"]
    count = engine.rules.walk_dice if pace == "walk" else engine.rules.sprint_dice
    return Chance("roll", f"{state.players[state.current]} rolls to {pace}", state.current,
                  dice=(engine.rules.die,) * count)


def move(engine: Any, state: RaceState, item: dict, faces: list[int]) -> list[Event]:
    who, sprint = state.players[state.current], item["pace"] == "sprint"
    state.history.extend(faces)
    if sprint and len(set(faces)) == 1:
        state.positions[state.current] = 0
        return [Event("home", f"{who} rolled doubles {faces}: back to the start")]
    state.positions[state.current] += sum(faces)
    if sprint and not has_reached(engine, state):
        push_front(state, step("card"))
    return [Event("move", f"{who} rolled {faces}: now at {state.positions[state.current]}")]


def ask_card(engine: Any, state: RaceState, item: dict) -> Chance:
    return Chance("draw", f"{state.players[state.current]} draws a race card", state.current, options=tuple(CARDS))


def draw_card(engine: Any, state: RaceState, item: dict, card: str) -> list[Event]:
    seat = state.current
    state.positions[seat] = max(0, state.positions[seat] + CARDS[card])
    return [Event("card", f"{state.players[seat]} drew {card}: now at {state.positions[seat]}")]


def end_turn(engine: Any, state: RaceState, item: dict) -> list[Event]:
    """The goal wins; otherwise the next player's turn, unless the race has run out of turns."""
    if has_reached(engine, state):
        state.winner = state.current
        return [Event("win", f"{state.players[state.current]} reaches the goal")]
    state.current = (state.current + 1) % len(state.players)
    if state.current == 0:
        state.turn += 1
    if state.turn <= engine.rules.max_turns:
        state.queue += [step("pace"), step("end-turn")]
    return []


def has_reached(engine: Any, state: RaceState) -> bool:
    return state.positions[state.current] >= engine.rules.goal


STEPS = StepTable(questions={"pace": Question(ask_pace, choose_pace), "move": Question(ask_move, move),
                             "card": Question(ask_card, draw_card)},
                  automatic={"end-turn": end_turn})


class RaceEngine(Engine):
    game_id = "toy-race"
    state_type = RaceState
    table = STEPS
    options = (SetupOption("style", "str", "fast", "how the race is announced (no effect on the rules)",
                           choices=("fast", "slow")),)

    def setup(self, players: list[str], options: dict[str, Any]) -> RaceState:
        return RaceState(players=players, positions=[0] * len(players), queue=[step("pace"), step("end-turn")])

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
