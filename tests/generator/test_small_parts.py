"""Issue 16, part 4: "Token and tracker pages that use 2-19% of a page are packed together. Report
sheets used and slot use per build." Read back from the real PDFs (pypdf, pypdfium2).

- A tracker that shares paper (`sheets: shared`) goes onto the shared token pages when that saves
  a sheet on A4 and Letter; one that needs a page of its own (three Heartstring trackers fill one)
  keeps its own file.
- A sparse token file goes into the room a card file's last sheet leaves: Which Witch's six heart
  tracker tokens (3% of a page of their own) print below or beside the Witch Cards.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader
from shipped import ink_near_edges

from cards import load_game
from cards.units import MM
from generator.build import build_kit
from generator.geometry import page_margin, page_size, printable
from generator.hosting import card_file_plan, hostings, place_on, token_groups
from generator.instructions import print_plan, usage_by_file
from generator.packing import own_sheets, pack_tokens, packed_sheet_ids
from generator.token_rows import TrackerBlock

PAPERS = ["a4", "letter"]
SPARSE = 0.20  # the issue calls a page using 2-19% of its area sparse


def _one_tracker(cards_copy: Path) -> Path:
    """Heartstrings with a single tracker (not one per player): it no longer fills a page."""
    path = cards_copy / "heartstrings" / "components.yaml"
    data = yaml.safe_load(path.read_text())
    tracker = next(sheet for sheet in data["sheets"] if sheet["id"] == "heartstring-tracker")
    tracker["per_player"] = False
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return cards_copy


@pytest.mark.parametrize("paper", PAPERS)
def test_a_tracker_that_fits_is_packed_with_the_tokens(cards_copy, tmp_path, paper):
    """One tracker (85 mm) and the tokens (36% of a page) took a sheet each; packed, one sheet
    holds both: the tracker on the front, its place left blank on the tokens' back page."""
    db = load_game("heartstrings", _one_tracker(cards_copy))
    files = build_kit(db, paper, tmp_path, ("tokens", "sheets"))
    assert f"heartstring-tracker-{paper}.pdf" not in {f.name for f in files}
    tokens = next(f for f in files if f.name == f"tokens-{paper}.pdf")
    reader = PdfReader(tokens)
    assert len(reader.pages) == 2  # one sheet: fronts and backs
    front, back = (page.extract_text() or "" for page in reader.pages)
    assert "Heartstring \u00b7 Green player" in front
    assert "Green player" not in back and "UNITS" not in back
    assert not ink_near_edges(tokens, 5)
    plan = {p.file: p for p in print_plan(db, paper)}
    assert f"heartstring-tracker-{paper}.pdf" not in plan
    assert plan[f"tokens-{paper}.pdf"].sheets == 1
    assert "Heartstring tracker" in plan[f"tokens-{paper}.pdf"].what


@pytest.mark.parametrize("paper", PAPERS)
def test_packed_tracker_and_tokens_never_overlap(cards_copy, paper):
    db = load_game("heartstrings", _one_tracker(cards_copy))
    group = token_groups(db)[0]
    assert any(isinstance(member, TrackerBlock) for member in group.members)
    margin = page_margin(db.print.margin, paper)
    pages = pack_tokens(group.members, paper, margin)
    area = printable(page_size(paper), margin)
    assert len(pages) == 1
    boxes = [place.box for place in pages[0]]
    for i, a in enumerate(boxes):
        assert area.x <= a.x and a.right <= area.right and area.y <= a.y and a.top <= area.top
        for b in boxes[i + 1:]:
            assert a.right <= b.x or b.right <= a.x or a.top <= b.y or b.top <= a.y


@pytest.mark.parametrize(("game", "tracker"), [("heartstrings", "heartstring-tracker"), ("skirmish", "ap-tracker")])
def test_a_tracker_that_needs_its_own_page_keeps_its_own_file(game, tracker):
    """Three Heartstring trackers fill a page (84%); two action point trackers and Skirmish's
    tokens take 60% and 64%: packed, they would still need two sheets, so nothing moves."""
    db = load_game(game)
    assert tracker in {sheet.id for sheet in own_sheets(db)}
    assert not packed_sheet_ids(db)
    for paper in PAPERS:
        files = {p.file: p for p in print_plan(db, paper)}
        assert files[f"{tracker}-{paper}.pdf"].sheets == 1


