"""Fixtures shared by the generator tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from shipped import build_shipped


@pytest.fixture(scope="session")
def shipped_kits(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], list[Path]]:
    """Every shipped game's kit on A4 and Letter, built once: {(game, paper): [pdf, ...]}."""
    return build_shipped(tmp_path_factory.mktemp("shipped"))


def build_with_cli(out: Path, game: str) -> Path:
    """`deckwright build GAME --out OUT` (both papers) through the real CLI; the game's folder."""
    from click.testing import CliRunner

    from companion.cli import cli

    result = CliRunner().invoke(cli, ["build", game, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / game
