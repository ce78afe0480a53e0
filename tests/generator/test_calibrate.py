"""Duplex calibration: the test page, the user setting (outside the game database) and backs that follow it."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from cards import load_game
from cards.units import MM
from companion.cli import cli
from generator.imposition import SheetPlan
from generator.kit import render_deck
from generator.userconfig import ConfigError, Duplex, duplex_setting


def _config() -> Path:
    return Path(os.environ["DECKWRIGHT_CONFIG"])


def test_calibrate_writes_a_two_sided_test_page_on_the_paper(runner: Any, tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    result = runner.invoke(cli, ["calibrate", "--paper", "a4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages} == {(595, 842)}
    assert "deckwright calibrate --set X Y" in reader.pages[0].extract_text()
    assert "+10" in reader.pages[1].extract_text()  # the back carries the millimetre scales


@pytest.mark.parametrize("flip", ["long", "short"])
def test_no_two_scale_labels_print_over_each_other(runner: Any, tmp_path: Path, flip: str) -> None:
    """Audit: at every cross the horizontal scale's +5 and the vertical scale's -5 were printed on
    top of each other, where the reading is taken. Each label's box (its width in the font, a
    cap height high) is read back from the PDF and must meet no other."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    out = tmp_path / "cal.pdf"
    args = ["calibrate", "--paper", "a4", "--out", str(out)] + (["--flip", "short"] if flip == "short" else [])
    assert runner.invoke(cli, args).exit_code == 0
    boxes: list[tuple[float, float, float, float]] = []
    sizes: set[float] = set()

    def note(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip().lstrip("+-").isdigit():
            x, y = tm[4] + cm[4], tm[5] + cm[5]
            boxes.append((x, y, x + stringWidth(text.strip(), "Helvetica", size), y + 0.72 * size))
            sizes.add(size)

    PdfReader(out).pages[1].extract_text(visitor_text=note)
    assert len(boxes) == 4 * 8  # four crosses, +-5 and +-10 on both scales
    assert min(sizes) >= 6  # print audit: 5 pt, read with the sheet held to the light
    overlapping = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                   if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]
    assert overlapping == []


def test_set_stores_the_offset_in_the_user_config_not_the_game_database(runner: Any, cards_copy: Path) -> None:
    before = {p: p.read_bytes() for p in cards_copy.rglob("*") if p.is_file()}
    result = runner.invoke(cli, ["--cards", str(cards_copy), "calibrate", "--set", "1.5", "-0.5", "--flip", "short"])
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(_config().read_text())["print"] == {"flip": "short", "duplex_offset": [1.5, -0.5]}
    assert duplex_setting() == Duplex("short", (1.5, -0.5))
    assert {p: p.read_bytes() for p in cards_copy.rglob("*") if p.is_file()} == before
    shown = runner.invoke(cli, ["calibrate", "--show"])
    assert "flip short edge, duplex offset x +1.5 mm, y -0.5 mm" in shown.output
    too_far = runner.invoke(cli, ["calibrate", "--set", "30", "0"])
    assert too_far.exit_code == 2


def test_a_bad_user_config_is_named(tmp_path: Path) -> None:
    _config().write_text("print: {duplex_offset: [1, two]}\n")
    with pytest.raises(ConfigError, match=r"print.duplex_offset: expected \[x, y\] in mm"):
        duplex_setting()


def test_a_malformed_user_config_is_located_in_a_designers_words() -> None:
    """Broken-input audit: a tab in the config printed PyYAML's five-line report."""
    _config().write_text("print:\n\tduplex_offset: [1, 2]\n")
    with pytest.raises(ConfigError) as refused:
        duplex_setting()
    assert str(refused.value) == (f"cannot read the user config: {_config()}:2:1: malformed YAML: a tab where YAML "
                                  "expects spaces (indent with spaces only)")


def test_an_offset_that_is_not_a_number_is_refused(runner: Any, tmp_path: Path) -> None:
    """`calibrate --set nan 1` was stored, and every later duplex build then failed."""
    result = runner.invoke(cli, ["calibrate", "--set", "nan", "1"])
    assert result.exit_code == 2 and "expected two numbers of millimetres, got nan 1" in result.output
    _config().write_text("print: {duplex_offset: [.nan, 0]}\n")
    with pytest.raises(ConfigError, match="each must be within"):
        duplex_setting()


def _trim_boxes(pdf: bytes) -> list[tuple[float, ...]]:
    return [tuple(round(float(v), 2) for v in page.trimbox) for page in PdfReader(io.BytesIO(pdf)).pages]


