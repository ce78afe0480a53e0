"""An audit of every text a user reads while a game is played: doubled words ("takes a a"),
"a"/"an" by sound ("an Evade"), "1 points", "2-2 players" and Python reprs (`['x']`, `None`).

Seeded games of every engine, at the table (the game's default options: hidden hands, picks) and
in simulation (real cards), with the fewest and the most players, are played through the engine;
every prompt, option, hint, event, state line and outcome is scanned (tests/companion/textaudit.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from textaudit import slips

from companion.engine.core import Decision
from companion.engine.drivers import RandomBot, answer_for
from companion.engine.registry import engine_ids, game_module, make_engine
from companion.sim import call_hook

SEEDS = (1, 2, 3)
MAX_STEPS = 20_000


def texts_of_a_game(game: str, mode: str, which: str, seed: int) -> Iterator[tuple[str, str]]:
    """(text, where) for everything shown while one seeded game is played to its end."""
    engine = make_engine(game)
    counts = engine.player_counts()
    players = counts.start if which == "fewest" else counts.stop - 1
    rng = random.Random(f"text-audit:{game}:{seed}")
    names = ["Ann", "Ben", "Cy", "Di", "Eve", "Flo", "Gus", "Hal"][:players]
    options = (call_hook(game_module(game), "sim_setup", engine, players, rng) or {}) if mode == "sim" else {}
    state = engine.new_game(names, options)
    yield from ((line, "state") for line in engine.tally(state))
    for _ in range(MAX_STEPS):
        request = engine.request(state)
        if request is None:
            break
        yield request.prompt, "prompt"
        yield from ((line, "hint") for line in _lines(engine.hint(state, request)))
        if isinstance(request, Decision):
            yield from ((str(option), "option") for option in request.options)
        events = engine.apply(state, answer_for(engine, state, request, [RandomBot()], rng))
        yield from ((event.text, f"event {event.kind}") for event in events)
        yield from ((line, "state") for line in engine.tally(state))
    outcome = engine.outcome(state)
    assert outcome is not None, f"{game} did not end within {MAX_STEPS} steps"
    yield outcome.text or outcome.termination, "outcome"


def _lines(value: str | list[str] | None) -> list[str]:
    return [] if value is None else [value] if isinstance(value, str) else list(value)


@pytest.mark.parametrize("mode", ["table", "sim"])
@pytest.mark.parametrize("which", ["fewest", "most"])
@pytest.mark.parametrize("game", engine_ids())
def test_no_slips_in_what_a_game_shows(game, which, mode):
    found: dict[str, str] = {}
    for seed in SEEDS:
        for text, where in texts_of_a_game(game, mode, which, seed):
            for slip in slips(text, where):
                found.setdefault(f"{slip.rule}: {slip.text!r}", f"{where}: {text}")
    assert not found, "\n".join(f"{slip}  <- {line}" for slip, line in sorted(found.items()))


@pytest.mark.parametrize("text, rule", [
    ("Ann takes a a face-down card from Ben.", "doubled word"),
    ("Ben plays an Strike.", "a/an"),
    ("Ben plays a Evade.", "a/an"),
    ("Cy rolls a 8.", "a/an"),
    ("Ann scores 1 points.", "1 + plural"),
    ("Ann scores 3 point.", "plural count + singular"),
    ("Ann has 3 Life Heart.", "plural count + singular"),
    ("Ann draws 2 card(s).", "noun(s)"),
    ("Halfwish is for 2-2 players.", "N-N players"),
    ("powers: ['x']", "Python repr"),
    ("first player: None", "Python repr"),
], ids=["doubled", "an-consonant", "a-vowel", "a-8", "1-points", "3-point", "3-life-heart", "card(s)", "2-2", "list-repr", "None"])
def test_the_audit_finds_each_slip(text, rule):
    assert rule in {slip.rule for slip in slips(text, "test")}


@pytest.mark.parametrize("text", [
    "Ann takes a face-down card from Ben.", "Ben plays an Evade.", "a one-shot Spell, a unique card",
    "Cy rolls an 8 and an 11.", "Ann scores 1 point; Ben 2 points.", "Halfwish is for 2 players.",
    "Ann (Wind Witch) has 5 Life Hearts.", "an HP loss", "1 bonus",
], ids=["a-face", "an-evade", "one-unique", "an-8", "points", "2-players", "hearts", "an-HP", "1-bonus"])
def test_the_audit_passes_right_english(text):
    assert slips(text, "test") == []


@pytest.mark.parametrize("args", [["games"], *[["games", game] for game in engine_ids()],
                                  *[[verb, "--help"] for verb in ("play", "sessions", "sim", "games")]],
                         ids=lambda args: "-".join(args))
def test_no_slips_in_what_the_cli_lists(runner, args):
    from companion.cli import cli

    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    found = [str(slip) for line in result.output.splitlines() for slip in slips(line, " ".join(args))]
    assert not found, "\n".join(found)
