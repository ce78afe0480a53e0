"""Print-shop presets and their preflight, checked on the files written (PNGs and PDFs read back)."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from cards.wording import plural
from companion.cli import cli
from generator.preflight import check_image, check_page

GAME = "which-witch"
INCH = 72


def _build(runner: Any, tmp_path: Path, shop: str) -> tuple[Path, str]:
    result = runner.invoke(cli, ["build", GAME, "--for", shop, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    return tmp_path / GAME / shop, result.output


def test_tgc_writes_every_design_as_an_825_by_1125_rgb_png_at_300_dpi(runner: Any, tmp_path: Path) -> None:
    folder, output = _build(runner, tmp_path, "tgc")
    db = load_game(GAME)
    expected = set()
    for deck in db.decks:
        for card in (c for c in deck.cards if c.count):
            expected |= {f"{deck.id}-{card.id}.png"} | ({f"{deck.id}-{card.id}-back.png"} if deck.back.per_card else set())
        expected |= set() if deck.back.per_card else {f"{deck.id}-back.png"}
    assert {p.name for p in folder.glob("*.png")} == expected
    for path in folder.glob("*.png"):
        with Image.open(path) as image:
            assert (image.size, image.mode) == ((825, 1125), "RGB"), path.name
            assert round(image.info["dpi"][0]) == 300
    assert "preflight (tgc): no problems" in output
    # audit: one image per design, and nothing said how many of each to order
    ordered = dict(line.split(",") for line in (folder / "copies.csv").read_text().splitlines()[1:])
    assert set(ordered) == expected
    for deck in db.decks:
        assert sum(int(ordered[f"{deck.id}-{card.id}.png"]) for card in deck.cards if card.count) == \
            sum(card.count for card in deck.cards)
        if not deck.back.per_card:
            assert int(ordered[f"{deck.id}-back.png"]) == sum(card.count for card in deck.cards)


def test_mpc_pngs_are_822_by_1122(runner: Any, tmp_path: Path) -> None:
    folder, _ = _build(runner, tmp_path, "mpc")
    sizes = {Image.open(p).size for p in folder.glob("*.png")}
    assert sizes == {(822, 1122)}


def test_drivethrucards_is_one_pdf_per_deck_fronts_and_backs_interleaved_with_eighth_inch_bleed(
        runner: Any, tmp_path: Path) -> None:
    folder, _ = _build(runner, tmp_path, "drivethrucards")
    db = load_game(GAME)
    assert sorted(p.name for p in folder.glob("*.pdf")) == sorted(f"{d.id}.pdf" for d in db.decks)
    deck = db.decks[0]
    reader = PdfReader(folder / f"{deck.id}.pdf")
    copies = [card for card in deck.cards for _ in range(card.count)]
    assert len(reader.pages) == 2 * len(copies)
    for page in reader.pages:  # 2.5 x 3.5 in plus 1/8 in on each side
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == (198.0, 270.0)
    first = copies[0]
    assert first.name in reader.pages[0].extract_text()
    document = pdfium.PdfDocument(folder / f"{deck.id}.pdf")
    backs = {document[i].render(scale=0.5).to_pil().tobytes() for i in range(1, len(document), 2)}
    fronts = {document[i].render(scale=0.5).to_pil().tobytes() for i in range(0, len(document), 2)}
    assert len(backs) == 1 and len(fronts) > 1  # every second page is the deck's one back


def test_drivethrucards_pages_mark_the_trim_inside_the_bleed(runner: Any, tmp_path: Path) -> None:
    """A print shop's tools read where to cut from the TrimBox (as on the home sheets): 1/8 in in."""
    folder, _ = _build(runner, tmp_path, "drivethrucards")
    for page in PdfReader(folder / f"{load_game(GAME).decks[0].id}.pdf").pages:
        assert [round(float(v), 2) for v in page.trimbox] == [9.0, 9.0, 189.0, 261.0]
        assert [round(float(v), 2) for v in page.bleedbox] == [0.0, 0.0, 198.0, 270.0]


TRIM = (2.5 * INCH, 3.5 * INCH)
BLEED = INCH / 8
SAFE = 3 * 72 / 25.4


