"""`deckwright sim half-the-battle`: random and greedy bots, team match-ups, win rates by seat and team."""

from __future__ import annotations

import json

from click.testing import CliRunner

from companion.cli import cli

RUN = ["sim", "half-the-battle", "--games", "12", "--seed", "3", "--json"]


def test_sim_reports_seats_teams_and_length():
    result = CliRunner().invoke(cli, [*RUN, "--bot", "greedy,random"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [seat["bot"] for seat in report["seats"]] == ["greedy", "random"]
    assert sum(row["games"] for row in report["seat_labels"]["team"].values()) == 12 * 2
    assert set(report["labels"]["teams"]) <= {"a", "b", "ab", "ba", "mixed"}
    assert report["length"]["min"] >= 1


def test_sim_is_repeatable_for_a_seed():
    first = CliRunner().invoke(cli, [*RUN, "--bot", "greedy"]).output
    assert CliRunner().invoke(cli, [*RUN, "--bot", "greedy"]).output == first
