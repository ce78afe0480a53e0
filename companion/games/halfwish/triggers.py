"""When a card's effects happen, and queueing them as steps.

Effects are queued as `effect` steps, one per effect, so an effect that needs an answer (a
reroll, a bid, a choice) asks it before the next effect runs. Each step carries who owns the
effect (`owner`, the seat `self` names) and which card it came from (`source`). A hook that
needs a player's choice queues a `choice` step naming the function that applies the answer.
"""

from __future__ import annotations

from typing import Any

from ...engine.steps import StepCall, push_front, step
from .context import Game
from .state import HalfwishState

DEFAULT_WHEN = {"map": "reveal", "powers": "play", "basic-powers": "play", "upgrades": "reveal"}


def effect_when(engine: Game, card_id: str, effect: dict[str, Any]) -> str:
    """When an effect happens: its `when`, else its deck's default."""
    deck = engine.catalog.card(card_id).deck
    return str(effect.get("when") or DEFAULT_WHEN.get(deck, "reveal"))


def effects_at(engine: Game, card_id: str, *whens: str) -> list[dict[str, Any]]:
    """A card's effects that happen at any of `whens` (a card's effects never change: looked up once)."""
    key = ("effects-at", card_id, whens)
    found: list[dict[str, Any]] | None = engine.catalog.memo.get(key)
    if found is None:
        found = engine.catalog.memo[key] = [e for e in engine.catalog.card(card_id).effects
                                            if effect_when(engine, card_id, e) in whens]
    return list(found)


def effect_steps(effects: list[dict[str, Any]], owner: int, source: str, **extra: Any) -> list[StepCall]:
    """One step per effect; `extra` (a slot, a winner) travels with each."""
    return [step("effect", effect=dict(e), owner=owner, source=source, **extra) for e in effects]


def queue_effects(state: HalfwishState, effects: list[dict[str, Any]], owner: int, source: str,
                  **extra: Any) -> None:
    """Run these effects next, in order, for `owner`."""
    push_front(state, *effect_steps(effects, owner, source, **extra))


def queue_card(engine: Game, state: HalfwishState, card_id: str, owner: int, *whens: str) -> None:
    """Queue a card's effects for the given moments."""
    queue_effects(state, effects_at(engine, card_id, *whens), owner, card_id)


def is_dv_locked(state: HalfwishState) -> bool:
    """M'nka Giga: DVs cannot change this turn."""
    return state.duel is not None and bool(state.current_duel.flags.get("dv_locked"))


def ask_choice(state: HalfwishState, seat: int, handler: str, prompt: str, options: list[tuple[str, str]],
               **params: Any) -> None:
    """Queue a Decision whose answer goes to CHOICES[handler]."""
    push_front(state, step("choice", seat=seat, handler=handler, prompt=prompt,
                           options=[list(o) for o in options], **params))


def owner_of(item: StepCall) -> int:
    """The seat owning the effect."""
    return int(item["owner"])


def named_seats(item: StepCall, who: str | None) -> list[int]:
    """The seats a hook's `who` names."""
    owner = owner_of(item)
    return {"opponent": [1 - owner], "both": [0, 1]}.get(who or "self", [owner])


def strike_mod(state: HalfwishState, item: StepCall, amount: int) -> None:
    """Change how much the action in this effect's slot strikes for, this turn."""
    mods = state.current_duel.flags.setdefault("strike_mods", {})
    key = f"{owner_of(item)}:{item['slot']}"
    mods[key] = int(mods.get(key, 0)) + amount
