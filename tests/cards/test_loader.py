"""The loader finds every problem, and locates each one by file, line and field path."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import DatabaseInvalid, UnknownGame, load_game
from companion.cli import cli

MINIMAL_GAME = """\
game:
  id: tiny
  name: Tiny
  players: {min: 2, max: 4}
rules:
  deck_size: 3
"""

DECK = """\
decks:
  - id: main
    name: Main deck
    code: MN
    total: rules.deck_size
    fields:
      cost: {type: int}
      upgrades: {type: str, refs: main}
    cards:
      - id: alpha
        name: Alpha
        count: 2
        cost: 1
      - id: beta
        name: Beta
        cost: 2
        upgrades: alpha
"""


def make_game(root: Path, deck: str = DECK, game: str = MINIMAL_GAME) -> Path:
    folder = root / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(game)
    (folder / "deck.yaml").write_text(deck)
    return root


def problems_of(root: Path) -> list[str]:
    with pytest.raises(DatabaseInvalid) as info:
        load_game("tiny", root)
    return [str(p) for p in info.value.problems]


def test_valid_database_loads(tmp_path: Path) -> None:
    db = load_game("tiny", make_game(tmp_path))
    assert db.rules.deck_size == 3
    assert db.card("beta").get("upgrades") == "alpha"
    assert len(db.version) == 8


@pytest.mark.parametrize(
    ("broken", "expected"),
    [
        (DECK.replace("cost: 1", "cost: two"), "deck.yaml:13:9: decks[main].cards[alpha].cost: expected int, got 'two'"),
        (DECK.replace("    code: MN\n", "    code: MN\n    colour: red\n"),
         "deck.yaml:5:5: decks[main].colour: unknown key 'colour' (did you mean 'color'?); accepted: id, name, code, color"),
        (DECK.replace("id: beta", "id: alpha"), "deck.yaml:14:9: decks[main].cards[1].id: duplicate card id 'alpha'"),
        (DECK.replace("upgrades: alpha", "upgrades: gamma"),
         "deck.yaml:17:9: decks[main].cards[beta].upgrades: refers to 'gamma', which is not a card of deck 'main'"),
        (DECK.replace("count: 2", "count: 3"),
         "deck.yaml:5:5: decks[main].total: card counts add up to 4, expected 3 (rules.deck_size)"),
        (DECK.replace("count: 2", "count: 2024-03-04"),
         "deck.yaml:12:9: decks[main].cards[alpha].count: expected int, got a date (2024-03-04)"),
        (DECK.replace("cost: 2", "cost: [2"), "deck.yaml:17:17: malformed YAML"),
        (DECK.replace("        cost: 2\n", "        cost: 2\n        price: 4\n"),
         "decks[main].cards[beta].price: unknown field 'price' for deck 'main'; accepted: id, name, count, cost, upgrades"),
        ("decks: 5\n", "deck.yaml:1:1: decks: expected a list, got 5"),
        (DECK.replace("count: 2", "count: 0").replace("        cost: 2\n", "        cost: 2\n        count: 0\n"),
         "deck.yaml:9:5: decks[main].cards: deck 'main' prints no card: give a card a count above 0, or remove the deck"),
    ],
    ids=["wrong-type", "unknown-key", "duplicate-id", "dangling-ref", "count-total", "count-a-date", "malformed-yaml", "unknown-field",
         "decks-a-number", "no-card-printed"],
)
def test_broken_database_is_located(tmp_path: Path, broken: str, expected: str) -> None:
    problems = problems_of(make_game(tmp_path, deck=broken))
    assert any(expected in p for p in problems), problems


@pytest.mark.parametrize(
    ("broken", "expected"),
    [
        (DECK.replace("    code: MN", "    cod: MN"),
         "deck.yaml:4:5: decks[main].cod: unknown key 'cod' (did you mean 'code'?); accepted: id, name, code, color,"),
        (DECK.replace("cost: {type: int}", "cost: {type: int, requird: true}"),
         ("deck.yaml:7:25: decks[main].fields.cost.requird: unknown key 'requird' (did you mean 'required'?); "
          "accepted: type, required, refs,")),
        (DECK.replace("cost: {type: int}", "cost: {type: string}"),
         ("deck.yaml:7:14: decks[main].fields.cost.type: 'string' is not one of: str, text, int, float, bool, "
          "list, map, counts; did you mean 'str'?")),
        ("tokenz: [{id: x}]\n" + DECK,
         "deck.yaml:1:1: tokenz: unknown key 'tokenz' (did you mean 'tokens'?); accepted: game, rules,"),
    ],
    ids=["deck-key", "field-spec-key", "field-type", "section"],
)
def test_a_misspelt_key_or_word_is_one_problem_saying_what_was_meant(tmp_path: Path, broken: str,
                                                                     expected: str) -> None:
    """Audit s25 (D6): `requird:`, a deck's `cod:` and `tokenz:` got no "did you mean", `cod:` was
    also reported as `code` missing, and `type: string` read "Input should be 'str', 'text', ..."."""
    problems = problems_of(make_game(tmp_path, deck=broken))
    assert len(problems) == 1 and expected in problems[0], problems


def test_a_total_written_as_a_number_is_not_said_twice(tmp_path: Path) -> None:
    """Audit s25 (D6): `card counts add up to 0, expected 12 (12)`; the brackets name a rules
    parameter, and only when the total is one."""
    problems = problems_of(make_game(tmp_path, deck=DECK.replace("total: rules.deck_size", "total: 4")))
    assert len(problems) == 1 and problems[0].endswith("deck.yaml:5:5: decks[main].total: card counts add up to 3, "
                                                       "expected 4"), problems


def test_a_checked_value_is_quoted_once(tmp_path: Path) -> None:
    """A check that says what it got ("expected a length like '63mm', ..., got 'wide'") was
    followed by "(got 'wide')" again."""
    sheet = "sheets:\n  - id: board\n    name: Board\n    width: wide\n    height: 100mm\n    layout: board\n"
    (make_game(tmp_path) / "tiny" / "board.yaml").write_text(sheet)
    problems = problems_of(tmp_path)
    assert len(problems) == 1 and "width: expected a length" in problems[0], problems
    assert problems[0].count("'wide'") == 1, problems


def test_every_problem_is_listed_not_just_the_first(tmp_path: Path) -> None:
    broken = DECK.replace("cost: 1", "cost: one").replace("cost: 2", "cost: two").replace("upgrades: alpha", "upgrades: x")
    problems = problems_of(make_game(tmp_path, deck=broken))
    assert len(problems) == 3, problems


def test_unknown_game_names_known_ones(tmp_path: Path) -> None:
    make_game(tmp_path)
    with pytest.raises(UnknownGame, match="known games: tiny"):
        load_game("nope", tmp_path)


def test_lint_exit_codes(tmp_path: Path, runner) -> None:
    root = make_game(tmp_path)
    (root / "tiny" / "templates").mkdir()  # lint renders the rulebook, as build would
    (root / "tiny" / "templates" / "rulebook.md.j2").write_text("# {{ game.name }}\n")
    ok = runner.invoke(cli, ["--cards", str(root), "lint"])
    assert ok.exit_code == 0, ok.output
    (root / "tiny" / "deck.yaml").write_text(DECK.replace("cost: 1", "cost: two"))
    bad = runner.invoke(cli, ["--cards", str(root), "lint", "tiny"])
    assert bad.exit_code == 1
    assert "expected int, got 'two'" in bad.output
    assert "Traceback" not in bad.output


def test_lint_notes_a_card_file_left_empty(tmp_path: Path, runner) -> None:
    """Audit: an emptied card file passed lint without a word, and the kit quietly lost its cards."""
    root = make_game(tmp_path)
    (root / "tiny" / "templates").mkdir()
    (root / "tiny" / "templates" / "rulebook.md.j2").write_text("# {{ game.name }}\n")
    (root / "tiny" / "more.yaml").write_text("# cards to come\n")
    ok = runner.invoke(cli, ["--cards", str(root), "lint", "tiny"])
    assert ok.exit_code == 0, ok.output
    assert "  note: more.yaml holds nothing (it is empty or only comments)" in ok.output
    assert "deck.yaml holds nothing" not in ok.output


def test_lint_notes_an_empty_rulebook_template(tmp_path: Path, runner) -> None:
    """Audit: an empty rulebook template was accepted without a word; the rulebook printed its
    title, print guide, components and rulings, and no rules."""
    root = make_game(tmp_path)
    (root / "tiny" / "templates").mkdir()
    template = root / "tiny" / "templates" / "rulebook.md.j2"
    template.write_text("\n  \n")
    ok = runner.invoke(cli, ["--cards", str(root), "lint", "tiny"])
    assert ok.exit_code == 0, ok.output
    assert ("  note: the rulebook template rulebook.md.j2 is empty: the rulebook prints no rules "
            "(its title, print guide, components and rulings only)") in ok.output
    template.write_text("# {{ game.name }}\n")
    assert "is empty" not in runner.invoke(cli, ["--cards", str(root), "lint", "tiny"]).output


def test_a_rules_hook_missing_a_deck_says_so_in_words(tmp_path: Path, runner, cards_copy) -> None:
    """Audit: emptying skirmish's skills.yaml gave 'KeyError: "no deck ..."' at game.yaml's absolute path."""
    (cards_copy / "skirmish" / "skills.yaml").write_text("")
    result = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "skirmish"])
    assert result.exit_code == 1
    shown = " ".join(result.output.split())
    assert "game.yaml:3:3: game.id: the skirmish rules engine cannot use this database: no deck 'skills' in skirmish" in shown
    assert "note: skills.yaml holds nothing (it is empty or only comments)" in shown  # why the deck went missing
    assert "KeyError" not in result.output


def test_a_build_served_by_the_cache_reports_a_deck_the_engine_needs_as_a_problem(tmp_path: Path, runner,
                                                                                   cards_copy) -> None:
    """Audit: a deck the engine reads renamed, then `build` with the render cache (which works out
    its keys before the full check) ended in a KeyError traceback; `--no-cache` reported it."""
    out = tmp_path / "out"
    built = runner.invoke(cli, ["--cards", str(cards_copy), "build", "which-witch", "--paper", "a4", "--out", str(out)])
    assert built.exit_code == 0, built.output
    deck = cards_copy / "which-witch" / "game-cards.yaml"
    deck.write_text(deck.read_text().replace("  - id: game-cards\n", "  - id: spell-deck\n", 1))
    for extra in ([], ["--no-cache"]):
        result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "which-witch", "--paper", "a4",
                                     "--out", str(out), *extra])
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert ("game.id: the which-witch rules engine cannot use this database: no deck 'game-cards' in "
                "which-witch; decks: spell-deck, witches") in " ".join(result.output.split())


def test_env_var_points_at_another_database(tmp_path: Path, runner) -> None:
    root = make_game(tmp_path)
    result = runner.invoke(cli, ["games", "--json"], env={"DECKWRIGHT_CARDS": str(root)})
    assert result.exit_code == 0, result.output
    assert '"id": "tiny"' in result.output


def test_shipped_database_is_clean(runner) -> None:
    result = runner.invoke(cli, ["lint"])
    assert result.exit_code == 0, result.output


GLOSSARY_GAME = MINIMAL_GAME + """\
  keywords:
    - {id: swift, text: Acts first.}
    - {id: sturdy, text: Takes one less damage.}
  colours: {red: "#c0392b", blue: "#1f618d"}
  deck_size_text: three
