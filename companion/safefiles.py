"""Writing a user-named file safely: whole or not at all, and never through something odd.

`sessions export --out X` must not write into a FIFO (it would block), through a symlink
(it would overwrite what the link points at) or into a device (`/dev/full`); it writes a
temporary file beside X and renames it over X, with the permissions a plain `open()` gives
a new file, or those X already had.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import CompanionError


class UnsafeTarget(CompanionError):
    """The path to write names something that is not a regular file or a new path."""


def write_text_replacing(path: Path, text: str) -> None:
    """Write `text` to `path` via a temporary file and a rename; refuse anything but a regular
    file or a new path in an existing folder."""
    mode = _mode_for(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    """The permissions the written file gets; UnsafeTarget when `path` must not be replaced."""
    if not path.parent.is_dir():
        raise UnsafeTarget(f"cannot write {path}: folder {path.parent} does not exist")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return 0o666 & ~_umask()
    if stat.S_ISLNK(info.st_mode):
        raise UnsafeTarget(f"cannot write {path}: it is a symbolic link; name the file itself")
    if not stat.S_ISREG(info.st_mode):
        raise UnsafeTarget(f"cannot write {path}: it is not a regular file (a folder, FIFO or device)")
    return stat.S_IMODE(info.st_mode)


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current
