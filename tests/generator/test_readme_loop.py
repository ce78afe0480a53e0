"""Issue 13, "Done when": "the README shows the edit-and-reprint loop in five lines". The five
lines are read from the README and run as written (the editor replaced by an edit)."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from companion.cli import cli

README = Path(__file__).resolve().parents[2] / "README.md"


def _loop_lines() -> list[str]:
    text = README.read_text(encoding="utf-8")
    block = text.split("### Edit, then reprint only what changed", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("  #", 1)[0].strip() for line in block.splitlines() if line.strip()]


def test_the_readme_loop_is_five_lines_that_run_as_written(runner: Any, cards_copy: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _loop_lines()
    assert len(lines) == 5
    monkeypatch.chdir(tmp_path)
    outputs = []
    for line in lines:
        words = shlex.split(line)
        if words[0] == "deckwright":
            result = runner.invoke(cli, ["--cards", str(cards_copy), *words[1:]])
            assert result.exit_code == 0, (line, result.output)
            outputs.append(result.output)
        elif words[0] == "cp":
            shutil.copy(words[1], words[2])
        else:  # `$EDITOR cards/halfwish/actions.yaml`: the designer changes a card
            assert words[0] == "$EDITOR" and words[1] == "cards/halfwish/actions.yaml"
            actions = cards_copy / "halfwish" / "actions.yaml"
            actions.write_text(actions.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
    assert "card strike" in outputs[1] and "Strike for DV plus one." in outputs[1]
    reprint = PdfReader(tmp_path / "output" / "halfwish" / "reprint-a4.pdf")
    assert "strike" in (reprint.pages[0].extract_text() or "").lower()
