"""Which Witch Is Best!? (2-6 players): elemental Spell duels from a shared deck.

Rules: the Which Witch Is Best!? rules text; numbers and rulings: cards/which-witch/.

Design: one engine, two ways to know the cards (hands in the engine's one hidden-hand model).

- **Simulation** (`-o hidden=false`, set by `sim_setup`): the 65 Game Cards are real card ids.
  The deal and every reshuffle are `Chance("shuffle")` requests answered by the driver's seeded
  RNG, so hands, draws and steals are real, and the census of cards is checked by tests.
- **At the table** (`hidden`, the default, so `deckwright play` needs no option): hands are
  secret, so the companion never asks what was drawn. A hand is a count of face-down cards and
  the Draw Pile is face down; the gamemaster records only what is *played* (the action, the
  target, the element and number of Spells, each Familiar, the Shield Crystal...), which the
  engine offers as Decisions limited by what the player could hold (their hand size and the
  copies not face up on the table). Reshuffles need no input there, and a Thief Hex moves a
  face-down card.

Without a `witches` option the game opens with each player picking a Witch (a Decision).
A turn is asked step by step: `action` (one of the seven, or `pass` when none is legal),
then per action `target`, `element`, `count`, `familiar` (repeat, `done` to stop), the
defender's `defend` (`shield` or `roll` / `allow`) and Familiars, the duel `roll` (one
Chance with the attacker's and the defender's die; ties ask again), then `cauldron` and
`reward` after a final heart. The defence is never the defender's turn. After every action
all players refill in rotation order, and the rotation moves on (Zoom Broom turns first).

Modules: `state` (dataclasses), `catalogue` (the Game Cards by id), `holding` (what a hand
could play), the rules as steps (`setup`, `turn`, `targets`, `spells`, `defence`, `hexes`,
`elimination`, `wands`, `discards`, `rotation`, each ending with its STEPS, typed against the
engine Protocol in `context`) merged in `steps`,
`effects` (the one-card actions' effects in one dict), `engine` (the Engine: options, setup,
outcome, tally, hint), `calculators` (exact attack odds through the real duel steps) and `odds`
(what they report), `checks` (invariants), `bots`, `texts` (card texts and the rulebook's worked examples), `cli`
(`deckwright which-witch attack|odds`).
Hooks for the generic commands: `ENGINE`, `BOTS`, `sim_setup`, `sim_labels`, `invariants` and
`rulebook_context` (card texts, worked examples and odds computed for the rulebook).
"""

from __future__ import annotations

import random
from typing import Any

from .bots import BOTS, HeuristicBot
from .calculators import wand_dice
from .checks import broken_invariants
from .determinize import determinize
from .engine import WhichWitchEngine
from .search_hooks import leader, search_evaluate
from .state import HIDDEN, WitchState
from .texts import card_text, familiar_example, odds_table, own_element_example

ENGINE = WhichWitchEngine


def sim_setup(engine: WhichWitchEngine, players: int, rng: random.Random) -> dict[str, Any]:
    """New-game options for one simulated game: real cards and a random witch for each seat."""
    return {"hidden": False, "witches": rng.sample(list(engine.rules.elements), players)}


def sim_labels(engine: WhichWitchEngine, state: WitchState) -> dict[str, str]:
    """The witch of each seat (`seat<N>_witch`), so the report gives win rates by witch and by seat."""
    return {f"seat{seat}_witch": witch.element for seat, witch in enumerate(state.seats)}


def invariants(engine: WhichWitchEngine, state: WitchState) -> list[str]:
    """The invariants `state` breaks (cards conserved, hearts and hands in bounds...); [] when all hold."""
    return broken_invariants(engine, state)


def rulebook_context(db: Any) -> dict[str, Any]:
    """What the rulebook template adds to the database: card texts, worked examples, odds."""
    engine = WhichWitchEngine(db)
    return {
        "card_text": lambda card: card_text(db, card),
        "wand_dice": wand_dice(db),
        "odds_table": odds_table(engine),
        "own_element_example": own_element_example(engine),
        "familiar_example": familiar_example(engine),
    }


__all__ = [
    "BOTS",
    "ENGINE",
    "HIDDEN",
    "HeuristicBot",
    "WhichWitchEngine",
    "WitchState",
    "card_text",
    "determinize",
    "invariants",
    "leader",
    "rulebook_context",
    "search_evaluate",
    "sim_labels",
    "sim_setup",
]
