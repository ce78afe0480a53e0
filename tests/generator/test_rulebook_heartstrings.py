"""The Heartstrings rulebook as its readers see it, the template helpers, and Markdown layout.

Paper sizes, determinism, the sandbox and the contents page are specified in test_rulebook.py.
"""

from __future__ import annotations

import importlib.machinery
import io
import math
import re
import sys
import types
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader
from reportlab.platypus import PageBreak, Table

from cards import Database, load_game
from cards.units import MM
from generator.errors import GeneratorError
from generator.markdown import Theme, markdown_to_flowables
from generator.paragraphs import Paragraph
from generator.rulebook import (
    RulebookError,
    TemplateSecurityError,
    and_list,
    game_rulebook_context,
    rulebook_markdown,
)
from generator.rulebook_pdf import render_rulebook
from generator.stamps import printed_version

WIDTH = 160 * MM


def render(db: Database, paper: str = "a4") -> bytes:
    out = io.BytesIO()
    render_rulebook(db, paper, out)
    return out.getvalue()


def pages_text(pdf: bytes) -> list[str]:
    """Each page's text with runs of whitespace collapsed, so line breaks do not matter."""
    return [" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def set_rule(cards: Path, name: str, value: object) -> None:
    """Change one rules parameter in a copied database."""
    path = cards / "heartstrings" / "game.yaml"
    data = yaml.safe_load(path.read_text())
    data["rules"][name] = value
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def write_template(cards: Path, text: str, name: str = "rulebook.md.j2") -> None:
    """A game-local template: `cards/<game>/templates/` is searched before `templates/<game>/`."""
    folder = cards / "heartstrings" / "templates"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text)


@pytest.fixture(scope="module")
def heartstrings() -> Database:
    return load_game("heartstrings")


@pytest.fixture(scope="module")
def a4_pdf(heartstrings: Database) -> bytes:
    return render(heartstrings, "a4")


@pytest.fixture(scope="module")
def a4_text(a4_pdf: bytes) -> list[str]:
    return pages_text(a4_pdf)


# --- what the Heartstrings rulebook prints --------------------------------------------------


def test_rulebook_prints_component_numbers_from_the_database(heartstrings: Database, a4_text: list[str]) -> None:
    rules = heartstrings.rules
    text = " ".join(a4_text)
    assert f"{rules.tokens_per_player} player tokens" in text
    assert f"{rules.beads_per_player} heart beads" in text
    assert f"the Bead Pool: {rules.bead_pool} extra heart beads" in text
    assert f"a {rules.room_die}-sided die" in text
    assert f"board of {rules.rooms} numbered rooms" in text


def test_seed_damage_example_is_computed_from_rules(heartstrings: Database, a4_text: list[str]) -> None:
    """Seed: "Example: Attacker rolls 6; Defender rolls 1. Damage = (6 – 1) / 2 = 2.5
    2.5 rounds up to 3. Loser takes 3 damage." """
    divisor = heartstrings.rules.damage_divisor
    text = " ".join(a4_text)
    assert "The Attacker rolls 6; the Defender rolls 1." in text
    assert f"Damage = (6 - 1) / {divisor} = 2.5, which rounds up to 3." in text
    assert "takes 3 damage" in text


def test_seed_buff_example_is_printed(a4_text: list[str]) -> None:
    """Seed: "Example: If a player invades room 8, the Defender's roll automatically gains 2.
    If a player invades room 9, the Attacker's roll automatically gains 3." """
    text = " ".join(a4_text)
    assert "If a player invades room 8, the Defender's roll automatically gains 2." in text
    assert "If a player invades room 9, the Attacker's roll automatically gains 3." in text


