"""Fixtures for Heartstrings tests."""

from __future__ import annotations

import pytest

from companion.engine.registry import make_engine


@pytest.fixture(scope="session")
def engine():
    return make_engine("heartstrings")


@pytest.fixture(scope="session")
def rules(engine):
    return engine.rules
