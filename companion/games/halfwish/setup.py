"""Setting up: classes, the secret choice of powers, who starts, health and mana.

Seed: "Preparing to Play" steps 1-4 and "Decide who starts the game".
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_back, push_front, step
from .context import Game
from .state import HalfwishState, Player


def ask_class(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """A player chooses a class."""
    options = tuple(Option(c, engine.catalog.name(c)) for c in engine.catalog.classes())
    return Decision(item["seat"], f"{state.players[item['seat']].name}: choose your class", options, kind="class")


def answer_class(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Build the chosen class's deck."""
    give_class(engine, state.players[item["seat"]], answer)
    return [Event("class", f"{state.players[item['seat']].name} plays the {engine.catalog.name(answer)}")]


def give_class(engine: Game, player: Player, cls: str) -> None:
    """Build the player's 10-card action deck from their class card."""
    player.cls = cls
    player.deck = engine.catalog.class_deck(cls)
    player.innate = engine.catalog.class_innate(cls)


def ask_power(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """A player secretly chooses one more power."""
    player = state.players[item["seat"]]
    left = [p for p in engine.catalog.power_choices() if p not in player.powers]
    options = tuple(Option(p, f"{engine.catalog.name(p)} ({engine.catalog.card(p).get('category')})") for p in left)
    count = engine.rules.powers_chosen
    return Decision(item["seat"], f"{player.name}: choose power {len(player.powers) + 1} of {count} in secret "
                                  f"(you have seen your opponent's class)", options, kind="power-choice", secret=True)


def answer_power(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Record the secret power choice."""
    state.players[item["seat"]].powers.append(answer)
    return [Event("power-choice", f"{state.players[item['seat']].name} has chosen a power (secret)")]


def setup_steps(engine: Game, state: HalfwishState, options: dict[str, Any]) -> None:
    """Queue the class and power choices the options did not already make, then the game."""
    classes = list(options.get("classes") or [])
    powers = list(options.get("powers") or [])
    for seat, player in enumerate(state.players):
        if seat < len(classes):
            give_class(engine, player, classes[seat])
        else:
            push_back(state, step("class", seat=seat))
    for seat, player in enumerate(state.players):
        if seat < len(powers):
            player.powers = list(powers[seat])
        else:
            push_back(state, *[step("power-choice", seat=seat)] * engine.rules.powers_chosen)
    if options.get("first_player") is None:
        push_back(state, step("first-player"))
    push_back(state, step("start-game"))


def ask_first_player(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """Seed: "Decide who starts the game"."""
    options = tuple(Option(f"p{seat + 1}", p.name) for seat, p in enumerate(state.players))
    return Decision(0, "Who starts the game?", options, kind="first-player", table=True)


def answer_first_player(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Record who starts the game."""
    state.first_player = int(answer[1:]) - 1
    return [Event("first-player", f"{state.players[state.first_player].name} starts the game")]


def start_game(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Deal health and mana and begin round 1."""
    for player in state.players:
        player.health, player.mana = engine.rules.health, engine.rules.mana_start
    state.started = True
    push_front(state, step("round-start"))
    return [Event("start", f"The game begins. Both players have Halfwish and Feint, "
                           f"{engine.rules.mana_start} mana and {engine.rules.health} health.")]


STEPS = StepTable(
    questions={"class": Question(ask_class, answer_class), "power-choice": Question(ask_power, answer_power), "first-player": Question(ask_first_player, answer_first_player)},
    automatic={"start-game": start_game},
)