"""


def _deck_with(field: str, value: str) -> str:
    return DECK.replace("      upgrades: {type: str, refs: main}\n", f"      upgrades: {{type: str, refs: main}}\n      {field}\n") \
               .replace("        cost: 1\n", f"        cost: 1\n{value}")


def test_a_field_may_name_the_ids_of_a_rules_list_or_mapping(tmp_path: Path) -> None:
    """Halfwish's cards list glossary keywords; a misspelt one was found only when a layout looked
    it up, located at the layout line. `refs: rules.keywords` checks it as the card is loaded."""
    deck = _deck_with("keywords: {type: list, refs: rules.keywords}", "        keywords: [swift, sturdi]\n")
    problems = problems_of(make_game(tmp_path / "list", deck=deck, game=GLOSSARY_GAME))
    assert any("deck.yaml:15:9: decks[main].cards[alpha].keywords: refers to 'sturdi', which is not an id in "
               "rules.keywords (did you mean 'sturdy'?)" in p for p in problems), problems
    deck = _deck_with("colour: {type: str, refs: rules.colours}", "        colour: blue\n")
    assert load_game("tiny", make_game(tmp_path / "map", deck=deck, game=GLOSSARY_GAME)).card("alpha").get("colour") == "blue"


def test_a_field_referring_to_rules_that_hold_no_ids_is_located_at_its_spec(tmp_path: Path) -> None:
    deck = _deck_with("size: {type: str, refs: rules.deck_size_text}", "        size: three\n")
    problems = problems_of(make_game(tmp_path, deck=deck, game=GLOSSARY_GAME))
    assert any("decks[main].fields.size.refs: refers to 'rules.deck_size_text', which names no list or mapping "
               "of the rules" in p for p in problems), problems


@pytest.mark.parametrize(
    ("broken", "expected"),
    [
        (DECK.replace("        cost: 2\n", "\tcost: 2\n"),
         "deck.yaml:16:1: malformed YAML: a tab where YAML expects spaces (indent with spaces only)"),
        (DECK.replace("name: Beta", "name: [Beta"),
         "malformed YAML: did not find expected ',' or ']' (in the flow sequence that starts at line 15, column 15)"),
        (DECK.replace("name: Alpha", 'name: "Alpha').replace("name: Beta", 'name: "Beta"'),
         ("deck.yaml:15:16: malformed YAML: did not find expected key (the quote opened at line 11, column 15 "
          "is not closed on its line)")),
        (DECK.replace("name: Alpha", "name: Alpha: the first"),
         ("deck.yaml:11:20: malformed YAML: a colon and a space inside the value of 'name': put the value in "
          "quotes (name: \"Alpha: the first\")")),
    ],
    ids=["tab-indent", "unclosed-bracket", "unclosed-quote", "colon-in-value"],
)
def test_malformed_yaml_names_the_cause_a_designer_can_fix(tmp_path: Path, broken: str, expected: str) -> None:
    """Broken-input audit: a tab said "found character that cannot start any token", and an unclosed
    bracket pointed only at the line where the parser gave up, two lines below the bracket."""
    problems = problems_of(make_game(tmp_path, deck=broken))
    assert any(expected in p for p in problems), problems


@pytest.mark.parametrize(("encoded", "expected"), [
    (lambda text: text.replace("name: Beta", "name: Bêta").encode("latin-1"),
     "deck.yaml:15:16: byte 0xEA is not UTF-8 (a Latin-1 or Windows accent?): save the file as UTF-8"),
    (lambda text: text.encode("utf-16"), "deck.yaml:1:1: the file is UTF-16: save the file as UTF-8"),
], ids=["latin-1", "utf-16"])
def test_a_file_that_is_not_utf8_is_located_at_its_first_bad_byte(tmp_path: Path, encoded, expected) -> None:
    """Audit: 'cannot read file: 'utf-8' codec can't decode byte 0xe9 in position 1008'."""
    root = make_game(tmp_path)
    (root / "tiny" / "deck.yaml").write_bytes(encoded(DECK))
    problems = problems_of(root)
    assert any(p.endswith(expected) for p in problems), problems


