"""A layout edited redraws the files drawn with it, not the whole kit (sixth-game audit: a board's
layout edited under `--watch` redrew 6 of 7 files, every card file among them). Each component's
inputs hold its layouts (a card's stamp, a sheet's `layout_inputs`), so the game's base does not."""

from __future__ import annotations

import shutil

import generator.watch
from cards.paths import TEMPLATES
from companion.cli import cli


def test_a_sheets_layout_edited_redraws_that_sheet_alone_and_as_a_fresh_build_draws_it(runner, cards_copy,
                                                                                       tmp_path, monkeypatch):
    own = cards_copy / "halfwish" / "templates"
    shutil.copytree(TEMPLATES / "halfwish", own)
    mat, card = own / "player-mat.yaml", own / "action-card.yaml"

    def edit(folders, rebuild, on_error):
        rebuild([])
        mat.write_text(mat.read_text().replace("size: 18, min_size: 12", "size: 17, min_size: 12", 1))
        rebuild([mat])
        card.write_text(card.read_text().replace("size: 11, min_size: 7", "size: 10, min_size: 7", 1))
        rebuild([card])

    monkeypatch.setattr(generator.watch, "watch", edit)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4", "--only", "cards",
                                 "--only", "sheets", "--out", str(out), "--watch"])
    assert result.exit_code == 0, result.output
    mat_edit, card_edit = [line for line in result.output.splitlines() if line.startswith("rebuilt ")]
    assert mat_edit.startswith("rebuilt 1 of 3 files") and mat_edit.endswith(": player-mat-a4.pdf"), mat_edit
    assert card_edit.startswith("rebuilt 1 of 3 files") and card_edit.endswith(": cards-a4.pdf"), card_edit
    fresh = tmp_path / "fresh"
    assert runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4", "--only", "cards",
                               "--only", "sheets", "--out", str(fresh), "--no-cache"]).exit_code == 0
    for name in ("player-mat-a4.pdf", "cards-a4.pdf", "manifest.json"):
        assert (out / "halfwish" / name).read_bytes() == (fresh / "halfwish" / name).read_bytes(), name
