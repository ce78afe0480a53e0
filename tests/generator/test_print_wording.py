"""Issue 16, part 3: legible and unambiguous wording, read back from the printed kits.

"Inline icons stay on the line of the word they belong to (no shield at the end of one line and
'Defender' on the next); a numbered reference ('Go to step 3.') never breaks inside." "Halfwish
content: 'Set (Points/HP)' printed on cards that set DV ...; 'reroll your DV Higher' ... reads as a
typo." "Player-facing texts do not quote tool commands or refer to 'the text' players do not have
... Nothing printed refers to anything outside the kit."
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.platypus import Paragraph
from shipped import GAMES, PAPERS

from generator.markdown import keep_together, markdown_to_flowables

KITS = [(game, paper) for game in GAMES for paper in PAPERS]


def _line_words(paragraph: Paragraph, width: float) -> list[str]:
    """The text of each line the paragraph wraps into at `width` points."""
    paragraph.wrap(width, 10_000)
    lines = []
    for line in paragraph.blPara.lines:
        words = line[1] if isinstance(line, tuple) else [getattr(w, "text", "") for w in line.words]
        lines.append("".join(str(w) for w in words) if not isinstance(line, tuple) else " ".join(words))
    return lines


@pytest.mark.parametrize("width", range(100, 260, 7))  # a poker card's text is 150 pt wide
def test_an_icon_never_ends_a_line_apart_from_its_word(width):
    text = "**2. Combat.** :sword: Attacker rolls the Combat Die once. :shield: Defender rolls for each token. Go to step 3."
    paragraph = markdown_to_flowables(text, width)[0]
    lines = _line_words(paragraph, width)
    for line in lines[1:]:
        assert not re.match(r"^\s*(Attacker|Defender)", line), lines
    assert not any(line.rstrip().endswith("step") for line in lines), lines


def test_keep_together_binds_icon_and_number_references():
    assert keep_together("go :shield: Defender, then step 3 or Room 9", {"shield"}) == \
        "go\u00a0:shield:\u00a0Defender, then step\u00a03 or Room\u00a09"
    assert keep_together("roll a 6 :nope: x", {"shield"}) == "roll a 6 :nope: x"


# The rule as it was first written: one case-insensitive pattern, tried at every letter (a tenth
# of a card's drawing time); `keep_together` now looks back from each number and must agree.
_AS_A_PATTERN = re.compile(r"\b(step|room|page|rule|round|turn|sheet|tile|section|part|chapter|level)s? (?=\d)",
                           re.IGNORECASE)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["step", "Steps", "ROOM", "rooms", "footstep", "_step", "2step", "part", "parts",
                                 "chapter", "xxxxxxxxxchapter", "levels", "é", " ", " ", "  ", "3", "12", ",", "'",
                                 "\u00a0", "\n"]), max_size=25).map("".join))
@example("Go to step 3, then Rooms 4 and 5.")
@example("averyveryverylongwordchapter 3")
def test_numbers_are_kept_with_their_word_as_the_pattern_keeps_them(text):
    assert keep_together(text, ()) == _AS_A_PATTERN.sub(lambda m: m.group(0)[:-1] + "\u00a0", text)


def _kit_text(kits, game, paper) -> str:
    return " ".join(" ".join((page.extract_text() or "").split())
                    for path in kits[game, paper] for page in PdfReader(path).pages)


@pytest.mark.parametrize(("game", "paper"), KITS, ids=[f"{g}-{p}" for g, p in KITS])
def test_nothing_printed_points_outside_the_kit(shipped_kits, game, paper):
    text = _kit_text(shipped_kits, game, paper)
    for outside in ("shared/seeds", ".txt", "deckwright ", "the text says", "The text says", "rules text:"):
        assert outside not in text, outside


@pytest.mark.parametrize("paper", PAPERS)
def test_halfwish_cards_that_set_dv_do_not_print_set_points_hp(shipped_kits, paper):
    files = {p.name: p for p in shipped_kits["halfwish", paper]}
    for card in ("Set your DV to", "Both players set their DV to"):  # a basic power and a map card
        for page in PdfReader(files[f"cards-{paper}.pdf"]).pages:
            text = " ".join((page.extract_text() or "").split())
            if card in text:
                assert "Set (Points/HP)" not in text.split(card)[1][:120]
    text = _kit_text(shipped_kits, "halfwish", paper)
    assert "DV Higher" not in text and "DV Lower" not in text
    assert "reroll your DV until it comes up higher" in text
