"""Errors of the companion. Only the CLI turns them into click errors."""

from __future__ import annotations


class CompanionError(Exception):
    """Base class of every error the companion raises for a user to fix."""


class IllegalAction(CompanionError, ValueError):
    """An answer that the engine's current request does not allow."""


class DiceError(CompanionError, ValueError):
    """A dice expression that cannot be parsed, or a result the dice cannot show."""


class SessionError(CompanionError):
    """A session file or session that cannot be used as asked."""


class UnknownEngine(CompanionError):
    """No rules engine is registered for a game id."""


class EngineBroken(CompanionError):
    """A game's engine whose own code fails before any game: as Python imports it (a SyntaxError,
    a NameError at module level) or in its constructor. Said at the engine's file:line, the error
    in words (audit s26: a traceback in lint, sim, play and balance)."""

    def __init__(self, file: str, line: int, message: str):
        super().__init__(f"{file}:{line}: {message}")
        self.file, self.line, self.message = file, line, message


class GameDidNotEnd(RuntimeError):
    """A game that loops (automatic steps that never settle) or runs past its step bound: a fault
    of the rules or the engine, which `sim` and `lint` report as such. Not a CompanionError: no
    user input causes it; and any other RuntimeError is a bug of ours, raised as it is (code
    audit: `sim` reported any RuntimeError, a step out of order too, as a game that did not end)."""


class SimulationError(CompanionError):
    """A simulation that cannot run as asked (unknown bot, wrong player count, a game that never ends)."""


class RulesValueError(CompanionError):
    """A rules parameter whose value the game's engine cannot use (declare its type under `rule_types:`)."""


class SetupError(IllegalAction):
    """A new game asked with the wrong players or setup options (a usage error: exit 2)."""
