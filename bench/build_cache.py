"""The render cache against `--no-cache` full builds (`bench/build.py --only cache`): a one-card
edit and no change, in-process, as `--watch` rebuilds, and through the CLI."""

from __future__ import annotations

import functools
import gc
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchdeck import GAME, fixture_cards, write_database

from cards import load_game
from generator import paragraphs
from generator.cardlayout import clear_text_cache
from generator.paragraph_store import forget_restored
from generator.watch import settle

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
            # an untimed round first: the first builds in a process also pay what is done once
            # (modules imported on first use, fonts read, templates compiled), which made the first
            # round's full build the slowest (1.18 s against 0.89-1.00 s for Halfwish) and its ratios
            # the lowest, or its edit the slowest when only the full build was warmed
            _edit_and_rebuild(_in_process(game, root, out), functools.partial(edit, "0a"))
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
    """Write the game into `root`; return a function that edits one card's text (a new edit each
    call, each from the card's first text: the text keeps its length from round to round, where
    edits piled on one another lengthened it until it moved the rulebook's page breaks)."""
    if game == "benchgame":
        cards = fixture_cards(500)
        write_database(root, cards)
        (root / GAME / "templates" / "rulebook.md.j2").write_text(RULEBOOK)

        original = dict(cards[249])

        def edit_fixture(mark: str) -> None:
            cards[249] = {**original, "text": f"{original['text']} Edit {mark}."}
            deck = yaml.safe_load((root / GAME / "deck.yaml").read_text())
            deck["decks"][0]["cards"] = cards
            (root / GAME / "deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
        return edit_fixture
    import shutil

    shutil.copytree(load_game(game).folder, root / game, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    actions = root / game / "actions.yaml"
    original = actions.read_text()

    def edit_shipped(mark: str) -> None:
        actions.write_text(original.replace("Strike for DV", f"Strike for DV (edit {mark})", 1))
    return edit_shipped


def _in_process(game: str, root: Path, out: Path) -> Callable[..., float]:
    """CPU seconds of one `deckwright build GAME --paper a4` run in this process: cold, as a new
    process starts (no text fitted, no paragraph in memory), unless `keep` (as `build --watch` rebuilds)."""
    from click.testing import CliRunner

    from companion.cli import cli

    def build(*args: str, keep: bool = False) -> float:
        if not keep:
            clear_text_cache()
            paragraphs.forget()
            forget_restored()  # a new process reads the paragraphs the last build kept
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
    # As on a designer's machine, Python keeps our modules compiled (`__pycache__`) between runs;
    # some shells and CI machines set PYTHONDONTWRITEBYTECODE, and then every process compiles
    # them all again (about 50 ms of each run, measured), which no installed tool pays.
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}

    def build(*args: str) -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([*command, *args], check=True, capture_output=True, env=environment)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return build


def _edit_and_rebuild(build: Callable[..., float], edit: Callable[[], None]) -> tuple[float, float, float]:
    """CPU seconds of (a full --no-cache build, a rebuild after a one-card edit, a rebuild with no change)."""
    full = build("--no-cache")
    build()  # the cache now holds this database's kit
    edit()
    return full, build(), build()
