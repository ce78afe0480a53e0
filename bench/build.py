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
within 1.5x. `--profile` prints where the pipeline's time goes.

Usage: .venv/bin/python bench/build.py [--cards N] [--rounds R] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import gc
import io
import pstats
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from cards import load_game
from cards.units import MM
from generator import paragraphs
from generator.build import build_kit
from generator.cardlayout import clear_text_cache
from generator.icons import draw_icon
from generator.imposition import draw_crop_marks, plan_sheet
from generator.watch import settle

GAME = "benchgame"
PAPER = "a4"
CARD = (63 * MM, 88 * MM)
BLEED = 3 * MM
DECK_COLOR = "#1f618d"
WORDS = ["ember", "storm", "guard", "rally", "spark", "tide", "oath", "lantern", "raven", "thorn", "hollow", "crown", "bright", "mire", "gale", "anvil", "whisper", "vow", "ash", "drift"]
KINDS = ("Attack", "Defence", "Trick", "Ally")
ICONS = ("sword", "shield", "heart", "star")


# --- the fixture deck ---------------------------------------------------------------------


def fixture_cards(count: int, seed: int = 2) -> list[dict]:
    """`count` cards with varied names, types and body texts (some long enough to wrap and shrink)."""
    rng = random.Random(seed)
    cards = []
    for n in range(1, count + 1):
        name = " ".join(rng.choice(WORDS).title() for _ in range(rng.randint(1, 3)))
        icon = rng.choice(ICONS)
        body = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 45)))
        text = f"Gain {rng.randint(1, 4)} :{icon}: then {body}."
        cards.append({"id": f"card-{n:03d}", "name": name, "kind": rng.choice(KINDS), "text": text})
    return cards


