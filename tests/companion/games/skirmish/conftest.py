"""Fixtures for the skirmish tests: the engine, and battles built tile by tile."""

from __future__ import annotations

import pytest

from companion.engine.registry import make_engine


@pytest.fixture(scope="session")
def engine():
    return make_engine("skirmish")
