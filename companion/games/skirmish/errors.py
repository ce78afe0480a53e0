"""Errors of the skirmish calculators, under the companion's base so the CLI exits 1."""

from __future__ import annotations

from ...errors import CompanionError


class SkirmishError(CompanionError):
    """A skirmish question that cannot be answered as asked (an attack out of reach, an unknown class)."""
