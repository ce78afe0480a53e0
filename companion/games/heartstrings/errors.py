"""Errors of the Heartstrings engine, under the companion's base error."""

from __future__ import annotations

from ...errors import CompanionError


class SetupError(CompanionError, ValueError):
    """A game cannot be set up as asked (e.g. a player count the rules do not allow)."""
