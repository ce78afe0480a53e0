"""A designer sees the problems of their cards in one run (`cards.salvage`): a card the schema
refuses (a count written as a word) is left out, and the checks across files (choices,
references, totals) still run on the rest, each problem at its own line, with no problem made
up by the card left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import load_game
from cards.errors import DatabaseInvalid


def _problems(root: Path, game: str) -> list[tuple[int | None, str]]:
    with pytest.raises(DatabaseInvalid) as raised:
        load_game(game, root)
    return [(problem.line, f"{problem.path}: {problem.message}") for problem in raised.value.problems]


def _line_of(path: Path, text: str) -> int:
    return path.read_text().splitlines().index(text) + 1


def test_a_schema_problem_and_two_cross_file_problems_show_in_one_run(cards_copy):
    actions = cards_copy / "halfwish" / "actions.yaml"
    text = actions.read_text()
    text = text.replace("        count: 8\n        kind: strike", "        count: five\n        kind: strike", 1)
    text = text.replace("keywords: [first-strike]", "keywords: [first-strik]", 1)
    text = text.replace("        count: 6\n        kind: block", "        count: 6\n        kind: parry", 1)
    actions.write_text(text)
    problems = _problems(cards_copy, "halfwish")
    assert problems == [
        (_line_of(actions, "        count: five"), "decks[actions].cards[strike].count: expected int, got 'five'"),
        (_line_of(actions, "        keywords: [first-strik]"),
         ("decks[actions].cards[long-strike].keywords: refers to 'first-strik', which is not an id in rules.keywords "
          "(did you mean 'first-strike'?)")),
        (_line_of(actions, "        kind: parry"), "decks[actions].cards[defend].kind: 'parry' is not one of: strike, block, evade"),
    ]


def test_a_card_left_out_is_no_missing_reference(cards_copy):
    """Upgrades name the basic action they replace, and classes count actions in their deck list:
    with Strike left out, neither is reported, and the deck's own problem is the only one."""
    actions = cards_copy / "halfwish" / "actions.yaml"
    actions.write_text(actions.read_text().replace("        count: 8\n", "        count: eight\n", 1))
    assert [message for _, message in _problems(cards_copy, "halfwish")] == [
        "decks[actions].cards[strike].count: expected int, got 'eight'"]


def test_a_deck_missing_a_card_is_not_checked_for_its_total(cards_copy):
    """Half the Battle's items deck holds `rules.items_in_bag` cards: one left out is no second problem."""
    items = cards_copy / "half-the-battle" / "items.yaml"
    items.write_text(items.read_text().replace("        name: Flimsy Shield\n", "        name: Flimsy Shield\n        count: many\n", 1))
    problems = _problems(cards_copy, "half-the-battle")
    assert len(problems) == 1 and "count: expected int, got 'many'" in problems[0][1]


def test_a_deck_id_refused_still_stops_the_checks_across_files(cards_copy):
    """A deck's id refused: the deck cannot be read, and checking it against the others (fields
    naming its cards) would report what is not wrong, so only the schema's problem shows."""
    actions = cards_copy / "halfwish" / "actions.yaml"
    text = actions.read_text().replace("  - id: actions\n", "  - id: Actions\n", 1)
    actions.write_text(text.replace("        count: 6\n        kind: block", "        count: 6\n        kind: parry", 1))
    problems = _problems(cards_copy, "halfwish")
    assert len(problems) == 1 and problems[0][1].startswith("decks[0].id"), problems


def test_a_deck_setting_refused_does_not_hide_its_cards_problems(cards_copy):
    """Audit s25 (D4): a deck's own setting refused (`code: [ACT]`, a misspelt `cod:`) hid every
    problem of its cards until it was put right; only the setting is left out now."""
    actions = cards_copy / "halfwish" / "actions.yaml"
    text = actions.read_text().replace("    code: ACT\n", "    code: [ACT]\n", 1)
    actions.write_text(text.replace("        count: 6\n        kind: block", "        count: 6\n        kind: parry", 1))
    problems = _problems(cards_copy, "halfwish")
    assert [message.split(":")[0] for _, message in problems] == ["decks[actions].code", "decks[actions].cards[defend].kind"]


