"""Fixtures for Half the Battle tests."""

from __future__ import annotations

import pytest

from companion.engine.registry import make_engine


@pytest.fixture(scope="session")
def engine():
    return make_engine("half-the-battle")