def _deck_pdf() -> bytes:
    db = load_game("halfwish")
    buffer = io.BytesIO()
    render_deck(db, db.deck("basic-powers"), "a4", buffer)
    return buffer.getvalue()


def test_every_later_build_moves_the_backs_by_the_stored_offset() -> None:
    plain = _trim_boxes(_deck_pdf())
    _config().write_text(yaml.safe_dump({"print": {"flip": "long", "duplex_offset": [2, -1]}}))
    moved = _trim_boxes(_deck_pdf())
    assert moved[0] == plain[0]  # fronts stay
    dx, dy = 2 * MM, -1 * MM
    expected = (plain[1][0] + dx, plain[1][1] + dy, plain[1][2] + dx, plain[1][3] + dy)
    assert moved[1] == pytest.approx(expected, abs=0.01)


def test_short_and_long_edge_flips_mirror_across_different_axes() -> None:
    page, card = (600.0, 800.0), (100.0, 100.0)
    long_flip = SheetPlan(page, card, 0.0, 2, 2, (50.0, 60.0))
    short_flip = SheetPlan(page, card, 0.0, 2, 2, (50.0, 60.0), flip="short")
    front = long_flip.trim_box(0)  # top left
    assert (front.x, front.y) == (50.0, 160.0)
    assert (long_flip.back_box(0).x, long_flip.back_box(0).y) == (600 - 150.0, 160.0)  # left-right
    assert (short_flip.back_box(0).x, short_flip.back_box(0).y) == (50.0, 800 - 260.0)  # top-bottom
    shifted = SheetPlan(page, card, 0.0, 2, 2, (50.0, 60.0), back_shift=(3.0, -2.0))
    assert (shifted.back_box(0).x, shifted.back_box(0).y) == (453.0, 158.0)


