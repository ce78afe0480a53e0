"""A game's own bots are the ones played: its `random` bot too, when it ships one."""

from __future__ import annotations

import json

import pytest

from companion.balance.bots import bot_classes
from companion.cli import cli
from companion.engine.registry import game_module


def test_a_games_own_random_bot_replaces_the_generic_one():
    """Skirmish's random bot never forfeits; the generic one would pick 'forfeit the match'."""
    module = game_module("skirmish")
    assert bot_classes(module)["random"] is module.BOTS["random"]


def test_skirmish_random_games_are_played_not_forfeited(runner):
    result = runner.invoke(cli, ["sim", "skirmish", "-n", "20", "--json"])
    assert result.exit_code == 0, result.output
    endings = json.loads(result.output)["terminations"]
    assert "forfeit" not in endings


def test_list_bots_describes_the_games_own_random_bot(runner):
    result = runner.invoke(cli, ["sim", "skirmish", "--list-bots"])
    assert result.exit_code == 0
    assert "never forfeiting" in result.output


def test_a_game_for_one_player_count_says_so_plainly(runner):
    """Not 'halfwish is for 2-2 players'."""
    result = runner.invoke(cli, ["sim", "halfwish", "--players", "5"])
    assert result.exit_code == 2 and "halfwish is for 2 players, not 5" in result.output   # a usage error


@pytest.mark.parametrize("args", [["sim", "heartstrings", "-n", "100000000000"],
                                  ["balance", "heartstrings", "-n", "100000000000"],
                                  ["balance", "heartstrings", "--precision", "0.01", "--max-games", "10000000"]])
def test_a_number_of_games_no_memory_holds_is_a_usage_error(runner, args):
    """Every record is kept in memory: 10^11 games took a gigabyte within seconds before failing."""
    result = runner.invoke(cli, args)
    assert result.exit_code == 2 and "1<=x<=1000000" in result.output, result.output


@pytest.mark.parametrize("command", [["sim", "halfwish", "--bot", "heuristic"], ["balance", "halfwish", "--out"]])
def test_a_budget_without_a_search_bot_is_a_usage_error(runner, tmp_path, command):
    """`--budget 128` with the heuristic bot (balance's default) changed nothing, without a word."""
    if command[-1] == "--out":
        command = [*command, str(tmp_path)]
    result = runner.invoke(cli, [*command, "-n", "2", "--budget", "128"])
    assert result.exit_code == 2, result.output
    assert "playouts are for a search bot (search, search+heuristic)" in result.output
    assert "e.g. --bot search,heuristic" in result.output


def test_a_budget_with_a_search_bot_is_taken(runner):
    result = runner.invoke(cli, ["sim", "heartstrings", "-n", "2", "--bot", "search+greedy,greedy", "--budget", "2"])
    assert result.exit_code == 0, result.output