def _inked_share(page: pdfium.PdfPage, margin_mm: float, cell_mm: float = 5.0, dpi: float = 50) -> float:
    """Share of the page's printable area, in cells of `cell_mm`, holding any ink."""
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    per_mm = dpi / 25.4
    w, h = image.size
    cell, edge = cell_mm * per_mm, margin_mm * per_mm
    cols, rows = int((w - 2 * edge) // cell), int((h - 2 * edge) // cell)
    ink = image.point(lambda v: 255 if v < 235 else 0)
    inked = sum(1 for r in range(rows) for c in range(cols)
                if ink.crop((int(edge + c * cell), int(edge + r * cell),
                             int(edge + (c + 1) * cell), int(edge + (r + 1) * cell))).getbbox())
    return inked / (rows * cols)


@pytest.mark.parametrize(("paper", "sheets"), [("a4", 9), ("letter", 10)])
def test_which_witch_prints_its_tracker_tokens_on_its_last_card_sheet(tmp_path, paper, sheets):
    """The heart tracker tokens filled 3% of a page of their own, the Witch Cards 67% of a sheet
    and the Game Cards' last sheet 22%. The two decks share card sheets (with a row of empty
    slots between the face-down Game Cards and the Witches) and the tokens print in the room the
    last sheet leaves: no page of the kit's cards, tokens and reference cards is mostly empty."""
    db = load_game("which-witch")
    assert [(h.host.id, h.tokens.id) for h in hostings(db)] == [("cards", "heart-trackers")]
    files = build_kit(db, paper, tmp_path, ("cards", "tokens", "sheets", "reference"))
    names = {f.name for f in files}
    assert names == {f"cards-{paper}.pdf", f"reference-{paper}.pdf"}
    witches = tmp_path / f"cards-{paper}.pdf"
    assert len(PdfReader(witches).pages) == 2 * sheets
    assert _tokens_on_last_sheet(db, witches, paper) == 6
    _no_sparse_page(db, files, paper)


@pytest.mark.parametrize("paper", PAPERS)
def test_heartstrings_prints_its_tokens_on_the_reference_sheet(tmp_path, paper):
    """Heartstrings has no cards: its 36 player tokens and 6 markers (36% of a page) and its three
    reference cards (33% of a sheet) took a sheet each; the tokens now fill the room the reference
    cards leave, their backs behind them for a long-edge flip."""
    db = load_game("heartstrings")
    assert [(h.host.id, h.tokens.id) for h in hostings(db)] == [("reference", "tokens")]
    files = build_kit(db, paper, tmp_path, ("cards", "tokens", "sheets", "reference"))
    assert {f.name for f in files} == {f"board-{paper}.pdf", f"heartstring-tracker-{paper}.pdf", f"reference-{paper}.pdf"}
    reference = tmp_path / f"reference-{paper}.pdf"
    assert len(PdfReader(reference).pages) == 2
    assert _tokens_on_last_sheet(db, reference, paper) == 42
    _no_sparse_page(db, files, paper)
    plan = {p.file: p for p in print_plan(db, paper)}
    assert plan[f"reference-{paper}.pdf"].what == "Reference cards + Player tokens, Heartstring markers"
    # the report counts the tokens' area in: the three cards alone used 33% (A4) or 38% (Letter)
    assert plan[f"reference-{paper}.pdf"].slot_use > 0.7


def _colour_at(image, box, page_height: float) -> tuple[int, int, int]:
    """The colour just inside the bottom of a token's cut box (clear of its icon)."""
    x, y = box.x + box.w / 2, page_height - (box.y + box.h * 0.12)
    return image.getpixel((round(x * 100 / 72), round(y * 100 / 72)))


def _tokens_on_last_sheet(db, path: Path, paper: str) -> int:
    """Check each hosted token's colour on the last front page of `path` (and, for a two-sided
    token, behind it on the back page); return how many there are."""
    host, tokens = hostings(db)[0].host, hostings(db)[0].tokens
    places = place_on(db, host, tokens, paper)
    assert places is not None
    plan = card_file_plan(db, host, paper)[0]
    pdf = pdfium.PdfDocument(path)
    last_front = len(pdf) - 2 if host.duplex else len(pdf) - 1
    front = pdf[last_front].render(scale=100 / 72).to_pil().convert("RGB")
    back = pdf[last_front + 1].render(scale=100 / 72).to_pil().convert("RGB") if host.duplex else None
    for place in places:
        expected = tuple(int(place.token.color[i:i + 2], 16) for i in (1, 3, 5))
        sides = [(front, place.box)] + ([(back, plan.back_of(place.box))] if place.sheet.duplex else [])
        for image, box in sides:
            pixel = _colour_at(image, box, plan.page[1])  # Letter card sheets are landscape
            assert max(abs(a - b) for a, b in zip(pixel, expected, strict=True)) < 40, (place.token.id, pixel)
    assert not ink_near_edges(path, 5)
    return len(places)


def _no_sparse_page(db, files: list[Path], paper: str) -> None:
    margin_mm = page_margin(db.print.margin, paper) / MM
    for file in files:
        document = pdfium.PdfDocument(file)
        for number in range(len(document)):
            assert _inked_share(document[number], margin_mm) >= SPARSE, (file.name, number + 1)


def test_the_build_report_names_the_tokens_on_the_card_sheet(runner, tmp_path):
    """The console report gives the card file's sheets and slot use, and the print guide's
    checklist names the tokens printed on its last sheet."""
    from companion.cli import cli

    result = runner.invoke(cli, ["build", "which-witch", "--paper", "a4", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if line.startswith("which-witch/cards-a4.pdf"))
    assert " 9 sh.  88%" in usage_by_file(load_game("which-witch"), "a4")["cards-a4.pdf"]
    assert "9 sh.  88%" in line
    plan = {p.file: p for p in print_plan(load_game("which-witch"), "a4")}
    assert "Life Heart Tracker Tokens" in plan["cards-a4.pdf"].what
    assert "heart-trackers-a4.pdf" not in plan


@pytest.mark.parametrize("game", ["which-witch", "heartstrings"])
@pytest.mark.parametrize("paper", PAPERS)
def test_tokens_on_a_card_sheet_keep_clear_of_cards_and_crop_marks(game, paper):
    """No token (with its colour bleed) touches a card's bleed, a crop mark (1 mm around it) or
    the margin; before, Heartstrings' tokens came within 0.5 mm of the marks around its reference
    cards."""
    from generator.geometry import TOKEN_BLEED
    from generator.imposition import crop_mark_segments

    db = load_game(game)
    hosting = hostings(db)[0]
    plan, on_last = card_file_plan(db, hosting.host, paper)
    cards = [plan.trim_box(slot) for slot in range(on_last)]
    marks = crop_mark_segments(plan, cards)
    area = printable(plan.page, plan.margin)
    places = place_on(db, hosting.host, hosting.tokens, paper)
    assert places
    for place in places:
        ink = place.box.grown(TOKEN_BLEED)
        assert area.x <= ink.x and ink.right <= area.right and area.y <= ink.y and ink.top <= area.top
        for card in cards:
            bleed = plan.bleed_box(card)
            assert ink.right <= bleed.x or bleed.right <= ink.x or ink.top <= bleed.y or bleed.top <= ink.y
        for x0, y0, x1, y1 in marks:
            near = 1 * MM
            apart = (ink.right + near <= min(x0, x1) or max(x0, x1) + near <= ink.x
                     or ink.top + near <= min(y0, y1) or max(y0, y1) + near <= ink.y)
            assert apart, (place.token.id, (x0, y0, x1, y1))
