"""How long `deckwright --help` and `deckwright games` take to answer (target: 0.25 s each).

Each command runs RUNS times as a fresh process, interleaved with a bare interpreter start
(`python -c pass`, the floor no command can go below); it prints the median wall time and the
median CPU time of each, the ratio to the floor, and the modules that cost most at import, so
a new eager import shows up here rather than in a timed test. `games` is measured with its
index warm (the first run after an edit loads the changed game once).

Run: .venv/bin/python bench/cli_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

DECKWRIGHT = Path(sys.executable).parent / "deckwright"
TARGET_S = 0.25
COMMANDS = {"python -c pass": [sys.executable, "-c", "pass"],
            "deckwright --help": [str(DECKWRIGHT), "--help"],
            "deckwright games": [str(DECKWRIGHT), "games"]}


def timed_run(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system of the child) of one run of `argv`."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=True)
    wall = time.perf_counter() - start
    after = os.times()
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def measure(runs: int) -> dict[str, tuple[float, float]]:
    """Median (wall, cpu) per command, the commands interleaved so load hits them alike."""
    for argv in COMMANDS.values():
        timed_run(argv)  # warm the file cache and the games index
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for _ in range(runs):
        for name, argv in COMMANDS.items():
            samples[name].append(timed_run(argv))
    return {name: (statistics.median(w for w, _ in rows), statistics.median(c for _, c in rows))
            for name, rows in samples.items()}


def heaviest_imports(count: int = 8) -> list[str]:
    """The slowest cumulative imports of `deckwright --help`, from `python -X importtime`."""
    code = "import sys; from companion.cli import cli; cli(['--help'], prog_name='deckwright', standalone_mode=False)"
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                            check=True)
    rows = [line.split("|") for line in result.stderr.splitlines() if line.startswith("import time:")][1:]
    rows.sort(key=lambda row: int(row[1]), reverse=True)
    return [f"{int(row[1]) / 1e6:6.3f} s  {row[2].strip()}" for row in rows[:count]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="runs per command (default 9)")
    runs = parser.parse_args().runs
    medians = measure(runs)
    floor_wall, floor_cpu = medians["python -c pass"]
    print(f"median of {runs} runs, interleaved; load average {os.getloadavg()[0]:.1f}")
    print(f"{'':<20}{'wall':>8}{'cpu':>8}   wall vs target   cpu vs python -c pass")
    for name, (wall, cpu) in medians.items():
        print(f"{name:<20}{wall:7.3f}s{cpu:7.3f}s   {wall / TARGET_S:5.2f}x {TARGET_S} s"
              f"      {cpu / floor_cpu if floor_cpu else float('nan'):5.2f}x")
    print(f"(the interpreter alone: {floor_wall:.3f} s wall)")
    print("heaviest imports of deckwright --help:")
    print("\n".join(heaviest_imports()))


if __name__ == "__main__":
    main()
