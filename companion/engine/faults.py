"""A bug of a game's rules engine said in one line: the exception in words and the engine's own
file:line (the innermost frame of its package), never a traceback. The engine may be a designer's
own, kept outside the repository, so `lint`, `sim` and `play` point into it (audit s26: `lint`
blamed game.yaml, `sim` and `play` printed 58 lines of traceback without the game's seed)."""

from __future__ import annotations

import shlex
import traceback
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import CompanionError
from ..gameids import engine_modules
from .options import show_value


@dataclass(frozen=True)
class EngineFault:
    """Where a game's engine failed (`file:line`), and how (`IndexError: list index out of range`)."""

    words: str
    file: str
    line: int

    @property
    def where(self) -> str:
        """`engine.py:66`, the file as a designer would open it."""
        return f"{self.file}:{self.line}"

    def source_line(self) -> str:
        """The engine's line that failed, for an excerpt under the message ('' if unreadable)."""
        return source_line(self.file, self.line)


def source_line(file: str, line: int) -> str:
    """Line `line` of `file`, for an excerpt under a message ('' if unreadable)."""
    try:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    return lines[line - 1] if 0 < line <= len(lines) else ""


def engine_fault(game_id: str, exc: BaseException) -> EngineFault | None:
    """`exc` as a fault of the game's engine, at the innermost frame of the engine's package. None
    for an error with its own words for the user (a CompanionError), and for one no frame of the
    engine's package saw: a bug of deckwright, raised as it is."""
    package = engine_modules().get(game_id)
    if package is None or isinstance(exc, CompanionError) or not isinstance(exc, Exception):
        return None
    found = None
    for frame, line in traceback.walk_tb(exc.__traceback__):
        name = str(frame.f_globals.get("__name__", ""))
        if name == package or name.startswith(f"{package}."):
            found = (frame.f_code.co_filename, line)
    if found is None:
        return None
    return EngineFault(exception_words(exc), _shown_path(found[0]), found[1])


def import_fault(game_id: str, exc: Exception) -> EngineFault | None:
    """`exc`, raised while Python imported the game's engine, at the engine's line: a SyntaxError
    where the compiler found it (no frame of the engine ran), anything else as `engine_fault`."""
    if isinstance(exc, SyntaxError) and exc.filename and exc.lineno:
        return EngineFault(f"SyntaxError: {exc.msg}", _shown_path(exc.filename), exc.lineno)
    return engine_fault(game_id, exc)


def exception_words(exc: BaseException) -> str:
    """`IndexError: list index out of range` (the name alone when the exception says nothing)."""
    said = str(exc)
    return f"{type(exc).__name__}: {said}" if said else type(exc).__name__


def _shown_path(filename: str) -> str:
    """The file relative to the working folder when it lies inside it, else as it is."""
    path = Path(filename)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (OSError, ValueError):
        return filename


COMMAND_LEAD = "    "  # a command on a line of its own: `screen` never wraps it, so it is copied whole


def then_run(text: str, *commands: str) -> str:
    """`text`, then each command on a line of its own, indented (audit s26: a path and a command
    on one line ran past 80 columns, and wrapping split the command)."""
    return "\n".join([f"{text}:", *(f"{COMMAND_LEAD}{command}" for command in commands)])


def replay_command(game: str, seed: int | str, players: int, games: int, bots: Iterable[str] = (),
                   options: Iterable[tuple[str, Any]] = (), cards_dir: str | None = None) -> str:
    """The `deckwright sim` command that plays the same games again, up to the failing one."""
    parts = ["deckwright"]
    if cards_dir:
        parts += ["--cards", str(cards_dir)]
    parts += ["sim", game, "--seed", str(seed), "--players", str(players), "--games", str(games)]
    bots = list(bots)
    if bots and bots != ["random"]:
        parts += ["--bot", ",".join(bots)]
    parts += [item for key, value in options for item in ("-o", f"{key}={show_value(value)}")]
    return " ".join(shlex.quote(part) for part in parts)
