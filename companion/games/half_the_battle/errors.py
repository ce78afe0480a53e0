"""Errors of the Half the Battle engine and its calculators (exit 1 at the command line)."""

from __future__ import annotations

from ...errors import CompanionError


class HalfTheBattleError(CompanionError):
    """A Half the Battle problem the user must fix (a bad die, an unknown item, a bad state file)."""


class CatalogError(HalfTheBattleError):
    """A character card whose data the engine cannot use (a bad HP requirement, an unknown effect)."""
