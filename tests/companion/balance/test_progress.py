"""`deckwright balance` shows a progress bar with an ETA on a terminal, and its length grows when
`--precision` plans more games (issue 18: "--precision ... with a progress bar and an ETA")."""

from __future__ import annotations

import io
import re
import sys
from types import SimpleNamespace

import pytest

import companion.cli.progress
from companion.cli.balance import _progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_shows_games_played_the_plan_and_an_eta(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.delenv("NO_COLOR", raising=False)
    clock = iter(range(0, 10_000, 3))    # three seconds pass between two looks at the clock: a game is slow
    monkeypatch.setattr(companion.cli.progress, "time", SimpleNamespace(monotonic=lambda: float(next(clock))))
    with _progress(10) as progress:
        progress.advance(5)
        progress.replan(40)          # --precision asks for more games: the bar's length follows
        progress.advance(5)
    shown = screen.getvalue()
    assert "playing" in shown and "5/10" in shown and "10/40" in shown
    assert re.search(r"10/40 ~\d+:\d\d left", shown)    # the ETA follows the new plan


def test_no_bar_when_stderr_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stderr", screen)
    with _progress(10) as progress:
        progress.advance(10)
    assert screen.getvalue() == ""
