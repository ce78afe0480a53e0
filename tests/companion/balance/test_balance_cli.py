"""`deckwright balance` end to end on the toy race: the PDF, --json, a sweep and --compare."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from companion.cli import cli


def balance(runner, *args: str):
    result = runner.invoke(cli, ["balance", "toy-race", "--seed", "7", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_balance_writes_the_pdf_and_prints_json(toy, runner, tmp_path):
    result = balance(runner, "-n", "40", "--bot", "random,sprinter", "--json", "--out", str(tmp_path))
    data = json.loads(result.stdout)
    assert data["games"] == 40 and data["bots"] == ["random", "sprinter"]
    path = tmp_path / "toy-race" / f"balance-{data['version']}.pdf"
    text = pdf_text(path)
    assert "The three largest imbalances found" in text and "Win rate by seat" in text
    assert "Win rate by bot" in text and "not measurable" in text
    page = pdfium.PdfDocument(str(path))[0]
    assert (round(page.get_width()), round(page.get_height())) == (595, 842)   # A4 in points


def test_balance_defaults_to_the_games_heuristic_bot(toy, runner, tmp_path):
    data = json.loads(balance(runner, "-n", "10", "--json", "--out", str(tmp_path)).stdout)
    assert data["bots"] == ["sprinter"]


def test_sweep_plays_each_value_on_the_overridden_database(toy, runner, tmp_path):
    """`--set rules.max_turns=1,30`: one turn ends most races in a draw, thirty almost none."""
    result = balance(runner, "-n", "40", "--set", "rules.max_turns=1,30", "--json", "--out", str(tmp_path))
    data = json.loads(result.stdout)
    short, long = data["runs"]
    assert short["values"] == {"rules.max_turns": 1} and long["values"] == {"rules.max_turns": 30}
    assert short["report"]["draws"]["win_rate"] > 0.5 > long["report"]["draws"]["win_rate"]
    assert short["report"]["version"] != long["report"]["version"]
    pdf = next((tmp_path / "toy-race").glob("balance-*-sweep-rules.max_turns.pdf"))
    assert "Headline figures against rules.max_turns" in pdf_text(pdf)
    # the sweep's first page names every value (not the first run's as if it were the whole sweep),
    # tables each run's figures and game length, and titles each run's report with its value
    text = " ".join(pdf_text(pdf).split())
    assert "swept: rules.max_turns = 1, 30." in text and "rules.max_turns = 1." not in text.split("Balance report")[0]
    assert "median length (turns)" in text
    assert "Balance report: Toy Race, rules.max_turns = 1" in text
    assert "Balance report: Toy Race, rules.max_turns = 30" in text


def test_sweep_of_an_unknown_parameter_names_the_known_ones(toy, runner, tmp_path):
    result = runner.invoke(cli, ["balance", "toy-race", "-n", "5", "--set", "rules.health=3", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "no such rules parameter" in result.output and "max_turns" in result.output


def test_sweep_setting_without_values_is_a_usage_error(toy, runner, tmp_path):
    result = runner.invoke(cli, ["balance", "toy-race", "--set", "rules.goal", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "PARAMETER=VALUE" in result.output


def test_compare_with_a_git_revision_tests_each_change(toy, runner, tmp_path, monkeypatch):
    cards = tmp_path / "cards"
    shutil.copytree(toy, cards)
    git = ["git", "-C", str(cards), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git[:3], "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "long races"], check=True)
    game_yaml = cards / "toy-race" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("max_turns: 20", "max_turns: 1"))
    monkeypatch.setenv("DECKWRIGHT_CARDS", str(cards))
    result = balance(runner, "-n", "60", "--compare", "HEAD", "--json", "--out", str(tmp_path / "out"))
    changes = {c["what"]: c for c in json.loads(result.stdout)["comparison"]["changes"]}
    draws = changes["draws"]
    assert draws["after"]["win_rate"] > draws["before"]["win_rate"] and draws["significant"]
    assert draws["p_value"] < 0.001
    assert list((tmp_path / "out" / "toy-race").glob("balance-*-vs-HEAD.pdf"))
    # what changed is said, not left to the designer's memory
    comparison = json.loads(result.stdout)["comparison"]
    assert comparison["rules_changed"] == [{"rule": "max_turns", "before": 20, "after": 1}]
    shown = balance(runner, "-n", "20", "--compare", "HEAD", "--out", str(tmp_path / "out"))
    assert "rules changed: max_turns 20 -> 1" in shown.output
    pdf = next((tmp_path / "out" / "toy-race").glob("balance-*-vs-HEAD.pdf"))
    assert "Rules changed: max_turns 20 -> 1." in " ".join(pdf_text(pdf).split())


def test_compare_with_an_earlier_json_of_the_same_database_finds_no_change(toy, runner, tmp_path):
    earlier = tmp_path / "earlier.json"
    earlier.write_text(balance(runner, "-n", "30", "--json", "--out", str(tmp_path)).stdout)
    result = balance(runner, "-n", "30", "--compare", str(earlier), "--json", "--out", str(tmp_path))
    changes = json.loads(result.stdout)["comparison"]["changes"]
    assert changes and all(c["change"] == 0 and not c["significant"] for c in changes)
    assert json.loads(result.stdout)["comparison"]["rules_changed"] == []
    shown = balance(runner, "-n", "30", "--compare", str(earlier), "--out", str(tmp_path))
    assert "the same database (version" in shown.output


def test_compare_with_a_report_of_another_game_is_refused(toy, runner, tmp_path):
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"game": "heartstrings", "headlines": {}}))
    result = runner.invoke(cli, ["balance", "toy-race", "-n", "5", "--compare", str(other), "--out", str(tmp_path)])
    assert result.exit_code == 2 and "not 'toy-race'" in result.output


def test_list_bots_names_every_bot_within_80_columns(toy, runner):
    result = runner.invoke(cli, ["sim", "toy-race", "--list-bots"])
    lines = result.output.splitlines()
    assert result.exit_code == 0
    assert max(len(line) for line in lines) <= 80
    names = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert names == ["random", "sprinter", "search", "search+sprinter"]
    # a description too long for one line goes on under itself, not under the names
    entries = " ".join(result.output.split()).split(" search ")
    assert "Always sprints" in entries[0] and "MCTS" in entries[1] and "sprinter bot" in entries[1]
    assert all(line.startswith(" " * len("search+sprinter  ")) for line in lines if line.startswith(" "))


def test_sim_plays_the_search_bot_with_a_budget(toy, runner):
    result = runner.invoke(cli, ["sim", "toy-race", "-n", "4", "--bot", "search,random", "--budget", "4", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["bots"] == ["search", "random"]


@pytest.mark.parametrize("option", ["--precision", "--max-games"])
def test_numeric_options_are_checked(toy, runner, option):
    assert runner.invoke(cli, ["balance", "toy-race", option, "0"]).exit_code == 2


def test_a_revision_that_looks_like_an_option_never_reaches_git(tmp_path):
    """`--compare=--output=FILE` would reach `git archive` as its --output option."""
    import pytest

    from companion.balance.errors import BalanceError
    from companion.balance.source import snapshot_at_revision

    with pytest.raises(BalanceError, match="not a git revision"):
        snapshot_at_revision(tmp_path, f"--output={tmp_path / 'victim'}")
    assert not (tmp_path / "victim").exists()


def test_the_summary_shows_each_bots_win_rate_when_bots_differ(toy, runner, tmp_path):
    """`--bot search,heuristic` is asked to see how the bots fare: the terminal says it too."""
    result = balance(runner, "-n", "20", "--bot", "random,sprinter", "--out", str(tmp_path))
    rows = {line.split()[1]: line for line in result.output.splitlines() if line.startswith("  bot ")}
    assert set(rows) == {"random", "sprinter"} and all("/20" in line for line in rows.values())


def test_a_precision_the_cap_stops_short_of_is_said_on_screen_and_in_the_pdf(toy, runner, tmp_path):
    """`--precision 0.01 --max-games 500` ended with intervals of +/-4.4% and no word about it."""
    result = balance(runner, "-n", "20", "--precision", "0.01", "--max-games", "60", "--out", str(tmp_path))
    said = " ".join(result.output.split())
    assert "stopped at the cap of 60 games (--max-games): the widest headline interval is +/-" in said
    assert "not the +/-1.0% asked; about " in said
    assert max(len(line) for line in result.output.splitlines() if not line.startswith("wrote ")) <= 80
    pdf = next((tmp_path / "toy-race").glob("balance-*.pdf"))
    assert "stopped at the cap of 60 games" in " ".join(pdf_text(pdf).split())


def test_a_precision_reached_is_said(toy, runner, tmp_path):
    result = balance(runner, "-n", "20", "--precision", "0.2", "--out", str(tmp_path))
    assert "every headline 95% interval is within +/-20.0% (as asked) after " in " ".join(result.output.split())


def test_each_swept_runs_summary_gives_its_game_length(toy, runner, tmp_path):
    """A sweep of a turn limit changes the game length most; the terminal showed only win rates."""
    result = balance(runner, "-n", "20", "--set", "rules.max_turns=1,30", "--out", str(tmp_path))
    lengths = [line for line in result.output.splitlines() if line.startswith("  game length: median ")]
    assert len(lengths) == 2 and lengths[0] != lengths[1]


def test_the_imbalances_fit_80_columns_and_never_say_p_is_0(runner, tmp_path):
    """Skirmish's greedy bots: `faction fairy-kingdom against ivory-tower: 0.0% (fair 48.0%), p = 0,
    significant` ran to 82 columns, and a p-value is never 0."""
    result = runner.invoke(cli, ["balance", "skirmish", "-n", "100", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    shown = [line for line in result.output.splitlines() if not line.startswith("wrote ")]
    assert max(len(line) for line in shown) <= 80, result.output
    assert "p = 0," not in result.output and "p < 0.0001" in result.output


def test_compare_with_a_report_other_bots_played_is_refused(toy, runner, tmp_path):
    """A report of random bots against this run's sprinters said 'the same database: every
    difference is chance' and then called the bots' difference significant."""
    earlier = tmp_path / "earlier.json"
    earlier.write_text(balance(runner, "-n", "30", "--bot", "random", "--json", "--out", str(tmp_path)).stdout)
    result = runner.invoke(cli, ["balance", "toy-race", "-n", "30", "--compare", str(earlier), "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "that report was played with --bot random, this run with --bot sprinter" in result.output
    same = balance(runner, "-n", "30", "--bot", "random", "--compare", str(earlier), "--out", str(tmp_path))
    assert "the same database" in same.output


def test_a_three_player_report_tests_everything_against_a_third(runner, tmp_path):
    """`balance which-witch --players 3`: every matchup was tested against 50% and 15 of 24 figures
    came out significant, while the one real finding (seat 1 winning 41% of 600 games where a
    third is fair) fell to rank 15 and off page 1."""
    args = ["balance", "which-witch", "-n", "600", "--players", "3", "--json", "--out", str(tmp_path)]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["fair"] == 0.3333 and {item["fair"] for item in data["tested"]} == {0.3333}
    assert [item["what"] for item in data["tested"] if item["significant"]] == ["seat 1"]
    page_one = " ".join(PdfReader(next((tmp_path / "which-witch").glob("balance-*.pdf"))).pages[0]
                        .extract_text().split())
    assert "1. Seat 1 wins 41.0% of 600 games" in page_one and "where a fair share is 33.3%" in page_one
    # the p-value beside the verdict is the corrected one the verdict rests on, and says so
    assert f"corrected for the {len(data['tested'])} figures tested" in page_one
    assert "(p = 9e-05" not in page_one


@pytest.mark.parametrize("args, message", [
    (["--bot", "nosuch"], "Invalid value for --bot: no bot 'nosuch' for toy-race; bots: "),
    (["--players", "9"], "Invalid value for --players: toy-race is for 2-3 players, not 9"),
    (["--scheduler", "garbage"], "Invalid value for '--scheduler': scheduler 'garbage': expected an address"),
    # "not a git revision of ..." in a git checkout, "... is not in a git repository" in a copy outside git
    (["--compare", "nosuchref"], "Invalid value for --compare: nosuchref: "),
    (["--compare", "NOT-JSON"], "notes.txt: not JSON (Expecting value at line 1)"),
    (["--seed", " "], "Invalid value for '--seed': the seed is empty"),
    (["--max-games", "50"], "--max-games caps the games --precision adds: give --precision too"),
], ids=["bot", "players", "scheduler", "revision", "not-json", "empty-seed", "cap-without-precision"])
def test_usage_errors_exit_2_with_one_line(toy, runner, tmp_path, args, message):
    """These exited 1, like a failed run, without a Usage line; `--max-games` without
    `--precision` and an empty seed were taken without a word."""
    not_json = tmp_path / "notes.txt"
    not_json.write_text("#!/bin/bash\n")
    args = [str(not_json) if arg == "NOT-JSON" else arg for arg in args]
    result = runner.invoke(cli, ["balance", "toy-race", "-n", "5", *args, "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    error = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert len(error) == 1 and message in error[0] and "Traceback" not in result.output
    assert not (tmp_path / "toy-race").exists()   # refused before a game is played


def test_a_comparison_of_a_run_with_itself_calls_nothing_significant(toy, runner, tmp_path):
    """Another seed on the same database: "every difference is chance", then a "significant"
    change, because each figure was tested at a plain 5%."""
    earlier = tmp_path / "earlier.json"
    earlier.write_text(balance(runner, "-n", "40", "--seed", "2", "--json", "--out", str(tmp_path)).stdout)
    result = balance(runner, "-n", "40", "--compare", str(earlier), "--json", "--out", str(tmp_path))
    changes = json.loads(result.stdout)["comparison"]["changes"]
    assert all(c["p_corrected"] >= c["p_value"] and c["tested"] == len(changes) for c in changes)
    shown = balance(runner, "-n", "40", "--compare", str(earlier), "--out", str(tmp_path)).output
    assert f"p corrected for the {len(changes)} figures compared" in shown
    assert ("every difference is chance" in shown) != ("significant" in shown.replace("not significant", ""))


def test_compare_outside_git_advises_a_saved_report_and_a_manifest_is_refused_plainly(toy, runner, tmp_path,
                                                                                       monkeypatch):
    """Sixth-game audit, finding 9: outside git the advice was a build's manifest.json (the advice
    of `changes`), which --compare then refused with "no `headlines`"."""
    shutil.copytree(toy, tmp_path / "cards")
    monkeypatch.setenv("DECKWRIGHT_CARDS", str(tmp_path / "cards"))
    result = runner.invoke(cli, ["balance", "toy-race", "-n", "5", "--compare", "HEAD~1", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "is not in a git repository" in result.output and "manifest.json" not in result.output
    assert "compare with a report saved by `deckwright balance toy-race --json > FILE`" in " ".join(result.output.split())
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"game": "toy-race", "version": "0", "cards": [], "rules": {}}))
    result = runner.invoke(cli, ["balance", "toy-race", "-n", "5", "--compare", str(manifest), "--out", str(tmp_path)])
    assert result.exit_code == 2 and "headlines" not in result.output
    assert "not a balance report; save one with `deckwright balance toy-race --json > FILE`" in " ".join(result.output.split())
