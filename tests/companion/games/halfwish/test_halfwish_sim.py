"""`deckwright sim halfwish`: seeded bot games, class figures, first-player advantage, how games end."""

from __future__ import annotations

import json
import random

from halfwish_table import engine

from companion.cli import cli
from companion.games.halfwish import class_matrix, sim_setup, sim_summary
from companion.sim import GameRecord


def test_sim_setup_deals_real_cards_with_random_classes_and_three_powers():
    options = sim_setup(engine(), 2, random.Random(5))
    assert options["hidden_hands"] is False
    assert all(c in engine().catalog.classes() for c in options["classes"])
    assert [len(p) for p in options["powers"]] == [engine().rules.powers_chosen] * 2


def test_sim_report_has_classes_first_player_and_endings(runner):
    result = runner.invoke(cli, ["sim", "halfwish", "--games", "30", "--seed", "7", "--bot", "heuristic,random",
                                 "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 30
    assert set(report["terminations"]) <= {"knockout", "points"}
    assert report["length"]["max"] <= engine().rules.rounds * engine().rules.turns_per_round
    assert set(report["seat_labels"]["start"]) == {"first", "second"}
    assert set(report["seat_labels"]["class"]) <= set(engine().catalog.classes())
    for pairing, row in report["seat_labels"]["matchup"].items():
        mine, theirs = pairing.split(" v ")
        mirrored = report["seat_labels"]["matchup"][f"{theirs} v {mine}"]
        assert row["games"] == mirrored["games"], "each game counts once for each class of the pairing"


def test_the_same_seed_gives_the_same_report(runner):
    args = ["sim", "halfwish", "--games", "12", "--seed", "3", "--json"]
    assert runner.invoke(cli, args).output == runner.invoke(cli, args + ["--jobs", "2"]).output


def test_class_matrix_counts_both_seatings():
    records = [GameRecord(0, 0, "points", 15, labels={"seat0_class": "titan", "seat1_class": "rogue"}),
               GameRecord(1, 0, "knockout", 9, labels={"seat0_class": "rogue", "seat1_class": "titan"})]
    matrix = class_matrix(records)
    assert matrix["titan"]["rogue"] == {"games": 2, "win_rate": 0.5}
    assert matrix["rogue"]["titan"] == {"games": 2, "win_rate": 0.5}
    assert sim_summary(records)[1].split() == ["rogue", "titan"]
