"""Issue 13, part 4: "short-edge and long-edge flip both supported". The print-instructions page
says the edge the user's printer flips on (`print.flip` in the user config that `calibrate`
writes), not always the long edge; a cached kit follows a changed setting too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pypdf import PdfReader

from companion.cli import cli

GAME = "heartstrings"


def _instructions(runner: Any, out: Path) -> str:
    result = runner.invoke(cli, ["build", GAME, "--paper", "a4", "--only", "rulebook", "--out", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out / GAME / "rulebook-a4.pdf")
    return " ".join(" ".join((reader.pages[i].extract_text() or "").split()) for i in range(1, 4))


def _set_flip(runner: Any, flip: str) -> None:
    result = runner.invoke(cli, ["calibrate", "--set", "0", "0", "--flip", flip])
    assert result.exit_code == 0, result.output


def test_instructions_say_short_edge_when_the_user_printer_flips_on_the_short_edge(runner: Any, tmp_path: Path) -> None:
    _set_flip(runner, "short")
    text = _instructions(runner, tmp_path)
    assert "short edge" in text and "2-sided, short edge" in text
    assert "long edge" not in text


def test_a_cached_kit_follows_a_changed_flip_setting(runner: Any, tmp_path: Path) -> None:
    assert "long edge" in _instructions(runner, tmp_path)  # the default, now in the cache
    _set_flip(runner, "short")
    text = _instructions(runner, tmp_path)
    assert "short edge" in text and "long edge" not in text
