"""`deckwright build GAME --watch`: builds, then keeps rebuilding; a broken edit is reported, not fatal."""

from __future__ import annotations

import pytest

import generator.watch
from companion.cli import cli

REAL_WATCH = generator.watch.watch


@pytest.fixture
def one_round(monkeypatch):
    """Run the real watch loop, but stop after its first build; record the folders it watches."""
    seen: list = []

    def watch_once(folders, rebuild, on_error):
        seen.extend(folders)
        REAL_WATCH(folders, rebuild, on_error, should_stop=lambda: True)

    monkeypatch.setattr(generator.watch, "watch", watch_once)
    return seen


def test_watch_builds_the_kit_and_watches_database_and_templates(runner, cards_copy, tmp_path, one_round):
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "heartstrings", "--paper", "a4",
                                 "--only", "sheets", "--out", str(tmp_path), "--watch"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "heartstrings" / "board-a4.pdf").is_file()
    assert "files written" in result.output
    assert cards_copy / "heartstrings" in one_round
    assert any(folder.name == "heartstrings" and folder.parent.name == "templates" for folder in one_round)


def test_a_broken_database_is_reported_and_the_watch_keeps_going(runner, cards_copy, tmp_path, one_round):
    game_yaml = cards_copy / "heartstrings" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("rooms: 12", "rooms: [12"))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "heartstrings", "--out", str(tmp_path),
                                 "--watch"])
    assert result.exit_code == 0, result.output
    assert "build failed (the previous kit is untouched)" in result.output
    assert "game.yaml:" in result.output
    assert not any(tmp_path.rglob("*.pdf"))


def test_a_failed_rebuild_is_wrapped_to_the_terminal_as_any_error_is(runner, cards_copy, tmp_path, one_round):
    """Audit: under --watch, `actions.yaml:19:9: decks[actions].cards[strike].count: expected int, got 'eight'`
    ran to 89 columns on an 80-column terminal, where lint wrapped the same error."""
    actions = cards_copy / "halfwish" / "actions.yaml"
    actions.write_text(actions.read_text().replace("count: 8", "count: eight", 1))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--out", str(tmp_path), "--watch"],
                           env={"COLUMNS": "80"})
    assert "build failed (the previous kit is untouched)" in result.output
    assert "expected int, got 'eight'" in " ".join(result.output.split())
    long = [line for line in result.output.splitlines() if len(line) > 80 and " " in line.strip()]
    assert long == []


def test_ctrl_c_stops_the_watch_with_130(runner, cards_copy, tmp_path, monkeypatch):
    """README: "130 on Ctrl-C", for a watch too (it exited 0)."""
    def interrupted(folders, rebuild, on_error):
        rebuild([])
        raise KeyboardInterrupt

    monkeypatch.setattr(generator.watch, "watch", interrupted)
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "heartstrings", "--paper", "a4",
                                 "--only", "sheets", "--out", str(tmp_path), "--watch"])
    assert result.exit_code == 130 and result.output.rstrip().endswith("stopped watching")


def test_after_a_failed_rebuild_the_fix_says_the_build_works_again(runner, cards_copy, tmp_path, monkeypatch):
    """Undoing a broken edit redraws nothing (the kit is the one before it): 'rebuilt 0 of 3 files'
    alone did not tell the designer that the fix was taken."""
    actions = cards_copy / "halfwish" / "actions.yaml"
    good = actions.read_text()

    def break_and_fix(folders, rebuild, on_error):
        rebuild([])
        actions.write_text(good.replace("kind: block", "kind: blok", 1))
        try:
            rebuild([actions])
        except Exception as exc:  # noqa: BLE001 - as the real watch reports it
            on_error(exc)
        actions.write_text(good)
        rebuild([actions])
        rebuild([actions])  # saved again: no longer news

    monkeypatch.setattr(generator.watch, "watch", break_and_fix)
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4", "--only", "cards",
                                 "--only", "sheets", "--out", str(tmp_path), "--watch"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    failed = next(i for i, line in enumerate(lines) if line.startswith("build failed"))
    after = lines[failed:]
    assert sum(line == "the build works again" for line in after) == 1, result.output
    again = after.index("the build works again")
    assert after[again + 1].startswith("rebuilt 0 of 3 files")


def test_watching_a_print_shop_build_reports_its_preflight_and_what_it_redrew(runner, tmp_path, monkeypatch):
    """`build --for tgc --watch` printed no preflight at all, and 'rebuilt 0 of 3 files' after
    drawing every file again (the shop files do not go through the render cache)."""
    import shutil
    from pathlib import Path

    fixtures = Path(__file__).resolve().parent.parent / "fixtures"
    shutil.copytree(fixtures / "tinygame", tmp_path / "db" / "tinygame")
    deck = tmp_path / "db" / "tinygame" / "deck.yaml"

    def edit_once(folders, rebuild, on_error):
        rebuild([])
        deck.write_text(deck.read_text() + "\n# a designer's note\n")
        rebuild([deck])

    monkeypatch.setattr(generator.watch, "watch", edit_once)
    result = runner.invoke(cli, ["--cards", str(tmp_path / "db"), "build", "tinygame", "--for", "tgc",
                                 "--out", str(tmp_path / "out"), "--watch"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert sum(line.startswith("preflight (tgc): ") for line in lines) == 2, result.output
    rebuilt = next(line for line in lines if line.startswith("rebuilt "))
    written = len(list((tmp_path / "out" / "tinygame" / "tgc").glob("*.*")))  # the PNGs and copies.csv
    assert rebuilt.startswith(f"rebuilt {written} of {written} files"), rebuilt
