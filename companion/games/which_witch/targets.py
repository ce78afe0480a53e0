"""Whom an attack can target: a Spell attack, a Thief Hex or a Wand Hex names one opponent.

'The attacking player cannot use Spell Cards that match the Witch Card of the player they are
attacking.' A Thief Hex needs an opponent with cards in hand, a Wand Hex one with a Wand in play.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from cards.wording import plural

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from . import catalogue as cat
from .context import WitchEngine
from .holding import holds
from .state import WitchState, action_of, hearts_text, witch_name

TARGET = "target"
WHAT = {"spell": "Spell attack", "thief": "Thief Hex", "wand-hex": "Wand Hex"}


@functools.cache
def rotation_after(seat: int, seats: int) -> tuple[int, ...]:
    """The other seats of a table of `seats`, in rotation order from `seat`."""
    return tuple((seat + k) % seats for k in range(1, seats))


def opponents(state: WitchState, seat: int) -> list[int]:
    """Seats still in the game other than `seat`, in rotation order from `seat`."""
    seats = state.seats
    return [s for s in rotation_after(seat, len(seats)) if not seats[s].eliminated]


def castable(spells: set[str], defender: str) -> set[str]:
    """The elements among `spells` that may attack this witch: never her own element."""
    return spells - {defender} if defender in spells else spells


def can_cast(spell: str, defender: str) -> bool:
    """May Spells of this element attack this witch?"""
    return bool(castable({spell}, defender))


def spell_targets(engine: WitchEngine, state: WitchState, seat: int,
                  spell_cards: list[str] | None = None) -> list[int]:
    """Opponents some Spell the player could play (`spell_cards`, when already known) may attack."""
    held = holds(engine, state, seat, cat.SPELL) if spell_cards is None else spell_cards
    return list(_spell_reach(engine, state, seat, held))


def has_spell_target(engine: WitchEngine, state: WitchState, seat: int, spell_cards: list[str]) -> bool:
    """Could some of these Spells attack some opponent? (`spell_targets`, stopping at the first.)"""
    element = engine.catalogue.elements
    spells = {element[c] for c in spell_cards}
    seats = state.seats
    for s in rotation_after(seat, len(seats)):   # a plain loop: this runs at every turn
        witch = seats[s]
        if not witch.eliminated and castable(spells, witch.element):
            return True
    return False


def _spell_reach(engine: WitchEngine, state: WitchState, seat: int, spell_cards: list[str]) -> Iterator[int]:
    element = engine.catalogue.elements
    spells = {element[c] for c in spell_cards}
    seats = state.seats
    return (s for s in rotation_after(seat, len(seats)) if not seats[s].eliminated and castable(spells, seats[s].element))


def thief_targets(engine: WitchEngine, state: WitchState, seat: int) -> list[int]:
    """Opponents with cards in hand."""
    return [s for s in opponents(state, seat) if state.seats[s].held.size]


def wand_targets(engine: WitchEngine, state: WitchState, seat: int) -> list[int]:
    """Opponents with a Wand in play."""
    return [s for s in opponents(state, seat) if state.seats[s].wand]


def has_hex_target(state: WitchState, seat: int, kind: str) -> bool:
    """Is there a target for this hex (`thief_targets` or `wand_targets` not empty)? Stops at the first."""
    seats, wand = state.seats, kind == "wand-hex"
    for s in rotation_after(seat, len(seats)):
        witch = seats[s]
        if not witch.eliminated and (witch.wand if wand else witch.held.size):
            return True
    return False


FINDERS = {"spell": spell_targets, "thief": thief_targets, "wand-hex": wand_targets}


def ask_target(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """Whom the attack targets, among the opponents it can reach."""
    kind, seats, die = action_of(state).kind, state.seats, engine.catalogue.die
    targets = tuple((w.name, w.element, w.hearts, w.held.size, die(w.wand) if w.wand else 0)
                    for w in (seats[s] for s in FINDERS[kind](engine, state, state.current)))
    return _target_decision(state.current, seats[state.current].name, kind, targets)


@functools.lru_cache(maxsize=4096)
def _target_decision(seat: int, attacker: str, kind: str,
                     targets: tuple[tuple[str, str, int, int, int], ...]) -> Decision:
    """The target Decision, built once for each attacker, attack and what is shown of each target:
    `Ben (Fire Witch): 4 Life Hearts, 5 cards, wand d8`."""
    options = tuple(Option(name, f"{name} ({witch_name(element)}): {hearts_text(hearts)}, {plural(cards, 'card')}"
                                 + (f", wand d{wand_die}" if wand_die else ""))
                    for name, element, hearts, cards, wand_die in targets)
    return Decision(seat, f"{WHAT[kind]}: whom does {attacker} attack?", options, kind="target")


def answer_target(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """A Spell attack asks for the element next; a hex goes to the defence."""
    action = action_of(state)
    action.target = next(s for s, w in enumerate(state.seats) if w.name == answer)
    if action.kind == "spell":
        push_front(state, step("element"))
        return []
    push_front(state, step("defence"))
    if not engine.explain:
        return []
    return [Event("hex", f"{state.seats[state.current].describe()} casts a {WHAT[action.kind]} on "
                         f"{state.seats[action.target].describe()}.")]


STEPS = StepTable(questions={TARGET: Question(ask_target, answer_target)})
