"""reportlab's C accelerator (`rl_accel`, installed with `reportlab[accel]`) draws a kit about a
tenth faster than reportlab's pure-Python fallbacks for the same functions (text widths, number
formatting, PDF string escaping). It must not change a byte: a print shop or a designer comparing
two builds would otherwise see every file change when the accelerator is or is not installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

# Builds one game's A4 kit in a new process; with "pure", `_rl_accel` cannot be imported, as on
# a machine without the accelerator, and reportlab falls back to its Python functions.
SCRIPT = """
import sys
if sys.argv[1] == "pure":
    sys.modules["_rl_accel"] = None
from reportlab.lib import rl_accel
from companion.cli import cli
print("accelerated:", sorted(rl_accel._c_funcs), file=sys.stderr)
cli.main(["build", "halfwish", "--paper", "a4", "--no-cache", "--out", sys.argv[2]], standalone_mode=False)
"""


def _build(mode: str, out: Path) -> str:
    done = subprocess.run([sys.executable, "-c", SCRIPT, mode, str(out)], capture_output=True, text=True, check=False,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    return next(line for line in done.stderr.splitlines() if line.startswith("accelerated:"))


def test_the_accelerator_is_installed_and_changes_no_byte_of_a_kit(tmp_path: Path) -> None:
    accelerated = _build("accelerated", tmp_path / "accelerated")
    pure = _build("pure", tmp_path / "pure")
    assert "fp_str" in accelerated and "instanceStringWidthTTF" in accelerated  # rl_accel is in use
    assert pure == "accelerated: []"
    files = sorted(p.relative_to(tmp_path / "pure") for p in (tmp_path / "pure").rglob("*.pdf"))
    assert len(files) >= 4  # cards, player mat, reference card, rulebook
    for name in files:
        assert (tmp_path / "accelerated" / name).read_bytes() == (tmp_path / "pure" / name).read_bytes(), name
