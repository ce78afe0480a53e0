"""README "Add your own game", run as written, and a piped build that reports as it goes."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DECKWRIGHT = Path(sys.executable).parent / "deckwright"


def _readme_steps() -> list[str]:
    """The shell lines of the README's "Add your own game" block."""
    text = (REPO / "README.md").read_text()
    section = text.split("## Add your own game", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block, "the README section has a sh block"
    return [line.split("#", 1)[0].strip() for line in block.group(1).splitlines() if line.strip()]


def test_readme_add_your_own_game_works_verbatim(tmp_path):
    """`cp -r tests/fixtures/tinygame ~/games/mygame`, then lint and build `mygame` by its folder."""
    steps = _readme_steps()
    assert steps[0] == "mkdir -p ~/games && cp -r tests/fixtures/tinygame ~/games/mygame"
    games = tmp_path / "games"
    games.mkdir()
    shutil.copytree(REPO / "tests/fixtures/tinygame", games / "mygame")
    assert steps[1].startswith("export DECKWRIGHT_CARDS=~/games")
    env = {"PATH": f"{DECKWRIGHT.parent}:/usr/bin:/bin", "HOME": str(tmp_path), "NO_COLOR": "1",
           "DECKWRIGHT_CARDS": str(games)}
    for step in steps[2:]:
        assert step.startswith("deckwright ")
        result = subprocess.run(step, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True,
                                timeout=300, check=False)
        assert result.returncode == 0, f"{step}\n{result.stdout}{result.stderr}"
        if " lint " in f" {step} ":
            assert "folder 'mygame' holds game id 'tinygame'" in result.stdout
    assert sorted(p.name for p in (tmp_path / "output" / "mygame").glob("*-a4.pdf"))


def test_piped_build_reports_each_step_as_it_starts(tmp_path):
    result = subprocess.run([str(DECKWRIGHT), "build", "heartstrings", "--only", "sheets", "--paper", "a4",
                             "--out", str(tmp_path)], capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    progress = [line for line in result.stderr.splitlines() if line.startswith("[")]
    assert progress[0].startswith("[1/") and progress[-1].split("]")[0] == f"[{len(progress)}/{len(progress)}"
