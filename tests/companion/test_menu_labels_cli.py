"""Whole games of every game through `deckwright play`: no menu entry is cut short, and none shows
an engine's id in brackets (audit s27: `11) Burning Treatise (2 AP, Magister O…` lost the character,
`move a token from room 3 (attacke…` the room's bonus, `Warlock d6  [selected]` and `Bard d6 (6 HP,
lane 9)  [1-d6]` showed the engine's ids)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import cli

HTB_KEYS = Path(__file__).parent / "games" / "half_the_battle" / "data" / "table-game-keys.txt"
ENTRY = re.compile(r"(?:^|   )(\d+\) .*?)(?=   \d+\) |$)")  # a menu entry, in a column or alone


def menu_entries(output: str) -> list[str]:
    """Every menu entry printed: the lines that open with `  N) `, split into their columns."""
    return [entry.strip() for line in output.splitlines() if re.match(r"  \d+\) ", line)
            for entry in ENTRY.findall(line[2:])]


PLAYERS = ["--players", "Ann,Ben"]


@pytest.mark.parametrize("args, keys", [
    (["skirmish", *PLAYERS, "--seed", "21", "--auto-roll"], []),  # sk1: `10) Ward of Pages (2 AP, Magister Orri…`
    (["skirmish", *PLAYERS, "--seed", "7", "--auto-roll"], ["3", "3"]),  # temple-order against temple-order
    (["heartstrings", *PLAYERS, "--seed", "1", "--auto-roll"], []),  # `2) move a token from room 3 (attacke…`
    (["halfwish", *PLAYERS, "--seed", "7", "--auto-roll"], []),
    (["which-witch", *PLAYERS, "--seed", "7", "--auto-roll"], []),
    (["half-the-battle", *PLAYERS, "--seed", "5"], HTB_KEYS.read_text().splitlines()),  # the table game, rolls typed
], ids=["skirmish-21", "skirmish-7-temple", "heartstrings-1", "halfwish-7", "which-witch-7", "half-the-battle"])
def test_no_menu_label_is_cut_short(tmp_path, args, keys):
    result = CliRunner().invoke(cli, ["play", *args, "--db", str(tmp_path / "s.db")],
                                input="\n".join([*keys, *["1"] * 3000]) + "\n", env={"NO_COLOR": "1"})
    assert "Game over: " in result.output, result.output[-2000:]
    entries = menu_entries(result.output)
    assert len(entries) > 100
    assert [entry for entry in entries if "…" in entry] == []
    assert [entry for entry in entries if re.search(r"\[[^\]]*[\d:][^\]]*\]", entry)] == []
