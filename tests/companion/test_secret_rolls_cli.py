"""Halfwish's Dice Values are secret until the showdown, through the real CLI.

Rules text: "Both players roll a pair of dice but don't reveal it to their opponent. That roll is
their Dice Value (DV)." and, at the showdown, "Reveal the following in this order: ... III) Both DVs".
The laptop is seen by both players, so no DV and no dice face may be on the shared screen before the
reveal; `sessions show/log/export` hide the rolls while the game is played and `--reveal` shows them
once it has ended.
"""

from __future__ import annotations

import json
import re
import sys

import pytest

from companion.cli import cli
from companion.sessionexport import SECRET
from companion.sessions import SessionStore

PLAY = ["play", "halfwish", "--players", "Ann,Ben", "--name", "g", "--seed", "7"]
KEYS = "1\n" * 3000
# A number that is a DV, a roll or dice faces: "DV of 5", "DV 5", "rolled 4 1", "rolls 9".
NAMES_A_VALUE = re.compile(r"\bDV (of )?\d|\brolled \d|\brolls \d|\bDV is \d")


def shared_screen(output: str) -> list[tuple[bool, str]]:
    """Each line with whether both players may see it: a line between "everyone but Ann look away"
    and "everyone may look again" is seen by one player alone."""
    lines, private = [], False
    for line in output.splitlines():
        if "look away now" in line:
            private = True
        lines.append((not private, line))
        if "everyone may look again" in line:
            private = False
    return lines


def leaks(output: str) -> list[str]:
    """Lines on the shared screen that name a DV or dice faces before that turn's reveal."""
    found, revealed = [], False
    for shared, line in shared_screen(output):
        if "DVs revealed" in line:
            revealed = True
        elif "has rolled a DV" in line:     # a new turn's roll: secret again until its showdown
            revealed = False
        elif shared and not revealed and NAMES_A_VALUE.search(line):
            found.append(line)
    return found


# Typed dice for --ask-roll: a choice's "1" is refused at a roll and a roll's "3 4" at a choice, so
# each prompt takes the first line that fits it (Enter draws a location, or takes a choice's
# default); three totals (7, 12, 2) end any "reroll until higher".
TYPED = "1\n3 4\n1\n\n1\n6 6\n1\n\n1\n1 1\n1\n\n" * 1000


