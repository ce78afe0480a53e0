"""Every screen of a whole game fits an 80x30 terminal (audit s25 #6): from the answer typed to the
next prompt, the turn's events, the state block, the hints and the menu take at most 30 lines, so
none of them scrolls off before the table has read it (a 16-action skirmish menu in one column
made a 41-line screen: the turn's events and the top of the map scrolled off)."""

from __future__ import annotations

import os
import select
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from ptyplay import play_in_pty

from companion.cli import cli

HEIGHT = 30
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
HAND_OVERS = ("press Enter when only you can see", "press Enter to hide it", "press Enter to go on")
HTB_KEYS = Path(__file__).parent / "games" / "half_the_battle" / "data" / "table-game-keys.txt"


def screens(args: list[str], keys: list[str], db: Path) -> list[str]:
    """Play to the end in a pty, typing `keys` (then `1`) at the prompts and Enter at hand-overs;
    each screen as it stands when the next prompt waits: what followed the answer typed (its echo
    ends the line of the prompt before), from the last clearing of the screen on."""
    shown, pending, keys = [], "", list(keys)
    with play_in_pty(args, db) as screen:
        while True:
            ready, _, _ = select.select([screen.fd], [], [], 60)
            assert ready, f"no prompt within 60 s; the last screen:\n{pending}"
            try:
                data = os.read(screen.fd, 65536).decode(errors="replace")
            except OSError:  # the game is over and the process gone
                data = ""
            if not data:
                return [*shown, pending]
            pending += data.replace("\r", "")
            if pending.endswith("> "):
                shown.append(pending)
                tail, pending = pending.rsplit("\n", 1)[-1], ""
                answer = "" if any(h in tail for h in HAND_OVERS) else (keys.pop(0) if keys else "1")
                screen.type(answer)


def height(text: str, first: bool) -> int:
    if not first:
        text = text.partition("\n")[2]  # the typed answer's echo belongs to the screen before
    return text.rpartition(CLEAR)[2].count("\n") + 1


@pytest.mark.parametrize("args, keys", [
    (["skirmish", "--players", "Ann,Ben", "--seed", "7", "--auto-roll"], []),
    # session 27: both leaders' "Draw two cards" said a card a line (32 lines at turn 1), two rolls of
    # the tool and two fighters' effects on lines of their own (31 at turn 12)
    (["skirmish", "--players", "Ann,Ben", "--seed", "2", "--auto-roll"], ["2", "3"]),
    # session 27: an attack's six events above the map, the sides and an 11-action menu (31 lines),
    # three hints above a 16-action menu (31), and two hints above a 17-action one (31)
    (["skirmish", "--players", "Ann,Ben", "--seed", "1", "--auto-roll"], ["2", "1"]),
    (["skirmish", "--players", "Ann,Ben", "--seed", "1", "--auto-roll"], ["2", "2"]),
    (["skirmish", "--players", "Ann,Ben", "--seed", "1", "--auto-roll"], ["3", "3"]),
    (["half-the-battle", "--players", "Ann,Ben", "--seed", "5"], HTB_KEYS.read_text().splitlines()),
    # session 26: a showdown's screen (the reveal, each clash explained, the state block, the
    # powers) took 33 lines at seeds 7 and 11
    (["halfwish", "--players", "Ann,Ben", "--seed", "7", "--auto-roll"], []),
    (["halfwish", "--players", "Ann,Ben", "--seed", "11", "--auto-roll"], []),
    # session 26: turns that ask nothing ran on without a prompt (82 lines at once at seed 7)
    (["heartstrings", "--players", "Ann,Ben", "--seed", "7", "--auto-roll"], []),
], ids=["skirmish", "skirmish-2-fairy-temple", "skirmish-1-fairy-ivory", "skirmish-1-fairy-fairy",
        "skirmish-1-temple-temple", "half-the-battle", "halfwish-7", "halfwish-11", "heartstrings-auto-roll"])
def test_every_screen_of_a_whole_game_fits_30_lines(tmp_path, args, keys):
    shown = screens(args, keys, tmp_path / "s.db")
    assert "Game over: " in shown[-1]
    tall = [(height(text, n == 0), text) for n, text in enumerate(shown) if height(text, n == 0) > HEIGHT]
    assert not tall, f"{len(tall)} screens over {HEIGHT} lines; the first, {tall[0][0]} lines:\n{tall[0][1]}"


def test_a_resumed_showdown_fits_30_lines(tmp_path):
    """`play --resume` amid a Halfwish showdown shows the last answer's events (the reveal and the
    duel explained) above the state block and the powers: one 30-line screen, as when played on."""
    db, showdowns = tmp_path / "s.db", 0
    with play_in_pty(["halfwish", "--players", "Ann,Ben", "--seed", "7", "--auto-roll", "--name", "hw"], db) as screen:
        while showdowns < 9:  # the ninth showdown's first power: 32 lines on resume (session 26)
            text = screen.read_until("> ")
            tail = text.rsplit("\n", 1)[-1]
            showdowns += "DVs revealed" in text and "pass" in tail
            screen.type("quit" if showdowns == 9 else "" if any(h in tail for h in HAND_OVERS) else "1")
        screen.read_until("Resume with")
    with play_in_pty(["--resume", "hw"], db) as screen:
        shown = screen.read_until("> ")
    assert "DVs revealed" in shown and "last answer: " in shown
    assert height(shown, first=True) <= HEIGHT, shown


def test_the_second_secret_chooser_sees_the_board_again(tmp_path):
    """Audit s27: after the first player's secret selection the screen is cleared (rightly), and the
    second player chose in secret without the board, which holds nothing secret; it is shown again
    before the hand-over, and that screen still fits."""
    setup = ["3", "8", "vial-of-poison", "flimsy-shield", "mirror-shield", "potion-of-healing"]
    with play_in_pty(["half-the-battle", "--players", "Ann,Ben", "--seed", "5"], tmp_path / "s.db") as screen:
        for key in setup:
            screen.read_until("> ")
            screen.type(key)
        screen.read_until("only you can see")
        screen.type("")
        screen.read_until("> ")
        screen.type("1")
        shown = screen.read_until("Ben, press Enter when only you can see").replace("\r", "")
    after_clear = shown.rpartition(CLEAR)[2]
    assert "| L1 |" in after_clear and "| Ben: Rage dice none" in after_clear, shown
    assert "Ann:" not in after_clear.partition("| Round 1")[0]   # the board, not Ann's pick
    assert height(after_clear, first=True) <= HEIGHT


def test_a_resume_after_the_cards_changed_fits_30_lines(tmp_path):
    """Audit s27: a Half the Battle session resumed at a Rage purchase after its card database
    changed showed 32 lines (the header and the warning two lines each), so the warning scrolled
    away at 80x30. The table game's keys, stopped at its first Rage purchase (16 choices)."""
    db = tmp_path / "s.db"
    keys = HTB_KEYS.read_text().splitlines()
    keys = keys[:keys.index("token")]
    runner = CliRunner()
    result = runner.invoke(cli, ["play", "half-the-battle", "--players", "Ann,Ben", "--seed", "5", "--name", "t",
                                 "--db", str(db)], input="\n".join([*keys, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    with sqlite3.connect(db) as con:
        con.execute("UPDATE sessions SET cards_version = 'de3344e8' WHERE name = 't'")
    with play_in_pty(["--resume", "t"], db) as screen:
        shown = screen.read_until("(1-16) > ").replace("\r", "")   # the warning's `->` holds a `> ` too
    assert height(shown, first=True) <= HEIGHT, shown
    assert "warning: the cards changed since this session began (de3344e8 -> " in shown, shown
