"""Kit build speed: a 500-card deck through our pipeline against a minimal raw reportlab script.

Both sides draw the same cards on the same sheets (3 x 3 poker cards on A4 with bleed, crop
marks and a duplex back page after each front page): a deck-coloured frame, a white panel,
the title, a type line, a wrapped body text with an inline icon, a corner code and a version
stamp.

  - pipeline: `generator.build.build_kit` on a database generated into a temporary folder
    (YAML cards with declared fields, layouts with `extends`, Jinja2 bindings, text fitting,
    atomic write), exactly what `deckwright build GAME --only cards` runs;
  - raw: `raw_deck` below, plain reportlab calls with every value already known.

Prints cards per second (CPU time of this process, best of --rounds interleaved runs) and the
ratio pipeline/raw, once with duplex backs and once fronts only (our pipeline draws a back
that repeats once, as a PDF form; the raw script draws it for every card); the target is
within 1.3x. The render cache's figures are `build_cache.py`'s. `--profile` prints where the pipeline's time goes.

Usage: .venv/bin/python bench/build.py [--cards N] [--rounds R] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchdeck import BLEED, CARD, DECK_COLOR, GAME, PAPER, fixture_cards, write_database
from build_cache import cache_ratios
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from cards import load_game
from cards.units import MM
from generator.build import build_kit
from generator.cardlayout import clear_text_cache
from generator.icons import draw_icon
from generator.imposition import draw_crop_marks, plan_sheet

# --- the two ways of drawing it ----------------------------------------------------------


def pipeline_deck(root: Path, out_dir: Path) -> None:
    """Load the database and build its card PDF exactly as `deckwright build --only cards` does.

    Starts cold, as a new `deckwright` process would: no text fitted by an earlier round."""
    clear_text_cache()
    build_kit(load_game(GAME, root), PAPER, out_dir, ("cards",))


def raw_deck(cards: list[dict], out: io.BytesIO, version: str, duplex: bool = True) -> None:
    """The same sheets with plain reportlab calls: the limit our pipeline is measured against."""
    plan = plan_sheet(CARD, BLEED, PAPER)
    canvas = Canvas(out, pagesize=plan.page, invariant=1, pageCompression=1)
    styles = _raw_styles()
    for start in range(0, len(cards), plan.per_sheet):
        chunk = cards[start:start + plan.per_sheet]
        for slot, card in enumerate(chunk):
            _raw_front(canvas, plan.trim_box(slot), card, start + slot + 1, len(cards), version, styles)
        _raw_page_end(canvas, plan)
        if duplex:
            for slot in range(len(chunk)):
                _raw_back(canvas, plan.back_box(slot))
            _raw_page_end(canvas, plan)
    canvas.save()


def _raw_styles() -> dict[str, ParagraphStyle]:
    body = ParagraphStyle("body", fontName="Helvetica", fontSize=9.5, leading=9.5 * 1.22,
                          textColor=colors.HexColor("#1a1a1a"))
    return {"body": body, "back": ParagraphStyle("back", fontName="Helvetica-Bold", fontSize=16,
                                                 alignment=TA_CENTER, textColor=colors.white)}


def _raw_front(canvas: Canvas, trim, card: dict, number: int, total: int, version: str,
               styles: dict[str, ParagraphStyle]) -> None:
    x, y, top = trim.x, trim.y, trim.y + trim.h
    canvas.saveState()
    canvas.setFillColor(colors.HexColor(DECK_COLOR))
    canvas.rect(x - BLEED, y - BLEED, trim.w + 2 * BLEED, trim.h + 2 * BLEED, stroke=0, fill=1)
    canvas.setFillColor(colors.white)
    canvas.roundRect(x + 3 * MM, top - 78.5 * MM, 57 * MM, 66.5 * MM, 2 * MM, stroke=0, fill=1)
    canvas.setFont("Helvetica-Bold", 12)
    canvas.drawString(x + 4 * MM, top - 8.5 * MM, card["name"])
    canvas.setFont("Helvetica-Bold", 7)
    canvas.drawString(x + 4 * MM, top - 83 * MM, f"BG {number:03d}/{total:03d}")
    canvas.setFont("Helvetica", 7)
    canvas.drawRightString(x + 59 * MM, top - 83 * MM, f"v {version}")
    canvas.setFillColor(colors.HexColor("#555555"))
    canvas.setFont("Helvetica-Oblique", 8)
    canvas.drawString(x + 5 * MM, top - 17.5 * MM, card["kind"])
    _raw_body(canvas, x + 5 * MM, top - 21 * MM, card["text"], styles["body"])
    canvas.restoreState()


def _raw_body(canvas: Canvas, x: float, top: float, text: str, style: ParagraphStyle) -> None:
    """The body as a Paragraph, its inline icon drawn as a vector glyph after the first words."""
    before, icon, after = text.split(":", 2)
    paragraph = Paragraph(f"{before}\u00a0\u00a0\u00a0{after}", style)
    _, height = paragraph.wrap(53 * MM, 55 * MM)
    paragraph.drawOn(canvas, x, top - height)
    offset = canvas.stringWidth(before, style.fontName, style.fontSize)
    draw_icon(canvas, icon, x + offset, top - style.leading, style.fontSize * 0.9, "#1a1a1a")


def _raw_back(canvas: Canvas, trim) -> None:
    canvas.saveState()
    canvas.setFillColor(colors.HexColor(DECK_COLOR))
    canvas.rect(trim.x - BLEED, trim.y - BLEED, trim.w + 2 * BLEED, trim.h + 2 * BLEED, stroke=0, fill=1)
    canvas.setStrokeColor(colors.white)
    canvas.roundRect(trim.x + 4 * MM, trim.y + 4 * MM, 55 * MM, 80 * MM, 3 * MM, stroke=1, fill=0)
    canvas.setFillColor(colors.white)
    canvas.setFont("Helvetica-Bold", 16)
    canvas.drawCentredString(trim.x + trim.w / 2, trim.y + 50 * MM, "Bench Game")
    canvas.setFont("Helvetica", 11)
    canvas.drawCentredString(trim.x + trim.w / 2, trim.y + 38 * MM, "Main Deck")
    canvas.restoreState()


def _raw_page_end(canvas: Canvas, plan) -> None:
    draw_crop_marks(canvas, plan)
    canvas.setFont("Helvetica", 5.5)
    canvas.drawCentredString(plan.page[0] / 2, 8, "Bench Game · Main Deck (BG)")
    canvas.showPage()


# --- measuring ---------------------------------------------------------------------------


def cpu_seconds(work: Callable[[], object]) -> float:
    """CPU time of this process spent in `work()`."""
    start = time.process_time()
    work()
    return time.process_time() - start


def measure(count: int, rounds: int, profile: bool) -> None:
    """Build both ways `rounds` times, interleaved, with and without duplex backs; print rates and ratios."""
    cards = fixture_cards(count)
    with tempfile.TemporaryDirectory() as tmp:
        for duplex in (True, False):
            pipeline, raw = compare(cards, Path(tmp) / f"duplex-{duplex}", duplex, rounds)
            _report(count, duplex, pipeline, raw)
        if profile:
            root = Path(tmp) / "duplex-True"
            _profile(lambda: pipeline_deck(root / "cards", root / "out"))


def compare(cards: list[dict], folder: Path, duplex: bool, rounds: int) -> tuple[float, float]:
    """Best CPU seconds of (pipeline, raw) over `rounds` interleaved builds of `cards`."""
    root, out_dir = folder / "cards", folder / "out"
    write_database(root, cards, duplex)
    version = load_game(GAME, root).version
    best_pipeline = best_raw = float("inf")
    for _ in range(rounds):
        best_raw = min(best_raw, cpu_seconds(lambda: raw_deck(cards, io.BytesIO(), version, duplex)))
        best_pipeline = min(best_pipeline, cpu_seconds(lambda: pipeline_deck(root, out_dir)))
    return best_pipeline, best_raw


def _report(count: int, duplex: bool, pipeline: float, raw: float) -> None:
    sides = "fronts and duplex backs" if duplex else "fronts only"
    print(f"{count} cards, {sides}, on {PAPER} (3 x 3 per sheet); best of interleaved runs, CPU time")
    print(f"  raw reportlab: {count / raw:,.0f} cards/s   pipeline: {count / pipeline:,.0f} cards/s")
    print(f"  pipeline/raw slowdown: {pipeline / raw:.2f}x   (target: within 1.3x)")


def _profile(work: Callable[[], object]) -> None:
    profiler = cProfile.Profile()
    profiler.runcall(work)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main(argv: list[str] | None = None) -> None:
    """Parse the options and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=500, help="cards in the fixture deck (default 500)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved measurements; the best counts")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of one pipeline build")
    parser.add_argument("--cache-rounds", type=int, default=3, help="rounds of the cache figures (medians)")
    parser.add_argument("--only", choices=("raw", "cache"), help="only the raw-reportlab or only the cache figures")
    parser.add_argument("--cache-games", nargs="+", default=["benchgame", "halfwish"], choices=["benchgame", "halfwish"],
                        help="the games of the cache figures")
    args = parser.parse_args(argv)
    if args.only != "cache":
        measure(args.cards, args.rounds, args.profile)
    if args.only != "raw":
        cache_ratios(args.cache_rounds, tuple(args.cache_games))


if __name__ == "__main__":
    main()