def write_database(root: Path, cards: list[dict], duplex: bool = True) -> None:
    """A game folder with one deck of `cards`, its layouts (base frame + extending card) and a back."""
    folder = root / GAME
    (folder / "templates").mkdir(parents=True)
    game = {"game": {"id": GAME, "name": "Bench Game", "players": {"min": 2, "max": 4}},
            "rules": {"hand_size": 5}, "print": {"bleed": "3mm", "safe": "3mm"}}
    deck = {"decks": [{"id": "main", "name": "Main Deck", "code": "BG", "color": DECK_COLOR,
                       "layout": "bench-card", "duplex": duplex, "fields": {"kind": {"type": "str"}, "text": {"type": "text"}},
                       "cards": cards}]}
    (folder / "game.yaml").write_text(yaml.safe_dump(game, sort_keys=False))
    (folder / "deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
    (folder / "templates" / "bench-base.yaml").write_text(BASE_LAYOUT)
    (folder / "templates" / "bench-card.yaml").write_text(CARD_LAYOUT)


BASE_LAYOUT = """
description: frame, title, corner code and version stamp
elements:
  - {id: background, type: rect, x: 0, y: 0, w: 63, h: 88, bleed: true, fill: "{{ deck.color }}"}
  - {id: panel, type: rect, x: 3, y: 12, w: 57, h: 66.5, radius: 2, fill: "#ffffff"}
  - {id: title, type: text, x: 4, y: 2.6, w: 55, h: 8.6, text: "{{ card.name }}", font: Helvetica-Bold,
     size: 12, min_size: 9, color: "#ffffff", valign: middle}
  - {id: corner, type: text, x: 4, y: 79.6, w: 30, h: 4, text: "{{ corner }}", font: Helvetica-Bold,
     size: 7, color: "#ffffff"}
  - {id: version, type: text, x: 35, y: 79.6, w: 24, h: 4, text: "v {{ version }}", size: 7,
     align: right, color: "#ffffff"}
"""

CARD_LAYOUT = """
description: the base frame plus a type line and the body text
extends: bench-base
elements:
  - {id: type, type: text, x: 5, y: 14, w: 53, h: 5, text: "{{ card.kind }}", font: Helvetica-Oblique,
     size: 8, color: "#555555"}
  - {id: body, type: text, x: 5, y: 21, w: 53, h: 55, text: "{{ card.text }}", size: 9.5,
     min_size: 7, leading: 1.22, color: "#1a1a1a"}
"""


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


RULEBOOK = """# How to play

{{ game.name }} is played with the {{ decks[0].name }} ({{ decks[0].cards | sum(attribute="count") }} cards).
Deal {{ rules.hand_size }} cards to each player; on your turn play one and follow its text.

{{ rulings_section() }}
"""


def cache_ratios(rounds: int, games: tuple[str, ...] = ("benchgame", "halfwish")) -> None:
    """The render cache against `--no-cache` full builds, in CPU time: a one-card text edit and no
    change in-process (`deckwright build GAME --paper a4` through click), and a one-card edit
    through the CLI (`--paper both`, a new process each time, its start included). Medians of
    `rounds` rounds, each with a new edit."""
    import statistics

    for game in games:
        with tempfile.TemporaryDirectory() as tmp:
            root, out = Path(tmp) / "cards", Path(tmp) / "out"
            edit = _scenario(game, root)
            figures: dict[str, list[float]] = {name: [] for name in ("full", "edit", "watch", "same", "cli full", "cli edit")}
            for number in range(1, rounds + 1):
                build = _in_process(game, root, out)
                full, changed, same = _edit_and_rebuild(build, functools.partial(edit, f"{number}a"))
                figures["full"].append(full)
                figures["edit"].append(changed / full)
                figures["same"].append(same / full)
                # what `build --watch` does: two edits in a row, the second laid out with what the
                # first one's rebuild kept (fitted texts, paragraphs), settled in between
                edit(f"{number}v")
                build(keep=True)
                settle()
                edit(f"{number}w")
                figures["watch"].append(build(keep=True) / full)
                gc.unfreeze()
                full, changed, _ = _edit_and_rebuild(_through_cli(game, root, out), functools.partial(edit, f"{number}b"))
                figures["cli full"].append(full)
                figures["cli edit"].append(changed / full)
            median = {name: statistics.median(values) for name, values in figures.items()}
            print(f"cache on {game} ({_SCENARIOS[game]}); CPU time, median of {rounds} rounds")
            print(f"  --no-cache full build: {median['full']:.2f} s in-process (A4), "
                  f"{median['cli full']:.2f} s through the CLI (both papers)")
            print(f"  one-card edit, in-process:  {median['edit']:.3f}x  (target <= 0.1x)   "
                  f"runs: {_listed(figures['edit'])}")
            print(f"    the same as --watch:      {median['watch']:.3f}x  (layouts of the last build kept)   "
                  f"runs: {_listed(figures['watch'])}")
            print(f"  one-card edit, CLI:         {median['cli edit']:.3f}x  (target <= 0.2x)   "
                  f"runs: {_listed(figures['cli edit'])}")
            print(f"  no-change rebuild:          {median['same']:.3f}x  (target <= 0.05x)  "
                  f"runs: {_listed(figures['same'])}")


_SCENARIOS = {
    "benchgame": "the 500-card fixture deck, a rulebook that does not list the cards",
    "halfwish": "a copy of the shipped game, whose rulebook and reference card list every card",
}


def _listed(values: list[float]) -> str:
    return " ".join(f"{value:.3f}" for value in values)


def _scenario(game: str, root: Path) -> Callable[[str], None]:
    """Write the game into `root`; return a function that edits one card's text (a new edit each call)."""
    if game == "benchgame":
        cards = fixture_cards(500)
        write_database(root, cards)
        (root / GAME / "templates" / "rulebook.md.j2").write_text(RULEBOOK)

        def edit_fixture(mark: str) -> None:
            cards[249] = {**cards[249], "text": f"{cards[249]['text']} Edit {mark}."}
            deck = yaml.safe_load((root / GAME / "deck.yaml").read_text())
            deck["decks"][0]["cards"] = cards
            (root / GAME / "deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
        return edit_fixture
    import shutil

    shutil.copytree(load_game(game).folder, root / game, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    actions = root / game / "actions.yaml"

    def edit_shipped(mark: str) -> None:
        actions.write_text(actions.read_text().replace("Strike for DV", f"Strike for DV (edit {mark})", 1))
    return edit_shipped


def _in_process(game: str, root: Path, out: Path) -> Callable[..., float]:
    """CPU seconds of one `deckwright build GAME --paper a4` run in this process: cold, as a new
    process starts (no text fitted, no paragraph kept), unless `keep` (as `build --watch` rebuilds)."""
    from click.testing import CliRunner

    from companion.cli import cli

    def build(*args: str, keep: bool = False) -> float:
        if not keep:
            clear_text_cache()
            paragraphs.forget()
        start = time.process_time()
        result = CliRunner().invoke(cli, ["--cards", str(root), "build", game, "--paper", "a4", "--out", str(out), *args])
        seconds = time.process_time() - start
        if result.exit_code != 0:
            raise SystemExit(f"build failed: {result.output}")
        return seconds
    return build


def _through_cli(game: str, root: Path, out: Path) -> Callable[..., float]:
    """CPU seconds of one `deckwright build GAME --paper both` process, its start included."""
    import resource
    import subprocess

    command = [str(Path(sys.executable).parent / "deckwright"), "--cards", str(root), "build", game, "--paper", "both",
               "--out", str(out)]

    def build(*args: str) -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([*command, *args], check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return build


def _edit_and_rebuild(build: Callable[..., float], edit: Callable[[], None]) -> tuple[float, float, float]:
    """CPU seconds of (a full --no-cache build, a rebuild after a one-card edit, a rebuild with no change)."""
    full = build("--no-cache")
    build()  # the cache now holds this database's kit
    edit()
    return full, build(), build()


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