def test_special_rooms_table_lists_every_buff_and_bonus(heartstrings: Database, a4_text: list[str]) -> None:
    """Seed: "There are 7 special rooms on the board" (rooms 4 and 8; 3, 6 and 9; 1 and 12)."""
    rules = heartstrings.rules
    text = " ".join(a4_text)
    for room, buff in rules.defender_buffs.items():
        assert f"{room} Defender Buff the Defender adds +{buff} to every roll" in text
    for room, buff in rules.attacker_buffs.items():
        assert f"{room} Attacker Buff the Attacker adds +{buff} to their roll" in text
    for room in rules.bead_bonus_rooms:
        assert f"{room} Heart Bead Bonus gain {rules.bead_bonus} heart bead on arrival" in text
    assert "7 rooms have special effects" in text


def test_damage_table_covers_every_difference_of_the_combat_die(heartstrings: Database, a4_text: list[str]) -> None:
    """Seed: "take damage equivalent to ½ of the roll difference. If the damage is not a whole
    number, round up." """
    rules = heartstrings.rules
    differences = range(1, rules.combat_die)
    damages = " ".join(str(math.ceil(d / rules.damage_divisor)) for d in differences)
    assert f"Damage to the loser {damages}" in " ".join(a4_text)


def test_every_ruling_reason_is_printed(heartstrings: Database, a4_text: list[str]) -> None:
    text = " ".join(a4_text)
    for ruling in heartstrings.rulings:
        assert f"Why: {' '.join(ruling.reason.split())}" in text, ruling.id


def test_title_page_names_the_game_players_and_version(heartstrings: Database, a4_text: list[str]) -> None:
    title = a4_text[0]
    assert heartstrings.meta.name in title
    assert "PLAYERS 2–3" in title
    assert f"Rules version {printed_version(heartstrings)}" in title


def test_every_body_page_stamps_the_version(heartstrings: Database, a4_text: list[str]) -> None:
    for page in a4_text[1:]:
        assert f"version {printed_version(heartstrings)}" in page


def test_chapters_are_pdf_bookmarks_pointing_at_their_pages(a4_pdf: bytes, a4_text: list[str]) -> None:
    reader = PdfReader(io.BytesIO(a4_pdf))
    chapters = {item.title: reader.get_destination_page_number(item) + 1
                for item in reader.outline if not isinstance(item, list)}
    assert "5. Special rooms" in chapters
    # the numbered heading itself is on the page the bookmark opens (its table may follow overleaf)
    assert re.search(r"\b5\.\s+Special rooms", a4_text[chapters["5. Special rooms"] - 1])


