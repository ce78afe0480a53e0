"""`deckwright sim skirmish`: bots over faction pairs, the matrix, first player, when matches end."""

from __future__ import annotations

import json
from types import SimpleNamespace

from click.testing import CliRunner

from companion.cli import cli
from companion.engine.winrates import pair_results
from companion.games.skirmish.simreport import ending_line, sim_summary


def test_sim_reports_the_faction_matrix_first_player_and_ending_rounds():
    result = CliRunner().invoke(cli, ["sim", "skirmish", "--games", "12", "--bot", "greedy,random", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 12
    summary = report["summary"]
    assert summary[0].startswith("faction against faction")
    assert any(line.startswith("starting player wins") for line in summary)
    assert any("matches ending in rounds 5-10 (the design intent)" in line for line in summary)


def test_the_intended_rounds_are_the_databases(tmp_path):
    """Carried since session 24: the "rounds 5-10" intent was a Python constant; a designer who
    changes the phase in game.yaml sees the sim report on it."""
    import shutil

    from cards.paths import DEFAULT_CARDS

    cards = tmp_path / "cards"
    shutil.copytree(DEFAULT_CARDS / "skirmish", cards / "skirmish", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    game = cards / "skirmish" / "game.yaml"
    text = game.read_text()
    assert text.count("intended_end_rounds: [5, 10]") == 1
    game.write_text(text.replace("intended_end_rounds: [5, 10]", "intended_end_rounds: [3, 12]"))
    result = CliRunner().invoke(cli, ["--cards", str(cards), "sim", "skirmish", "--games", "4", "--bot", "random",
                                      "--json"])
    assert result.exit_code == 0, result.output
    assert any("matches ending in rounds 3-12 (the design intent)" in line for line in json.loads(result.output)["summary"])


def record(winner, f0, f1, end, starter=0):
    """A finished match labelled as the game's `sim_labels` labels it."""
    return SimpleNamespace(winner=winner, labels={"seat0_faction": f0, "seat1_faction": f1, "end_round": str(end),
                                                  "intended_rounds": "5-10",
                                                  **{f"seat{s}_start": "first" if s == starter else "second"
                                                     for s in range(2)}})


def test_matrix_counts_both_seatings_and_the_share_of_rounds_5_to_10():
    records = [record(0, "ivory-tower", "temple-order", 5), record(1, "temple-order", "ivory-tower", 11),
               record(1, "ivory-tower", "temple-order", 10, starter=1)]
    games, wins = pair_results(records, "faction")
    assert games["ivory-tower", "temple-order"] == 3 and wins["ivory-tower", "temple-order"] == 2
    assert ending_line(records).startswith("matches ending in rounds 5-10 (the design intent): 66.7%")
    assert sim_summary(records)[-2].startswith("starting player wins 66.7%")   # the second match: starter lost


def test_a_mirror_match_has_no_interval():
    """A faction against itself wins 50% by definition: "fairy-kingdom v fairy-kingdom 50% [36%-64%]"
    read as a measurement."""
    records = [record(i % 2, "ivory-tower", "ivory-tower", 6) for i in range(4)]
    records += [record(0, "ivory-tower", "temple-order", 6), record(0, "temple-order", "ivory-tower", 7)]
    row = next(line for line in sim_summary(records) if line.startswith("ivory-tower"))
    cells = row[14:]
    assert cells[:16].strip() == "mirror" and "[" not in cells[:16]
    assert cells[16:].strip().startswith("50% [")   # against temple-order: 1 of 2
