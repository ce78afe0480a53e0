"""The turn: the current player takes one of the seven actions (or passes when none is legal).

'USE 1 HEART POTION CARD: These are used to gain 1 Life Heart.' 'USE 1 ZOOM BROOM CARD: These are
used to take two extra turns.' The three attacks, a Wand and a discard continue in their own
modules; ruling no-action-pass: every action needs a card, so a player who can take none passes.
"""

from __future__ import annotations

import functools

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from . import catalogue as cat
from .context import WitchEngine
from .effects import ONE_CARD_ACTIONS
from .holding import hand_by_kind, holds, take_card
from .rotation import finish
from .state import ACTION, Action, WitchState
from .targets import has_hex_target, has_spell_target
from .wands import better_wands

ACTION_LABELS = {
    "potion": "Use 1 Heart Potion",
    "broom": "Use 1 Zoom Broom",
    "spell": "Attack one player using Spell Cards",
    "thief": "Attack one player using 1 Thief Hex",
    "wand-hex": "Attack one player using 1 Wand Hex",
    "wand": "Put 1 Wand Card in play",
    "discard": "Discard identical Game Cards",
    "pass": "Pass (no legal action)",
}
OPTIONS = {name: Option(name, label) for name, label in ACTION_LABELS.items()}
FIRST_STEP = {"spell": "target", "thief": "target", "wand-hex": "target", "wand": "wand", "discard": "discard-card"}
HEX_CARD = {"thief": cat.THIEF, "wand-hex": cat.WAND_HEX}


def legal_actions(engine: WitchEngine, state: WitchState) -> list[str]:
    """The seven actions the current player can take now (or `pass` when none)."""
    seat = state.current
    witch = state.seats[seat]
    held = hand_by_kind(engine, state, seat)
    legal = []
    if cat.POTION in held and witch.hearts < engine.max_hearts:
        legal.append("potion")
    if cat.BROOM in held:
        legal.append("broom")
    if cat.SPELL in held and has_spell_target(engine, state, seat, held[cat.SPELL]):
        legal.append("spell")
    if cat.THIEF in held and has_hex_target(state, seat, "thief"):
        legal.append("thief")
    if cat.WAND_HEX in held and has_hex_target(state, seat, "wand-hex"):
        legal.append("wand-hex")
    if cat.WAND in held and better_wands(engine, state, seat, held[cat.WAND]):
        legal.append("wand")
    if witch.held.size:
        legal.append("discard")
    return legal or ["pass"]


def ask_action(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """The current player's action, among the legal ones."""
    witch = state.seats[state.current]
    return _action_decision(state.current, witch.describe(), state.extra_turns, tuple(legal_actions(engine, state)))


@functools.lru_cache(maxsize=4096)
def _action_decision(seat: int, witch: str, extra_turns: int, legal: tuple[str, ...]) -> Decision:
    """The action Decision, built once for each seat, witch, Zoom Broom turns and legal actions."""
    extra = f" (Zoom Broom: {extra_turns} more after this)" if extra_turns else ""
    return Decision(seat, f"{witch} takes one action{extra}", tuple(OPTIONS[a] for a in legal), kind="action")


def answer_action(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """One-card actions take effect at once; the others continue step by step."""
    seat, witch = state.current, state.seats[state.current]
    if answer in ONE_CARD_ACTIONS:
        card_kind, effect = ONE_CARD_ACTIONS[answer]
        _play_card(engine, state, answer, card_kind)
        return [effect(engine, state, witch)] + finish(engine, state)
    if answer == "pass":
        return [Event("pass", f"{witch.describe()} has no card to play and passes.")] + finish(engine, state)
    state.action = Action(kind=answer)
    if answer in HEX_CARD:
        state.action.played.append(take_card(engine, state, seat, holds(engine, state, seat, HEX_CARD[answer])[0]))
    push_front(state, step(FIRST_STEP[answer]))
    return []


def _play_card(engine: WitchEngine, state: WitchState, kind: str, card_kind: str) -> None:
    """A one-card action: the card goes on the table until the action ends."""
    state.action = Action(kind=kind)
    state.action.played.append(take_card(engine, state, state.current, holds(engine, state, state.current, card_kind)[0]))


STEPS = StepTable(questions={ACTION: Question(ask_action, answer_action)})