def test_lint_lists_them_all_with_their_lines(runner, cards_copy):
    from companion.cli import cli

    actions = cards_copy / "halfwish" / "actions.yaml"
    text = actions.read_text().replace("        count: 8\n", "        count: five\n", 1)
    actions.write_text(text.replace("        count: 6\n        kind: block", "        count: 6\n        kind: parry", 1))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "halfwish"])
    assert result.exit_code == 1
    assert "2 problems" in result.output
    assert f"actions.yaml:{_line_of(actions, '        kind: parry')}:9: decks[actions].cards[defend].kind" in result.output


_SECOND_STRIKE = "      - id: strike\n        name: Strike Again\n        count: {count}\n        kind: strike\n        text: x\n"


@pytest.mark.parametrize("refused", ["first", "second"])
def test_a_duplicate_id_shows_with_the_schema_problem_of_either_card(cards_copy, refused):
    """A card the schema refuses still has its id: a second card with it is a duplicate in the
    same run, whichever of the two is refused (audit: the duplicate showed only once the count
    was fixed). The duplicate is reported at the second card's line, naming the first's."""
    actions = cards_copy / "halfwish" / "actions.yaml"
    text = actions.read_text()
    if refused == "first":
        text = text.replace("        count: 8\n", "        count: eight\n", 1)
    second = _SECOND_STRIKE.format(count="lots" if refused == "second" else 1)
    actions.write_text(text.replace("      - id: long-strike\n", second + "      - id: long-strike\n", 1))
    lines = actions.read_text().splitlines()
    second_line = lines.index("        name: Strike Again")  # 0-based: the 1-based line of its `- id:`
    problems = _problems(cards_copy, "halfwish")
    first_line = _line_of(actions, "      - id: strike")
    duplicate = (second_line, ("decks[actions].cards[1].id: duplicate card id 'strike' "
                               f"(already in deck 'actions', actions.yaml:{first_line})"))
    refused_count = ((_line_of(actions, "        count: eight"), "decks[actions].cards[0].count: expected int, got 'eight'")
                     if refused == "first" else
                     (_line_of(actions, "        count: lots"), "decks[actions].cards[1].count: expected int, got 'lots'"))
    assert sorted(problems, key=lambda p: (p[0] or 0)) == sorted([refused_count, duplicate], key=lambda p: p[0] or 0)


def test_lint_lists_a_files_problems_from_its_top_down(runner, cards_copy):
    """The checks find problems in passes (the schema's, then ids across files): a duplicate id was
    listed above a mistyped count written lines before it (audit). Shown, a file reads top down."""
    from companion.cli import cli

    actions = cards_copy / "halfwish" / "actions.yaml"
    text = actions.read_text().replace("        count: 6\n        kind: block", "        count: six\n        kind: block", 1)
    actions.write_text(text.replace("      - id: long-strike\n", _SECOND_STRIKE.format(count=1) + "      - id: long-strike\n", 1))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "halfwish"])
    assert result.exit_code == 1
    duplicate = result.output.index("duplicate card id 'strike'")
    mistyped = result.output.index("expected int, got 'six'")
    assert duplicate < mistyped  # the duplicate is written first (line 22), the count below it


@pytest.mark.parametrize(("like", "why"), [
    ("actionz", "names deck 'actionz', which does not exist; decks: actions, basic-powers, classes, map, powers, upgrades"),
    ("upgrades", "names its own back: name a deck with one back of its own"),
])
def test_a_borrowed_back_must_name_another_deck_with_a_back_of_its_own(cards_copy, like, why):
    """`back: {like: actions}` prints the Basic Actions' back on the upgrades (they join the
    action decks in play); a name that is not such a deck is a located problem."""
    upgrades = cards_copy / "halfwish" / "upgrades.yaml"
    text = upgrades.read_text()
    assert "    back: {like: actions}\n" in text
    upgrades.write_text(text.replace("    back: {like: actions}\n", f"    back: {{like: {like}}}\n", 1))
    problems = _problems(cards_copy, "halfwish")
    assert problems == [(_line_of(upgrades, f"    back: {{like: {like}}}"), f"decks[upgrades].back.like: {why}")]


