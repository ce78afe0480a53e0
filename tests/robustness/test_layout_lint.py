"""`lint` reports every layout mistake a designer would otherwise find on paper, located where it is
written (the layout file's line and key, the card's line or spreadsheet cell), and `build` refuses
with the same lines (issue: broken input and lint)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import GameCopy, run_cli, written_files

from cards import load_game
from cards.spreadsheet import deck_csv


def refused_alike(copy: GameCopy) -> str:
    """Lint exits 1; build exits 1, writes nothing and shows the same located problems; lint's output."""
    lint = copy.lint()
    assert lint.exit_code == 1, lint.output
    out = copy.root.parent / "out"
    built = run_cli(["--cards", str(copy.root), "build", copy.game, "--paper", "a4", "--out", str(out)], cpu=10)
    assert built.exit_code == 1, built.output
    assert written_files(out) == []
    for line in lint.output.splitlines()[1:]:
        assert line.strip() in built.output, built.output
    return lint.output


def test_a_binding_error_is_located_at_its_layout_line_not_game_yaml(tiny: GameCopy) -> None:
    line = tiny.edit("templates/tiny-card.yaml", r"card\.points", "card.pointz")
    output = refused_alike(tiny)
    assert re.search(rf"tiny-card\.yaml:{line}:\d+: decks\[race\]: .*element 'points': cannot fill in "
                     r"'\{\{ card\.pointz \}\}'", output), output
    assert "game.yaml" not in output


def test_a_bad_colour_is_located_at_its_element(tiny: GameCopy) -> None:
    """The colour is an expression, so the problem points at the element it belongs to."""
    tiny.edit("templates/tiny-card.yaml", "#c0392b", "#zz0392b")
    output = refused_alike(tiny)
    lines = (tiny.folder / "templates" / "tiny-card.yaml").read_text().split("\n")
    line = next(i for i, text in enumerate(lines, 1) if "id: suit" in text)
    assert f"tiny-card.yaml:{line}:5: decks[race]: card 'fire-1' (deck.yaml:15) of deck 'race': layout 'tiny-card' " \
           "element 'suit': expected a colour like '#1f618d', got '#zz0392b'" in " ".join(output.split())


def test_a_card_value_a_layout_cannot_draw_names_where_the_card_is_written(tiny: GameCopy) -> None:
    """A card text too long for its box, or Halfwish's 'exposd' keyword, is reported at the layout
    line that draws it, with the card named but not its file: the designer, who had touched only
    the card, had to search for it."""
    tiny.edit("deck.yaml", r'id: fire-1, (.*) text: "Score 1 point."', r'id: fire-1, \1 text: "' + "Score 1 point. " * 60 + '"')
    output = " ".join(refused_alike(tiny).split())
    assert "card 'fire-1' (deck.yaml:15) of deck 'race'" in output and "does not fit" in output, output


def test_an_unknown_element_type_is_located_and_the_closest_suggested(tiny: GameCopy) -> None:
    line = tiny.edit("templates/tiny-card.yaml", r"type: icon", "type: icn")
    output = refused_alike(tiny)
    assert f"tiny-card.yaml:{line}:16: decks[race]: elements[1]: type 'icn' (did you mean 'icon'?)" in output


def test_a_missing_parent_layout_is_located_at_extends(tiny: GameCopy) -> None:
    line = tiny.edit("templates/tiny-card.yaml", r"^extends: tiny-base", "extends: tiny-bsae")
    output = refused_alike(tiny)
    assert f"tiny-card.yaml:{line}:1: decks[race]: layout 'tiny-bsae' not found" in output


def test_a_card_text_error_is_located_at_the_card_line(tiny: GameCopy) -> None:
    line = tiny.edit("deck.yaml", r"rules\.hand_size - 1", "rules.hand_sise - 1")
    output = refused_alike(tiny)
    assert re.search(rf"deck\.yaml:{line}:\d+: decks\[race\]\.cards\[fire-3\]\.text: card 'fire-3' field 'text': "
                     "cannot fill in", output), output
    assert "game.yaml" not in output
    assert "1 problem in the card database" in output  # once, though the rulebook prints the card too


