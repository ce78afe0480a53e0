"""`deckwright balance` on every shipped game through the CLI: a few games with the search bot at
a tiny budget against the game's own bot, the JSON's keys and the PDF's pages (issue 18: the
report works for all games, Half the Battle's teams and the skirmish's factions included)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.cli import cli

HEURISTIC = {"heartstrings": "greedy", "halfwish": "heuristic", "which-witch": "heuristic",
             "half-the-battle": "greedy", "skirmish": "greedy"}
SIDES = {"heartstrings": None, "halfwish": "class", "which-witch": "witch", "half-the-battle": "team",
         "skirmish": "faction"}
KEYS = {"game", "version", "seed", "games", "players", "bots", "budget", "fair", "seats", "by_bot", "factions",
        "matchups", "bot_matchups", "first_player", "draws", "length", "terminations", "lead", "cards",
        "card_caveat", "headlines", "imbalances", "name"}


@pytest.mark.parametrize("game", sorted(HEURISTIC))
def test_balance_runs_every_game_with_the_search_bot(game, runner, tmp_path):
    own = HEURISTIC[game]
    result = runner.invoke(cli, ["balance", game, "-n", "4", "--seed", "3", "--bot", f"search+{own},{own}",
                                 "--budget", "1", "--json", "--out", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert KEYS <= set(data)
    assert data["games"] == 4 and data["bots"] == [f"search+{own}", own] and data["budget"] == 1
    assert sum(row["games"] for row in data["by_bot"].values()) == 8          # two seats, four games
    assert [row["games"] for row in data["seats"]] == [4, 4]
    side = SIDES[game]
    if side is not None:
        assert side in data["factions"] and side in data["matchups"]
        assert any(what.startswith(f"{side} ") for what in data["headlines"])
    path = tmp_path / game / f"balance-{data['version']}.pdf"
    pages = PdfReader(path).pages
    assert len(pages) >= 3
    text = "\n".join(page.extract_text() for page in pages)
    assert "The three largest imbalances found" in text and "Win rate by seat" in text
    assert "Win rate by bot" in text
    lead = data["lead"]    # every game says who is ahead (`leader` hook): lead changes and decisiveness
    assert lead is not None and lead["mean_changes"] >= 0 and 0 <= lead["games_with_a_change"] <= 1
    assert "Lead changes and decisiveness" in text and "not measurable" not in text
    assert ("Caveat" in text) == bool(data["cards"])   # the selection-bias caveat prints with the card table
    if side is not None:
        assert f"Win rate by {side}" in text and f"Matchups by {side} (row beats column)" in text
    assert all((round(float(p.mediabox.width)), round(float(p.mediabox.height))) == (595, 842) for p in pages)


def test_imbalance_names_keep_their_capitals(runner, tmp_path):
    """Half the Battle's teams are A and B: the first page names "Team A against B", not "Team a against b"."""
    result = runner.invoke(cli, ["balance", "half-the-battle", "-n", "40", "--json", "--out", str(tmp_path)],
                           catch_exceptions=False)
    data = json.loads(result.stdout)
    text = "\n".join(p.extract_text() for p in PdfReader(Path(tmp_path, "half-the-battle",
                                                             f"balance-{data['version']}.pdf")).pages)
    assert any(item["what"] == "team A against B" for item in data["imbalances"])
    assert "Team A against B" in text and "Team a against b" not in text
