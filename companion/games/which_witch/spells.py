"""The Spell attack: element and number of Spells, Familiars on both sides, the duel roll, the hit.

'play up to a total of 3 Spell Cards of the same type.' 'The attacking player may also choose
to play Familiar Cards to boost their roll total.' 'If there is a tie in roll totals, repeat the
roll step above.' 'the defending player loses 1 Life Heart for every Spell Card used by the
attacking player', double when the Spells match the attacker's own witch.
"""

from __future__ import annotations

import functools
from typing import Any

from cards.wording import plural

from ...engine.core import Chance, Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from . import catalogue as cat
from .context import WitchEngine
from .holding import copies_held, has_kind, holds, take_card
from .odds import Side
from .rotation import finish
from .state import Action, WitchState, action_of, target_of, witch_name
from .targets import castable

DONE = "done"
ATTACKER, DEFENDER = "attacker", "defender"
FAMILIARS = {side: step("familiars", side=side) for side in (ATTACKER, DEFENDER)}  # read, never changed


def hearts_if_hit(rules: Any, attacker: str, spell: str, count: int) -> int:
    """Hearts the defender loses when the attack lands: per Spell, doubled for the attacker's own element."""
    hearts = count * int(rules.hearts_per_spell)
    return hearts * int(rules.own_element_multiplier) if spell == attacker else hearts


def roll_result(attacker_total: int, defender_total: int) -> str:
    """`hit`, `tie` (roll again) or `defended`: the higher total wins the duel."""
    if attacker_total == defender_total:
        return "tie"
    return "defended" if defender_total > attacker_total else "hit"


def duel_sides(engine: WitchEngine, state: WitchState) -> tuple[Side, Side]:
    """Attacker and defender of the duel in progress: witch, die, Familiars' bonus.

    The prompt, the answer and a bot's choice all ask for them at each roll, so the last ones are
    kept with what they were computed from: the action and its cards on the table (witches and
    Wands do not change during a duel).
    """
    action = action_of(state)
    basis = (len(action.played), len(action.defended))
    kept_action, kept_basis, kept_sides = engine.kept_sides
    if kept_action is action and kept_basis == basis and kept_sides is not None:
        return kept_sides
    attacker, defender = state.seats[state.current], state.seats[target_of(action)]
    bonus = engine.catalogue.bonus
    sides = (Side(attacker.element, engine.die_of(attacker), bonus(action.played)),
             Side(defender.element, engine.die_of(defender), bonus(action.defended)))
    engine.kept_sides = (action, basis, sides)
    return sides


# -- element and count ----------------------------------------------------------------------