def as_csv(copy: GameCopy) -> Path:
    """Move the Race Deck's cards into race.csv (`cards: {from: race.csv}`); the CSV's path."""
    csv_path = copy.folder / "race.csv"
    csv_path.write_text(deck_csv(load_game(copy.game, copy.root).deck("race")))
    deck = copy.folder / "deck.yaml"
    text = deck.read_text()
    deck.write_text(text[:text.index("    cards:")] + "    cards: {from: race.csv}\n")
    assert run_cli(["--cards", str(copy.root), "lint", copy.game]).exit_code == 0
    return csv_path


def edit_csv(path: Path, old: str, new: str) -> int:
    """Replace `old` (on one row) by `new`; that row's number."""
    rows = path.read_text().split("\n")
    hits = [i for i, row in enumerate(rows) if old in row]
    assert len(hits) == 1
    rows[hits[0]] = rows[hits[0]].replace(old, new)
    path.write_text("\n".join(rows))
    return hits[0] + 1


def test_a_card_text_error_in_a_csv_is_located_at_its_cell(tiny: GameCopy) -> None:
    csv_path = as_csv(tiny)
    row = edit_csv(csv_path, "rules.hand_size - 1", "rules.hand_sise - 1")
    output = refused_alike(tiny)
    column = csv_path.read_text().split("\n")[0].split(",").index("text") + 1
    assert f"race.csv:{row}:{column}: text: card 'fire-3' field 'text': cannot fill in" in output, output


@pytest.mark.parametrize(("pattern", "replacement", "key", "said"), [
    (r"size: 12, min_size: 9", "fnot_size: 12, min_size: 9", "fnot_size",
     "unknown key 'fnot_size' for a text (did you mean"),
    (r"(name \}\}\", )font: Helvetica-Bold,$", r"\g<1>fnot: Helvetica-Bold,", "fnot",
     "unknown key 'fnot' for a text (did you mean 'font'?)"),
    (r"(name \}\}\", )font: Helvetica-Bold,$", r"\g<1>font: Helvetica-bold,", "font",
     "unknown font 'Helvetica-bold' (did you mean 'Helvetica-Bold'?)"),
    (r"valign: middle", "valign: center", "valign", "valign: 'center'; expected one of top, middle, bottom"),
    # a standard PDF font that is not shipped would print unembedded, in the printer's own widths (audit)
    (r"(name \}\}\", )font: Helvetica-Bold,$", r"\g<1>font: Times-Roman,", "font",
     "unknown font 'Times-Roman'; fonts: Helvetica, Helvetica-Bold, Helvetica-Oblique, Helvetica-BoldOblique, Courier"),
], ids=["misspelt-size", "misspelt-font", "unknown-font", "valign-choice", "unembedded-font"])
def test_a_layout_key_or_value_that_would_be_ignored_is_refused_at_its_key(tiny: GameCopy, pattern: str,
                                                                           replacement: str, key: str,
                                                                           said: str) -> None:
    line = tiny.edit("templates/tiny-base.yaml", pattern, replacement)
    output = refused_alike(tiny)
    located = re.search(rf"tiny-base\.yaml:{line}:(\d+): decks\[race\] element 'title': (.*)", output)
    assert located and said in located.group(2), output
    text = (tiny.folder / "templates" / "tiny-base.yaml").read_text().split("\n")[line - 1]
    assert text[int(located.group(1)) - 1:].startswith(key)


def test_an_empty_layout_is_refused(tiny: GameCopy) -> None:
    (tiny.folder / "templates" / "tiny-card.yaml").write_text("description: nothing yet\nelements: []\n")
    output = refused_alike(tiny)
    assert "tiny-card.yaml:2:1: decks[race]: layout 'tiny-card' has no elements" in output


