"""Issue 16, part 2: "Heartstrings' damage table (rulebook and turn-summary back) says it shows every
case but stops at a difference of 5, while room buffs allow 7 and 8 (`deckwright heartstrings combat
--room 9 --attacker 6 --defender 1` deals 4). Generate the table from the engine's own damage
function over every difference that can occur."
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from cards import load_game
from companion.cli import cli
from companion.games.heartstrings import damage_rows
from companion.games.heartstrings.combat import exchange


def _table(text: str) -> dict[int, int]:
    """The damage table as printed: 'Difference ... 1 2 3 ...' then 'Damage ... 1 1 2 ...'."""
    flat = " ".join(text.split())
    differences = re.search(r"Difference(?: between the rolls)? ((?:\d+ )+)", flat)
    damages = re.search(r"Damage(?: to the loser)? ((?:\d+ ?)+)", flat)
    assert differences and damages, flat[:400]
    return dict(zip((int(v) for v in differences.group(1).split()), (int(v) for v in damages.group(1).split())))


def test_the_engine_deals_4_for_a_difference_of_8(runner):
    result = runner.invoke(cli, ["heartstrings", "combat", "--room", "9", "--attacker", "6", "--defender", "1"])
    assert result.exit_code == 0 and "4 damage" in result.output
    result = exchange(9, 6, 1, load_game("heartstrings").rules)
    assert (result.loser, result.damage) == ("defender", 4)


def test_every_difference_play_can_reach_is_in_the_table():
    rows = {row["difference"]: row["damage"] for row in damage_rows(load_game("heartstrings").rules)}
    assert sorted(rows) == list(range(1, 9))  # 6 + attacker buff 3 - 1 = 8
    assert rows[7] == rows[8] == 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("pdf", ["rulebook", "reference"])
def test_printed_damage_tables_run_to_8(shipped_kits, pdf, paper):
    path = next(p for p in shipped_kits["heartstrings", paper] if p.name == f"{pdf}-{paper}.pdf")
    text = " ".join(page.extract_text() for page in PdfReader(path).pages)
    start = text.index("Difference")
    assert _table(text[start:start + 400]) == {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4}


def test_a_bigger_attacker_buff_widens_the_table(cards_copy: Path):
    game = cards_copy / "heartstrings" / "game.yaml"
    game.write_text(game.read_text().replace("attacker_buffs: {3: 1, 6: 2, 9: 3}", "attacker_buffs: {3: 1, 6: 2, 9: 5}"))
    rows = damage_rows(load_game("heartstrings", cards_copy).rules)
    assert rows[-1] == {"difference": 10, "damage": 5}
