"""Build skirmish states for tests: characters on tiles, hands and decks of named cards."""

from __future__ import annotations

from typing import Any

from companion.engine.steps import step
from companion.games.skirmish.state import Fighter, Side, SkirmishState


def battle(engine: Any, *placed: tuple[str, int, str], ap: int = 10, turn: int = 1,
           decks: tuple[list[str], list[str]] = ([], [])) -> SkirmishState:
    """A match after the draft: (character, seat, tile) placed in order (the first of a seat leads),
    seat 0 started and is to act with `ap` action points."""
    state = SkirmishState(players=["Ann", "Ben"], hidden=False, starter=0, turn=turn,
                          sides=[Side(max_ap=ap, ap=ap, unseen=list(decks[0])),
                                 Side(max_ap=ap, ap=ap, unseen=list(decks[1]))])
    for cid, seat, tile in placed:
        cls = engine.characters[cid]["class"]
        klass = engine.rules["classes"][cls]
        state.fighters.append(Fighter(cid, seat, cls, tile, power=engine.tiers.index(klass["power"]),
                                      armor=engine.tiers.index(klass["armor"]),
                                      leader=not any(f.owner == seat for f in state.fighters),
                                      name=engine.character_name(cid)))
    return state


def act(engine: Any, state: SkirmishState, *answers: Any, seat: int = 0) -> list[str]:
    """Ask `seat` for an action and give the answers in turn; the events' texts."""
    state.queue = [step("act", seat=seat)]
    events = []
    for answer in answers:
        events += engine.apply(state, answer)
    return [e.text for e in events]


def options(engine: Any, state: SkirmishState) -> list[str]:
    """The option ids of the current request."""
    return [o.id for o in engine.request(state).options]


def give(state: SkirmishState, seat: int, *cards: str) -> None:
    """Put named cards in a player's hand."""
    state.sides[seat].hand.cards.extend(cards)
