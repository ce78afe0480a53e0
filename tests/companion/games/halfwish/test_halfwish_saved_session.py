"""A Halfwish session saved by the engine before the step-machine core still resumes and plays to its end.

The fixture was saved by `deckwright play halfwish --players Ann,Bob --seed 1 --auto-roll` (table mode:
hidden hands), stopped in the middle of a round-2 duel. The transcript beside it is what that engine printed
when the session was resumed with `--auto-roll` and every prompt answered with its first choice.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from companion.cli import cli

FIXTURES = Path(__file__).parents[3] / "fixtures" / "sessions"
SAVED = FIXTURES / "halfwish-before-step-machine.db"
EXPECTED = FIXTURES / "halfwish-before-step-machine.txt"
ROLLING = re.compile(r"tool rolled|tool drew|rolls a DV of|has rolled a DV|has rerolled their DV|Secret (roll|choice) for|"
                     r"secret (answer )?kept|reroll is not|rolls \d+: not|rerolls: \[")
MENU = re.compile(r"  (\d+\) |or type the name of what)")
SPAN = re.compile(r"\(\d+-\d+( or a name)?\) >")
COMMITTED = re.compile(r"(action card is committed .*> ).*$")
LABEL = re.compile(r"^(Turn \d+|Round \d+, turn \d+) · ")
NAMED_TWICE = re.compile(r"^(\w+) · (?=\1\b)")  # `Ann · Ann: ...` before session 26
POWER = re.compile(r"play a power in the \w+ or pass")  # `power or pass?` since session 26


def test_session_saved_before_the_step_machine_resumes_to_the_same_end(runner, tmp_path):
    copy = tmp_path / "saved.db"
    shutil.copy(SAVED, copy)
    result = runner.invoke(cli, ["play", "--resume", "hw-before", "--db", str(copy), "--auto-roll"],
                           input="1\n" * 400)
    assert result.exit_code == 0, result.output
    expected = EXPECTED.read_text().splitlines()
    assert "Game over: Bob is at 0 health: Ann wins" in expected
    # The card database may have been edited since the session was saved: play says so, and the
    # journal still replays to the same game.
    lines = [line for line in result.output.splitlines()
             if not line.startswith("warning: the cards changed since this session began")]
    # A resume shows the last answer and what it did above the state block now (audit s25), which the
    # old engine did not: left out here.
    assert lines[1] == "  last answer: #113 Bob decision: Pass (typed)", lines[:3]
    lines = lines[:1] + lines[next(i for i, line in enumerate(lines) if line.startswith("  | ")):]
    # The state block is reprinted only when it changed now, so compare what happened without it,
    # and the final state block in full. DV rolls are secret now (the old engine printed each DV on
    # the shared screen), so the lines about rolling are left out on both sides; so are the menus (a
    # player's chosen powers are no longer listed on the shared screen). A committed action is typed
    # unseen now (`> (hidden)`, where the old engine echoed `> 1`). A prompt names the round and turn
    # now (`Round 2, turn 3 · `), where the old one counted turns across rounds (`Turn 8 · `). A hint
    # is no longer repeated at the next prompt, so hints are left out on both sides. The fixture's
    # `Game over` line no longer ends `· winner: Ann` (the result names her already). A prompt that
    # starts with the player's name no longer follows it (`Ann · Ann: ...`). What the tool drew is
    # said by the card's printed name now (`Thick Fog`, where the old engine said `thick-fog`), and
    # shares a line with what the draw did: left out on both sides too.

    def events(text: list[str]) -> list[str]:
        return [POWER.sub("power or pass?", NAMED_TWICE.sub("", LABEL.sub("", COMMITTED.sub(
                    r"\1(typed)", SPAN.sub("(menu) >", line))))) for line in text
                if not line.startswith(("  | ", "  hint: ")) and not ROLLING.search(line) and not MENU.match(line)]

    assert events(lines)[:len(events(expected))] == events(expected)
    # The final state block says the same in fewer words since session 26 (a play screen is 30
    # lines): its health and points are compared.
    final = lines[lines.index("Game over: Bob is at 0 health: Ann wins"):]
    assert final[2].startswith("  | Ann (Mirror): 18 HP, 10 pts, 3 mana, exposed 2;"), final
    assert final[-1].startswith("  | Bob (Mirror): 0 HP, 5 pts, 3 mana, exposed 2;"), final