def test_an_element_off_the_card_is_refused_once_naming_a_card(tiny: GameCopy) -> None:
    line = tiny.edit("templates/tiny-card.yaml", r"x: 50, y: 2.6", "x: 150, y: 2.6")
    output = refused_alike(tiny)
    assert (f"tiny-card.yaml:{line}:5: decks[race] card 'fire-1' element 'points': placed off the side: it spans "
            "x 150..159 mm, y 2.6..11.2 mm, but the side (with 3 mm bleed) spans x -3..66 mm, y -3..91 mm") in output
    assert "(and on 7 more)" in output and output.count("placed off the side") == 1


def test_a_bleed_background_is_not_off_the_card(tiny: GameCopy) -> None:
    """tiny-base's background reaches into the bleed (`bleed: true`) and the shipped layouts lint clean."""
    assert tiny.lint().exit_code == 0


def test_a_character_the_font_lacks_is_located_at_the_card(tiny: GameCopy) -> None:
    line = tiny.edit("deck.yaml", r"name: Gale,", 'name: "Gale \u2603",')
    output = refused_alike(tiny)
    assert (f"deck.yaml:{line}:22: decks[race] card 'wind-3' element 'title': font Helvetica-Bold has no glyph "
            "for '\u2603' (U+2603): it prints as an empty box") in output


def test_a_character_the_font_lacks_in_a_csv_is_located_at_its_cell(tiny: GameCopy) -> None:
    csv_path = as_csv(tiny)
    row = edit_csv(csv_path, "Swap scores", "\u2605 Swap scores")
    output = refused_alike(tiny)
    assert re.search(rf"race\.csv:{row}:\d+: decks\[race\] card 'wind-turn' element 'body': font Helvetica has "
                     r"no glyph for '\u2605'", output), output


def test_an_empty_token_sheet_is_refused_instead_of_a_page_less_pdf(tiny: GameCopy) -> None:
    (tiny.folder / "tokens.yaml").write_text("tokens:\n  - id: sparks\n    name: Spark tokens\n    tokens: []\n")
    output = refused_alike(tiny)
    assert "tokens.yaml:4:5: tokens[sparks].tokens: token sheet 'sparks' prints no token" in output



@pytest.mark.parametrize(("file", "pattern", "replacement", "key"), [
    ("deck.yaml", r"layout: tiny-card ", "layout: tiny-crad ", "layout"),
    ("deck.yaml", r"back: \{layout: tiny-back,", "back: {layout: tiny-bakc,", "layout"),
], ids=["front", "back"])
def test_a_layout_not_found_is_located_at_the_key_naming_it(tiny: GameCopy, file: str, pattern: str,
                                                            replacement: str, key: str) -> None:
    line = tiny.edit(file, pattern, replacement)
    output = refused_alike(tiny)
    located = re.search(rf"deck\.yaml:{line}:(\d+): decks\[race\]: layout '\S+' not found", output)
    assert located, output
    text = (tiny.folder / file).read_text().split("\n")[line - 1]
    assert text[int(located.group(1)) - 1:].startswith(key)


def test_an_unknown_token_icon_is_located_at_the_token_with_the_closest_name(tiny: GameCopy) -> None:
    line = tiny.edit("tokens.yaml", r"icon: star\}", "icon: starr}")
    output = refused_alike(tiny)
    assert f"tokens.yaml:{line}:75: tokens[sparks].tokens[spark].icon: unknown icon 'starr' (did you mean 'star'?)" in output


def test_an_unknown_layout_icon_is_located_at_its_name(tiny: GameCopy) -> None:
    line = tiny.edit("templates/tiny-back.yaml", r"name: star,", "name: starr,")
    output = refused_alike(tiny)
    assert f"tiny-back.yaml:{line}:58: decks[race] back element 'star': unknown icon 'starr' (did you mean" in output


def test_a_token_label_character_the_font_lacks_is_located_at_the_label(tiny: GameCopy) -> None:
    line = tiny.edit("tokens.yaml", r'label: "\+1"', 'label: "+1 \u2726"')
    output = refused_alike(tiny)
    assert (f"tokens.yaml:{line}:62: tokens[sparks].tokens[spark].label: font Helvetica-Bold has no glyph for '\u2726' "
            "(U+2726)") in output