@pytest.mark.parametrize("rolls_flag, keys", [("--auto-roll", KEYS), ("--ask-roll", TYPED)], ids=["tool", "typed"])
def test_no_dv_is_on_the_shared_screen_before_the_showdown(runner, tmp_path, rolls_flag, keys):
    db = str(tmp_path / "s.db")
    result = runner.invoke(cli, [*PLAY, rolls_flag, "--db", db], input=keys, env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and "Game over" in result.output, result.output
    assert "DVs revealed: Ann DV" in result.output   # the showdown still shows both
    assert result.output.count("has rolled a DV (hidden until the showdown)") >= 10   # two rolls a turn, whole turns played
    assert "the tool rolled" not in result.output
    assert leaks(result.output) == []
    with SessionStore(db) as store:
        rolls = [e for e in store.journal("g") if isinstance(e.answer, list)]
    assert "secret" in {e.kind for e in rolls} <= {"secret", "roll"}   # a reroll after the reveal is public
    assert any(e.source == ("rolled" if rolls_flag == "--auto-roll" else "typed") for e in rolls)


def test_the_leak_check_finds_a_dv_on_the_shared_screen():
    """The check above can fail: the text the tool printed before (a DV named at the roll) is a leak."""
    before = "Secret roll for Ann: everyone but Ann look away now.\n  (secret kept; everyone may look again)\n" \
             "  Ann has rolled a DV (hidden until the showdown)\n  (the tool rolled 4 1)\n  Ann rolls a DV of 5 (secret)\n"
    assert leaks(before) == ["  (the tool rolled 4 1)", "  Ann rolls a DV of 5 (secret)"]
    private = "Secret choice for Ann: everyone but Ann look away now.\n  hint: Ann, your DV is 5.\n" \
              "  (secret kept; everyone may look again)\n"
    assert leaks(private) == []


@pytest.fixture
def first_turn(runner, tmp_path):
    """A session stopped after both players rolled their first DV (the tool rolled them)."""
    whole = str(tmp_path / "whole.db")
    runner.invoke(cli, [*PLAY, "--auto-roll", "--db", whole], input=KEYS)
    with SessionStore(whole) as store:
        entries = store.journal("g")
    second = [e for e in entries if e.kind == "secret" and isinstance(e.answer, list)][1]
    typed = sum(1 for e in entries if e.seq <= second.seq and e.source == "typed")
    db = str(tmp_path / "s.db")
    played = runner.invoke(cli, [*PLAY, "--auto-roll", "--db", db], input="1\n" * typed + "quit\n",
                           env={"NO_COLOR": "1"})
    assert played.exit_code == 0, played.output
    with SessionStore(db) as store:
        rolls = [e for e in store.journal("g") if e.kind == "secret" and isinstance(e.answer, list)]
    assert len(rolls) == 2
    return db, rolls


@pytest.mark.parametrize("args", [["show"], ["show", "--json"], ["log"], ["log", "--json"], ["export"],
                                  ["export", "--format", "md"]], ids=lambda a: "-".join(a))
def test_sessions_commands_hide_the_rolls_during_play(runner, first_turn, args):
    db, rolls = first_turn
    result = runner.invoke(cli, ["sessions", args[0], "g", *args[1:], "--db", db])
    assert result.exit_code == 0, result.output
    assert not NAMES_A_VALUE.search(result.output), result.output
    for entry in rolls:
        faces = " ".join(str(f) for f in entry.answer)
        assert f"roll: {faces}" not in result.output and f'"answer": {json.dumps(entry.answer)}' not in result.output
    if args[0] in ("log", "export"):
        assert result.output.count(SECRET) >= len(rolls)


def test_reveal_shows_the_rolls_once_the_game_has_ended(runner, first_turn):
    db, rolls = first_turn
    finished = runner.invoke(cli, ["play", "--resume", "g", "--auto-roll", "--db", db], input=KEYS)
    assert "Game over" in finished.output
    shown = runner.invoke(cli, ["sessions", "show", "g", "--reveal", "--db", db]).output
    for entry in rolls:
        assert f": {' '.join(str(f) for f in entry.answer)}" in shown
    data = json.loads(runner.invoke(cli, ["sessions", "export", "g", "--reveal", "--db", db]).output)
    answers = [step["answer"] for step in data["journal"] if step["kind"] == "secret"]
    assert all(entry.answer in answers for entry in rolls)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_on_a_terminal_the_tool_shows_a_secret_roll_to_its_player_then_clears_it(tmp_path):
    """At a real screen the player whose DV the tool rolled sees the dice after the hand-over, presses
    Enter, and the screen is cleared before the others look again."""
    from ptyplay import play_in_pty

    with play_in_pty(["halfwish", "--players", "Ann,Ben", "--name", "h", "--seed", "1"], tmp_path / "s.db") as screen:
        while True:   # classes and powers: the first choice, Enter at each hand-over, Enter to roll
            marker, text = screen.read_until_any(["only you can see the screen > ", "press Enter to hide it > ",
                                                  "(1-", "press Enter to roll > "])
            if marker == "press Enter to hide it > ":
                break
            screen.type("1" if marker == "(1-" else "")
        peeked = re.search(r"Only you: the tool rolled (\d) (\d) \(total (\d+)\)", text)
        assert peeked and int(peeked[1]) + int(peeked[2]) == int(peeked[3])
        assert "everyone but Ann look away" in screen.text.rsplit("Secret roll", 1)[1]
        screen.type("")
        cleared, after = screen.read_until("Ann has rolled a DV (hidden until the showdown)").split("(secret kept")
        assert "\033[2J" in cleared, "the screen is cleared before the others look"
        assert "\033[3J" in cleared, "and so are the lines scrolled off it"
        # what is said once everyone may look, up to the state block (public, and shown again after
        # the screen was cleared: whether it has arrived by now depends on timing)
        said = re.split(r"\r?\n  \| ", after, maxsplit=1)[0]
        assert not re.search(r"\d", said), "no number once everyone may look"
        screen.type("quit")
    with SessionStore(tmp_path / "s.db") as store:
        roll = next(e for e in store.journal("h") if isinstance(e.answer, list))
    assert roll.kind == "secret" and roll.source == "rolled" and roll.answer == [int(peeked[1]), int(peeked[2])]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_undo_typed_to_hide_a_secret_roll_hides_it_and_takes_it_back(tmp_path):
    """Play audit: `undo` typed at "press Enter to hide it" was taken for Enter: the roll stayed and
    play went on, though the README says undo works at any prompt."""
    from ptyplay import play_in_pty

    with play_in_pty(["halfwish", "--players", "Ann,Ben", "--name", "h", "--seed", "1"], tmp_path / "s.db") as screen:
        while True:
            marker, _ = screen.read_until_any(["only you can see the screen > ", "press Enter to hide it > ",
                                               "(1-", "press Enter to roll > "])
            if marker == "press Enter to hide it > ":
                break
            screen.type("1" if marker == "(1-" else "")
        screen.type("undo")
        text = screen.read_until("Secret roll for Ann")  # the roll asked again, with its hand-over
        cleared, after = text.split("(secret kept", 1)
        assert "\033[2J" in cleared, "the roll is hidden first"
        assert re.search(r"undone: #\d+ Ann secret: \(hidden\)", after) and not re.search(r"rolled \d", after)
        screen.type("quit")
    with SessionStore(tmp_path / "s.db") as store:
        assert not [e for e in store.journal("h") if isinstance(e.answer, list)], "the roll was taken back"


def test_keeping_a_dv_is_secret_and_a_new_turn_is_everyones_to_see(runner, tmp_path):
    """Rules: "both players can choose to keep their DV instead of rerolling". Each chooses in secret,
    seeing their own DV; Bob's choice ends the turn, and the next turn is announced with everyone
    looking, before Bob is handed the screen again for his roll."""
    keys = ["mirror", "mirror", "roar", "ignite", "taunt", "roar", "ignite", "taunt", "p1", "4 4", "3 3",
            "parley", "accept", "rockslide", "keep", "reroll", "2 2", "quit"]
    out = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Bob", "--db", str(tmp_path / "s.db")],
                        input="\n".join(keys) + "\n", env={"NO_COLOR": "1"}).output
    bob_keeps = out.rsplit("Secret choice for Bob", 1)[1]   # the last: keep or reroll
    assert "hint: Bob, your DV is 6." in bob_keeps and "(6)" not in out
    _, rest = bob_keeps.split("(secret kept; everyone may look again)", 1)
    assert "Round 1, turn 2: Bob's turn" in rest.split("Secret roll for Bob")[0]
    assert "Ann keeps their DV from last turn" in rest and leaks(out) == []


