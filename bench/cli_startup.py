"""How long `deckwright --help` and `deckwright games` take to answer (target: 0.25 s each).

Prints the median of a few runs and the modules that cost most at import, so a new eager
import shows up here rather than in a timed test.  Run: .venv/bin/python bench/cli_startup.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

DECKWRIGHT = Path(sys.executable).parent / "deckwright"
TARGET_S = 0.25
RUNS = 5


def median_seconds(args: list[str]) -> float:
    """Median wall time of `deckwright ARGS` over RUNS runs."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([str(DECKWRIGHT), *args], capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def heaviest_imports(count: int = 8) -> list[str]:
    """The slowest cumulative imports of `companion.cli`, from `python -X importtime`."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", "import companion.cli"],
                            capture_output=True, text=True, check=True)
    rows = [line.split("|") for line in result.stderr.splitlines() if line.startswith("import time:")][1:]
    rows.sort(key=lambda row: int(row[1]), reverse=True)
    return [f"{int(row[1]) / 1e6:6.3f} s  {row[2].strip()}" for row in rows[:count]]


def main() -> None:
    for args in (["--help"], ["games"]):
        seconds = median_seconds(args)
        print(f"deckwright {' '.join(args):<8} {seconds:6.3f} s  ({seconds / TARGET_S:4.1f}x the {TARGET_S} s target)")
    print("heaviest imports of companion.cli:")
    print("\n".join(heaviest_imports()))


if __name__ == "__main__":
    main()
