"""The named hooks' registry: every `{op: hook, name: ...}` of the database, in one explicit table.

The hooks themselves live beside the cards they serve (`power_hooks`, `card_hooks`). A hook that
needs a player's choice queues a `choice` step; its answer goes to the function `CHOICES` names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable
from . import card_hooks, power_hooks
from .context import Game
from .state import HalfwishState

HookFn = Callable[[Game, HalfwishState, StepCall, dict[str, Any]], list[Event]]
ChoiceFn = Callable[[Game, HalfwishState, StepCall, str], list[Event]]

HOOKS: dict[str, HookFn] = {
    "halfwish": power_hooks.halfwish,
    "feint": power_hooks.feint,
    "refresh_basic_power": power_hooks.refresh_basic_power,
    "avarice": power_hooks.avarice,
    "scry": power_hooks.scry,
    "lock_dv": power_hooks.lock_dv,
    "draw_from_discard": power_hooks.draw_from_discard,
    "bubble": power_hooks.bubble,
    "taunt_swap_roles": power_hooks.taunt_swap_roles,
    "swap_actions": power_hooks.swap_actions,
    "keep_dv_next_turn": power_hooks.keep_dv_next_turn,
    "alignment_dv": card_hooks.alignment_dv,
    "set_dv_to_halfwish": card_hooks.set_dv_to_halfwish,
    "alignment_strike": card_hooks.alignment_strike,
    "first_blood_bonus": card_hooks.first_blood_bonus,
    "transform_copy_opposing": card_hooks.transform_copy_opposing,
    "downgrade": card_hooks.downgrade,
}

CHOICES: dict[str, ChoiceFn] = {
    "halfwish": power_hooks.halfwish_choice,
    "feint": power_hooks.feint_choice,
    "avarice": power_hooks.avarice_choice,
    "scry": power_hooks.scry_choice,
    "mirror": card_hooks.mirror_choice,
}


def run_hook(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """Run the hook an effect names, with the effect's other keys as its parameters."""
    name = str(effect["name"])
    if name not in HOOKS:
        raise KeyError(f"card {item['source']!r} names hook {name!r}, which no hook module defines; "
                       f"known: {', '.join(sorted(HOOKS))}")
    params = {k: v for k, v in effect.items() if k not in ("op", "name", "when")}
    return HOOKS[name](engine, state, item, params)


def ask_choice_step(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """The Decision a hook asked for."""
    options = tuple(Option(i, label) for i, label in item["options"])
    return Decision(item["seat"], item["prompt"], options, kind=item["handler"])


def answer_choice(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Pass the answer to the hook's choice function."""
    return CHOICES[item["handler"]](engine, state, item, answer)


STEPS = StepTable(questions={"choice": Question(ask_choice_step, answer_choice)})