def test_title_page_is_drawn_in_the_accent_colour(a4_pdf: bytes) -> None:
    """Rasterised title page: the band across the top is the theme's accent colour, and stops at the
    5 mm margin (a printer would clip a band run to the edge into an uneven white strip)."""
    page = pdfium.PdfDocument(a4_pdf)[0]
    image = page.render(scale=25.4 / 72).to_pil().convert("RGB")  # one pixel a millimetre
    accent = tuple(int(Theme().accent[i:i + 2], 16) for i in (1, 3, 5))
    assert image.getpixel((image.width // 2, 8)) == accent
    assert image.getpixel((image.width // 2, 3)) == (255, 255, 255)
    assert image.getpixel((3, 8)) == (255, 255, 255)
    assert image.getpixel((image.width // 2, image.height // 2)) != accent


# --- a rules edit reprints the book ----------------------------------------------------------


def test_changing_the_divisor_recomputes_the_worked_example(cards_copy: Path) -> None:
    set_rule(cards_copy, "damage_divisor", 3)
    text = " ".join(pages_text(render(load_game("heartstrings", cards_copy))))
    assert f"Damage = (6 - 1) / 3 = 1.67, which rounds up to {math.ceil(5 / 3)}." in text
    assert "= 2.5" not in text


def test_rulings_chapter_is_added_when_the_template_forgets_it(cards_copy: Path) -> None:
    write_template(cards_copy, "# Rooms\n\nThere are {{ rules.rooms }} rooms.\n")
    db = load_game("heartstrings", cards_copy)
    text = " ".join(pages_text(render(db)))
    assert "There are 12 rooms." in text
    assert "2. Rulings" in text
    for ruling in db.rulings:
        assert ruling.topic in text


def test_rulings_section_takes_a_heading(cards_copy: Path) -> None:
    write_template(cards_copy, "# First\n\nText.\n\n{{ rulings_section('House rulings') }}\n\n# Last\n\nEnd.\n")
    markdown = rulebook_markdown(load_game("heartstrings", cards_copy))
    assert markdown.count("# House rulings") == 1
    assert markdown.index("# First") < markdown.index("# House rulings") < markdown.index("# Last")


# --- template errors name the template --------------------------------------------------------


def test_template_cannot_change_the_database(cards_copy: Path) -> None:
    write_template(cards_copy, "{{ rules.update({'rooms': 99}) }}\n")
    with pytest.raises(TemplateSecurityError):
        render(load_game("heartstrings", cards_copy))


def test_unknown_rules_parameter_names_the_template(cards_copy: Path) -> None:
    write_template(cards_copy, "# Title\n\n{{ rules.no_such_rule }}\n")
    with pytest.raises(RulebookError, match=r"rulebook\.md\.j2.*no_such_rule"):
        render(load_game("heartstrings", cards_copy))


def test_template_syntax_error_gives_file_and_line(cards_copy: Path) -> None:
    write_template(cards_copy, "# Title\n\n{% if %}\n")
    with pytest.raises(RulebookError, match=r"rulebook\.md\.j2:3: template syntax error"):
        render(load_game("heartstrings", cards_copy))


def test_rulebook_errors_are_generator_errors() -> None:
    assert issubclass(RulebookError, GeneratorError)


# --- the game's own context hook ------------------------------------------------------------


def test_game_hook_adds_computed_context(monkeypatch: pytest.MonkeyPatch) -> None:
    name = "companion.games.zz_hook_game"
    module = types.ModuleType(name)
    module.__spec__ = importlib.machinery.ModuleSpec(name, None)
    module.rulebook_context = lambda db: {"odds": f"computed for {db.id}"}
    monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setenv("DECKWRIGHT_ENGINES", f"zz-hook-game={name}")  # found through the registry
    assert game_rulebook_context(types.SimpleNamespace(id="zz-hook-game")) == {"odds": "computed for zz-hook-game"}


def test_game_hook_must_return_a_dict(monkeypatch: pytest.MonkeyPatch) -> None:
    name = "companion.games.zz_bad_hook"
    module = types.ModuleType(name)
    module.__spec__ = importlib.machinery.ModuleSpec(name, None)
    module.rulebook_context = lambda db: ["not", "a", "dict"]
    monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setenv("DECKWRIGHT_ENGINES", f"zz-bad-hook={name}")
    with pytest.raises(RulebookError, match="returned list, expected a dict"):
        game_rulebook_context(types.SimpleNamespace(id="zz-bad-hook"))


def test_game_without_a_package_gets_no_extra_context() -> None:
    assert game_rulebook_context(types.SimpleNamespace(id="no-such-game-package")) == {}


def test_and_list_reads_as_a_phrase() -> None:
    assert and_list([3, 6, 9]) == "3, 6 and 9"
    assert and_list(["green", "blue"], "or") == "green or blue"
    assert and_list([4]) == "4"


# --- Markdown to flowables ------------------------------------------------------------------


def test_numbered_headings_carry_their_section_numbers() -> None:
    flowables = markdown_to_flowables("# Setup\n\n## Board\n\n## Dice\n\n# Play\n", WIDTH, Theme(numbered=True))
    assert [f.toc_text for f in flowables] == ["1. Setup", "1.1 Board", "1.2 Dice", "2. Play"]
    assert [f.toc_level for f in flowables] == [0, 1, 1, 0]


def test_headings_directive_turns_numbering_off() -> None:
    flowables = markdown_to_flowables("<!-- headings: plain -->\n\n# Setup\n", WIDTH, Theme(numbered=True))
    assert [f.toc_text for f in flowables] == ["Setup"]


@pytest.mark.parametrize("marker", ["<!-- pagebreak -->", "\\pagebreak"], ids=["comment", "latex"])
def test_page_break_markers(marker: str) -> None:
    flowables = markdown_to_flowables(f"Before.\n\n{marker}\n\nAfter.\n", WIDTH)
    assert [type(f) for f in flowables] == [Paragraph, PageBreak, Paragraph]


def test_table_has_a_repeated_header_row_and_aligned_columns() -> None:
    table = markdown_to_flowables("| Room | Buff |\n|---|--:|\n| 4 | +1 |\n| 8 | +2 |\n", WIDTH)[0]
    assert isinstance(table, Table)
    assert table.repeatRows == 1
    assert table._cellvalues[1][1].style.alignment == 2  # TA_RIGHT
    assert sum(table._colWidths) <= WIDTH


def test_block_quote_becomes_a_boxed_callout() -> None:
    box = markdown_to_flowables("> **Example.** Roll a 6.\n", WIDTH)[0]
    assert isinstance(box, Table)
    assert "<b>Example.</b> Roll a 6." in box._cellvalues[0][0][0].text


def test_inline_markup_is_translated_and_raw_html_escaped() -> None:
    text = markdown_to_flowables("**bold** *it* `code` <b>not bold</b> & more\n", WIDTH)[0].text
    assert "<b>bold</b> <i>it</i>" in text
    assert "&lt;b&gt;not bold&lt;/b&gt; &amp; more" in text


def test_known_icon_becomes_a_vector_glyph_and_unknown_stays_text() -> None:
    text = markdown_to_flowables("Lose :heart: at 10:30: now :nosuchicon:\n", WIDTH)[0].text
    assert 'label="heart"' in text
    assert ":nosuchicon:" in text


def test_contents_directive_keeps_headings_out_of_the_contents() -> None:
    markdown = "# Rulings\n\n<!-- contents: off -->\n\n## Who starts\n\n<!-- contents: on -->\n\n# Index\n"
    flowables = markdown_to_flowables(markdown, WIDTH, Theme(numbered=True))
    assert [(f.toc_text, getattr(f, "toc_level", None)) for f in flowables] == [
        ("1. Rulings", 0), ("1.1 Who starts", None), ("2. Index", 0)]


def test_ruling_topics_are_numbered_but_not_listed_in_the_contents(heartstrings: Database, a4_text: list[str]) -> None:
    contents = next(page for page in a4_text if "Contents" in page)
    assert "Rulings" in contents
    for ruling in heartstrings.rulings:
        assert ruling.topic not in contents


def _board_page(pdf: bytes) -> str:
    return next(text for text in pages_text(pdf) if "Worked invasion" in text)


def test_the_board_diagram_marks_the_special_rooms_from_the_rules():
    """Issue 16: "the Heartstrings board with the special rooms marked and a worked invasion",
    drawn from `rules.defender_buffs`, `attacker_buffs` and `bead_bonus_rooms`."""
    db = load_game("heartstrings")
    page = _board_page(render(db))
    for buff in db.rules.defender_buffs.values():
        assert f"Defender +{buff}" in page
    for buff in db.rules.attacker_buffs.values():
        assert f"Attacker +{buff}" in page
    # each bonus room's tag, and the legend's entry, which says what the bonus is (ruling bonus-per-arrival)
    assert page.count(f"+{db.rules.bead_bonus} bead") == len(db.rules.bead_bonus_rooms) + 1
    assert f"occupy or win it: +{db.rules.bead_bonus} bead" in page
    room = max(db.rules.attacker_buffs)
    assert f"walks into room {room}" in page and f"attacker buff of {db.rules.attacker_buffs[room]}" in page


def test_a_rules_edit_redraws_the_board_and_its_invasion(cards_copy):
    set_rule(cards_copy, "defender_buffs", {5: 3})
    set_rule(cards_copy, "attacker_buffs", {7: 2})
    page = _board_page(render(load_game("heartstrings", cards_copy)))
    assert "Defender +3" in page and "Defender +1" not in page and "Attacker +3" not in page
    assert "walks into room 7" in page and "attacker buff of 2" in page
