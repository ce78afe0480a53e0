"""Every printed page says which version of the rules it shows; writes are all-or-nothing.

DESIGN: "a version stamp (db.version) on every card and every page"; "Output is ... atomic
(written to a temporary file and renamed; a failed build leaves the previous kit intact)."
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from cards import load_game
from companion.cli import cli
from generator.build import atomic_write
from generator.stamps import printed_version

SHEETS = ["board", "tokens", "heartstring-tracker"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    from click.testing import CliRunner

    out = tmp_path_factory.mktemp("stamps")
    result = CliRunner().invoke(cli, ["build", "heartstrings", "--paper", "a4", "--only", "sheets",
                                      "--only", "tokens", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "heartstrings", printed_version(load_game("heartstrings"))


@pytest.mark.parametrize("name", SHEETS)
def test_every_page_of_every_sheet_carries_the_version(built, name):
    folder, version = built
    pages = PdfReader(folder / f"{name}-a4.pdf").pages
    assert all(version in (page.extract_text() or "") for page in pages)


def test_tracker_starts_at_the_rule_number_of_beads(built):
    """Seed: "each player must place 12 heart beads onto their Heartstring"."""
    folder, _ = built
    beads = load_game("heartstrings").rules.beads_per_player
    text = " ".join(p.extract_text() or "" for p in PdfReader(folder / "heartstring-tracker-a4.pdf").pages)
    assert f"Start: {beads}" in text


def test_atomic_write_keeps_the_old_file_when_rendering_raises(tmp_path):
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"previous kit")

    def failing(handle: io.BufferedWriter) -> None:
        handle.write(b"half a new kit")
        raise RuntimeError("drawing failed")

    with pytest.raises(RuntimeError):
        atomic_write(target, failing)
    assert target.read_bytes() == b"previous kit"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]


def test_atomic_write_replaces_the_file_in_one_step(tmp_path):
    target = tmp_path / "out" / "kit.pdf"
    atomic_write(target, lambda handle: handle.write(b"new kit"))
    assert target.read_bytes() == b"new kit"
    assert [p.name for p in target.parent.iterdir()] == ["kit.pdf"]


def test_written_files_get_the_usual_permissions_not_private_temp_ones(tmp_path):
    """A kit is shared and printed: files are as readable as any the user creates (umask applies)."""
    import os

    current = os.umask(0o022)
    os.umask(current)
    target = tmp_path / "kit.pdf"
    atomic_write(target, lambda handle: handle.write(b"kit"))
    assert target.stat().st_mode & 0o777 == 0o666 & ~current
