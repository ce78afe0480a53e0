"""Issue 13 part 1: "the version stamp printed on every card is one hash over the whole database, so
a one-word edit changes every card's footer and forces the designer to reprint the whole deck".
Pages print the game's version: the designer's `game: version:`, else the rules version (rules,
rulings, game details), which a card edit does not change; each card prints its own stamp."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pypdf import PdfReader

from cards import load_game
from companion.cli import cli
from generator.stamps import printed_version, rules_version

GAME = "heartstrings"


def test_a_card_edit_changes_the_database_version_but_not_the_printed_one(cards_copy: Path) -> None:
    before = load_game("halfwish", cards_copy)
    actions = cards_copy / "halfwish" / "actions.yaml"
    actions.write_text(actions.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
    after = load_game("halfwish", cards_copy)
    assert after.version != before.version  # sessions still see that the database changed
    assert printed_version(after) == printed_version(before) == rules_version(after)


def test_a_rules_edit_changes_the_printed_version(cards_copy: Path) -> None:
    before = printed_version(load_game(GAME, cards_copy))
    game = cards_copy / GAME / "game.yaml"
    text = game.read_text()
    first_rule = next(line for line in text.splitlines() if line.startswith("  ") and ": " in line
                      and line.split(": ", 1)[1].strip().isdigit() and text.index(line) > text.index("rules:"))
    key, value = first_rule.split(": ", 1)
    game.write_text(text.replace(first_rule, f"{key}: {int(value) + 1}", 1))
    assert printed_version(load_game(GAME, cards_copy)) != before


def test_the_designer_declared_version_is_printed_on_footers_metadata_and_print_guide(
        runner: Any, cards_copy: Path, tmp_path: Path) -> None:
    game = cards_copy / GAME / "game.yaml"
    game.write_text(game.read_text().replace("  name: Heartstrings\n", "  name: Heartstrings\n  version: '0.3'\n", 1))
    assert printed_version(load_game(GAME, cards_copy)) == "0.3"
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", GAME, "--paper", "a4", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for pdf in sorted((tmp_path / GAME).glob("*.pdf")):
        reader = PdfReader(pdf)
        assert "0.3" in (reader.metadata.subject or ""), pdf.name
    cards = PdfReader(next(p for p in (tmp_path / GAME).glob("*-a4.pdf") if "rulebook" not in p.name))
    assert "version 0.3" in " ".join((cards.pages[0].extract_text() or "").split()).lower()  # "Version 0.3" on a board
    rulebook = PdfReader(tmp_path / GAME / "rulebook-a4.pdf")
    guide = " ".join(" ".join((rulebook.pages[i].extract_text() or "").split()) for i in range(1, 4))
    assert "Every page prints the game's version, 0.3" in guide


def test_the_rules_version_is_hashed_once_per_loaded_database(monkeypatch) -> None:
    from dataclasses import replace

    from cards.loader import Params
    from generator import stamps

    hashed: list[Any] = []
    real = stamps.digest
    monkeypatch.setattr(stamps, "digest", lambda value, *rest: hashed.append(value) or real(value, *rest))
    db = load_game(GAME)
    assert rules_version(db) == rules_version(db)  # every page footer asks
    assert len(hashed) == 1
    edited = replace(db, rules=Params({**db.rules, "hand_size": 99}))
    assert rules_version(edited) != rules_version(db)
    assert len(hashed) == 2
