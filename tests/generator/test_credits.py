"""Issue 16, part 3: "Credit the original designers by name where the source names them." Every
shipped game whose database names its designer prints the credit on the rulebook's title page
and carries it as the PDF's author; read back from the real rulebooks on A4 and Letter."""

from __future__ import annotations

import pytest
from pypdf import PdfReader
from shipped import GAMES, PAPERS

from cards import load_game

KITS = [(game, paper) for game in GAMES for paper in PAPERS]


@pytest.mark.parametrize(("game", "paper"), KITS, ids=[f"{g}-{p}" for g, p in KITS])
def test_the_rulebook_credits_the_designer_named_in_the_database(shipped_kits, game, paper):
    db = load_game(game)
    path = next(p for p in shipped_kits[game, paper] if p.name == f"rulebook-{paper}.pdf")
    reader = PdfReader(path)
    title_page = " ".join((reader.pages[0].extract_text() or "").split())
    if db.meta.designer:
        assert f"credits: {db.meta.designer}" in title_page
        assert reader.metadata.author == db.meta.designer
    else:
        assert "credits:" not in title_page

