"""Sixth-game audit (session 26), findings 4, 10 and 11e: after a rules edit the reprint sheet said
"its version changed with them" of a declared `game: version:` that had not, and "so may the
reference cards, boards and tokens" where the build can tell which files print the rule; a
renamed card was listed under the name no printed copy shows; `changes` guessed why a card's
stamp changed where it could name the rule."""

from __future__ import annotations

import shutil
from pathlib import Path

from halfwish_copy import edit
from pypdf import PdfReader

from companion.cli import cli

DECLARED = ("  name: Halfwish\n", "  name: Halfwish\n  version: '0.1'\n")


def _build(runner, root: Path, out: Path, *args: str):
    result = runner.invoke(cli, ["--cards", str(root), "build", "halfwish", "--paper", "a4", "--out", str(out),
                                 "--only", "cards", *args])
    assert result.exit_code == 0, result.output
    return result


def _cover(out: Path) -> str:
    """The reprint sheet's text (its cover runs over more than a page after many changes)."""
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out / "halfwish" / "reprint-a4.pdf").pages)


def _printed(runner, halfwish: Path, tmp_path: Path) -> Path:
    """A build whose manifest is kept aside as the printed copies' (`printed.json`)."""
    _build(runner, halfwish, tmp_path / "out")
    printed = tmp_path / "printed.json"
    shutil.copy(tmp_path / "out" / "halfwish" / "manifest.json", printed)
    return printed


def test_a_rules_edit_under_an_unchanged_declared_version_warns_in_build_and_changes(runner, halfwish, tmp_path):
    edit(halfwish, "game.yaml", *DECLARED)
    printed = _printed(runner, halfwish, tmp_path)
    edit(halfwish, "game.yaml", "  health: 25", "  health: 24")
    warning = "game.version: the rules changed since {} but the version is still '0.1': bump it"
    built = _build(runner, halfwish, tmp_path / "out")
    assert warning.format("the last build") in built.output
    assert "game.yaml:" in built.output.split("game.version:")[0].splitlines()[-1]  # located
    changes = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", str(printed)])
    assert changes.exit_code == 0 and warning.format(printed) in changes.output
    reprint = _build(runner, halfwish, tmp_path / "again", "--reprint-since", str(printed))
    assert warning.format(printed) in reprint.output
    cover = _cover(tmp_path / "again")
    assert "changed with them" not in cover and "game: version is still 0.1, as on the copies you printed" in cover
    assert "Version 0.1." in cover and "Rules version" not in cover


def test_a_bumped_version_gives_no_warning_and_the_reprint_says_it_changed(runner, halfwish, tmp_path):
    edit(halfwish, "game.yaml", *DECLARED)
    printed = _printed(runner, halfwish, tmp_path)
    edit(halfwish, "game.yaml", "  health: 25", "  health: 24")
    edit(halfwish, "game.yaml", "version: '0.1'", "version: '0.2'")
    built = _build(runner, halfwish, tmp_path / "out", "--reprint-since", str(printed))
    assert "warning" not in built.output
    assert "Their version changed with them (0.1 to 0.2)." in _cover(tmp_path / "out")


def test_the_reprint_names_the_kit_files_that_print_the_changed_rule(runner, halfwish, tmp_path):
    printed = _printed(runner, halfwish, tmp_path)
    edit(halfwish, "game.yaml", "  health: 25", "  health: 24")  # the player mat prints it
    _build(runner, halfwish, tmp_path / "out", "--reprint-since", str(printed))
    cover = _cover(tmp_path / "out")
    assert "so may the reference cards" not in cover
    assert "these files print them: player-mat-a4.pdf" in cover and "rulebook-a4.pdf" in cover
    assert "Every page prints the rules version, which changed with them." in cover


def test_a_rule_the_player_mat_does_not_print_leaves_it_off_the_list(runner, halfwish, tmp_path):
    printed = _printed(runner, halfwish, tmp_path)
    edit(halfwish, "game.yaml", "long-strike:  {kind: strike, dv: -2", "long-strike:  {kind: strike, dv: -3")
    _build(runner, halfwish, tmp_path / "out", "--reprint-since", str(printed))
    cover = _cover(tmp_path / "out")
    assert "these files print them:" in cover and "rulebook-a4.pdf" in cover
    assert "player-mat-a4.pdf" not in cover


def test_a_renamed_card_is_thrown_away_under_the_name_its_copies_print(runner, halfwish, tmp_path):
    printed = _printed(runner, halfwish, tmp_path)
    edit(halfwish, "actions.yaml", "name: Strike\n", "name: Hard Strike\n")
    _build(runner, halfwish, tmp_path / "out", "--reprint-since", str(printed))
    assert "Strike (now Hard Strike)" in _cover(tmp_path / "out")


def test_changes_names_the_rule_that_restamped_a_card(runner, halfwish, tmp_path):
    printed = _printed(runner, halfwish, tmp_path)
    edit(halfwish, "game.yaml", "long-strike:  {kind: strike, dv: -2", "long-strike:  {kind: strike, dv: -3")
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", str(printed)])
    assert result.exit_code == 0, result.output
    assert "(it prints rule actions.long-strike.dv, which changed)" in " ".join(result.output.split())
    assert "its layout, art, deck or a rule changed" not in result.output
