"""The whole-game baseline of bench/halfwish.py (bench/halfwish_minimal.py) plays Halfwish's common
rules: it sets up the engine's game from the same seed, reads its numbers from the database, and
its games look like the engine's random-bot games (length, knockouts at 0 health).

Seed: "Halfwish is played over 3 rounds of 5 turns each." and "Players have 25 health, whoever runs
out of health loses the game immediately."
"""

from __future__ import annotations

import importlib
import random
import statistics
import sys
from pathlib import Path

import pytest

from cards import load_game
from companion.engine.drivers import RandomBot, play_out
from companion.engine.registry import make_engine
from companion.games.halfwish import sim_setup

BENCH = Path(__file__).resolve().parents[4] / "bench"


def _module(name: str):
    """A benchmark module (bench/ is not a package: its modules import each other by plain name)."""
    sys.path.insert(0, str(BENCH))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCH))


@pytest.fixture(scope="module")
def minimal():
    return _module("halfwish_minimal").MinimalHalfwish(load_game("halfwish"))


def test_the_minimal_loop_reads_the_database(minimal):
    rules = load_game("halfwish").rules
    assert (minimal.health, minimal.rounds, minimal.turns) == (rules.health, rules.rounds, rules.turns_per_round)
    assert sorted(minimal.deck_list["mirror"]) == sorted(
        ["strike"] * 3 + ["long-strike"] * 2 + ["heavy-strike"] + ["evade"] * 2 + ["defend"] * 2)
    assert minimal.actions["long-strike"] == ("strike", -2, True, False, 0)
    assert minimal.actions["heavy-strike"] == ("strike", 2, False, True, 2)
    assert minimal.replaces["cheap-shot"] == "strike" and minimal.actions["cheap-shot"][2] is True


def test_the_minimal_loop_sets_up_the_engines_game_from_the_same_seed(minimal):
    engine = make_engine("halfwish")
    for seed in (f"t:{i}" for i in range(30)):
        options = sim_setup(engine, 2, random.Random(seed))
        assert minimal.setup(random.Random(seed)) == (options["classes"], options["powers"], options["first_player"])


def test_the_minimal_loops_games_are_halfwish_games(minimal):
    """Every game ends by knockout or after 3 x 5 turns, with a winner's seat or a draw; over many
    seeds the games last about as long as the engine's random-bot games."""
    results = [minimal.play(random.Random(f"len:{i}")) for i in range(300)]
    assert all(w in (0, 1, None) and 1 <= t <= 15 for w, t in results)
    assert {w for w, _ in results} >= {0, 1}
    engine = make_engine("halfwish")
    lengths = []
    for i in range(60):
        rng = random.Random(f"len:{i}")
        state = engine.new_game(["A", "B"], sim_setup(engine, 2, rng))
        play_out(engine, state, [RandomBot()], rng)
        lengths.append(engine.turns(state))
    ours, theirs = statistics.mean(t for _, t in results), statistics.mean(lengths)
    assert abs(ours - theirs) < 2.5, (ours, theirs)
    assert any(t < 15 for _, t in results), "knockouts happen"


def test_the_minimal_loop_plays_the_locations_of_the_database(minimal):
    """Seed: "Hazards are dangerous cards that can impose negative effects on players, such as
    taking damage"; the loop reads each location's effects from cards/halfwish/map.yaml."""
    places = _module("halfwish_minimal_map")
    deck, effects = places.location_effects(load_game("halfwish"))
    assert deck.count("golden-lamp") == 2 and len(deck) == len(minimal.map_deck)
    assert effects["rockslide"] == [{"op": "damage", "who": "both", "amount": 2}]
    game = _module("halfwish_minimal")._Game(minimal, random.Random(1), ["mirror", "mirror"], [[], []], 0)
    game.exposed = [1, 0]
    places.reveal(game, "rockslide", "duel", 0, [7, 7])
    assert game.health == [minimal.health - 3, minimal.health - 2]   # Exposed adds 1 to A's damage
    places.reveal(game, "rockslide", "parley", 0, [7, 7])           # a parley disables the effect
    assert game.health == [minimal.health - 3, minimal.health - 2]
    dvs = [minimal.dv_max, 7]
    places.reveal(game, "oracle-pool", "scout", 0, dvs)              # Higher at 12: nothing to roll
    assert dvs[0] == minimal.dv_max


def test_the_minimal_loop_offers_the_powers_the_rules_allow(minimal):
    """Seed: "Only 1 non-basic power can be played per turn." and M'nka Giga: "DVs cannot change
    this turn"; Challenge powers are for the preparation only; the costs come from powers.yaml."""
    powers = _module("halfwish_minimal_powers")
    assert minimal.powers["mnka-giga"]["cost"] == 1 and minimal.powers["mnka-giga"]["challenge"] is True
    game = _module("halfwish_minimal")._Game(minimal, random.Random(1), ["mirror", "mirror"],
                                             [["mnka-giga", "roar", "ice-beam"], ["scry", "taunt", "bubble"]], 0)
    duel = powers.Duel(0, [7, 7], played=[["strike"], ["strike"]])
    assert powers._options(game, duel, 0, "prep") == ["pass", "halfwish", "mnka-giga", "roar", "ice-beam"]
    assert "mnka-giga" not in powers._options(game, duel, 0, "showdown")   # Challenge: preparation only
    duel.locked = True
    assert powers._options(game, duel, 0, "prep") == ["pass", "mnka-giga", "roar"]   # no DV changes
    game.nonbasic[0] = 1
    assert powers._options(game, duel, 0, "prep") == ["pass"]
    game.status[1]["no_powers"] = 1
    assert powers._options(game, duel, 1, "prep") == ["pass"]
