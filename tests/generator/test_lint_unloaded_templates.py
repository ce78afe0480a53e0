"""A database that does not load still has its templates' rules names checked, in the same
`deckwright lint` run (audit s26: a misspelt `rules.` name in a template showed only a run after
a card's schema problem was fixed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cards import load_game
from cards.paths import DEFAULT_CARDS, TEMPLATES, game_ids
from cards.texts import unknown_rule_errors
from companion.cli import cli
from generator.templaterules import game_rule_name_problems


def _lint(runner: CliRunner, cards: Path) -> str:
    result = runner.invoke(cli, ["--cards", str(cards), "lint", "halfwish"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return result.output


def _edited(path: Path, old: str, new: str, source: Path | None = None) -> Path:
    """`path` (first copied from `source`) with the first `old` replaced by `new`."""
    text = (source or path).read_text()
    assert old in text, old
    path.parent.mkdir(exist_ok=True)
    path.write_text(text.replace(old, new, 1))
    return path


def _at(path: Path, text: str) -> str:
    """`path:LINE` of the first line holding `text`."""
    lines = path.read_text().splitlines()
    return f"{path}:{next(i for i, line in enumerate(lines, 1) if text in line)}"


def test_a_card_schema_problem_and_misspelt_rules_names_show_in_one_run(runner: CliRunner, cards_copy: Path) -> None:
    game = cards_copy / "halfwish"
    powers = _edited(game / "powers.yaml", "        cost: 1\n        keywords: [steal]", "        cost: two\n        keywords: [steal]")
    rulebook = _edited(game / "templates" / "rulebook.md.j2", "{{ rules.health }} health**", "{{ rules.helth }} health**",
                       TEMPLATES / "halfwish" / "rulebook.md.j2")
    mat = _edited(game / "templates" / "player-mat.yaml", "(start {{ rules.health }};", "(start {{ rules.healht }};",
                  TEMPLATES / "halfwish" / "player-mat.yaml")
    output = _lint(runner, cards_copy)
    assert "3 problems" in output.splitlines()[0]
    assert f"{_at(powers, 'cost: two')}:9: decks[powers].cards[avarice].cost: expected int, got 'two'" in output
    assert (f"{_at(rulebook, 'rules.helth')}: template 'rulebook.md.j2': no rules parameter 'helth'; "
            "did you mean 'health'?") in output
    assert (f"{_at(mat, 'rules.healht')}:6: layout 'player-mat': element 'health-label': no rules parameter "
            "'healht'; did you mean 'health'?") in output


def test_the_names_found_unloaded_are_those_rendering_finds_loaded(runner: CliRunner, cards_copy: Path) -> None:
    """With the card mended the database loads and lint renders the rulebook: the same name at
    the same line."""
    rulebook = _edited(cards_copy / "halfwish" / "templates" / "rulebook.md.j2", "{{ rules.health }} health**",
                       "{{ rules.helth }} health**", TEMPLATES / "halfwish" / "rulebook.md.j2")
    assert f"{_at(rulebook, 'rules.helth')}: rulebook: no rules parameter 'helth'; did you mean 'health'?" in _lint(
        runner, cards_copy)


def test_a_card_texts_misspelt_rules_name_shows_with_a_schema_problem(runner: CliRunner, cards_copy: Path) -> None:
    powers = _edited(cards_copy / "halfwish" / "powers.yaml", "        cost: 1\n        keywords: [steal]",
                     "        cost: two\n        keywords: [steal]")
    _edited(powers, "{{ rules.halfwish_set_dv }}", "{{ rules.halfwish_set_vd }}")
    output = _lint(runner, cards_copy)
    assert "2 problems" in output.splitlines()[0]
    assert (f"{_at(powers, 'halfwish_set_vd')}:9: decks[basic-powers].cards[halfwish].text: card 'halfwish' field "
            "'text': cannot fill in 'Set your DV to {{ rules.halfwish_set_vd }}, or reroll your DV.': no rules "
            "parameter 'halfwish_set_vd'; did you mean 'halfwish_set_dv'?") in output


def test_rules_that_cannot_be_read_check_no_template(runner: CliRunner, cards_copy: Path) -> None:
    """game.yaml refused as a whole: no rules were read, so no template name is reported missing."""
    _edited(cards_copy / "halfwish" / "game.yaml", "\nrules:\n", "\nrules: [oops]\nrulez:\n")
    output = _lint(runner, cards_copy)
    assert "no rules parameter" not in output


@pytest.mark.parametrize("game", game_ids(DEFAULT_CARDS))
def test_no_shipped_template_layout_or_card_text_is_reported(game: str) -> None:
    """Every shipped game loads and renders: nothing its templates, layouts and card texts read
    may be reported missing."""
    db = load_game(game)
    assert game_rule_name_problems(db.folder, db.rules) == []
    assert [error for deck in db.decks for error in unknown_rule_errors(deck, db.rules)] == []


def test_every_misspelt_rules_name_of_a_template_shows_in_one_run_when_the_cards_load(
        runner: CliRunner, cards_copy: Path) -> None:
    """Noted in sessions 26-27: with the database loading, rendering stops at a template's first
    unknown name, so two misspellings took two runs. Each is listed in the first, once."""
    rulebook = _edited(cards_copy / "halfwish" / "templates" / "rulebook.md.j2", "{{ rules.health }} health**",
                       "{{ rules.helth }} health**", TEMPLATES / "halfwish" / "rulebook.md.j2")
    _edited(rulebook, "{{ rules.deck_size }}-card action", "{{ rules.deck_sise }}-card action")
    output = _lint(runner, cards_copy)
    assert "2 problems" in output.splitlines()[0]
    assert output.count("'helth'") == 1 and output.count("'deck_sise'") == 1
    assert f"{_at(rulebook, 'rules.helth')}: rulebook: no rules parameter 'helth'; did you mean 'health'?" in output
    assert (f"{_at(rulebook, 'rules.deck_sise')}: template 'rulebook.md.j2': no rules parameter 'deck_sise'; "
            "did you mean 'deck_size'?") in output