def ask_element(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """Which element of Spells, among those the target's witch does not block."""
    target = state.seats[target_of(action_of(state))]
    element = engine.catalogue.elements
    castable_now = castable({element[c] for c in holds(engine, state, state.current, cat.SPELL)}, target.element)
    return _element_decision(state.current, target.element,
                             tuple(e for e in engine.element_order if e in castable_now))


@functools.lru_cache(maxsize=4096)
def _element_decision(seat: int, target: str, elements: tuple[str, ...]) -> Decision:
    """The element Decision, built once for each seat, target witch and castable elements."""
    options = tuple(Option(e, f"{e.title()} Spells") for e in elements)
    return Decision(seat, f"Which element of Spells against the {witch_name(target)}?", options, kind="element")


def answer_element(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """Remember the element; ask how many Spells."""
    action_of(state).element = answer
    push_front(state, step("count"))
    return []


def ask_count(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """How many Spells of the element, up to the rules' limit and the copies held."""
    action = action_of(state)
    element = _element(action)
    card = engine.catalogue.spell_of(element)
    most = min(engine.max_spells, copies_held(engine, state, state.current, card))
    return _count_decision(state.current, element, engine.count_options(most))


@functools.lru_cache(maxsize=4096)
def _count_decision(seat: int, element: str, counts: tuple[Option, ...]) -> Decision:
    """The Spell count Decision, built once for each seat, element and most Spells."""
    return Decision(seat, f"How many {element.title()} Spells (up to {len(counts)})?", counts, kind="count")


def answer_count(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """The Spells go on the table; the attacker may add Familiars."""
    action, seat = action_of(state), state.current
    element = _element(action)
    action.count = int(answer)
    card = engine.catalogue.spell_of(element)
    action.played.extend(take_card(engine, state, seat, card) for _ in range(action.count))
    if not engine.explain:
        return offer_familiars(engine, state, FAMILIARS[ATTACKER])
    attacker, target = state.seats[seat], state.seats[target_of(action)]
    spells = f"{action.count} {element.title()} Spell{'s' if action.count > 1 else ''}"
    return [Event("attack", f"{attacker.describe()} attacks {target.describe()} with {spells}.",
                  {"attacker": seat, "target": action.target, "element": element, "count": action.count})] \
        + offer_familiars(engine, state, FAMILIARS[ATTACKER])


# -- Familiars ------------------------------------------------------------------------------

def _familiar_seat(state: WitchState, item: StepCall) -> int:
    return state.current if item["side"] == ATTACKER else target_of(action_of(state))


def _familiar_pile(state: WitchState, item: StepCall) -> list[str]:
    action = action_of(state)
    return action.played if item["side"] == ATTACKER else action.defended


def offer_familiars(engine: WitchEngine, state: WitchState, item: StepCall) -> list[Event]:
    """Ask for Familiars only when the player could hold one."""
    if has_kind(engine, state, _familiar_seat(state, item), cat.FAMILIAR):
        push_front(state, step("familiar", side=item["side"]))
        return []
    return _familiars_done(state, item)


def _familiars_done(state: WitchState, item: StepCall) -> list[Event]:
    push_front(state, step("defence") if item["side"] == ATTACKER else step("roll"))
    return []


def ask_familiar(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """One more Familiar face up, or done."""
    seat = _familiar_seat(state, item)
    catalogue = engine.catalogue
    options = [Option(DONE, f"No more Familiars (bonus +{catalogue.bonus(_familiar_pile(state, item))})")]
    options += [Option(c, f"{catalogue.name(c)} (+{catalogue.bonus([c])})")
                for c in holds(engine, state, seat, cat.FAMILIAR)]
    return Decision(seat, f"{state.seats[seat].name}: play Familiars face up?", tuple(options), kind="familiar",
                    default=DONE)


def answer_familiar(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """The Familiar joins its side's bonus; done moves the duel on."""
    if answer == DONE:
        return _familiars_done(state, item)
    _familiar_pile(state, item).append(take_card(engine, state, _familiar_seat(state, item), answer))
    return offer_familiars(engine, state, item)


# -- the roll and the hit -------------------------------------------------------------------

def ask_roll(engine: WitchEngine, state: WitchState, item: StepCall) -> Chance:
    """Both dice of the duel, in one Chance."""
    attacker, defender = duel_sides(engine, state)
    action = action_of(state)
    return _roll_chance(state.seats[state.current].name, attacker, state.seats[target_of(action)].name, defender,
                        bool(action.rolls))


@functools.lru_cache(maxsize=4096)
def _roll_chance(attacker_name: str, attacker: Side, defender_name: str, defender: Side, again: bool) -> Chance:
    """The duel roll's Chance, built once for each pair of named sides."""
    tie = " again (tie)" if again else ""
    return Chance("roll", f"Roll{tie}: {attacker_name} rolls {attacker.label()}, then {defender_name} "
                          f"rolls {defender.label()}", dice=(attacker.die, defender.die))


def answer_roll(engine: WitchEngine, state: WitchState, item: StepCall, faces: list[int]) -> list[Event]:
    """Higher total wins: a hit, the defender safe, or a tie rolled again."""
    action = action_of(state)
    attacker, defender = duel_sides(engine, state)
    action.rolls.append(list(faces))
    a_total, d_total = faces[0] + attacker.bonus, faces[1] + defender.bonus
    result = roll_result(a_total, d_total)
    if not engine.explain:   # a simulation nobody reads: the same steps, no lines
        if result == "tie":
            push_front(state, step("roll"))
            return []
        return finish(engine, state) if result == "defended" else hit(engine, state, item)
    names = state.seats[state.current].name, state.seats[target_of(action)].name
    line = f"{_rolled(names[0], attacker, faces[0])}, {_rolled(names[1], defender, faces[1])}"
    if result == "tie":
        push_front(state, step("roll"))
        return [Event("tie", f"{line}: a tie, roll again.")]
    if result == "defended":
        return [Event("defended", f"{line}: {names[1]} is safe.")] + finish(engine, state)
    return [Event("hit", f"{line}: the attack lands.")] + hit(engine, state, item)


def _rolled(name: str, side: Side, face: int) -> str:
    """`Ann rolls 4 on the d6, +1 = 5`; without a bonus, `Ben rolls 3 on the d8`."""
    return f"{name} rolls {face} on the d{side.die}" + (f", +{side.bonus} = {face + side.bonus}" if side.bonus else "")


def hit(engine: WitchEngine, state: WitchState, item: StepCall) -> list[Event]:
    """The attack landed: the defender loses hearts; at zero, the Cauldron or elimination."""
    action = action_of(state)
    target = target_of(action)
    attacker, defender = state.seats[state.current], state.seats[target]
    damage = hearts_if_hit(engine.rules, attacker.element, _element(action), action.count)
    lost = min(damage, defender.hearts)
    defender.hearts -= lost
    events: list[Event] = []
    if engine.explain:
        events.append(Event("hearts", f"{defender.describe()} loses {hearts_lost(action, attacker.element, damage, lost)}"
                                      f": {defender.hearts} left.", {"seat": target, "lost": lost}))
    if defender.hearts > 0:
        return events + finish(engine, state)
    push_front(state, step("cauldron" if has_kind(engine, state, target, cat.CAULDRON) else "eliminate"))
    return events


def hearts_lost(action: Action, attacker_element: str, damage: int, lost: int) -> str:
    """`4 Life Hearts (2 Spells, doubled as ...)`; a hit bigger than the hearts left says so."""
    doubled = action.element == attacker_element
    match = "it matches" if action.count == 1 else "they match"
    why = f"{plural(action.count, 'Spell')}, doubled as {match} the attacker's witch" if doubled else ""
    if lost < damage:
        return f"{plural(lost, 'Life Heart')}, all they had (the hit was {damage}{': ' + why if why else ''})"
    return plural(lost, "Life Heart") + (f" ({why})" if why else "")


def _element(action: Action) -> str:
    assert action.element is not None, "the attack has no element yet"
    return action.element


STEPS = StepTable(
    questions={"element": Question(ask_element, answer_element), "count": Question(ask_count, answer_count),
               "familiar": Question(ask_familiar, answer_familiar), "roll": Question(ask_roll, answer_roll)},
    automatic={"familiars": offer_familiars, "hit": hit},
)
