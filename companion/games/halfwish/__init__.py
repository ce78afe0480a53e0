"""Halfwish: the duel resolver (`duel`), exact odds (`odds`) and the rules engine."""

from __future__ import annotations
