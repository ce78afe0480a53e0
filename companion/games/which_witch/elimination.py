"""A witch at zero Life Hearts: the Infinity Cauldron, elimination, and the eliminator's reward.

'Players are eliminated from the game when they have zero Life Hearts remaining, at which point
their cards move to the Discard Pile.' 'Elimination can only be avoided if a player uses the
Infinity Cauldron Card immediately after losing their final Life Heart'. The eliminator 'may
choose one of the following as a reward': 'Regain 1 Life Heart' or 'Permanently increase their
hand size by 1 card'.
"""

from __future__ import annotations

from cards.wording import plural

from ...engine.core import Decision, Event, Option
from ...engine.hands import Hand
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from . import catalogue as cat
from .context import WitchEngine
from .holding import holds, take_card
from .rotation import finish
from .state import WitchState, action_of, target_of


def ask_cauldron(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """The witch at zero hearts: play the Infinity Cauldron or fall. No answer is taken on Enter:
    the companion cannot see who holds a Cauldron (2 of 65 cards), and a gamemaster pressing Enter
    to move on must not save a witch, nor knock one out, by mistake (play audit)."""
    target = target_of(action_of(state))
    options = (Option("cauldron", f"Play the Infinity Cauldron (back to "
                                  f"{plural(engine.rules.cauldron_hearts, 'Life Heart')})"),
               Option("fall", "No Cauldron: eliminated"))
    return Decision(target, f"{state.seats[target].describe()} has lost their final Life Heart: "
                            f"play an Infinity Cauldron?", options, kind="cauldron")


def answer_cauldron(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """The Cauldron restores hearts and ends the action; falling eliminates."""
    if answer == "fall":
        return eliminate(engine, state, item)
    action = action_of(state)
    target = target_of(action)
    defender = state.seats[target]
    action.defended.append(take_card(engine, state, target, holds(engine, state, target, cat.CAULDRON)[0]))
    defender.hearts = engine.rules.cauldron_hearts
    return [Event("cauldron", f"{defender.describe()} drinks from the Infinity Cauldron: back to "
                              f"{plural(defender.hearts, 'Life Heart')}.")] + finish(engine, state)


def eliminate(engine: WitchEngine, state: WitchState, item: StepCall) -> list[Event]:
    """The target is out; their hand and Wand go to the Discard Pile; the eliminator is rewarded."""
    seat = target_of(action_of(state))
    witch = state.seats[seat]
    witch.eliminated = True
    state.discard.extend(witch.hand + ([witch.wand] if witch.wand else []))
    witch.held, witch.wand = Hand(), None
    events = [Event("eliminated", f"{witch.describe()} is eliminated; their cards go to the Discard Pile.",
                    {"seat": seat})]
    if len(state.alive()) == 1:
        return events + finish(engine, state)
    push_front(state, step("reward"))
    return events


def ask_reward(engine: WitchEngine, state: WitchState, item: StepCall) -> Decision:
    """The eliminator's choice of reward."""
    rewards = engine.rules.elimination_rewards
    full = state.seats[state.current].hearts >= engine.rules.hearts.max  # ruling: a heart above the most is lost
    options = (Option("heart", f"Regain {plural(rewards.heart, 'Life Heart')}"
                               + (" (lost: already at the most)" if full else "")),
               Option("hand", f"Hand size +{rewards.hand_size} for the rest of the game"))
    return Decision(state.current, f"{state.seats[state.current].describe()} chooses an elimination reward",
                    options, kind="reward")


def answer_reward(engine: WitchEngine, state: WitchState, item: StepCall, answer: str) -> list[Event]:
    """A heart (up to the maximum) or one more card of hand size for good."""
    witch = state.seats[state.current]
    rewards = engine.rules.elimination_rewards
    if answer == "heart":
        before, witch.hearts = witch.hearts, min(engine.rules.hearts.max, witch.hearts + rewards.heart)
        text = (f"{witch.describe()} regains {plural(witch.hearts - before, 'Life Heart')}: {witch.hearts}."
                if witch.hearts > before else
                f"{witch.describe()} is already at {plural(witch.hearts, 'Life Heart')}, the most a witch "
                f"may have: the heart is lost.")
    else:
        witch.hand_size += rewards.hand_size
        text = f"{witch.describe()} now holds {plural(witch.hand_size, 'card')}."
    return [Event("reward", text)] + finish(engine, state)


STEPS = StepTable(questions={"cauldron": Question(ask_cauldron, answer_cauldron),
                             "reward": Question(ask_reward, answer_reward)},
                  automatic={"eliminate": eliminate})
