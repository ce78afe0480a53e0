"""Wands: one in play per witch, replaced only by a better one; its die replaces the default die.

'You may only have 1 Wand Card "in play" at any given time' and it can be 'replaced by a better
Wand Card (the replaced Wand Card must go to the Discard Pile)'. 'If they have a Wand Card already
in play, they are to use the die noted on that card instead of their default six-sided die.'
Ruling one-wand-per-die: a Wand cannot go in play while another witch has the same Wand in play
(the box holds one die of each Wand's size).
"""

from __future__ import annotations

from cards.wording import article

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable
from . import catalogue as cat
from .context import WitchEngine
from .holding import holds, take_card
from .rotation import finish
from .state import WitchState


def better_wands(engine: WitchEngine, state: WitchState, seat: int, wand_cards: list[str] | None = None) -> list[str]:
    """Wands the player could put in play (of `wand_cards`, when already known): a better die than
    the Wand already in play, and not the kind another witch has in play (ruling one-wand-per-die)."""
    witch = state.seats[seat]
    current = engine.die_of(witch) if witch.wand else 0
    die = engine.catalogue.die
    held = holds(engine, state, seat, cat.WAND) if wand_cards is None else wand_cards
    in_play = {w.wand for w in state.seats if w.wand}
    return [c for c in held if die(c) > current and c not in in_play]


def ask_wand(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """Which better Wand goes in play."""
    catalogue = engine.catalogue
    options = tuple(Option(c, f"{catalogue.name(c)} (d{catalogue.die(c)})")
                    for c in better_wands(engine, state, state.current))
    return Decision(state.current, "Which Wand goes in play?", options, kind="wand")


def answer_wand(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """The Wand goes in play (a replaced one to the Discard Pile); the action ends."""
    witch = state.seats[state.current]
    take_card(engine, state, state.current, answer)
    replaced = f", replacing the d{engine.catalogue.die(witch.wand)}" if witch.wand else ""
    if witch.wand:
        state.discard.append(witch.wand)
    witch.wand = answer
    return [Event("wand", f"{witch.describe()} puts {article(engine.card_name(answer))} in play{replaced}: "
                          f"rolls d{engine.catalogue.die(answer)}.")] + finish(engine, state)


STEPS = StepTable(questions={"wand": Question(ask_wand, answer_wand)})
