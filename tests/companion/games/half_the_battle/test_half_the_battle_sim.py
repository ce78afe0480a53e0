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


def test_greedy_lane_choice_is_the_same_for_both_seats(engine):
    """A bot that broke ties by lane number favoured one seat (Entangle behind instead of ahead)."""
    from htb_table import ANN, BEN, new_game, option_ids, play, put

    from companion.games.half_the_battle import BOTS

    for seat, lane, ahead in ((ANN, 2, "lane:4"), (BEN, 9, "lane:7")):      # no enemy in reach
        state = new_game(engine, options={"teams": "b"})
        put(state, seat, "d10", lane=lane)
        play(engine, state, *(["0-d10", "1-d20"] if seat == ANN else ["0-d20", "1-d10", "end"]), "act:0")
        assert option_ids(engine, state)               # Entangle: every lane in reach, empty ones too
        assert BOTS["greedy"]().choose(engine, state, engine.request(state), None) == ahead