def _page(draw: Any) -> pdfium.PdfPage:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(TRIM[0] + 2 * BLEED, TRIM[1] + 2 * BLEED))
    draw(canvas)
    canvas.save()
    return pdfium.PdfDocument(buffer.getvalue())[0]


def _clean(canvas: Canvas) -> None:
    canvas.setFillColorRGB(0.7, 0.2, 0.2)
    canvas.rect(0, 0, TRIM[0] + 2 * BLEED, TRIM[1] + 2 * BLEED, stroke=0, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.drawString(40, 100, "Inside the safe zone")


def test_preflight_passes_a_card_with_bleed_and_text_inside_the_safe_zone() -> None:
    assert check_page(_page(_clean), "card 'ok'", TRIM, BLEED, SAFE, 300) == []


def test_preflight_reports_missing_bleed_text_outside_the_safe_zone_and_a_low_resolution_cmyk_image() -> None:
    def bad(canvas: Canvas) -> None:
        canvas.setFillColorRGB(0.7, 0.2, 0.2)
        canvas.rect(BLEED, BLEED, TRIM[0], TRIM[1], stroke=0, fill=1)  # art stops at the trim line
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(BLEED + 2, 120, "Edge")  # 2 pt inside the trim: outside the safe zone
        canvas.drawImage(ImageReader(Image.new("CMYK", (20, 20), (0, 80, 80, 0))), 60, 60, INCH, INCH)

    messages = [f.message for f in check_page(_page(bad), "card 'bad'", TRIM, BLEED, SAFE, 300)]
    assert [m for m in messages if m.startswith("no bleed")] == [  # one finding, the cure named
        ("no bleed on the left, right, top and bottom edges: the art stops at the trim line (let the background "
        "reach into the bleed: `bleed: true` on a rect, or a picture that covers it)")]
    # the background stopping at the trim is that one finding, not also a drawing outside the safe zone
    assert not any(m.startswith("a drawing") for m in messages), messages
    assert any(m.startswith("text 'Edge' reaches") and "outside the safe zone" in m for m in messages), messages
    assert "an image of 20 x 20 px prints at 20 dpi, below 300 dpi" in messages
    assert any("is not grey or RGB" in m for m in messages), messages


def test_preflight_of_a_png_checks_pixels_dpi_and_colour_mode(tmp_path: Path) -> None:
    path = tmp_path / "card.png"
    Image.new("RGBA", (800, 1100)).save(path, dpi=(150, 150))
    messages = [str(f) for f in check_image(path, "card 'x'", 300, (825, 1125))]
    assert messages == ["card 'x': card.png is 800 x 1100 px, expected 825 x 1125 px",
                        "card 'x': card.png records 150 dpi, expected 300",
                        "card 'x': card.png is in colour mode RGBA, expected RGB"]


def test_json_carries_the_preflight_findings_located_by_deck_card_and_side(runner: Any, cards_copy: Path,
                                                                          tmp_path: Path) -> None:
    """Issue 13 part 4: each preset "runs a preflight ... and reports problems located by card",
    in `--json` too."""
    import json

    game = cards_copy / GAME / "game.yaml"
    game.write_text(game.read_text().replace("  safe: 3mm", "  safe: 6mm"))  # card texts now reach past it
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", GAME, "--for", "tgc", "--json",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 1, result.output  # written, but not fit to order yet (audit: it exited 0)
    preflight = json.loads(result.output)["preflight"]
    findings = preflight["findings"]
    assert preflight["shop"] == "tgc" and preflight["problems"] == len(findings) > 0
    db = load_game(GAME, cards_copy)
    cards = {(deck.id, card.id) for deck in db.decks for card in deck.cards}
    fronts = [f for f in findings if f.get("side") == "front"]
    assert fronts and all((f["deck"], f["card"]) in cards for f in fronts)
    assert all(f["file"] == f"{f['deck']}-{f['card']}.png" for f in fronts)
    assert any("outside the safe zone" in f["message"] for f in fronts)
    assert all(f["where"].startswith(f"deck {f['deck']!r}") for f in findings)
    text = runner.invoke(cli, ["--cards", str(cards_copy), "build", GAME, "--for", "tgc", "--out", str(tmp_path)])
    assert text.exit_code == 1 and f"preflight (tgc): {plural(len(findings), 'problem')}" in text.output
    assert text.output.rstrip().endswith("The files are written; fix these before you order (exit 1).")
    assert (tmp_path / GAME / "tgc").is_dir()
    report = text.output.split(f"preflight (tgc): {plural(len(findings), 'problem')}", 1)[1].splitlines()[1:]
    assert report and all(len(line) <= 80 for line in report), report  # wrapped, each finding whole
    assert all(f["message"] in " ".join(" ".join(report).split()) for f in findings)


def test_json_of_a_clean_preflight_says_no_problems(runner: Any, tmp_path: Path) -> None:
    import json

    result = runner.invoke(cli, ["build", GAME, "--for", "mpc", "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["preflight"] == {"shop": "mpc", "problems": 0, "findings": []}


def test_fold_with_a_print_shop_is_a_usage_error_and_writes_nothing(runner: Any, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["build", GAME, "--for", "drivethrucards", "--fold", "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "--fold is for home print-and-play sheets only" in result.output
    assert "--for drivethrucards" in result.output
    assert not (tmp_path / GAME).exists()
    assert all(len(line) <= 80 for line in result.output.splitlines())


def test_every_home_sheet_option_given_with_a_print_shop_is_named(runner: Any, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["build", GAME, "--for", "tgc", "--paper", "a4", "--tts", "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "--paper, --tts are for home print-and-play sheets only" in result.output


def test_a_card_from_a_print_shop_carries_the_stamp_the_manifest_gives_it(runner: Any, tmp_path: Path) -> None:
    """Issue 13 part 2, audit: the shop's bleed changed every card's content stamp, so a reprint's
    list of cards to throw away ("the copies that print v ...") never matched cards a shop printed."""
    home = runner.invoke(cli, ["build", "halfwish", "--paper", "a4", "--only", "cards", "--out", str(tmp_path)])
    assert home.exit_code == 0, home.output
    shop = runner.invoke(cli, ["build", "halfwish", "--for", "drivethrucards", "--out", str(tmp_path)])
    assert shop.exit_code == 0, shop.output
    stamps = {(card["deck"], card["id"]): card["stamp"] for card in json.loads(
        (tmp_path / "halfwish" / "manifest.json").read_text())["cards"]}
    db = load_game("halfwish")
    for deck in db.decks[:2]:
        first = PdfReader(tmp_path / "halfwish" / "drivethrucards" / f"{deck.id}.pdf").pages[0].extract_text()
        assert stamps[deck.id, deck.cards[0].id] in first, (deck.id, first)


def test_a_game_without_cards_says_what_a_shop_preset_exports(runner: Any, tmp_path: Path) -> None:
    """Audit: `build heartstrings --for tgc` said only "nothing to build: ... of the kinds asked for"."""
    result = runner.invoke(cli, ["build", "heartstrings", "--for", "tgc", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "Heartstrings has no card decks: a print shop's preset exports cards only." in result.output
    assert "deckwright build heartstrings" in result.output
    assert all(len(line) <= 80 for line in result.output.splitlines())
    assert not (tmp_path / "heartstrings").exists()


def _sized_tiny_game(tmp_path: Path, size: str) -> Path:
    """The data-only fixture game with its deck at `size`, drawn by the shared any-size layouts."""
    import shutil

    root = tmp_path / "db"
    shutil.copytree(Path(__file__).parent.parent / "fixtures" / "tinygame", root / "tinygame")
    deck = root / "tinygame" / "deck.yaml"
    text = deck.read_text().replace("    layout: tiny-card ", f"    size: {size}\n    layout: card ")
    deck.write_text(text.replace("back: {layout: tiny-back,", "back: {layout: back,"))
    return root


@pytest.mark.parametrize(("size", "shop", "pixels"), [
    ("mini", "tgc", (600, 825)),  # 1.75 x 2.5 in and 1/8 in bleed, at 300 dpi
    ("mini", "mpc", (597, 822)),  # 0.12 in bleed
    ("2.25in x 3.5in", "tgc", (750, 1125)),  # bridge, by its measure
    ("2.75in x 4.75in", "mpc", (897, 1497)),  # tarot
    ("63mm x 88mm", "tgc", (825, 1125)),  # poker by its measure, not its name
])
def test_a_deck_of_a_size_the_shop_sells_is_written_at_the_shops_pixels(runner: Any, tmp_path: Path, size: str,
                                                                        shop: str, pixels: tuple[int, int]) -> None:
    """Audit: the skirmish's mini decks exited 1 at every shop ("The Game Crafter has no 'mini'
    product in this preset"), though The Game Crafter and MakePlayingCards sell mini cards."""
    root = _sized_tiny_game(tmp_path, size)
    result = runner.invoke(cli, ["--cards", str(root), "build", "tinygame", "--for", shop, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert f"preflight ({shop}): no problems" in result.output
    images = list((tmp_path / "tinygame" / shop).glob("*.png"))
    assert len(images) == 9  # eight card designs and the shared back
    for path in images:
        with Image.open(path) as image:
            assert image.size == pixels, path.name


def test_drivethrucards_prints_tarot_and_names_what_it_sells_for_a_mini_deck(runner: Any, tmp_path: Path) -> None:
    """DriveThruCards' mini is 1 5/8 x 2 1/2 in: a 44 x 63 mm card would lose its sides to it, so it
    keeps its own size and the preflight says what the shop sells."""
    tarot = runner.invoke(cli, ["--cards", str(_sized_tiny_game(tmp_path / "t", "2.75in x 4.75in")), "build", "tinygame",
                                "--for", "drivethrucards", "--out", str(tmp_path / "t")])
    assert tarot.exit_code == 0, tarot.output
    page = PdfReader(tmp_path / "t" / "tinygame" / "drivethrucards" / "race.pdf").pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (3 * INCH, 5 * INCH)

    mini = runner.invoke(cli, ["--cards", str(_sized_tiny_game(tmp_path / "m", "mini")), "build", "tinygame",
                               "--for", "drivethrucards", "--out", str(tmp_path / "m")])
    assert mini.exit_code == 1, mini.output
    said = " ".join(mini.output.split())
    assert ("deck 'race': DriveThruCards sells no card of this size (poker 2.5 x 3.5 in, tarot 2.75 x 4.75 in); "
            "written at the deck's own size (1.73 x 2.48 in), check the shop's template") in said
    page = PdfReader(tmp_path / "m" / "tinygame" / "drivethrucards" / "race.pdf").pages[0]
    assert round(float(page.mediabox.width), 1) == round(44 * 72 / 25.4 + INCH / 4, 1)


def test_drivethrucards_lists_a_finding_once_per_design_as_tgc_does(runner: Any, cards_copy: Path,
                                                                    tmp_path: Path) -> None:
    """Sixth-game audit: the DriveThruCards preflight listed each finding once per printed copy (18
    problems where The Game Crafter's listed 10), its PDF holding a page per copy."""
    import json

    game = cards_copy / GAME / "game.yaml"
    game.write_text(game.read_text().replace("  safe: 3mm", "  safe: 6mm"))  # card texts now reach past it
    found = {}
    for shop in ("tgc", "drivethrucards"):
        result = runner.invoke(cli, ["--cards", str(cards_copy), "build", GAME, "--for", shop, "--json",
                                     "--out", str(tmp_path / shop)])
        findings = json.loads(result.output)["preflight"]["findings"]
        found[shop] = sorted((f["deck"], f.get("card") or "", f.get("side") or "", f["message"]) for f in findings)
    db = load_game(GAME, cards_copy)
    assert any(card.count > 1 for deck in db.decks for card in deck.cards)  # copies the PDF prints twice

    def per_design(shop: str) -> Counter[tuple[str, str, str]]:
        return Counter((deck, card, side) for deck, card, side, message in found[shop] if side)
    assert per_design("drivethrucards") and per_design("drivethrucards") == per_design("tgc")


def test_a_shops_build_says_what_it_leaves_out_of_the_kit(runner: Any, tmp_path: Path) -> None:
    """The sixth-game audit: `--for tgc` wrote the decks and said nothing of the reference card,
    the board or the rulebook a designer would then not order."""
    _, output = _build(runner, tmp_path, "mpc")
    db = load_game(GAME)
    said = " ".join(output.split())
    assert f"{GAME}: --for mpc makes the card decks only; not in it: " in said
    for name in [*(item.name for item in (*db.sheets, *db.tokens, *db.references)), "the rulebook"]:
        assert name in said, name
    assert f"Print those from the home kit: deckwright build {GAME}" in said