def test_a_yaml_merge_key_shares_values_and_the_keys_written_override_them(tmp_path: Path) -> None:
    """Audit: `<<: *base` with the card's own id, name and cost was refused as 'duplicate key' for
    each; YAML's merge key lets the keys written beside it override the merged ones."""
    deck = DECK.replace("      - id: alpha\n", "      - &base\n        id: alpha\n").replace(
        "      - id: beta\n        name: Beta\n        cost: 2\n",
        "      - <<: *base\n        id: beta\n        name: Beta\n        cost: 2\n        count: 1\n")
    beta = load_game("tiny", make_game(tmp_path, deck=deck)).deck("main").cards[1]
    assert (beta.id, beta.name, beta.count, beta.get("cost"), beta.get("upgrades")) == ("beta", "Beta", 1, 2, "alpha")
    twice = DECK.replace("        cost: 2\n", "        cost: 2\n        cost: 3\n")
    assert any("duplicate key 'cost'" in p for p in problems_of(make_game(tmp_path / "again", deck=twice)))


def test_a_duplicate_key_names_its_list_items_by_id_as_other_problems_do(tmp_path: Path) -> None:
    """Designer audit: a duplicate key's path read `decks[0].cards[1].cost` where every other
    problem names the items by id (`decks[main].cards[beta].cost`): the list was not built yet."""
    twice = DECK.replace("        cost: 2\n", "        cost: 2\n        cost: 3\n")
    problems = problems_of(make_game(tmp_path, deck=twice))
    assert any("decks[main].cards[beta].cost: duplicate key 'cost'" in p for p in problems), problems


def test_template_marks_outside_a_text_field_are_refused_where_they_would_print_as_written(tmp_path: Path) -> None:
    """Sixth-game audit: a card named "Candle {{ rules.hand_size }}" printed the braces; only text
    fields are filled in."""
    deck = DECK.replace("name: Alpha", 'name: "Alpha {{ rules.deck_size }}"').replace(
        "      upgrades: {type: str, refs: main}\n", "      upgrades: {type: str, refs: main}\n      motto: {type: str}\n"
    ).replace("        upgrades: alpha\n", "        upgrades: alpha\n        motto: \"{{ rules.deck_size }} strong\"\n")
    problems = problems_of(make_game(tmp_path, deck=deck))
    assert any("decks[main].cards[alpha].name: `{{ }}` is not filled in in a card's name: it would print as written" in p
               for p in problems), problems
    assert any("decks[main].cards[beta].motto: `{{ }}` is not filled in in a field of type str ('motto')" in p
               and "declare it `type: text`" in p for p in problems), problems
