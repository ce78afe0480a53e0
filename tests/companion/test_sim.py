"""Simulation: seeded bot games, identical whatever the number of processes."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.cli import cli
from companion.engine.winrates import wilson
from companion.errors import SimulationError
from companion.sim import SimConfig, chunks, histogram, play_games, simulate


def config(games: int = 60, seed: int | str = 3, bots: tuple[str, ...] = ("random",), **kw) -> SimConfig:
    return SimConfig("toy-race", games, seed, kw.pop("players", 2), bots, kw.pop("cards_dir", None))


def test_same_seed_same_report_whatever_the_jobs(toy):
    one = simulate(config(games=80), jobs=1)
    two = simulate(config(games=80), jobs=2)
    assert json.dumps(one) == json.dumps(two)


def test_game_i_does_not_depend_on_how_many_games_run(toy):
    """Game 10 of a 40-game run is game 10 of an 80-game run."""
    short, long = play_games(config(games=40)), play_games(config(games=80))
    assert short == long[:40]


def test_other_seed_other_games(toy):
    assert play_games(config(seed=1)) != play_games(config(seed=2))


def test_report_counts_every_game_once(toy):
    result = simulate(config(games=90))
    assert sum(seat["wins"] for seat in result["seats"]) + result["draws"] == 90
    assert sum(b["games"] for b in result["histogram"]) == 90
    assert result["length"]["unit"] == "turns"
    assert result["length"]["min"] <= result["length"]["median"] <= result["length"]["max"]


def test_bots_are_assigned_per_seat_and_repeat(toy):
    result = simulate(config(games=20, bots=("sprinter", "random"), players=3))
    assert [s["bot"] for s in result["seats"]] == ["sprinter", "random", "sprinter"]


def test_a_bot_changes_the_games(toy):
    """Sprinting every turn (doubles send you home) is not the same race as random pace."""
    assert play_games(config(bots=("sprinter",))) != play_games(config(bots=("random",)))


def test_draws_are_counted(toy, tmp_path):
    """With an unreachable goal every race runs out of turns: all draws."""
    cards = tmp_path / "cards"
    shutil.copytree(toy, cards)
    game_yaml = cards / "toy-race" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("goal: 12", "goal: 1000"))
    result = simulate(config(games=5, cards_dir=str(cards)))
    assert result["draws"] == 5 and result["terminations"] == {"time": 5}
    assert all(seat["wins"] == 0 for seat in result["seats"])


def test_labels_are_added_up_per_value_and_per_seat(toy):
    result = simulate(config(games=50))
    rows = result["labels"]["seat0_start"]
    assert sum(row["games"] for row in rows.values()) == 50
    ahead = result["seat_labels"]["start"]["ahead"]
    assert ahead["games"] == rows["ahead"]["games"] and ahead["wins"] == rows["ahead"]["wins_by_seat"][0]


@pytest.mark.parametrize("kw, message", [
    ({"bots": ("nope",)}, "no bot 'nope' for toy-race; bots: random, search, search\\+sprinter, sprinter"),
    ({"players": 4}, "toy-race is for 2-3 players, not 4"),
], ids=["unknown-bot", "too-many-players"])
def test_bad_configs_are_refused(toy, kw, message):
    with pytest.raises(SimulationError, match=message):
        play_games(config(**kw))


@pytest.mark.parametrize("wins, n, expected", [
    (0, 10, (0.0, 0.2775)),
    (5, 10, (0.2366, 0.7634)),
    (81, 263, (0.2553, 0.3662)),
], ids=["none", "half", "textbook"])
def test_wilson_interval_matches_known_values(wins, n, expected):
    low, high = wilson(wins, n)
    assert (round(low, 4), round(high, 4)) == expected


def test_histogram_bins_cover_every_length():
    lengths = [1, 2, 2, 3, 40]
    bins = histogram(lengths, bins=4)
    assert [(b["from"], b["to"], b["games"]) for b in bins] == [(1, 10, 4), (11, 20, 0), (21, 30, 0), (31, 40, 1)]


def test_histogram_one_bin_per_value_when_few():
    assert [(b["from"], b["games"]) for b in histogram([3, 3, 5])] == [(3, 2), (4, 0), (5, 1)]


@pytest.mark.parametrize("games, jobs", [(1, 1), (10, 2), (1000, 2), (7, 3)])
def test_chunks_cover_every_index_once(games, jobs):
    covered = [i for start, stop in chunks(games, jobs) for i in range(start, stop)]
    assert covered == list(range(games))


def test_cli_json_equal_for_any_jobs(runner, toy):
    args = ["sim", "toy-race", "--games", "40", "--seed", "9", "--json"]
    one, two = runner.invoke(cli, args + ["--jobs", "1"]), runner.invoke(cli, args + ["--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert one.output == two.output
    assert json.loads(one.output)["games"] == 40


def test_cli_text_report(runner, toy):
    result = runner.invoke(cli, ["sim", "toy-race", "--games", "30", "--bot", "random,sprinter"])
    assert result.exit_code == 0, result.output
    assert "toy-race · 30 games · seed 1 · 2 players · bots: random, sprinter" in result.output
    assert "95% interval" in result.output and "length (turns): mean" in result.output


def test_the_seat_table_lines_up_under_a_long_bot_name(runner, toy):
    result = runner.invoke(cli, ["sim", "toy-race", "--games", "4", "--bot", "search+sprinter,random",
                                 "--budget", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    header = next(n for n, line in enumerate(lines) if line.startswith("seat"))
    rows = lines[header:header + 3]
    assert len({line.index("95% interval") if n == 0 else line.index("[") for n, line in enumerate(rows)}) == 1


def test_a_label_block_lines_up_under_its_longest_value():
    """Halfwish's matchups (`vanguard v assassin`) were longer than the value column, so each row's
    figures started where its name ended."""
    from companion.cli.sim import format_labels

    row = {"wins": 3, "games": 8, "win_rate": 0.375, "ci95": (0.1, 0.7)}
    result = {"seat_labels": {"matchup": {"knight v rogue": row, "vanguard v assassin": row, "titan v mirror-image-of-a-titan": row}},
              "labels": {"ending": {"knockout": {"games": 5, "wins_by_seat": [2, 3], "draws": 0},
                                    "points after the last round of the game": {"games": 3, "wins_by_seat": [1, 2], "draws": 0}}}}
    lines = format_labels(result)
    rates = [line for line in lines if "/8" in line]
    endings = [line for line in lines if line.startswith("  ") and " wins " in line]
    assert len(rates) == 3 and len({line.index("/8") for line in rates}) == 1
    assert len(endings) == 2 and len({line.index(" wins ") for line in endings}) == 1
    assert all(len(line) <= 80 for line in lines)


@pytest.mark.parametrize("args, message", [
    (["--bot", "nope"], "Invalid value for --bot: no bot 'nope'"),
    (["--players", "9"], "Invalid value for --players: toy-race is for 2-3 players"),
    (["--games", "0"], "--games"),
    (["--scheduler", "garbage"], "Invalid value for '--scheduler': scheduler 'garbage': expected an address"),
    (["--seed", ""], "Invalid value for '--seed': the seed is empty"),
], ids=["bot", "players", "games", "scheduler", "empty-seed"])
def test_cli_usage_errors_exit_2(runner, toy, args, message):
    """An unknown bot, a player count the game does not seat or an address without a port exited
    1, like a failed run; an empty seed was played as `seed  ·`."""
    result = runner.invoke(cli, ["sim", "toy-race", *args])
    assert result.exit_code == 2 and message in result.output
    assert "Usage:" in result.output and "Traceback" not in result.output


def test_cli_unknown_game_exits_2(runner, toy):
    result = runner.invoke(cli, ["sim", "chess"])
    assert result.exit_code == 2 and "chess" in result.output


def _minimal_heartstrings():
    """The hand-written baseline loop of bench/sim.py."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "sim.py"
    spec = importlib.util.spec_from_file_location("bench_sim", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players", [2, 3])
def test_heartstrings_engine_and_the_minimal_loop_play_the_same_games(players):
    """Two independent writings of the rules, fed the same seeds, agree game for game
    (winner and length): the benchmark's baseline plays our game, and the engine its rules."""
    from companion.sim import Player

    bench = _minimal_heartstrings()
    player = Player.build(SimConfig("heartstrings", 40, 1, players, ("random",)))
    minimal = bench.MinimalHeartstrings(dict(player.engine.rules))
    assert bench.same_games(minimal, player, players, 40) == 40


def test_numeric_labels_are_summarised_and_ordered_as_numbers():
    from companion.sim import GameRecord, label_stats, numeric_label_stats

    records = [GameRecord(i, i % 2, "goal", 5, True, {"pool": str(v), "side": "x"})
               for i, v in enumerate([9, 10, 2, 10])]
    assert numeric_label_stats(records) == {"pool": {"mean": 7.75, "median": 9.5, "min": 2.0, "max": 10.0}}
    assert list(label_stats(records, 2)["pool"]) == ["2", "9", "10"]
    assert label_stats(records, 2)["pool"]["10"] == {"games": 2, "wins_by_seat": [0, 2], "draws": 0}


def test_label_names_read_as_words():
    """Halfwish's `ended_in_round` label was printed as `by ended_in_round`."""
    from companion.cli.sim import format_labels

    result = {"seat_labels": {"first_pick": {"a": {"wins": 1, "games": 2, "win_rate": 0.5, "ci95": [0.1, 0.9]}}},
              "labels": {"ended_in_round": {"3": {"games": 2, "wins_by_seat": [1, 1], "draws": 0}}},
              "numeric_labels": {}}
    lines = format_labels(result)
    assert "by ended in round (games, wins by seat, draws):" in lines
    assert "by first pick (win rate of the seat carrying it):" in lines


@pytest.mark.parametrize("game", ["halfwish", "skirmish"])
def test_a_games_summary_fits_80_columns(runner, game):
    """Halfwish's matrix heading (82) and Skirmish's design-intent line (84) ran past 80 columns."""
    result = runner.invoke(cli, ["sim", game, "-n", "30"])
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80, result.output


def test_a_game_that_does_not_end_is_a_simulation_error_and_a_bug_is_raised_as_it_is(toy, monkeypatch):
    """Code audit: any RuntimeError (a step run out of order, NotImplementedError) was reported as a
    game that did not end, with no traceback for the maintainer."""
    import companion.sim
    from companion.errors import GameDidNotEnd

    def loops(*args, **kwargs):
        raise GameDidNotEnd("toy-race: game did not end within 5 steps")

    monkeypatch.setattr(companion.sim, "play_out", loops)
    with pytest.raises(SimulationError, match="did not end: toy-race: game did not end within 5 steps"):
        simulate(config(games=1))

    def bug(*args, **kwargs):
        raise RuntimeError("step 'score' run out of order")

    monkeypatch.setattr(companion.sim, "play_out", bug)
    with pytest.raises(RuntimeError, match="out of order") as raised:
        simulate(config(games=1))
    assert not isinstance(raised.value, SimulationError)


def test_the_header_wraps_the_fixed_options_within_80_columns(runner):
    """`sim half-the-battle --bot greedy -o teams=A,B`: the header ran to 81 columns."""
    result = runner.invoke(cli, ["sim", "half-the-battle", "-n", "4", "--bot", "greedy", "-o", "teams=A,B"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0].startswith("half-the-battle · 4 games · seed 1") and lines[1] == "  teams=A,B"
