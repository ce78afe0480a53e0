"""`changes --since REV` and `build --reprint-since REV` for a game whose layouts are its own
(`templates/` in its card folder): the earlier database is stamped with the layouts of that
revision (sixth-game audit: "layout 'tiny-card' not found", for every data-only game)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from pypdf import PdfReader

from companion.cli import cli

TINY = Path(__file__).resolve().parents[1] / "fixtures" / "tinygame"


def _committed_copy(tmp_path: Path) -> tuple[Path, list[str]]:
    """A copy of Tiny Duel in its own git repository, committed; and the git command."""
    root = tmp_path / "cards"
    shutil.copytree(TINY, root / "tinygame")
    git = ["git", "-C", str(root / "tinygame"), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "cards"], check=True)
    return root, git


def _changed(runner, root: Path) -> list[str]:
    result = runner.invoke(cli, ["--cards", str(root), "changes", "tinygame", "--since", "HEAD", "--json"])
    assert result.exit_code == 0, result.output
    return [card["id"] for card in json.loads(result.output)["cards"]["changed"]]


def test_a_card_edit_since_a_revision_lists_that_card_and_reprints_it(runner, tmp_path):
    root, _ = _committed_copy(tmp_path)
    deck = root / "tinygame" / "deck.yaml"
    deck.write_text(deck.read_text().replace('name: Gust, suit: wind, points: 2, count: 2, text: "Score 2 points."',
                                             'name: Gust, suit: wind, points: 2, count: 2, text: "Score two points."'))
    assert _changed(runner, root) == ["wind-2"]
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--cards", str(root), "build", "tinygame", "--paper", "a4", "--only", "cards",
                                 "--out", str(out), "--reprint-since", "HEAD"])
    assert result.exit_code == 0, result.output
    pages = PdfReader(out / "tinygame" / "reprint-a4.pdf").pages
    fronts = " ".join(page.extract_text() for page in pages[1::2])
    assert fronts.count("Score two points.") == 2 and "Score 2 points." not in fronts  # its two copies


def test_a_layout_edit_of_the_games_own_since_a_revision_restamps_the_cards_it_draws(runner, tmp_path):
    root, _ = _committed_copy(tmp_path)
    layout = root / "tinygame" / "templates" / "tiny-card.yaml"
    layout.write_text(layout.read_text().replace("size: 16,", "size: 15,"))
    assert len(_changed(runner, root)) == 8  # every card of the deck: its points are drawn smaller
