"""Errors of the balance lab, under the companion's one base class."""

from __future__ import annotations

from ..errors import CompanionError


class BalanceError(CompanionError):
    """A tournament, sweep or comparison that cannot run as asked."""
