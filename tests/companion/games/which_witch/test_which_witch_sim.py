"""`deckwright sim which-witch`: bots play real cards; the report has win rates by witch and by seat."""

from __future__ import annotations

import json

from companion.cli import cli

RUN = ["sim", "which-witch", "--games", "8", "--players", "4", "--seed", "11", "--json"]


def test_sim_reports_win_rate_by_witch_seat_and_length(runner):
    result = runner.invoke(cli, [*RUN, "--bot", "heuristic,random"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    witches = report["seat_labels"]["witch"]
    assert sum(row["wins"] for row in witches.values()) == 8
    assert sum(row["games"] for row in witches.values()) == 8 * 4, "every seat carries one witch per game"
    assert [seat["bot"] for seat in report["seats"]] == ["heuristic", "random"] * 2
    assert report["length"]["unit"] == "turns" and report["length"]["min"] > 1


def test_sim_is_repeatable_for_a_seed(runner):
    first = runner.invoke(cli, [*RUN, "--bot", "heuristic"]).output
    assert runner.invoke(cli, [*RUN, "--bot", "heuristic"]).output == first