def test_the_reveal_after_a_secret_bid_is_everyones_to_see(runner, tmp_path):
    """Genie Market: "Bid: the winner of the bid gains 1 lamp." Each bids in secret; once both bid,
    the bids and their outcome are announced, though they name the secret answers."""
    keys = ["mirror", "mirror", "roar", "ignite", "taunt", "roar", "ignite", "taunt", "p1", "4 4", "3 3",
            "scout", "accept", "genie-market", "0", "0", "quit"]
    out = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Bob", "--db", str(tmp_path / "s.db")],
                        input="\n".join(keys) + "\n", env={"NO_COLOR": "1"}).output
    after_bob = out.rsplit("Secret choice for Bob", 1)[1]
    assert "bids: Ann 0, Bob 0: a tie, nobody wins the bid" in after_bob
    assert "Round 1, turn 2: Bob's turn" in after_bob
    log = runner.invoke(cli, ["sessions", "log", "--db", str(tmp_path / "s.db"),
                              out.split("--resume ")[1].split()[0]]).output
    assert "bids: Ann 0, Bob 0: a tie" in log and "Ann has bid" in log


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_at_a_hand_over_a_command_runs_and_anything_else_is_refused(tmp_path):
    """Play audit: at "Ann, press Enter when only you can see the screen", `undo` was ignored (a
    mistyped die could be taken back only after handing the screen over) and a typed answer was
    dropped without a word."""
    from ptyplay import play_in_pty

    with play_in_pty(["halfwish", "--players", "Ann,Ben", "--name", "h", "--seed", "1"], tmp_path / "s.db") as screen:
        screen.read_until("(1-")
        screen.type("mirror")               # Ann's class, in public
        screen.read_until("(1-")
        screen.type("mirror")               # Ben's class
        screen.read_until("only you can see the screen > ")
        screen.type("roar")                 # an answer typed too early
        refused = screen.read_until("only you can see the screen > ")
        assert "! not yet: press Enter first, then Ann answers unseen" in refused
        screen.type("undo")                 # Ben's class taken back: asked again, in public
        undone = screen.read_until("(1-")
        assert "undone: #2" in undone and "Ben: choose your class" in undone
        screen.type("quit")
    with SessionStore(tmp_path / "s.db") as store:
        assert [e.answer for e in store.journal("h")] == ["mirror"]


@pytest.mark.parametrize("mistyped, keys_before", [
    ("roarr", ["mirror", "mirror"]),                      # Ann's first power, chosen in secret
    ("4 9", ["mirror", "mirror", "roar", "ignite", "taunt", "restore", "bubble", "earthquake", "p1"]),  # her DV
], ids=["choice", "roll"])
def test_a_mistyped_secret_answer_is_not_repeated_on_the_shared_screen(runner, tmp_path, mistyped, keys_before):
    """Play audit: `! 'roarr' is not one of the choices` showed what Ann was choosing to anyone who
    looked before the screen cleared (and `a d6 cannot show 9` her dice)."""
    keys = [*keys_before, mistyped, "quit"]
    out = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Ben", "--db", str(tmp_path / "s.db")],
                        input="\n".join(keys) + "\n", env={"NO_COLOR": "1"}).output
    refusal = [line for line in out.splitlines() if line.startswith("  ! ")]
    assert refusal and "not understood" in refusal[0], out
    assert mistyped not in out and "roar" not in refusal[0].lower() and "9" not in refusal[0], refusal
    # Ann is still alone at the screen: she types again without a second hand-over
    asked = "Secret choice for Ann" if mistyped == "roarr" else "Secret roll for Ann"
    assert out.count(asked) == 1, out[-1500:]


def test_enter_at_a_secret_choice_is_told_enter_takes_no_answer(runner, tmp_path):
    """Table audit: Enter at Ben's secret bid was told `that answer was not understood (it is secret,
    so it is not repeated here)`, though nothing was typed and nothing is secret in an empty line."""
    keys = ["mirror", "mirror", "", "quit"]
    out = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Ben", "--db", str(tmp_path / "s.db")],
                        input="\n".join(keys) + "\n", env={"NO_COLOR": "1"}).output
    refusal = [line for line in out.splitlines() if line.startswith("  ! ")]
    assert refusal == ["  ! Enter takes no answer here: type a number from the list or a name"], out
