"""Secrets at the table, through the real CLI: Halfwish's power choices and the upgrade picked in
secret are not in the state block nor in `sessions show/log/export` while the game is played, and
`--reveal` shows them only once the game has ended.
"""

from __future__ import annotations

import functools
import json
import re

import pytest

from companion.cli import cli
from companion.engine.registry import make_engine
from companion.sessionexport import SECRET
from companion.sessions import SessionStore

PLAY = ["play", "halfwish", "--players", "Ann,Ben", "--name", "g", "--seed", "7", "--auto-roll"]
ENOUGH = 3000


@functools.cache
def halfwish():
    return make_engine("halfwish")


def secrets_of(db: str) -> dict[int, str]:
    """Journal position -> the name of what was chosen in secret (powers, an upgrade; not the action
    cards committed face down, which the showdown reveals)."""
    with SessionStore(db) as store:
        entries = store.journal("g")
    names = {}
    catalog = halfwish().catalog
    for entry in entries:
        if (entry.kind == "secret" and isinstance(entry.answer, str) and entry.answer in catalog.cards
                and catalog.card(entry.answer).deck != "actions"):
            names[entry.seq] = halfwish().catalog.name(entry.answer)
    return names


@functools.cache
def keys_to_the_secret_upgrade(tmp_root: str) -> tuple[int, dict[int, str]]:
    """How many keys the gamemaster types up to and including the secret upgrade pick (found by
    playing the seeded game once), and what was chosen in secret by then."""
    from click.testing import CliRunner

    db = f"{tmp_root}/whole.db"
    CliRunner().invoke(cli, [*PLAY, "--db", db], input="1\n" * ENOUGH)
    with SessionStore(db) as store:
        entries = store.journal("g")
    pick = next(e for e in entries if e.kind == "secret" and _is_upgrade(e.answer))
    typed = sum(1 for e in entries if e.seq <= pick.seq and e.source == "typed")
    return typed, {seq: name for seq, name in secrets_of(db).items() if seq <= pick.seq}


def _is_upgrade(answer: object) -> bool:
    catalog = halfwish().catalog
    return isinstance(answer, str) and answer in catalog.cards and catalog.card(answer).deck == "upgrades"


@pytest.fixture
def mid_game(runner, tmp_path_factory):
    """A Halfwish session stopped right after Ben picked an upgrade in secret."""
    root = tmp_path_factory.getbasetemp() / "secrets"
    root.mkdir(exist_ok=True)
    typed, chosen = keys_to_the_secret_upgrade(str(root))
    db = str(tmp_path_factory.mktemp("mid") / "s.db")
    played = runner.invoke(cli, [*PLAY, "--db", db], input="1\n" * typed + "quit\n", env={"NO_COLOR": "1"})
    assert played.exit_code == 0, played.output
    assert secrets_of(db) == chosen and len(chosen) == 7, "six powers and one upgrade chosen in secret"
    return db, chosen, played.output


def test_the_state_block_never_names_a_secret_choice(mid_game):
    _, chosen, output = mid_game
    state_lines = [line for line in output.splitlines() if line.startswith("  | ")]
    after_pick = output.rsplit("(secret kept", 1)[1]
    assert any(line.startswith("  | ") for line in after_pick.splitlines()), "the state is shown after the pick"
    for name in chosen.values():
        assert not [line for line in state_lines if name in line], name


@pytest.mark.parametrize("args", [["show"], ["show", "--json"], ["log"], ["log", "--json"], ["export"],
                                  ["export", "--format", "md"]], ids=lambda a: "-".join(a))
def test_sessions_commands_hide_secret_choices_during_play(runner, mid_game, args):
    db, chosen, _ = mid_game
    result = runner.invoke(cli, ["sessions", args[0], "g", *args[1:], "--db", db])
    assert result.exit_code == 0, result.output
    upgrade = re.escape(chosen[max(chosen)])
    assert not re.search(rf"upgrades:[^;\n\"]*{upgrade}", result.output), "the state names the secret upgrade"
    assert not re.search(rf"takes {upgrade}", result.output), "an event names the secret upgrade"
    if args[0] in ("log", "export"):
        assert result.output.count(SECRET) >= len(chosen)


@pytest.mark.parametrize("verb", ["show", "log", "export"])
def test_reveal_is_refused_while_the_game_is_played(runner, mid_game, verb):
    db, _, _ = mid_game
    result = runner.invoke(cli, ["sessions", verb, "g", "--reveal", "--db", db])
    assert result.exit_code == 2 and "only after the game has ended" in " ".join(result.output.split())


def test_reveal_shows_every_secret_choice_once_the_game_has_ended(runner, mid_game):
    db, chosen, _ = mid_game
    finished = runner.invoke(cli, ["play", "--resume", "g", "--auto-roll", "--db", db], input="1\n" * ENOUGH)
    assert "Game over" in finished.output
    shown = runner.invoke(cli, ["sessions", "show", "g", "--reveal", "--db", db]).output
    exported = runner.invoke(cli, ["sessions", "export", "g", "--reveal", "--format", "md", "--db", db]).output
    data = json.loads(runner.invoke(cli, ["sessions", "export", "g", "--reveal", "--db", db]).output)
    for name in chosen.values():
        assert name in shown and name in exported
    assert SECRET not in exported and data["secrets"] == "shown"
    hidden = runner.invoke(cli, ["sessions", "show", "g", "--db", db]).output
    assert not any(f": {name}" in hidden for name in chosen.values()), "without --reveal they stay hidden"
    # the state block's secrets too (play audit: "powers left 2 (secret)" after the end, with --reveal)
    state = " ".join(line[4:] for line in shown.splitlines() if line.startswith("  | "))
    assert re.search(r"Ann: powers left [^;]*; spent ", state) and re.search(r"Ben: powers left [^;]*; spent ", state)
    assert "upgrades picked in secret" in state and "upgrades picked in secret" not in hidden


def test_a_finished_game_says_how_to_see_its_secrets_not_that_they_wait_for_the_end(runner, mid_game):
    """Table audit: after `Game over`, `sessions log` still read `(secret until the game ends)` at every
    secret answer, and the report `Secret answers: hidden`, with no word of --reveal."""
    db, _, _ = mid_game
    runner.invoke(cli, ["play", "--resume", "g", "--auto-roll", "--db", db], input="1\n" * ENOUGH)
    log = runner.invoke(cli, ["sessions", "log", "g", "--db", db]).output
    report = runner.invoke(cli, ["sessions", "export", "g", "--format", "md", "--db", db]).output
    for text in (log, report):
        assert SECRET not in text and "(secret: --reveal shows it)" in text
    assert "- Secret answers: hidden (the game has ended: --reveal shows them)" in report


def test_a_report_of_a_game_without_secrets_says_nothing_of_them(runner, tmp_path):
    """Play audit: a Heartstrings report said `Secret answers: hidden (... --reveal shows them)`
    for a game in which nothing is ever secret."""
    db = str(tmp_path / "s.db")
    runner.invoke(cli, ["play", "heartstrings", "--players", "Ann,Ben", "--name", "h", "--seed", "3", "--auto-roll",
                        "--db", db], input="1\n" * 3000)
    report = runner.invoke(cli, ["sessions", "export", "h", "--format", "md", "--db", db]).output
    assert "## Outcome" in report and "Secret answers" not in report
