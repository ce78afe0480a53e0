"""Errors of the Which Witch Is Best!? engine, under the companion's base classes."""

from __future__ import annotations

from ...errors import IllegalAction


class IllegalAttack(IllegalAction):
    """An attack the rules forbid: a spell of the target's element, too many spells, no target."""


class UnknownWitch(IllegalAction):
    """A witch or element name that the database does not know."""
