"""Where a command writes (`--out`): refused up front when it cannot be used, as a usage error
(exit 2) naming the path in the way, and a failed write reported the same way.

`build`, `export` and `calibrate` all take `--out`; each checked it its own way, and calibrate
not at all (audit: a traceback for a file in the way, `/dev/null` or a read-only folder).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import click

from .common import DataProblem

# A write refused for one of these is the path's fault, not the data's: a usage error.
_PERMISSION_ERRORS = (errno.EACCES, errno.EPERM, errno.EROFS)
_IN_THE_WAY_ERRORS = (errno.ENOTDIR, errno.EEXIST, errno.EISDIR)  # a file where a folder should be


def checked_out_file(path: Path, option: str = "--out") -> Path:
    """`path` when a file can be written there (its folders made if missing); else a usage error."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise click.BadParameter(f"{path} exists and is not a regular file; name a file to write",
                                 param_hint=option)
    if path.exists() and not os.access(path, os.W_OK):
        raise click.BadParameter(f"cannot write {path}: check its permissions", param_hint=option)
    _check_folder_usable(path.parent, path, option)
    return path


def write_out_file(path: Path, write: Callable[[Path], object], option: str = "--out") -> Path:
    """`write(path)` once `path` is checked (`checked_out_file`) and its folders made; a write that
    fails is `write_failed`'s error. `path`, written."""
    checked_out_file(path, option)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path)
    except OSError as exc:
        raise write_failed(exc, path, option) from None
    return path


def checked_out_folder(folder: Path, option: str = "--out") -> Path:
    """`folder` when files can be written into it (made if missing); else a usage error."""
    if folder.exists() and not folder.is_dir():
        raise click.BadParameter(f"{folder} is not a folder", param_hint=option)
    _check_folder_usable(folder, folder, option)
    return folder


def write_failed(exc: OSError, path: Path, option: str = "--out") -> click.ClickException:
    """The error to raise when writing `path` failed with `exc`: a usage error naming the path
    refused (a read-only folder, a file where a folder should be); anything else (a full disk)
    exit 1."""
    refused = Path(exc.filename) if exc.filename else path
    message = f"cannot write {refused}: {exc.strerror or exc}"
    if exc.errno in _PERMISSION_ERRORS:
        return click.BadParameter(f"{message}; check its permissions", param_hint=option)
    if exc.errno in _IN_THE_WAY_ERRORS:
        return click.BadParameter(message, param_hint=option)
    return DataProblem(message)


def kit_write_failed(exc: OSError, out_dir: Path) -> click.ClickException:
    """`write_failed` for a kit, naming the kit's own folder or file that refused the write rather
    than the staging folder standing in for it (audit: OUT was named when OUT/<game> was read-only)."""
    from generator.staging import kit_path

    refused = kit_path(Path(exc.filename)) if exc.filename else out_dir
    return write_failed(OSError(exc.errno, exc.strerror or str(exc), str(refused)), out_dir)


def _check_folder_usable(folder: Path, wanted: Path, option: str) -> None:
    """The nearest part of `folder` that exists is a folder that may be written into."""
    existing = next((p for p in (folder, *folder.parents) if p.exists()), Path("."))
    if not existing.is_dir():
        raise click.BadParameter(f"{existing} is not a folder, so {wanted} cannot be written",
                                 param_hint=option)
    if not os.access(existing, os.W_OK | os.X_OK):
        raise click.BadParameter(f"cannot write into {existing}: check its permissions", param_hint=option)
