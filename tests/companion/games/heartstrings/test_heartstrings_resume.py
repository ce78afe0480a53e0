"""A session saved by the engine before the step machine still resumes, and finishes the same way.

`tests/fixtures/sessions/heartstrings-before-step-machine.db` was saved by `deckwright play
heartstrings --players Ann,Ben,Cy --seed 1` from the code before the step machine, 117 answers
in: Ann eliminated, Ben's token invading room 3, Cy about to roll for the defence. The `.txt`
beside it is what that code printed when the session was resumed and finished with `KEYS`.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from companion.cli import cli

SESSIONS = Path(__file__).parents[3] / "fixtures" / "sessions"
SAVED = SESSIONS / "heartstrings-before-step-machine.db"
PRINTED = SESSIONS / "heartstrings-before-step-machine.txt"

# Enter lets the tool roll (from the session seed, as before); "1" takes the first option of a
# decision (a sacrifice): the keys typed, prompt by prompt, when the old code finished the game.
KEYS = ["", "", "", "1", "", "", "", "", "", "", "", "", "", "", "1", "", "1", "", "", "", "", "", "", "",
        "", "", "1", "", "1", "", "", "", "", "", "", "", "1", "", "", ""]


def event_lines(output: str) -> list[str]:
    """The event lines `play` prints (indented, neither tally rows nor the tool's rolls), and the outcome;
    the `(Enter)` mark on the option Enter takes came after that code, which printed none."""
    return [line.removeprefix("  ").removesuffix("  (Enter)") for line in output.splitlines()
            if (line.startswith("  ") and not line.startswith(("  |", "  (the tool"))) or line.startswith("Game over")]


def test_a_session_saved_before_the_step_machine_resumes_and_plays_to_the_same_end(runner, tmp_path):
    copy = tmp_path / "sessions.db"
    shutil.copyfile(SAVED, copy)
    result = runner.invoke(cli, ["play", "--resume", "before", "--db", str(copy)], input="\n".join(KEYS) + "\n")
    assert result.exit_code == 0, result.output
    assert "Resuming heartstrings session before · Ann, Ben, Cy · 117 answers so far" in result.output
    assert "In combat: Ben's token invading room 3" in result.output
    # that code printed each room's id after a sacrifice (`[room2]`); menus now leave an engine's id out
    expected = [re.sub(r"  \[room\d+\]", "", line) for line in PRINTED.read_text().splitlines() if not line.startswith("#")]
    assert expected[-2:] == ["Ben is the last player with heart beads and wins",
                             "Game over: Ben is the last player with heart beads and wins"]
    # a resume now shows the last answer and what it did first (audit s25), then play goes on as then
    resumed, played = result.output.split("\n  | ", 1)
    assert "  last answer: #117 Ben roll: 5 (rolled)" in resumed
    # that code said the winner twice, as the last event and under `Game over`; play now says it once
    assert event_lines(played) == expected[:-2] + expected[-1:]
