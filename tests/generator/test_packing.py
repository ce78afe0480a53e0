"""Shared sheets (`sheets: shared`), read back from the real PDFs: Halfwish's decks fill common
card sheets with every back behind its own front, and sparse token sheets share pages."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from shipped import ink_near_edges

from cards import load_game
from cards.units import parse_length, parse_size
from generator.build import build_kit
from generator.geometry import page_margin
from generator.imposition import plan_sheet
from generator.instructions import print_plan


@pytest.fixture(scope="module")
def halfwish_cards(tmp_path_factory) -> dict[str, list[Path]]:
    out = tmp_path_factory.mktemp("halfwish")
    db = load_game("halfwish")
    return {paper: build_kit(db, paper, out, ("cards",)) for paper in ("a4", "letter")}


@pytest.mark.parametrize(("paper", "sheets"), [("a4", 14), ("letter", 16)])
def test_halfwish_decks_share_card_sheets(halfwish_cards, paper, sheets):
    """117 cards took 17 sheets (76% of the slots) on A4 with a file per deck; shared, 13 full
    sheets would, and 14 do with the empty slots that keep the face-down decks (actions and the
    upgrades that join them, powers, map) from bordering another deck. On Letter's landscape
    sheets of 4 x 2 a row of four empty slots between two decks took 17 sheets; a column of two
    (the sheet where decks meet filled column by column) takes 16."""
    files = halfwish_cards[paper]
    assert [f.name for f in files] == [f"cards-{paper}.pdf"]
    reader = PdfReader(files[0])
    assert len(reader.pages) == 2 * sheets  # fronts and backs
    text = " ".join(page.extract_text() or "" for page in reader.pages)
    for code in ("ACT", "CLS", "MAP", "BP", "PWR", "UPG"):
        assert f"HW-{code} 01/" in text, code


def _slot_text(page: pdfium.PdfPage, box) -> str:
    return page.get_textpage().get_text_bounded(box.x, box.y, box.right, box.top)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_back_lies_behind_its_own_front_on_shared_sheets(halfwish_cards, paper):
    """A sheet where one deck ends and the next begins: each slot's back is its own deck's back
    (long-edge flip), found by reading the text inside each card's box on both sides."""
    db = load_game("halfwish")
    plan = plan_sheet(parse_size("poker"), parse_length(db.print.bleed), paper, page_margin(db.print.margin, paper))
    decks = {deck.code: deck for deck in db.decks}
    pdf = pdfium.PdfDocument(halfwish_cards[paper][0])
    mixed = 0
    for sheet in range(len(pdf) // 2):
        front, back = pdf[2 * sheet], pdf[2 * sheet + 1]
        codes = []
        for slot in range(plan.per_sheet):
            found = re.search(r"HW-([A-Z]+) \d\d/\d\d", _slot_text(front, plan.trim_box(slot)))
            if found is None:
                continue
            code = found.group(1)
            assert code in decks
            codes.append(code)
            like = decks[code].back.like  # upgrades print the Basic Actions' back
            back_code = next(d.code for d in db.decks if d.id == like) if like else code
            assert f"HW-{back_code}" in _slot_text(back, plan.back_box(slot)), (sheet, slot, code)
        mixed += len(set(codes)) > 1
    assert mixed >= 2  # decks meet on shared sheets (fewer where a face-down deck starts a sheet)


def test_print_plan_reports_the_shared_file_full():
    db = load_game("halfwish")
    plan = next(p for p in print_plan(db, "a4") if p.file == "cards-a4.pdf")
    assert (plan.sheets, plan.used, plan.slots) == (14, 117, 126)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_other_deck_borders_a_face_down_deck(halfwish_cards, paper):
    """Print audit: Cursed Idol (a map card, dealt face down) sat beside a Basic Power; a cut or a
    duplex shift a fraction of a millimetre off left the power's back colour on the map card's
    edge. Read back from the PDF: no card of a face-down deck shares an edge with another deck's,
    nor a corner, where each card's bleed painted a 3 mm square into the other's trim."""
    db = load_game("halfwish")
    plan = plan_sheet(parse_size("poker"), parse_length(db.print.bleed), paper, page_margin(db.print.margin, paper))
    face_down = {deck.code for deck in db.decks if deck.face_down}
    assert face_down == {"ACT", "UPG", "PWR", "MAP"}
    borrowed = {deck.code: next(d.code for d in db.decks if d.id == deck.back.like) for deck in db.decks if deck.back.like}
    pdf = pdfium.PdfDocument(halfwish_cards[paper][0])
    for sheet in range(len(pdf) // 2):
        codes = {}
        for slot in range(plan.per_sheet):
            found = re.search(r"HW-([A-Z]+) \d\d/\d\d", _slot_text(pdf[2 * sheet], plan.trim_box(slot)))
            if found:
                codes[divmod(slot, plan.cols)] = found.group(1)
        for (row, col), code in codes.items():
            for near in ((row + 1, col), (row, col + 1), (row + 1, col - 1), (row + 1, col + 1)):
                other = codes.get(near)
                if other is not None and other != code and borrowed.get(code, code) != borrowed.get(other, other):
                    assert code not in face_down and other not in face_down, (sheet, (row, col), code, other)


def test_a_deck_can_keep_its_own_sheets(cards_copy):
    """`sheets: own` on a deck overrides the game's `print: sheets: shared`."""
    path = cards_copy / "halfwish" / "map.yaml"
    path.write_text(path.read_text().replace("  - id: map\n", "  - id: map\n    sheets: own\n", 1))
    db = load_game("halfwish", cards_copy)
    files = {p.file: p for p in print_plan(db, "a4")}
    assert files["map-a4.pdf"].sheets == 4
    assert files["cards-a4.pdf"].used == 117 - 28


@pytest.mark.parametrize(("game", "packed", "before"), [
    ("heartstrings", ["player-tokens", "heartstring-markers"], 3),
    ("half-the-battle", ["character-tokens", "lane-indicators", "ability-tokens"], 4),
    ("skirmish", ["effect-tokens", "stack-tokens", "character-standees"], 3),
])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sparse_token_sheets_share_pages(tmp_path, game, packed, before, paper):
    """Token pages that used 3-38% of a page each (Heartstrings' markers 3%, Half the Battle's
    lane indicators 10%, Skirmish's standees 12%) share pages: fewer pages, every token there."""
    db = load_game(game)
    files = build_kit(db, paper, tmp_path, ("tokens",))
    assert [f.name for f in files] == [f"tokens-{paper}.pdf"]
    reader = PdfReader(files[0])
    assert len(reader.pages) < before
    assert not ink_near_edges(files[0], 5)  # nothing, not even a token's colour bleed, in the margin
    text = " ".join(page.extract_text() or "" for page in reader.pages).split()
    for sheet in (s for s in db.tokens if s.id in packed):
        for token in sheet.tokens:
            if token.label and " " not in token.label:
                assert text.count(token.label) >= token.count, token.label


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_single_sided_tokens_leave_their_places_blank_on_a_shared_back_page(tmp_path, paper):
    """Half the Battle's character tokens are double-sided (Wizard behind Sorcerer), the ability
    tokens are not: the back page holds every back label, mirrored, and no ability label."""
    from generator.geometry import page_size
    from generator.packing import pack_tokens

    db = load_game("half-the-battle")
    margin = page_margin(db.print.margin, paper)
    pages = pack_tokens(tuple(db.tokens), paper, margin)
    pdf = pdfium.PdfDocument(build_kit(db, paper, tmp_path, ("tokens",))[0])
    assert len(pdf) == 2 * len(pages)
    width = page_size(paper)[0]
    for number, places in enumerate(pages):
        back = pdf[2 * number + 1]
        for place in places:
            inside = _slot_text(back, place.box.mirrored(width)).split()
            if place.sheet.duplex:
                assert place.token.back_label in inside
            else:
                assert inside == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_packed_tokens_never_overlap_and_stay_on_the_page(paper):
    from generator.geometry import page_size, printable
    from generator.packing import pack_tokens

    db = load_game("skirmish")
    margin = page_margin(db.print.margin, paper)
    pages = pack_tokens(tuple(db.tokens), paper, margin)
    area = printable(page_size(paper), margin)
    for places in pages:
        for i, a in enumerate(places):
            assert area.x <= a.box.x and a.box.right <= area.right and area.y <= a.box.y and a.box.top <= area.top
            for b in places[i + 1:]:
                assert (a.box.right <= b.box.x or b.box.right <= a.box.x
                        or a.box.top <= b.box.y or b.box.top <= a.box.y)


def test_the_print_guide_and_the_console_report_sheets_and_slot_use(runner, tmp_path):
    """One line per file, within 80 columns, with its sheets and slot use; the same figures in
    the print guide's table."""
    from companion.cli import cli
    from generator.instructions import instructions_markdown

    guide = instructions_markdown(load_game("halfwish"), "a4")
    assert "| cards-a4.pdf |" in guide and "| 14 | 93% |" in guide
    result = runner.invoke(cli, ["build", "halfwish", "heartstrings", "half-the-battle", "--paper", "letter",
                                 "--only", "cards", "--only", "tokens", "--only", "sheets", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert any(line.startswith("halfwish/cards-letter.pdf") and line.endswith("16 sh.  91%") for line in lines)
    assert any(line.startswith("heartstrings/board-letter.pdf") and line.endswith("4 sh.") for line in lines)


def test_skirmish_reminder_cards_share_one_sheet_named_for_their_decks():
    """Print audit: Skirmish's 7 effect and 6 keyword cards (mini) took a sheet each. They share
    one; beside card files of single decks (characters, skills), the shared file is named for the
    decks it holds, not `cards`."""
    from generator.packing import card_groups

    db = load_game("skirmish")
    assert [group.id for group in card_groups(db)] == ["characters", "effects-and-keywords", "skills"]
    plan = next(p for p in print_plan(db, "a4") if p.file == "effects-and-keywords-a4.pdf")
    assert (plan.sheets, plan.used) == (1, 13)
    # a game whose decks all share sheets keeps one `cards` file
    assert [group.id for group in card_groups(load_game("halfwish"))] == ["cards"]
