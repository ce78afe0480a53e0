"""The balance report's figures, computed from hand-made records, and its statistics."""

from __future__ import annotations

import pytest

from companion.balance.compare import compare
from companion.balance.report import build_report, by_value, card_stats, first_player, matchups
from companion.balance.stats import (
    against_fair,
    corrected,
    false_discoveries,
    games_for,
    two_proportions,
)
from companion.balance.tournament import Record, TournamentConfig

CONFIG = TournamentConfig("duel", 0, 1, 2, ("heuristic",))


def record(index: int, winner: int | None, a: str, b: str, starter: int = 0, plays=(), end: str = "knockout",
           length: int = 10) -> Record:
    labels = {"seat0_class": a, "seat1_class": b, f"seat{starter}_start": "first",
              f"seat{1 - starter}_start": "second", "seat0_bot": "heuristic", "seat1_bot": "heuristic"}
    return Record(index, winner, end, length, True, labels, tuple(plays))


def test_matchups_read_row_beats_column():
    records = [record(0, 0, "titan", "assassin"), record(1, 1, "assassin", "titan"),
               record(2, 0, "assassin", "titan"), record(3, 0, "titan", "titan")]
    table = matchups(records, "class")
    assert table["values"] == ["assassin", "titan"]
    titan_v_assassin = table["cells"][1][0]
    assert (titan_v_assassin["wins"], titan_v_assassin["games"]) == (2, 3)
    assert table["cells"][0][0] is None and table["cells"][1][1] is None   # mirrors are not matchups


def test_a_side_is_credited_to_the_seat_carrying_it():
    records = [record(0, 0, "titan", "assassin"), record(1, 1, "assassin", "titan"), record(2, None, "titan", "rogue")]
    rows = by_value(records, "class")
    assert (rows["titan"]["wins"], rows["titan"]["games"]) == (2, 3)
    assert (rows["assassin"]["wins"], rows["assassin"]["games"]) == (0, 2)


def test_first_player_is_the_seat_labelled_first():
    records = [record(0, 1, "a", "b", starter=1), record(1, 0, "a", "b", starter=1), record(2, 0, "a", "b")]
    row = first_player(records)
    assert (row["wins"], row["games"]) == (2, 3)


def test_card_figures_count_each_seat_that_chose_the_card():
    records = [record(0, 0, "a", "b", plays=[(0, "strike"), (1, "strike"), (1, "evade")]),
               record(1, 1, "a", "b", plays=[(1, "strike")])]
    cards = {c["card"]: c for c in card_stats(records)}
    assert (cards["strike"]["wins"], cards["strike"]["games"]) == (2, 3)
    assert (cards["evade"]["wins"], cards["evade"]["games"]) == (0, 1)


