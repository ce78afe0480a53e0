"""Tournaments: seeded records, bots rotated over the seats, identical on every executor."""

from __future__ import annotations

import json

import pytest

from companion import executors
from companion.balance.errors import BalanceError
from companion.balance.run import Plan, tournament
from companion.balance.tournament import Record, TournamentConfig, lead_figures, play_chunk, prepare


def race(games: int = 40, bots: tuple[str, ...] = ("random", "sprinter"), **kw) -> TournamentConfig:
    return TournamentConfig("toy-race", games, kw.pop("seed", 5), kw.pop("players", 2), bots, **kw)


def test_bots_rotate_over_the_seats_game_by_game():
    config = race(bots=("a", "b", "c"), players=2)
    assert [config.bots_of(i) for i in range(3)] == [["a", "b"], ["b", "c"], ["c", "a"]]


def test_records_carry_the_bot_of_each_seat(toy):
    records = play_chunk(race(), (0, 4))
    assert [r.labels["seat0_bot"] for r in records] == ["random", "sprinter", "random", "sprinter"]
    assert [r.labels["seat1_bot"] for r in records] == ["sprinter", "random", "sprinter", "random"]


def test_same_report_on_one_process_two_processes_and_dask(toy):
    """The issue: 'a test runs the same small tournament on --jobs 1, --jobs 2 and a
    distributed.LocalCluster with two workers and compares the JSON'."""
    config = race(games=60)
    one = tournament(config, Plan(jobs=1))
    two = tournament(config, Plan(jobs=2))
    assert json.dumps(one) == json.dumps(two)
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = tournament(config, Plan(scheduler=client))
    assert json.dumps(one) == json.dumps(on_dask)


def test_a_game_does_not_depend_on_the_chunks_it_is_played_in(toy):
    config = race(games=30)
    whole = executors.run(play_chunk, config, (0, 30), jobs=1)
    assert play_chunk(config, (10, 20)) == whole[10:20]


def test_unknown_bot_and_player_count_are_refused(toy):
    with pytest.raises(BalanceError, match="no bot 'nobody'"):
        prepare(race(bots=("nobody",)))
    with pytest.raises(BalanceError, match="for 2-3 players, not 5"):
        prepare(race(players=5))


def test_precision_plays_until_the_headline_intervals_are_narrow(toy):
    report = tournament(race(games=40), Plan(precision=0.08, cap=2000))
    assert report["games"] > 40
    assert report["precision"]["reached"] <= 0.08 and not report["precision"]["capped"]
    assert all((row["ci95"][1] - row["ci95"][0]) / 2 <= 0.08 for what, row in report["headlines"].items()
               if what != "draws")


def test_precision_stops_at_the_cap(toy):
    report = tournament(race(games=40), Plan(precision=0.001, cap=100))
    assert report["games"] == 100 and report["precision"]["capped"]


@pytest.mark.parametrize("leaders, winner, expected", [
    ([0, 0, 1, 1, 0], 0, (2, 0.8)),
    ([None, 1, 1, 1], 1, (0, 0.25)),
    ([0, None, 1], 1, (1, 0.6667)),
    ([0, 1], None, (1, None)),
], ids=["comeback", "wire-to-wire", "unknown-step", "draw"])
def test_lead_changes_and_when_the_winner_led_for_good(leaders, winner, expected):
    assert lead_figures(leaders, winner) == expected


def test_a_leader_hook_gives_lead_figures(toy, monkeypatch):
    import toygame

    monkeypatch.setattr(toygame, "leader", lambda engine, state: max(range(2), key=lambda s: state.positions[s]),
                        raising=False)
    records: list[Record] = play_chunk(race(seed="lead"), (0, 10))
    assert all(r.lead_changes is not None for r in records)
    assert all(r.decided_at is not None for r in records if r.winner is not None)


def test_sim_gives_the_same_report_on_dask(toy):
    from companion.sim import SimConfig, simulate

    distributed = pytest.importorskip("distributed")
    config = SimConfig("toy-race", 50, 3, 2, ("random", "sprinter"))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = simulate(config, scheduler=client)
    assert json.dumps(on_dask) == json.dumps(simulate(config, jobs=1))


def test_scheduler_comes_from_the_option_or_the_environment(monkeypatch):
    monkeypatch.delenv(executors.SCHEDULER_ENV, raising=False)
    assert executors.scheduler_address(None) is None
    monkeypatch.setenv(executors.SCHEDULER_ENV, "tcp://lab:8786")
    assert executors.scheduler_address(None) == "tcp://lab:8786"
    assert executors.scheduler_address("tcp://other:8786") == "tcp://other:8786"


def test_an_unreachable_scheduler_is_a_clear_error(toy):
    pytest.importorskip("distributed")
    with pytest.raises(executors.ExecutorError, match="cannot reach the Dask scheduler"):
        executors.run(play_chunk, race(games=2), (0, 2), scheduler="tcp://127.0.0.1:9")