def test_the_fields_of_a_card_left_out_are_checked_in_the_same_run(cards_copy):
    """Audit: a card with a count written as a word and a misspelt field showed the count in one
    run and the field in the next: the card left out went unchecked. Its fields are checked as
    they are written, each problem at its own line."""
    actions = cards_copy / "halfwish" / "actions.yaml"
    text = actions.read_text()
    text = text.replace("        count: 8\n        kind: strike", "        count: eight\n        colour: red\n        kind: parry", 1)
    actions.write_text(text)
    assert _problems(cards_copy, "halfwish") == [
        (_line_of(actions, "        count: eight"), "decks[actions].cards[strike].count: expected int, got 'eight'"),
        (_line_of(actions, "        colour: red"),
         "decks[actions].cards[strike].colour: unknown field 'colour' for deck 'actions'; accepted: id, name, count, kind, text, keywords"),
        (_line_of(actions, "        kind: parry"), "decks[actions].cards[strike].kind: 'parry' is not one of: strike, block, evade"),
    ]


def test_a_card_text_that_cannot_be_filled_in_shows_with_the_schema_problems(cards_copy):
    """A card text's `{{ }}` is filled in once the database loads; one that is not well formed
    is still listed when the database is refused for another mistake, at its own line, past a
    card the schema left out."""
    actions = cards_copy / "halfwish" / "actions.yaml"
    text = actions.read_text().replace("        count: 8\n        kind: strike", "        count: five\n        kind: strike", 1)
    actions.write_text(text.replace("Strike for DV{{", "Strike for DV{{ {{", 1))
    problems = _problems(cards_copy, "halfwish")
    assert problems[0] == (_line_of(actions, "        count: five"), "decks[actions].cards[strike].count: expected int, got 'five'")
    broken = next(line for line in actions.read_text().splitlines() if "DV{{ {{" in line)
    assert len(problems) == 2 and problems[1][0] == _line_of(actions, broken)
    assert problems[1][1].startswith("decks[actions].cards[long-strike].text: card 'long-strike' field 'text': "
                                     "cannot fill in \"First Strike. Strike for DV{{ {{ rules.actions")


TINY = Path(__file__).parent.parent / "fixtures" / "tinygame"


def _tiny(tmp_path: Path, edits: dict[str, tuple[str, str]], files: dict[str, str] | None = None) -> Path:
    """A copy of the tiny fixture game with `edits` (file -> (old, new)) made and `files` added."""
    import shutil

    shutil.copytree(TINY, tmp_path / "tinygame")
    for name, (old, new) in edits.items():
        path = tmp_path / "tinygame" / name
        assert old in path.read_text()
        path.write_text(path.read_text().replace(old, new, 1))
    for name, text in (files or {}).items():
        (tmp_path / "tinygame" / name).write_text(text)
    return tmp_path


def test_an_unknown_section_does_not_hide_the_games_other_problems(tmp_path):
    """Audit s25 (D4): `tokenz:` was the only problem of the run; a second deck's duplicate id,
    its total naming no rules parameter and its printing nothing took a second run."""
    more = "decks:\n  - id: race\n    name: More\n    code: MO\n    total: rules.deck_total\n"
    root = _tiny(tmp_path, {"game.yaml": ("rulings:", "tokenz: [{id: x}]\nrulings:")}, {"more.yaml": more})
    assert [message for _, message in _problems(root, "tinygame")] == [
        ("tokenz: unknown key 'tokenz' (did you mean 'tokens'?); accepted: game, rules, rule_types, types, rulings, print, "
        "rulebook, decks, sheets, tokens, dice, references"),
        "decks[race].id: duplicate component id 'race' (also a deck)",
        "decks[race].cards: deck 'race' prints no card: give a card a count above 0, or remove the deck",
        "decks[race].total: 'rules.deck_total' names no rules parameter",
    ]