def test_report_counts_every_game_once_and_names_the_largest_imbalance():
    records = [record(i, 0 if i % 10 < 8 else 1, "titan", "assassin") for i in range(50)]
    records += [record(50 + i, (i // 2) % 2, "rogue", "knight", starter=i % 2) for i in range(50)]
    report = build_report(CONFIG, "v1", records)
    assert sum(row["wins"] for row in report["seats"]) + report["draws"]["wins"] == 100
    assert sum(b["games"] for b in report["length"]["histogram"]) == 100
    top = {item["what"]: item for item in report["imbalances"]}
    assert set(top) == {"class assassin", "class assassin against titan", "class titan"}
    assert all(item["significant"] and item["p_value"] < 0.001 for item in top.values())
    assert top["class assassin"]["win_rate"] == 0.2 and top["class assassin"]["fair"] == 0.5
    assert "selection bias" in report["card_caveat"]


def test_report_without_leader_hook_has_no_lead_figures():
    assert build_report(CONFIG, "v1", [record(0, 0, "a", "b")])["lead"] is None


def test_exact_binomial_test_matches_the_textbook_value():
    # binom.test(5, 20, 0.5) in R: p-value = 0.04139
    assert against_fair(5, 20, 0.5) == pytest.approx(0.04139, abs=1e-5)
    assert against_fair(10, 20, 0.5) == pytest.approx(1.0)


def test_two_proportion_test_of_a_real_change():
    # 300/1000 against 360/1000: pooled p = 0.33, z = 0.06 / sqrt(0.33 * 0.67 * 0.002) = 2.854
    test = two_proportions(300, 1000, 360, 1000)
    assert test["z"] == pytest.approx(2.854, abs=1e-3)
    assert test["p_value"] == pytest.approx(0.00432, abs=1e-4)
    assert two_proportions(50, 100, 52, 100)["p_value"] > 0.5


def test_games_needed_for_a_precision():
    # n = 1.96^2 * 0.25 / 0.02^2 = 2401 games for a fair coin within +/- 2 points
    assert games_for(0.5, 0.02) == 2401
    assert games_for(0.5, 0.02, share=2 / 7) == 8404


def titan_over_assassin(i: int) -> Record:
    """Game i of 60: titan and assassin swap seats every game; titan wins all but two in eight."""
    titan_seat = i % 2
    winner = 1 - titan_seat if i % 8 in (3, 6) else titan_seat
    return record(i, winner, *(("titan", "assassin") if titan_seat == 0 else ("assassin", "titan")),
                  starter=(i // 2) % 2)


def test_a_handful_of_games_is_not_called_significant_among_many_figures():
    """A report tests every seat, side and matchup at once: a 0-of-6 matchup (p = 0.031 alone) is
    chance among them, and the well-measured imbalance (titan over assassin, 45 of 60) leads."""
    records = [titan_over_assassin(i) for i in range(60)]
    records += [record(60 + i, i % 2, *(("knight", "rogue") if i % 2 == 0 else ("rogue", "knight")))
                for i in range(6)]
    records += [record(66 + i, i % 2 if i % 4 < 2 else 1 - i % 2, *((a, b) if i % 2 == 0 else (b, a)))
                for a, b in (("mirror", "ranger"), ("vanguard", "witch")) for i in range(8)]
    report = build_report(CONFIG, "v1", records)
    found = {item["what"]: item for item in report["imbalances"]}
    assert set(found) == {"class assassin", "class titan", "class assassin against titan"}
    assert all(item["significant"] for item in found.values())
    small = [item for item in report["tested"] if item["games"] == 6]
    assert len(small) == 3 and all(item["p_value"] < 0.05 and not item["significant"] for item in small)
    assert all(item["tested"] == len(report["tested"]) for item in report["tested"])


def test_a_two_player_report_names_one_seat_of_the_two():
    """Seat 2's gap is seat 1's mirrored: the imbalances list one of them, not both."""
    records = [record(i, 0 if i % 10 < 7 else 1, "rogue", "rogue") for i in range(100)]
    whats = [item["what"] for item in build_report(CONFIG, "v1", records)["imbalances"]]
    assert "seat 1" in whats and "seat 2" not in whats


def test_false_discovery_rate_of_many_tests_read_at_once():
    # Benjamini-Hochberg over m = 4: the k-th smallest p-value is compared with k / 4 * 5%;
    # 0.04 <= 4/4 * 0.05 makes all four significant, and 0.01 alone against 0.03, 0.2, 0.9 is
    # (0.01 <= 1/4 * 0.05 = 0.0125) while 0.03 is not (0.03 > 2/4 * 0.05 = 0.025)
    assert false_discoveries([0.03, 0.01, 0.04, 0.02]) == [True, True, True, True]
    assert false_discoveries([0.03, 0.01, 0.2, 0.9]) == [False, True, False, False]
    assert false_discoveries([0.04, 0.06]) == [False, False]   # 0.04 > 1/2 * 5%, 0.06 > 5%
    assert false_discoveries([]) == []


THREE = TournamentConfig("three", 0, 1, 3, ("heuristic",))
SEATINGS = [("air", "earth", "fire"), ("air", "fire", "earth"), ("earth", "air", "fire"),
            ("earth", "fire", "air"), ("fire", "air", "earth"), ("fire", "earth", "air")]


def three_player(index: int, winner: int | None) -> Record:
    """A three-player game: every witch sits in every seat in turn (six seatings)."""
    witches = SEATINGS[index % 6]
    labels = {f"seat{s}_witch": witch for s, witch in enumerate(witches)}
    return Record(index, winner, "last-witch", 30, True, labels)


def test_a_three_player_matchup_is_tested_against_a_third_not_a_half():
    """Which Witch with 3 players: "earth against wind 27.6%" was tested against 50% and called
    significant, and so was nearly every matchup. With a third seat at the table a witch no better
    than the others wins a third of the games her rival sits in: 100 of 300 is exactly fair."""
    records = [three_player(i, (i // 6) % 3) for i in range(300)]
    report = build_report(THREE, "v1", records)
    matchups_tested = [item for item in report["tested"] if " against " in item["what"]]
    assert len(matchups_tested) == 6   # both directions: with a third seat they are no mirrors
    assert all(item["win_rate"] == 0.3333 and item["fair"] == 0.3333 for item in matchups_tested)
    assert not any(item["significant"] for item in report["tested"])


def test_a_three_player_report_leads_with_the_strong_seat_not_the_matchups():
    """Seat 1 winning 45% of 300 three-player games is the finding; the matchups are near a third."""
    winners = [0] * 9 + [1] * 6 + [2] * 5
    records = [three_player(i, winners[(i * 7) % 20]) for i in range(300)]
    report = build_report(THREE, "v1", records)
    assert report["imbalances"][0]["what"] == "seat 1" and report["imbalances"][0]["significant"]
    assert not any(item["significant"] for item in report["tested"] if " against " in item["what"])


def test_corrected_p_values_are_the_benjamini_hochberg_ones():
    # m = 4: 0.01 * 4/1 = 0.04, 0.03 * 4/2 = 0.06, 0.2 * 4/3 = 0.2667, 0.9 * 4/4 = 0.9
    assert corrected([0.03, 0.01, 0.2, 0.9]) == pytest.approx([0.06, 0.04, 0.26667, 0.9], abs=1e-5)
    # never above a larger p-value's: 0.03 * 2/1 = 0.06 is lowered to 0.04 * 2/2 = 0.04
    assert corrected([0.04, 0.03]) == pytest.approx([0.04, 0.04])
    assert corrected([0.5, 0.9]) == pytest.approx([0.9, 0.9]) and corrected([]) == []


def headline_report(version: str, rows: dict[str, tuple[int, int]]) -> dict:
    return {"version": version, "games": 60,
            "headlines": {what: {"wins": w, "games": n, "win_rate": w / n} for what, (w, n) in rows.items()}}


def test_a_comparison_corrects_its_p_values_for_the_figures_compared():
    """`--compare` of a run with itself under another seed said "the same database: every
    difference is chance" and then "class titan 48.3% -> 70.5% p = 0.0135 significant" (one of
    eleven figures: a plain 5% test over eleven calls one by luck every other time)."""
    same = {f"class c{k}": (30, 60) for k in range(10)}
    comparison = compare(headline_report("v1", same | {"class titan": (28, 58)}),
                         headline_report("v1", same | {"class titan": (43, 61)}))
    titan = next(c for c in comparison["changes"] if c["what"] == "class titan")
    assert titan["p_value"] == pytest.approx(0.0136, abs=1e-4) and not titan["significant"]
    assert titan["p_corrected"] == pytest.approx(11 * 0.0136, abs=2e-3) and titan["tested"] == 11
    assert comparison["what_changed"] == "the same database (version v1): every difference is chance"


def test_a_significant_change_on_the_same_database_is_not_called_chance():
    comparison = compare(headline_report("v1", {"class titan": (10, 60), "seat 1": (30, 60)}),
                         headline_report("v1", {"class titan": (50, 60), "seat 1": (30, 60)}))
    assert comparison["changes"][0]["significant"]
    assert "every difference is chance" not in comparison["what_changed"]
    assert "a false alarm or the program's" in comparison["what_changed"]
