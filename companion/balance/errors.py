"""Errors of the balance lab, under the companion's one base class."""

from __future__ import annotations

from ..errors import CompanionError


class BalanceError(CompanionError):
    """A tournament, sweep or comparison that cannot run as asked."""


class BadReference(BalanceError):
    """A `--compare` reference that cannot be compared with: no git revision of the card folder,
    no readable balance report of this game, or a report played by other bots or seats."""