def test_a_ruling_character_the_rulebook_font_lacks_is_located_at_the_ruling(tiny: GameCopy) -> None:
    line = tiny.edit("game.yaml", r"ruling: Shuffle the discards", "ruling: Shuffle the discards \u27f3")
    output = refused_alike(tiny)
    assert f"game.yaml:{line}:5: rulings[empty-deck].ruling: font Helvetica has no glyph for '\u27f3' (U+27F3)" in output


def test_a_repeat_bound_error_is_located_at_the_repeat_line(game_copy) -> None:
    copy = game_copy("heartstrings")
    board = copy.folder / "templates" / "board.yaml"
    board.write_text(board.read_text().replace('to: "{{ rules.rooms }}"}', 'to: "{{ rules.roms }}"}', 1))
    output = refused_alike(copy)
    lines = board.read_text().split("\n")
    line = next(i for i, text in enumerate(lines, 1) if "rules.roms" in text)
    assert f"board.yaml:{line}:" in output and "cannot fill in '{{ rules.roms }}'" in output


def test_a_reference_template_not_found_is_located_at_its_key(game_copy) -> None:
    copy = game_copy("heartstrings")
    line = copy.edit("reference.yaml", r"front: turn-summary\.md\.j2", "front: turn-sumary.md.j2")
    output = refused_alike(copy)
    assert f"reference.yaml:{line}:5: references: template 'turn-sumary.md.j2' not found" in output


def test_a_legibility_finding_is_located_at_its_layout_element(tiny: GameCopy) -> None:
    """The points text coloured like the deck: lint names the element's line, not game.yaml."""
    line = tiny.edit("templates/tiny-card.yaml", r'valign: middle, color: "#ffffff"', 'valign: middle, color: "#1f618e"')
    result = tiny.lint()
    assert result.exit_code == 1
    element = line - 1  # the element starts on the line before its continuation
    assert (f"tiny-card.yaml:{element}:5: decks[race] card 'fire-1' element 'points': text #1f618e on #1f618d has "
            "contrast 1.0:1") in result.output
    assert "game.yaml" not in result.output


def test_an_element_off_a_token_its_layout_draws_is_refused(tiny: GameCopy) -> None:
    tiny.edit("tokens.yaml", r"^    shape: round$", "    shape: round\n    layout: tiny-token")
    (tiny.folder / "templates" / "tiny-token.yaml").write_text(
        'elements:\n  - {id: label, type: text, x: 12, y: 6, w: 14, h: 6, text: "{{ token.label }}"}\n')
    output = refused_alike(tiny)
    assert ("tiny-token.yaml:2:5: tokens[sparks] token 'spark' element 'label': placed off the side: it spans "
            "x 12..26 mm, y 6..12 mm, but the side spans x 0..18 mm, y 0..18 mm") in output


def test_two_elements_with_one_id_in_a_layout_file_are_refused(tiny: GameCopy) -> None:
    card = tiny.folder / "templates" / "tiny-card.yaml"
    card.write_text(card.read_text() + '  - {id: points, type: text, x: 5, y: 50, w: 9, h: 8.6, text: "x"}\n')
    output = refused_alike(tiny)
    line = len(card.read_text().rstrip("\n").split("\n"))
    assert f"tiny-card.yaml:{line}:6: decks[race]: elements[3]: id 'points' is already the id of elements[0]" in output


