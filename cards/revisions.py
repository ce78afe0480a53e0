"""A game's card folder as it was at a git revision (`changes --since REF`, `balance --compare REF`)."""

from __future__ import annotations

import io
import subprocess
import tarfile
from pathlib import Path


class RevisionError(ValueError):
    """The folder cannot be read at that revision: not a revision, not a repository, or no git."""


class NotInGit(RevisionError):
    """The folder is not in a git repository: its message says what `changes` compares instead;
    other commands say their own (`balance` compares a saved report)."""


class NotAtRevision(RevisionError):
    """The revision exists, but the folder had no files then (a game not yet committed)."""


def files_at_revision(folder: Path, revision: str) -> dict[str, bytes]:
    """Every file under `folder` as it was at git `revision`, by its path relative to the folder."""
    if revision.startswith("-"):  # git would take it for an option (`--output=FILE` empties FILE)
        raise RevisionError("it starts with -, so git would read it as an option")
    folder = folder.resolve()
    try:
        top = Path(_git(folder, "rev-parse", "--show-toplevel").decode().strip()).resolve()
    except RevisionError as exc:
        if "not a git repository" not in str(exc):
            raise
        raise NotInGit(f"{folder} is not in a git repository; compare with an earlier build's "
                            "manifest.json instead (every build writes OUT/<game>/manifest.json)") from None
    relative = folder.relative_to(top).as_posix()
    try:
        archive = _git(top, "archive", "--format=tar", revision, "--", relative)
    except RevisionError as exc:
        if "did not match any files" not in str(exc):
            raise
        raise NotAtRevision(f"{relative} has no files at revision {revision!r} (not committed then?)") from None
    prefix = "" if relative == "." else f"{relative}/"
    files: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            content = tar.extractfile(member) if member.isfile() else None
            if content is not None and member.name.startswith(prefix):
                files[member.name[len(prefix):]] = content.read()
    return files


def _git(folder: Path, *args: str) -> bytes:
    try:
        return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=True).stdout
    except FileNotFoundError:
        raise RevisionError("reading a git revision needs git on the PATH") from None
    except (OSError, subprocess.CalledProcessError) as exc:
        lines = (getattr(exc, "stderr", b"") or b"").decode(errors="replace").strip().splitlines()
        raise RevisionError(lines[-1] if lines else str(exc)) from None
