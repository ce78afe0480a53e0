"""Issue 13, part 4: "the measured offset goes into a user setting ... that every later build
applies to the backs; short-edge and long-edge flip both supported". Token backs (a sheet of its
own, and tokens packed on shared pages) were always placed for a long-edge flip with no offset,
whatever `deckwright calibrate` had set (noted in sessions 25-27). Each test builds a kit through
the real CLI and reads every label's position back from the PDF with pypdf: each token's back
label must land behind its own front label for the chosen flip, moved by the measured offset."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PageObject, PdfReader

from cards.units import MM
from companion.cli import cli

# six square tokens, each with its own front and back label (H and K: as wide as each other in the
# label font, so a centred back label starts where its front one does), paired up by name
SHEET = """tokens:
  - id: flip-check
    name: Flip check
    shape: square
    size: 40mm
    sheets: {sheets}
    duplex: true
    tokens:
{tokens}
"""
TOKENS = "\n".join(f'      - {{id: t{n}, name: T{n}, count: 1, color: "#2f5f8f", label: H{n}, back_label: K{n}}}'
                   for n in range(1, 7))


def _kit(runner: CliRunner, cards: Path, out: Path, sheets: str, flip: str, offset: tuple[str, str]) -> PdfReader:
    result = runner.invoke(cli, ["calibrate", "--set", *offset, "--flip", flip])
    assert result.exit_code == 0, result.output
    components = cards / "skirmish" / "components.yaml"
    text = components.read_text()
    if "flip-check" not in text:
        assert text.count("\ntokens:\n") == 1
        components.write_text(text.replace("\ntokens:\n", "\n" + SHEET.format(sheets=sheets, tokens=TOKENS), 1))
    result = runner.invoke(cli, ["--cards", str(cards), "build", "skirmish", "--paper", "a4", "--only", "tokens",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    name = "flip-check-a4.pdf" if sheets == "own" else "tokens-a4.pdf"
    return PdfReader(out / "skirmish" / name)


def _labels(reader: PdfReader) -> dict[str, tuple[float, float]]:
    """Where each label of the flip-check tokens is drawn: {label: (x, y)} over every page."""
    found: dict[str, tuple[float, float]] = {}
    for page in reader.pages:
        def seen(text: str, cm: list[float], tm: list[float], *_: object) -> None:
            label = text.strip()
            if len(label) == 2 and label[0] in "HK" and label[1] in "123456":
                found[label] = (tm[4] + cm[4], tm[5] + cm[5])
        page.extract_text(visitor_text=seen)
    return found


def _pairs(labels: dict[str, tuple[float, float]]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    assert sorted(labels) == sorted([f"H{n}" for n in range(1, 7)] + [f"K{n}" for n in range(1, 7)])
    return [(labels[f"H{n}"], labels[f"K{n}"]) for n in range(1, 7)]


@pytest.mark.parametrize("sheets", ["own", "shared"])
@pytest.mark.parametrize("flip, turned", [("short", 1), ("long", 0)], ids=["short-top-to-bottom", "long-left-to-right"])
def test_each_token_back_lands_behind_its_front_for_the_flip_edge(runner: CliRunner, cards_copy: Path,
                                                                  tmp_path: Path, sheets: str, flip: str,
                                                                  turned: int) -> None:
    """A portrait page turned over its short edge turns top to bottom: a back sits as far from the
    left edge as its front, and as far from the foot as the front is from the top; over its long
    edge it turns left to right, the other way about. (`turned`: the axis the flip mirrors.)"""
    kept = 1 - turned
    pairs = _pairs(_labels(_kit(runner, cards_copy, tmp_path / "out", sheets, flip, ("0", "0"))))
    assert len({round(front[turned], 1) for front, _ in pairs}) > 1  # tokens in more than one row or column
    assert [back[kept] for _, back in pairs] == pytest.approx([front[kept] for front, _ in pairs], abs=0.5)
    sums = [front[turned] + back[turned] for front, back in pairs]
    assert max(sums) - min(sums) < 0.5


@pytest.mark.parametrize("sheets", ["own", "shared"])
def test_a_back_page_turned_top_to_bottom_prints_its_footer_at_the_head(runner: CliRunner, cards_copy: Path,
                                                                         tmp_path: Path, sheets: str) -> None:
    """The front keeps its foot clear for the footer, so a back turned top to bottom has tokens
    where a footer at its foot would go (seen on Half the Battle's shared tokens: the backs' footer
    printed across the Sorcerer token): its footer goes to its head, behind the front's."""
    reader = _kit(runner, cards_copy, tmp_path / "out", sheets, "short", ("0", "0"))
    height = float(reader.pages[0].mediabox.height)
    for number, page in enumerate(reader.pages):
        footers = _footer_heights(page)
        assert len(footers) == 1
        assert (footers[0] > height / 2) == (number % 2 == 1), number  # backs at the head, fronts at the foot


def _footer_heights(page: PageObject) -> list[float]:
    found: list[float] = []
    page.extract_text(visitor_text=lambda text, cm, tm, *_: found.append(tm[5] + cm[5])
                      if " \u00b7 sheet " in text else None)
    return found


@pytest.mark.parametrize("sheets", ["own", "shared"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_measured_offset_moves_every_token_back_and_no_front(runner: CliRunner, cards_copy: Path, tmp_path: Path,
                                                                 sheets: str, flip: str) -> None:
    plain = _labels(_kit(runner, cards_copy, tmp_path / "plain", sheets, flip, ("0", "0")))
    moved = _labels(_kit(runner, cards_copy, tmp_path / "moved", sheets, flip, ("1.5", "-2")))
    for label, (x, y) in plain.items():
        shift = (1.5 * MM, -2 * MM) if label[0] == "K" else (0.0, 0.0)
        assert (moved[label][0] - x, moved[label][1] - y) == pytest.approx(shift, abs=0.05), label
