"""`deckwright sim heartstrings`: both bots play, and the report shows first-player advantage."""

from __future__ import annotations

import json

import pytest

from companion.cli import cli

RUN = ["sim", "heartstrings", "--games", "12", "--seed", "5", "--json"]


@pytest.mark.parametrize("players", ["2", "3"])
def test_sim_reports_wins_by_place_in_turn_order(runner, players):
    result = runner.invoke(cli, [*RUN, "--players", players, "--bot", "greedy,random"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    starts = report["seat_labels"]["start"]
    assert sum(row["games"] for row in starts.values()) == 12 * int(players), "every seat has a place"
    assert sum(row["wins"] for row in starts.values()) == 12
    assert sorted(starts) == sorted(["first", "second", "third"][: int(players)])
    assert report["length"]["unit"] == "turns"


def test_sim_with_the_greedy_bot_is_repeatable(runner):
    first = runner.invoke(cli, [*RUN, "--bot", "greedy"]).output
    assert runner.invoke(cli, [*RUN, "--bot", "greedy"]).output == first
