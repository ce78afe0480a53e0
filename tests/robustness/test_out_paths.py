"""`--out` places that cannot be written (audit s25, D1a and D5): a usage error (exit 2) naming
the path in the way, never a traceback, and no staging folder left behind."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest
from harness import GameCopy

from companion.cli import cli


def _said(result: Any) -> str:
    """The output with its wrapping undone."""
    return " ".join(result.output.split())


@pytest.fixture
def a_file(tmp_path: Path) -> Path:
    path = tmp_path / "afile"
    path.write_text("hi")
    return path


@pytest.mark.parametrize(("out", "named"), [
    ("{file}/x.pdf", "{file} is not a folder"),
    ("{file}/sub/x.pdf", "{file} is not a folder"),
    ("/dev/null", "/dev/null is not a folder"),
], ids=["under-a-file", "deeper-under-a-file", "a-device"])
def test_calibrate_out_that_cannot_be_written_is_a_usage_error(runner: Any, a_file: Path, out: str,
                                                               named: str) -> None:
    result = runner.invoke(cli, ["calibrate", "--out", out.format(file=a_file)])
    assert result.exit_code == 2, result.output
    assert named.format(file=a_file) in _said(result)
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_calibrate_into_a_folder_that_refuses_the_write_names_the_file(runner: Any, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """As root, a read-only folder still takes files (the audit used `chattr +i`): the refusal is
    simulated where the page is written."""
    import generator.calibrate

    def refuse(out: Path, *args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted", str(out))

    monkeypatch.setattr(generator.calibrate, "render_test_page", refuse)
    result = runner.invoke(cli, ["calibrate", "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert f"cannot write {tmp_path / 'calibrate-a4.pdf'}: Operation not permitted; check its permissions" \
        in _said(result)


def test_export_out_under_a_file_is_a_usage_error(runner: Any, tiny: GameCopy, a_file: Path) -> None:
    result = runner.invoke(cli, ["--cards", str(tiny.root), "export", "tinygame", "--deck", "race",
                                 "--out", str(a_file / "race.csv")])
    assert result.exit_code == 2, result.output
    assert f"{a_file} is not a folder" in _said(result)


def test_build_out_under_a_file_names_the_file_in_the_way(runner: Any, tiny: GameCopy, a_file: Path) -> None:
    result = runner.invoke(cli, ["--cards", str(tiny.root), "build", "tinygame", "--paper", "a4",
                                 "--out", str(a_file / "sub")])
    assert result.exit_code == 2, result.output
    assert f"{a_file} is not a folder, so {a_file / 'sub'} cannot be written" in _said(result)


def test_a_kit_folder_that_cannot_be_replaced_is_named_and_leaves_no_staging_folder(
        runner: Any, tiny: GameCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """OUT/<game> that cannot be replaced (`chattr +i` in the audit): the message named OUT and
    gave no hint, and OUT/.<game>.staging-XXXX stayed behind."""
    import generator.staging

    out = tmp_path / "out"
    build = ["--cards", str(tiny.root), "build", "tinygame", "--paper", "a4", "--only", "rulebook", "--out", str(out)]
    assert runner.invoke(cli, build).exit_code == 0
    before = {p.name: p.read_bytes() for p in (out / "tinygame").iterdir() if p.is_file()}

    def refuse(stage: Path, target: Path) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted", str(target))

    monkeypatch.setattr(generator.staging, "_swap_in", refuse)
    tiny.edit("game.yaml", r"^  name: Tiny Duel$", "  name: Tiny Duel Two")
    result = runner.invoke(cli, build)
    assert result.exit_code == 2, result.output
    assert f"cannot write {out / 'tinygame'}: Operation not permitted; check its permissions" in _said(result)
    assert sorted(p.name for p in out.iterdir() if "staging" in p.name) == []
    assert {p.name: p.read_bytes() for p in (out / "tinygame").iterdir() if p.is_file()} == before


def test_a_failed_write_inside_the_staging_folder_names_the_kit_folder(
        runner: Any, tiny: GameCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.cli.build

    def refuse(job: Any) -> list[Path]:
        raise PermissionError(errno.EACCES, "Permission denied", str(job.path))

    monkeypatch.setattr(companion.cli.build, "_write_job", refuse)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--cards", str(tiny.root), "build", "tinygame", "--paper", "a4",
                                 "--only", "rulebook", "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert f"cannot write {out / 'tinygame' / 'rulebook-a4.pdf'}: Permission denied" in _said(result)
    assert "staging" not in result.output
    assert sorted(p.name for p in out.iterdir() if "staging" in p.name) == []


def test_without_an_atomic_swap_a_refused_rename_puts_the_previous_kit_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the two-rename swap is used, the old kit was moved aside and left there when the new
    one could not take its place."""
    import os

    from generator import staging

    out = tmp_path / "out"
    (out / "game").mkdir(parents=True)
    (out / "game" / "kit.pdf").write_text("previous")
    rename = os.rename

    def refuse_the_new_kit(source: Any, dest: Any) -> None:
        if staging.STAGING in str(source):
            raise PermissionError(errno.EPERM, "Operation not permitted", str(dest))
        rename(source, dest)

    monkeypatch.setattr(staging, "_exchange", lambda first, second: False)
    monkeypatch.setattr(staging.os, "rename", refuse_the_new_kit)
    with pytest.raises(PermissionError), staging.staged_kits(out) as stages:
        (stages.folder("game") / "kit.pdf").unlink()
        (stages.folder("game") / "kit.pdf").write_text("new")
    assert sorted(p.name for p in out.iterdir()) == ["game"]
    assert (out / "game" / "kit.pdf").read_text() == "previous"