def test_a_misspelt_deck_key_does_not_hide_the_problems_of_its_cards(tmp_path):
    """Audit s25 (D4): with `cod:` for `code`, a card missing its suit, a card with an unknown
    field and a duplicate card id showed only once `code` was put right."""
    root = _tiny(tmp_path, {"deck.yaml": ("    code: TD", "    cod: TD")})
    deck = root / "tinygame" / "deck.yaml"
    text = deck.read_text().replace("{id: fire-2, name: Blaze, suit: fire,", "{id: fire-2, name: Blaze,")
    deck.write_text(text.replace("{id: wind-2, name: Gust, suit: wind,", "{id: wind-1, name: Gust, suit: wind, colour: red,"))
    assert sorted(message for _, message in _problems(root, "tinygame")) == sorted([
        ("decks[race].cod: unknown key 'cod' (did you mean 'code'?); accepted: id, name, code, color, size, layout, "
        "back, duplex, sheets, face_down, total, description, prototype, fields, cards"),
        "decks[race].cards[fire-2]: missing required field 'suit'",
        "decks[race].cards[5].id: duplicate card id 'wind-1' (already in deck 'race', deck.yaml:21)",
        ("decks[race].cards[5].colour: unknown field 'colour' for deck 'race'; accepted: id, name, count, suit, "
        "points, text"),
    ])


def test_a_field_definitions_reference_is_checked_with_its_other_mistakes(tmp_path):
    """Audit s25 (D4): `type: string`, `choices: fire` and `requird:` were reported, `refs: nodeck`
    only once they were put right. The cards' suits are not checked against the broken definition."""
    root = _tiny(tmp_path, {"deck.yaml": ("suit: {type: str, required: true, choices: [fire, wind]",
                                          "suit: {type: string, requird: true, choices: fire, refs: nodeck")})
    problems = sorted(message for _, message in _problems(root, "tinygame"))
    assert [message.split(":")[0] for message in problems] == [
        "decks[race].fields.suit.choices", "decks[race].fields.suit.refs", "decks[race].fields.suit.requird",
        "decks[race].fields.suit.type"]
    assert problems[1] == "decks[race].fields.suit.refs: refers to deck 'nodeck', which does not exist; decks: race"


def test_a_csv_row_with_too_many_fields_does_not_hide_the_other_rows_problems(tmp_path):
    """Audit s25 (D4): a row with an unquoted comma was the only problem; a choice and a type
    mistake in another row showed in the next run (a count mistake did show: inconsistent)."""
    rows = ["id,name,count,suit,points,text", "fire-1,Spark,2,fire,1,Score 1 point.",
            "fire-2,Blaze,2,water,2.5,Score 2 points.", "wind-1,Breeze,2,wind,1,Draw 2, then discard",
            "wind-2,Gust,2,wind,2,Score 2 points."]
    deck = (TINY / "deck.yaml").read_text()
    root = _tiny(tmp_path, {"deck.yaml": (deck[deck.index("    cards:\n"):], "    cards: {from: race.csv}\n")},
                 {"race.csv": "\n".join(rows) + "\n"})
    problems = sorted(_problems(root, "tinygame"))
    assert [(line, message.split(":")[0]) for line, message in problems] == [(3, "points"), (3, "suit"), (4, "")]
    assert problems[1][1] == "suit: 'water' is not one of: fire, wind"


@pytest.mark.parametrize(("edits", "problem"), [
    ({"game.yaml": ("rules:", "rulez:")}, "rulez: unknown key 'rulez' (did you mean 'rules'?)"),
    ({"deck.yaml": ("    fields:", "    feilds:")}, "decks[race].feilds: unknown key 'feilds' (did you mean 'fields'?)"),
], ids=["rules", "deck-fields"])
def test_a_misspelt_part_others_read_is_the_only_problem_it_makes(tmp_path, edits, problem):
    """Leaving out a misspelt `rules:` or deck `fields:` would make up a problem for every rules
    name a card uses and every field of every card: the file is not read, as before."""
    problems = _problems(_tiny(tmp_path, edits), "tinygame")
    assert len(problems) == 1 and problems[0][1].startswith(problem), problems