def test_every_mistake_of_a_layout_file_is_listed_in_one_run(tiny: GameCopy) -> None:
    """Audit: a misspelt type hid a misspelt key of the next element, and an unknown key at the top
    of the file hid both, so the designer fixed them one run at a time."""
    card = tiny.folder / "templates" / "tiny-card.yaml"
    card.write_text("colour: red\n" + card.read_text().replace("type: icon", "type: icn")
                    .replace("size: 10,", "sise: 10,")
                    + '  - {id: points, type: text, x: 5, y: 50, w: 9, h: 8.6, text: "x"}\n')
    output = refused_alike(tiny)
    lines = card.read_text().rstrip("\n").split("\n")
    at = {key: next(i for i, text in enumerate(lines, 1) if key in text) for key in ("colour", "icn", "sise")}
    assert f"tiny-card.yaml:{at['colour']}:1: decks[race]: unknown key 'colour'" in output
    assert f"tiny-card.yaml:{at['icn']}:16: decks[race]: elements[1]: type 'icn' (did you mean 'icon'?)" in output
    assert f"tiny-card.yaml:{at['sise']}:" in output and "element 'body': unknown key 'sise'" in output
    assert f"tiny-card.yaml:{len(lines)}:6: decks[race]: elements[3]: id 'points' is already the id" in output
    assert "4 problems in the card database" in output


def test_a_card_mistake_does_not_hide_the_layout_files_mistakes(tiny: GameCopy) -> None:
    """Audit: lint stopped at the cards, and the layout's mistakes came one run later."""
    count = tiny.edit("deck.yaml", r"(id: fire-2, .*)count: 2", r"\1count: two")
    icon = tiny.edit("templates/tiny-card.yaml", r"type: icon", "type: icn")
    name = tiny.edit("templates/tiny-back.yaml", r"name: star", "nmae: star")
    output = tiny.lint().output
    assert re.search(rf"deck\.yaml:{count}:\d+: decks\[race\]\.cards\[fire-2\]\.count: expected int", output), output
    assert f"tiny-card.yaml:{icon}:16: layout 'tiny-card': elements[1]: type 'icn'" in output
    assert re.search(rf"tiny-back\.yaml:{name}:\d+: layout 'tiny-back' element 'star': unknown key 'nmae'", output), output
    assert "3 problems in the card database" in output


def test_a_rulebook_template_not_found_is_located_at_its_key(tiny: GameCopy) -> None:
    line = tiny.edit("game.yaml", r"^  template: rulebook\.md\.j2$", "  template: rulebok.md.j2")
    output = refused_alike(tiny)
    assert f"game.yaml:{line}:3: rulebook: template 'rulebok.md.j2' not found" in output


def test_a_rebuild_from_the_cache_checks_the_edited_card(tiny: GameCopy) -> None:
    """A cached build skips the side checks of cards that drew before; an edited card is checked."""
    out = tiny.root.parent / "out"
    command = ["--cards", str(tiny.root), "build", tiny.game, "--paper", "a4", "--out", str(out)]
    assert run_cli(command, cpu=10).exit_code == 0
    line = tiny.edit("deck.yaml", r"name: Gale,", 'name: "Gale \u2603",')
    rebuilt = run_cli(command, cpu=10)
    assert rebuilt.exit_code == 1, rebuilt.output
    assert (f"deck.yaml:{line}:22: decks[race] card 'wind-3' element 'title': font Helvetica-Bold has no glyph "
            "for '\u2603' (U+2603): it prints as an empty box") in rebuilt.output


def test_every_key_a_drawing_function_reads_is_accepted_for_its_element_type() -> None:
    """The lint's list of keys and the drawing code must agree: a key the drawing reads but lint
    refuses fails every build that uses it (a track's `color` did, when both changed at once)."""
    import ast
    import inspect

    from generator import cardlayout, cardtext
    from generator.layoutlint import COMMON_KEYS, TYPE_KEYS

    drawers = {f"_draw_{kind}": kind for kind in TYPE_KEYS}
    checked = set()
    for module in (cardlayout, cardtext):
        source = inspect.getsource(module)
        for node in ast.parse(source).body:
            if isinstance(node, ast.FunctionDef) and node.name in drawers:
                body = ast.get_source_segment(source, node) or ""
                read = set(re.findall(r'element(?:\.get\(|\[)"([a-z_]+)"', body))
                assert read <= {*TYPE_KEYS[drawers[node.name]], *COMMON_KEYS}, node.name
                checked.add(node.name)
    assert checked == set(drawers)
