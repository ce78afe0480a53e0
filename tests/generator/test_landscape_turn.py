"""A part wider than the paper's portrait width prints whole on a landscape page when it fits that
way, and only then (audit s26: a 250 mm score strip was refused, "does not fit on a4 paper", where
an A4 or Letter page turned landscape holds it). Built through the real CLI, page sizes read back
with pypdf."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cards.units import MM
from companion.cli import cli
from generator.geometry import landscape, page_size
from generator.tiling import fits_one_page

STRIPS = """tokens:
  - id: score-strips
    name: Score strips
    shape: strip
    size: {size}
    sheets: {sheets}
    duplex: true
    tokens:
      - {{id: strip-a, name: Strip A, count: 2, color: "#2f5f8f", label: A, back_label: B}}
"""


def _with_strips(cards: Path, size: str, sheets: str = "own") -> Path:
    """Skirmish's copy with a sheet of long strip tokens added."""
    components = cards / "skirmish" / "components.yaml"
    text = components.read_text()
    assert text.count("\ntokens:\n") == 1
    components.write_text(text.replace("\ntokens:\n", "\n" + STRIPS.format(size=size, sheets=sheets), 1))
    return cards


def _build(runner: CliRunner, cards: Path, out: Path, paper: str) -> Path:
    result = runner.invoke(cli, ["--cards", str(cards), "build", "skirmish", "--paper", paper, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "skirmish"


def _page_sizes(path: Path) -> set[tuple[float, float]]:
    return {(round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2))
            for page in PdfReader(path).pages}


def _sized(page: tuple[float, float]) -> set[tuple[float, float]]:
    return {(round(page[0], 2), round(page[1], 2))}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_strip_wider_than_a_portrait_page_prints_on_a_landscape_one(runner, cards_copy, tmp_path, paper):
    kit = _build(runner, _with_strips(cards_copy, "250mm x 30mm"), tmp_path / "out", paper)
    assert _page_sizes(kit / f"score-strips-{paper}.pdf") == _sized(landscape(page_size(paper)))
    assert _page_sizes(kit / f"tokens-{paper}.pdf") == _sized(page_size(paper))  # the shared ones fit portrait


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_strips_back_is_behind_it_after_a_long_edge_flip_of_a_landscape_page(runner, cards_copy, tmp_path, paper):
    """A landscape page turns over its long edge top to bottom: the back of the top strip is
    printed at the foot of the back page, as far from the foot as its front is from the top, at
    the same distance from the page's left edge."""
    kit = _build(runner, _with_strips(cards_copy, "250mm x 30mm"), tmp_path / "out", paper)
    reader = PdfReader(kit / f"score-strips-{paper}.pdf")
    height = float(reader.pages[0].mediabox.height)
    fronts = sorted(_label_positions(reader.pages[0], "A"), key=lambda p: -p[1])  # top first
    backs = sorted(_label_positions(reader.pages[1], "B"), key=lambda p: p[1])  # foot first
    assert len(fronts) == len(backs) == 2 and backs[0][1] < height / 2 < fronts[0][1]
    # a label's baseline sits the same distance below its strip's middle on both sides
    assert {round(front[1] + back[1], 1) for front, back in zip(fronts, backs, strict=True)} == {
        round(fronts[0][1] + backs[0][1], 1)}
    assert [back[0] for back in backs] == pytest.approx([front[0] for front in fronts], abs=0.5)


def _label_positions(page, label: str) -> list[tuple[float, float]]:
    found: list[tuple[float, float]] = []
    page.extract_text(visitor_text=lambda text, cm, tm, *_: found.append((tm[4], tm[5])) if text.strip() == label else None)
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_shared_token_pages_turn_landscape_for_a_strip_only_that_holds(runner, cards_copy, tmp_path, paper):
    kit = _build(runner, _with_strips(cards_copy, "250mm x 30mm", sheets="shared"), tmp_path / "out", paper)
    assert not (kit / f"score-strips-{paper}.pdf").exists()
    assert _page_sizes(kit / f"tokens-{paper}.pdf") == _sized(landscape(page_size(paper)))


def test_a_strip_too_long_even_for_a_landscape_page_is_refused_at_its_sheet(runner, cards_copy):
    _with_strips(cards_copy, "300mm x 30mm")
    result = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "skirmish"])
    assert result.exit_code == 1
    assert ("tokens[score-strips]: a 300 mm token does not fit on a4 paper, even turned landscape: make it at most "
            "287 x 194 mm") in result.output


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_sheet_wider_than_a_portrait_page_prints_whole_on_a_landscape_one(runner, cards_copy, tmp_path, paper):
    components = cards_copy / "skirmish" / "components.yaml"
    text = components.read_text()
    assert "    width: 190mm\n    height: 85mm\n    layout: ap-tracker" in text
    components.write_text(text.replace("    width: 190mm\n    height: 85mm\n    layout: ap-tracker",
                                       "    width: 250mm\n    height: 85mm\n    layout: ap-tracker"))
    kit = _build(runner, cards_copy, tmp_path / "out", paper)
    assert _page_sizes(kit / f"ap-tracker-{paper}.pdf") == _sized(landscape(page_size(paper)))
    assert len(PdfReader(kit / f"ap-tracker-{paper}.pdf").pages) == 1  # both players' copies, whole, on one page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_sheet_that_fits_only_portrait_above_its_footer_is_not_tiled(paper):
    """199 x 198 mm is wider than tall, but a landscape page leaves 197 mm (A4) or 203 mm (Letter)
    above its footer: on A4 only the portrait page holds it whole."""
    assert fits_one_page((199 * MM, 198 * MM), paper)
    assert not fits_one_page((201 * MM, 199 * MM), "a4")


@pytest.mark.parametrize(("paper", "upright", "turned"), [("a4", (200, 284), (287, 197)), ("letter", (205, 266), (269, 202))])
def test_the_largest_sheets_one_page_holds_are_those_the_game_format_gives(paper, upright, turned):
    """docs/GAME_FORMAT.md (`sheets[]`): what one page holds above its footer, upright and turned."""
    for w, h in (upright, turned):
        assert fits_one_page((w * MM, h * MM), paper)
        assert not fits_one_page(((w + 1) * MM, h * MM), paper) and not fits_one_page((w * MM, (h + 1) * MM), paper)