def test_fold_over_sheets_put_fronts_left_and_their_backs_mirrored_right(runner: Any, tmp_path: Path) -> None:
    import pypdfium2 as pdfium
    from PIL import ImageChops

    result = runner.invoke(cli, ["build", "halfwish", "--paper", "a4", "--only", "rulebook", "--fold",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    path = tmp_path / "halfwish" / "basic-powers-fold-a4.pdf"
    page = pdfium.PdfDocument(path)[0]
    width, height = page.get_size()
    assert (round(width), round(height)) == (842, 595)  # landscape A4, folded down the middle
    text = page.get_textpage()
    left, right = text.get_text_bounded(0, 0, width / 2, height), text.get_text_bounded(width / 2, 0, width, height)
    assert "Set your DV to 7" in left and "Set your DV" not in right
    assert "One set per player" in right and "One set per player" not in left
    # print audit: `fold` was all the sheet said of what to do with it
    steps = " ".join(text.get_text_bounded(0, height - 20, width, height).split())
    assert "Print one-sided at 100 %. Fold on the dashed line" in steps and "cut at the crop marks" in steps
    image = page.render(scale=1).to_pil().convert("RGB")
    red, _green, blue = image.split()
    card = ImageChops.subtract(blue, red).point(lambda v: 255 if v > 40 else 0)  # the deck's blue
    half = image.size[0] // 2
    left_box = card.crop((0, 0, half, image.size[1])).getbbox()
    right_box = card.crop((image.size[0] - half, 0, image.size[0], image.size[1])).getbbox()
    assert left_box and right_box
    assert abs(left_box[0] - (half - right_box[2])) <= 1 and abs(left_box[2] - (half - right_box[0])) <= 1
    assert abs(left_box[1] - right_box[1]) <= 1 and abs(left_box[3] - right_box[3]) <= 1


def test_calibrate_out_may_be_a_folder_as_builds_is_and_says_what_next_in_80_columns(runner: Any,
                                                                                       tmp_path: Path) -> None:
    # `build --out DIR` takes a folder; `calibrate --out DIR` refused one ("File 'out' is a directory")
    result = runner.invoke(cli, ["calibrate", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert len(PdfReader(tmp_path / "calibrate-letter.pdf").pages) == 2
    assert "deckwright calibrate --set X Y" in result.output
    assert all(len(line) <= 80 for line in result.output.replace(str(tmp_path), "out").splitlines()), result.output
    # audit: `--out cal/x.png` made a folder named x.png
    named = runner.invoke(cli, ["calibrate", "--out", str(tmp_path / "cal" / "x.png")])
    assert named.exit_code == 2 and f"name it {tmp_path / 'cal' / 'x.pdf'}" in " ".join(named.output.split())
    assert not (tmp_path / "cal").exists()
    # audit: `--set` printed the config's path and the offset on one 121-column line
    saved = runner.invoke(cli, ["calibrate", "--set", "1.5", "-0.5"])
    assert saved.output.splitlines()[1] == "Backs of portrait sheets now move x +1.5 mm, y -0.5 mm (long-edge flip)."


def test_set_and_out_together_are_refused_not_out_ignored(runner: Any, tmp_path: Path) -> None:
    """Designer audit: `calibrate --set 0 0 --out x` stored the offset and ignored --out."""
    result = runner.invoke(cli, ["calibrate", "--set", "1", "0", "--out", str(tmp_path / "cal.pdf")])
    assert result.exit_code == 2
    assert "--set and --out cannot be used together" in result.output
    assert not (tmp_path / "cal.pdf").exists()


def test_landscape_sheets_take_the_landscape_reading_and_portrait_ones_the_portrait_reading() -> None:
    """Print audit: a reading taken on the portrait test page moved the backs of landscape sheets
    (every card sheet on US Letter) along the page's own x, the paper's other edge. Each
    orientation now takes its own reading (`calibrate --landscape`)."""
    db = load_game("halfwish")

    def boxes(paper: str) -> list[tuple[float, ...]]:
        buffer = io.BytesIO()
        render_deck(db, db.deck("basic-powers"), paper, buffer)
        return _trim_boxes(buffer.getvalue())

    plain_a4, plain_letter = boxes("a4"), boxes("letter")
    _config().write_text(yaml.safe_dump({"print": {"flip": "long", "duplex_offset": [2, -1],
                                                   "duplex_offset_landscape": [-1.5, 3]}}))
    a4, letter = boxes("a4"), boxes("letter")
    width, height = (float(v) for v in PdfReader(io.BytesIO(_deck_letter_pdf(db))).pages[0].mediabox.upper_right)
    assert width > height  # the Letter card sheets are landscape

    def moved(box: tuple[float, ...], dx_mm: float, dy_mm: float) -> tuple[float, ...]:
        return (box[0] + dx_mm * MM, box[1] + dy_mm * MM, box[2] + dx_mm * MM, box[3] + dy_mm * MM)

    assert a4[1] == pytest.approx(moved(plain_a4[1], 2, -1), abs=0.01)
    assert letter[1] == pytest.approx(moved(plain_letter[1], -1.5, 3), abs=0.01)
    assert (a4[0], letter[0]) == (plain_a4[0], plain_letter[0])  # fronts stay


def _deck_letter_pdf(db: Any) -> bytes:
    buffer = io.BytesIO()
    render_deck(db, db.deck("basic-powers"), "letter", buffer)
    return buffer.getvalue()


def test_calibrate_landscape_prints_a_landscape_page_and_stores_its_own_reading(runner: Any, tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    result = runner.invoke(cli, ["calibrate", "--paper", "letter", "--landscape", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "calibrate --set X Y --landscape" in result.output
    pages = PdfReader(out).pages
    assert len(pages) == 2 and all(float(p.mediabox.width) > float(p.mediabox.height) for p in pages)
    assert "deckwright calibrate --set X Y --landscape" in pages[0].extract_text()
    assert runner.invoke(cli, ["calibrate", "--set", "1.5", "-0.5"]).exit_code == 0
    result = runner.invoke(cli, ["calibrate", "--set", "-1", "2", "--landscape"])
    assert result.exit_code == 0 and "Backs of landscape sheets now move x -1.0 mm, y +2.0 mm" in result.output
    stored = yaml.safe_load(_config().read_text())["print"]
    assert stored["duplex_offset"] == [1.5, -0.5] and stored["duplex_offset_landscape"] == [-1.0, 2.0]
    assert duplex_setting() == Duplex("long", (1.5, -0.5), (-1.0, 2.0))


def test_a_bad_user_config_stops_a_build_as_the_users_file_not_a_card_problem(runner: Any, tmp_path: Path) -> None:
    """Review: it was reported as `1 problem in the card database`, at a token sheet's entry."""
    _config().write_text("print: {duplex_offset_landscape: [1, 2, 3]}\n")
    result = runner.invoke(cli, ["build", "heartstrings", "--only", "tokens", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "print.duplex_offset_landscape: expected [x, y] in mm" in result.output
    assert "card database" not in result.output and "Traceback" not in result.output
