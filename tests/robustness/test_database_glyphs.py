"""A character the shipped fonts lack, in a database text the kit prints without a layout (the
rulebook's cover, the components page, the print checklist, page footers), is refused at its
field: a summary printed empty boxes on the cover and a subtitle's emoji vanished, and lint said
ok (audit s25, D3b)."""

from __future__ import annotations

import pytest

TINY_TEXTS = [  # (file, pattern, replacement, field, font)
    ("game.yaml", r"^  summary: Two players", "  summary: \u7a81 Two players", "game.summary", "Helvetica"),
    ("game.yaml", r"^  subtitle: A tiny card race for two", '  subtitle: "A tiny race \u2728"',
     "rulebook.subtitle", "Helvetica-Oblique"),
    ("game.yaml", r"^  designer: The deckwright team", "  designer: The deckwright team \u2605", "game.designer",
     "Helvetica"),
    ("game.yaml", r'^  ages: "8\+"', '  ages: "8+ \u2605"', "game.ages", "Helvetica-Bold"),
    ("deck.yaml", r"^    name: Race Deck", "    name: Race Deck \u2605", "decks[race].name", "Helvetica"),
    ("tokens.yaml", r"^    name: Spark tokens", "    name: Spark tokens \u2605", "tokens[sparks].name", "Helvetica"),
    ("tokens.yaml", r"name: Spark, count", "name: Spark \u2605, count", "tokens[sparks].tokens[spark].name",
     "Helvetica"),
]


def column_of(copy, file: str, line: int, key: str) -> int:
    """The column where `key:` is written on `line` of `file`."""
    return (copy.folder / file).read_text().split("\n")[line - 1].index(f"{key}:") + 1


@pytest.mark.parametrize(("file", "pattern", "replacement", "field", "font"), TINY_TEXTS,
                         ids=[text[3] for text in TINY_TEXTS])
def test_a_character_the_font_lacks_is_located_at_the_database_field(
        tiny, file: str, pattern: str, replacement: str, field: str, font: str) -> None:
    line = tiny.edit(file, pattern, replacement)
    column = column_of(tiny, file, line, field.split(".")[-1])
    output = " ".join(tiny.refused().output.split())
    assert f"{file}:{line}:{column}: {field}: font {font} has no glyph for " in output, output
    assert "1 problem in the card database" in output


def test_the_game_name_printed_on_a_shipped_back_is_reported_once_at_the_name(tiny) -> None:
    """The default back prints `{{ game.name }}` alone: the mistake is the name's, not the back's."""
    line = tiny.edit("game.yaml", r"^  name: Tiny Duel", '  name: "Tiny Duel \U0001f3b2"')
    output = " ".join(tiny.refused().output.split())
    assert (f"game.yaml:{line}:3: game.name: font Helvetica-Bold has no glyph for '\U0001f3b2' (U+1F3B2): it "
            "prints as an empty box") in output, output
    assert "1 problem in the card database" in output and "back.yaml" not in output


def test_a_die_note_the_font_lacks_is_located_at_the_die(game_copy) -> None:
    copy = game_copy("heartstrings")
    line = copy.edit("components.yaml", r"note: one per player\}", "note: one per player \u2680}")
    output = " ".join(copy.refused().output.split())
    column = column_of(copy, "components.yaml", line, "note")
    assert f"components.yaml:{line}:{column}: dice[combat-die].note: font Helvetica has no glyph for '\u2680'" in output
