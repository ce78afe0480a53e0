"""Progress on a terminal is one line redrawn in place and erased at the end: no stale lines,
no wrapped line left behind. Piped, it is whole lines (build) or nothing (sim, balance), so a
program can read the report.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import cli
from companion.cli.progress import progress

DECKWRIGHT = Path(sys.executable).parent / "deckwright"


class Screen:
    """A tiny terminal: carriage return, newline, clear to end of line, wrapping at `width`."""

    def __init__(self, width: int):
        self.width, self.rows, self.row, self.col, self.wrapped = width, [""], 0, 0, 0

    def feed(self, text: str) -> None:
        i = 0
        while i < len(text):
            if text.startswith("\033[K", i):
                self.rows[self.row] = self.rows[self.row][:self.col]
                i += 3
                continue
            if text.startswith("\033[", i):  # other escapes (cursor shown/hidden, colours) draw nothing
                end = i + 2
                while end < len(text) and not text[end].isalpha():
                    end += 1
                i = end + 1
                continue
            char = text[i]
            if char == "\r":
                self.col = 0
            elif char == "\n":
                self._next_row()
            else:
                if self.col >= self.width:
                    self.wrapped += 1
                    self._next_row()
                line = self.rows[self.row].ljust(self.col)
                self.rows[self.row] = line[:self.col] + char + line[self.col + 1:]
                self.col += 1
            i += 1

    def _next_row(self) -> None:
        self.row, self.col = self.row + 1, 0
        if self.row == len(self.rows):
            self.rows.append("")

    def text(self) -> str:
        return "\n".join(row.rstrip() for row in self.rows).strip("\n")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_live_line_is_cut_to_the_width_and_erased(monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr("companion.cli.progress.REDRAW_EVERY_S", 0.0)
    stream = FakeTerminal()
    labels = ["halfwish: cards-a4.pdf, a long name that would wrap", "x", "heartstrings: board", "y"]
    with progress(len(labels), "building", stream) as shown:
        for label in labels:
            shown.update(shown.done, label)
            shown.advance(item=label)
    screen = Screen(30)
    screen.feed(stream.getvalue())
    assert screen.wrapped == 0, "a drawn line longer than the terminal wraps and cannot be redrawn"
    assert screen.text() == "", f"left on screen: {screen.text()!r}"
    assert "building [" in stream.getvalue() and "\033[K" in stream.getvalue()


def test_piped_progress_is_whole_lines(monkeypatch):
    stream = io.StringIO()
    with progress(2, "building", stream, lines=True) as shown:
        shown.advance(item="a4 cards")
        shown.advance(item="rulebook")
    assert stream.getvalue() == "building [1/2] a4 cards\nbuilding [2/2] rulebook\n"


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_sim_on_a_terminal_leaves_no_progress_line(tmp_path):
    import fcntl
    import pty
    import struct
    import termios

    primary, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | {"COLUMNS": "40"}
    proc = subprocess.Popen([str(DECKWRIGHT), "sim", "heartstrings", "--games", "400", "--seed", "1"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=secondary, env=env)
    os.close(secondary)
    drawn = []
    while True:
        try:
            chunk = os.read(primary, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        drawn.append(chunk.decode(errors="replace"))
    report = proc.communicate(timeout=300)[0].decode()
    os.close(primary)
    assert proc.returncode == 0
    raw = "".join(drawn)
    assert "playing" in raw, "the progress line was drawn on the terminal"
    screen = Screen(40)
    screen.feed(raw)
    assert screen.wrapped == 0 and screen.text() == "", f"left on the terminal: {screen.text()!r}"
    assert "heartstrings" in report and "playing" not in report


def test_piped_sim_prints_no_progress_so_json_stays_readable(runner):
    result = runner.invoke(cli, ["sim", "heartstrings", "--games", "20", "--seed", "1", "--json"])
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(result.stdout)["games"] == 20
