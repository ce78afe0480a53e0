"""Loading a game in a new process: every `deckwright` command that reads a game pays it first.

For each game, three kinds of fresh process, interleaved so load hits them alike:
  - floor: `import cards.loader` alone (pydantic, the schema, PyYAML, Jinja2), below which no
    load can go;
  - first load: `load_game(GAME)` with the cache folder a load has filled but for the rule
    checks it kept, so every rule type is built and every rule-typed value validated (as after
    an edit of the type vocabulary); all else a cache folder keeps (compiled templates) is there;
  - next load: the same with the rule checks too, taken as passed (`cards.fitting`).
Prints the median CPU time of each (user + system of the child) and next/first, and what each
load adds to the floor.

Run: .venv/bin/python bench/load.py [--runs N] [--games ID ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["halfwish", "which-witch", "heartstrings", "half-the-battle", "skirmish"]


def cpu_of(code: str, cache: Path) -> float:
    """CPU seconds of one new interpreter running `code`, with `cache` as deckwright's cache folder."""
    # as on a designer's machine, modules stay compiled between runs (see build_cache.py)
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    environment.update(DECKWRIGHT_CACHE=str(cache), PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)  # microseconds, where os.times() counts ticks
    subprocess.run([sys.executable, "-c", code], check=True, env=environment, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(game: str, runs: int) -> dict[str, float]:
    load = f"from cards import load_game; load_game({game!r})"
    times: dict[str, list[float]] = {"floor": [], "first": [], "next": []}
    with tempfile.TemporaryDirectory() as tmp:
        filled = Path(tmp) / "filled"
        cpu_of(load, filled)  # the load whose checks the next ones remember
        for number in range(runs):
            unchecked = Path(tmp) / f"unchecked-{number}"
            shutil.copytree(filled, unchecked)
            for kept in unchecked.glob("kept/fitting-*"):
                kept.unlink()
            times["floor"].append(cpu_of("import cards.loader", Path(tmp) / "unused"))
            times["first"].append(cpu_of(load, unchecked))
            times["next"].append(cpu_of(load, filled))
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9, help="processes of each kind per game (medians)")
    parser.add_argument("--games", nargs="+", default=GAMES, choices=GAMES)
    args = parser.parse_args()
    print(f"load_game in a new process, CPU ms, median of {args.runs}")
    print(f"{'game':<16} {'floor':>6} {'first':>6} {'next':>6}  next/first  added to the floor: first, next")
    for game in args.games:
        found = {name: seconds * 1000 for name, seconds in measure(game, args.runs).items()}
        print(f"{game:<16} {found['floor']:6.0f} {found['first']:6.0f} {found['next']:6.0f}  "
              f"{found['next'] / found['first']:9.2f}x  {found['first'] - found['floor']:5.0f}, "
              f"{found['next'] - found['floor']:4.0f}")


if __name__ == "__main__":
    main()
