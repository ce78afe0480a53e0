"""The defender's answer to an attack: a Shield Crystal blocks it, else the duel (or the hex) goes on.

'Play 1 Shield Crystal Card from their hand and block the attacking player's full attack without
having to roll dice'. Ruling shield-blocks-hexes: a Shield Crystal answers any of the three
attacks. 'Actions taken by a defending player in response to these attacks DO NOT count as their
turn in the rotation.'
"""

from __future__ import annotations

import functools
from fractions import Fraction

from cards.wording import plural

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from . import catalogue as cat
from .context import WitchEngine
from .holding import has_kind, holds, take_card
from .odds import Side
from .rotation import finish
from .spells import DEFENDER, FAMILIARS, duel_sides, offer_familiars
from .state import WitchState, action_of, hearts_text, target_of

BLOCK = Option("shield", "Block with a Shield Crystal")
ALLOW = Option("allow", "Let the hex take effect")


def offer_defence(engine: WitchEngine, state: WitchState, item: StepCall) -> list[Event]:
    """Ask the defender only when they could hold a Shield Crystal."""
    action = action_of(state)
    if has_kind(engine, state, target_of(action), cat.SHIELD):
        push_front(state, step("defend"))
        return []
    return _undefended(engine, state)


def ask_defend(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """The defender: block with a Shield Crystal, or roll (let the hex take effect)."""
    action = action_of(state)
    target = target_of(action)
    defender, attacker = state.seats[target].describe(), state.seats[state.current].name
    if action.kind != "spell":
        return _hex_defence(target, defender, attacker)
    sides = duel_sides(engine, state)
    chances = engine.duel_chances(state, sides)
    doubled = action.element == state.seats[state.current].element
    return _spell_defence(target, defender, attacker, action.count, str(action.element), sides[0], chances.p_hit,
                          _toll(chances.lost, doubled, chances.lost >= state.seats[target].hearts))


def _toll(lost: int, doubled: bool, eliminates: bool) -> str:
    """What a hit would cost the defender, said before they choose: `a hit costs 4 Life Hearts
    (doubled), all they have`."""
    return (f"a hit costs {hearts_text(lost)}" + (" (doubled)" if doubled else "")
            + (", all they have" if eliminates else ""))


@functools.lru_cache(maxsize=4096)
def _spell_defence(seat: int, defender: str, attacker: str, count: int, element: str, side: Side,
                   p_hit: Fraction, toll: str) -> Decision:
    """The defender's Decision against Spells, built once for each attack and its chance to land."""
    accept = Option("roll", f"Roll to defend (attack lands {float(p_hit):.0%} before your Familiars)")
    prompt = (f"{defender}: {attacker} attacks with "
              f"{plural(count, element.title() + ' Spell')}, "
              f"rolling {side.label()}; {toll}")
    return Decision(seat, prompt, (BLOCK, accept), kind="defend")


@functools.lru_cache(maxsize=4096)
def _hex_defence(seat: int, defender: str, attacker: str) -> Decision:
    """The defender's Decision against a hex."""
    return Decision(seat, f"{defender}: block {attacker}'s hex with a Shield Crystal?", (BLOCK, ALLOW), kind="defend")


def answer_defend(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """A block ends the action; otherwise the duel or the hex goes on."""
    if answer != BLOCK.id:
        return _undefended(engine, state)
    action = action_of(state)
    target = target_of(action)
    action.defended.append(take_card(engine, state, target, holds(engine, state, target, cat.SHIELD)[0]))
    if not engine.explain:
        return finish(engine, state)
    return [Event("block", f"{state.seats[target].describe()} blocks the attack with a Shield Crystal.")] \
        + finish(engine, state)


def _undefended(engine: WitchEngine, state: WitchState) -> list[Event]:
    """No block: the defender's Familiars and the roll, or the hex takes effect."""
    kind = action_of(state).kind
    if kind == "spell":
        return offer_familiars(engine, state, FAMILIARS[DEFENDER])
    if kind == "thief":
        push_front(state, step("steal-face-down" if state.hidden else "steal"))
    else:
        push_front(state, step("take-wand"))
    return []


STEPS = StepTable(questions={"defend": Question(ask_defend, answer_defend)}, automatic={"defence": offer_defence})
