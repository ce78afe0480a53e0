"""The prompts of `deckwright play` that wait for the table rather than ask for an answer: the
hand-over before a secret choice or roll, and Enter before the turns the tool plays by itself once
a screen is full, or before a prompt that would not fit on the screen below what was said.

Pacing: with `--auto-roll`, a game whose turns ask nothing (Heartstrings' rolls and moves) ran turn
after turn without a prompt: 82 lines at once at seed 7, the first turns scrolled away before
anyone read them (session 26). `Pacing` counts the lines said since the gamemaster last answered;
a new turn that would not fit on the screen with the state block waits for Enter first, and so
does a prompt whose state block, hints and menu would push the events above them off the screen.
Keys from a file or a pipe never wait: nobody is at the screen."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

HEIGHT = 30  # the screen the table reads (`deckwright play` keeps every screen within it)
# What a turn the tool plays may add before the next prompt besides the state block: its events,
# a hint and a short menu (a Heartstrings invasion with its combat: about ten lines)
ROOM_FOR_A_TURN = 12
QUIT = ("quit", "q", "exit")


class Screen(Protocol):
    """What a wait needs of the gamemaster loop (`companion.cli.gamemaster.Gamemaster`)."""

    def say(self, text: str, bold: bool = False, colour: str | None = None, hang: int = 0) -> None: ...

    def read(self, prompt: str, hidden: bool = False) -> str | None: ...

    def run_command(self, line: str) -> bool: ...

    def show_tally(self, always: bool = False) -> None: ...


@dataclass
class Pacing:
    lines: int = 0  # said since the gamemaster last answered a prompt
    turn: int | None = None  # the game's turn count then

    def said(self, lines: int) -> None:
        self.lines += lines

    def answered(self, turn: int | None) -> None:
        self.lines, self.turn = 0, turn

    def overflows(self, coming: Callable[[], int]) -> bool:
        """Would the next prompt's lines (`coming()`: the state block, hints, a menu, the prompt;
        worked out only on a terminal) push what was said since the last answer off a `HEIGHT`-line
        screen? Then Enter comes between them (session 27: a skirmish attack's events, the map, the
        sides, the hints and a 16-action menu took 31 lines)."""
        return sys.stdin.isatty() and self.lines > 0 and self.lines + coming() > HEIGHT

    def waits_before(self, turn: int | None, state_rows: Callable[[], int]) -> bool:
        """Must the turn `turn`, about to start with a roll the tool makes, wait for Enter? Yes when
        the screen since the last answer, the state block (`state_rows()` lines, worked out only at
        a new turn) and another turn would not fit `HEIGHT` lines."""
        return (turn is not None and turn != self.turn and sys.stdin.isatty()
                and self.lines + state_rows() + ROOM_FOR_A_TURN > HEIGHT)


def hand_over(screen: Screen, player: str, what: str) -> bool | None:
    """"Ann, look at the screen; everyone else look away": the secret choice or roll is made
    unseen. True: go on; None: the gamemaster quit; False: a command ran instead (`undo` a
    mistyped die before handing the screen over), so the step is asked again."""
    screen.say(f"Secret {what} for {player}: everyone but {player} look away now.", bold=True)
    if not sys.stdin.isatty():  # keys from a file or a pipe: nobody is at the screen to wait for
        return True
    while True:
        line = screen.read(f"{player}, press Enter when only you can see the screen")
        if line is None or line.strip().lower() in QUIT:
            return None
        if not line.strip():
            return True
        if screen.run_command(line.strip()):
            return False
        screen.say(f"  ! not yet: press Enter first, then {player} answers unseen")


def wait_for_enter(screen: Screen, label: str) -> bool:
    """Before a turn the tool plays on a full screen (`Pacing.waits_before`): the state block, then
    Enter. False: the gamemaster quit."""
    screen.show_tally()
    return wait_for_next_screen(screen, label, "with --auto-roll the tool rolls")


def wait_for_next_screen(screen: Screen, label: str, coming: str) -> bool:
    """Enter before the next screen (`Pacing.overflows`); anything else typed but a command is
    refused, saying what is `coming`. False: the gamemaster quit."""
    line = screen.read(f"{label}: press Enter to go on")
    if line is None or line.strip().lower() in QUIT:
        return False
    if line.strip() and not screen.run_command(line.strip()):
        screen.say(f"  ! press Enter to go on: {coming}")
    return True
