"""Halfwish: the duel resolver (`duel`), exact odds (`odds`) and the rules engine.

Rules: the Halfwish rules text; numbers and cards: cards/halfwish/.

How the engine models the table (hidden information)
----------------------------------------------------
The game is a queue of small steps (`steps.py`): questions (a player's Decision or a
Chance event) and automatic steps. Every die roll is a Chance roll (at the table the
players roll physical dice in secret and the gamemaster types the faces); every
location flip and upgrade deal is a Chance draw of a card id.

Action cards are modelled as each player's draw pile, hand and discard pile of card
ids. In simulation (`hidden_hands=False`, what `sim_setup` asks for) every card drawn is a
Chance draw, so the seeded RNG deals real cards and bots see their real hand. At the
table (`hidden_hands=True`, the default for `deckwright play`) the gamemaster does not
see the players' hands: drawn cards are only counted, and when a card must be named (a
discard, which is face up, or a committed action at the showdown) the Decision lists
every card that player could still hold (their hand's seen cards plus whatever is left
in their deck), and the engine takes the named card out of the deck. Innate cards and
cards taken back from the discard pile are known and stay named in the hand.

Powers are secret from the opponent until played: the gamemaster types each player's 3
chosen powers once at setup, and the powers prompt lists only what that player may play.

Modules
-------
`state` (the dataclasses), `engine` (the Engine: step table, setup options, outcome), `steps`
(every rules module's STEPS merged in one table), `context` (what the rules see of the engine),
`catalog` (the card database's lookups). Rules, each ending with its STEPS: `setup` (classes, powers,
who starts), `flow` (rounds, turns, wishes, round end), `hands` (drawing, the hand limit, naming
unseen cards), `encounters` (duel/scout/parley, parley points, kept DVs, locations), `duels`
(preparation, commitment, showdown, applying the resolver), `powers` (the powers window), `upgrades`
(the upgrade phase), `effects` (the one registry of effect primitives `OPS`), `hooks` (the registry
of named hooks and their choices) with `power_hooks` and `card_hooks`, `triggers` (when effects
happen, queueing them), `ledger` (health, points, DV, statuses), `standing` (who is winning).
The duel maths: `profiles` (action profiles), `sides` and `duel` (the resolver). Calculators drive
the real steps: `duelstate` (a constructed duel and the table's answers), `calculators`
(`deckwright halfwish duel`), `odds` (exact odds), `examples` (the rulebook's worked duels).
`checks` (what holds after every step), `hints` (the gamemaster's tally and reminders), `bots`, `simreport` (the class matrix), `cli`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from cards.kept import keep, kept

from .bots import BOTS, HeuristicBot
from .checks import broken_invariants
from .determinize import determinize
from .engine import HalfwishEngine
from .examples import worked_examples
from .odds import odds_matrix
from .profiles import profiles_from_db
from .search_hooks import search_evaluate
from .simreport import class_matrix, sim_summary
from .standing import leader
from .state import HalfwishState

ENGINE = HalfwishEngine


def rulebook_context(db: Any) -> dict[str, Any]:
    """Worked duel examples and the exact odds matrix, computed for the rulebook."""
    return {"worked_examples": worked_examples(db), "odds_matrix": _rulebook_odds(db)}


_ODDS: dict[str, Any] = {}  # the last odds matrices, by the rules and action profiles they come from
_KEPT_ODDS = "halfwish-odds"


def _rulebook_odds(db: Any) -> Any:
    """The odds matrix, worked out again only when the rules or the actions changed: a card
    edit that leaves them alone (most do) takes it from this process (`build --watch`) or from
    the last build's (`cards.kept`); the matrix takes a tenth of a second."""
    profiles = profiles_from_db(db)
    key = json.dumps([db.rules, sorted(profiles.items())], sort_keys=True, default=repr)
    if key not in _ODDS:
        if len(_ODDS) > 8:
            _ODDS.clear()
        version = _odds_code()
        earlier = kept(_KEPT_ODDS, version) or {}
        _ODDS[key] = earlier[key] if key in earlier else odds_matrix(db.rules, profiles)
        if key not in earlier:
            keep(_KEPT_ODDS, version, {**dict(list(earlier.items())[-7:]), key: _ODDS[key]})
    return _ODDS[key]


def _odds_code() -> str:
    """A hash of this package's code (the odds are worked out by it) and the Python version."""
    digest = hashlib.sha256(sys.version.encode())
    for file in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(file.name.encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()


def sim_setup(engine: HalfwishEngine, players: int, rng: random.Random) -> dict[str, Any]:
    """A simulated game: random classes, random powers, a random first player, dealt cards."""
    classes = engine.catalog.classes()
    powers = engine.catalog.power_choices()
    return {"classes": [rng.choice(classes) for _ in range(players)],
            "powers": [rng.sample(powers, engine.rules.powers_chosen) for _ in range(players)],
            "first_player": rng.randrange(players), "hidden_hands": False}


def invariants(engine: HalfwishEngine, state: HalfwishState) -> list[str]:
    """The invariants `state` breaks (decks, health, points, resources, turns); [] when all hold."""
    return broken_invariants(engine, state)


def sim_labels(engine: HalfwishEngine, state: HalfwishState) -> dict[str, str]:
    """Classes per seat, each seat's class against the other's (the sim report turns these into a
    class-against-class win-rate table), who started, and the round the game ended in."""
    c0, c1 = (p.cls for p in state.players)
    first = state.first_player
    return {"seat0_class": c0, "seat1_class": c1, "seat0_matchup": f"{c0} v {c1}", "seat1_matchup": f"{c1} v {c0}",
            f"seat{first}_start": "first", f"seat{1 - first}_start": "second",
            "ended_in_round": str(state.round)}


__all__ = [
    "BOTS",
    "ENGINE",
    "HalfwishEngine",
    "HalfwishState",
    "HeuristicBot",
    "class_matrix",
    "determinize",
    "invariants",
    "leader",
    "rulebook_context",
    "search_evaluate",
    "sim_labels",
    "sim_setup",
    "sim_summary",
]
