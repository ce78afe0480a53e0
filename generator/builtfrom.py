"""Which version of the database each file of a kit folder was built from.

A build that writes only some of a kit's files (`--paper a4`, `--only cards`) leaves the others
as an earlier build made them: after a card edit, `cards-letter.pdf` still shows the old card.
Every build notes, for each file it writes into the kit folder, the database version it was
built from (`Database.version`: a hash of every file of the database) in `.built-from.json`;
the files there built from another version are then older than the database, and the build
names them (`companion.cli.build_report`). A file the record does not know (the designer's own,
or one written before the record existed) is never named.

The folders of per-component files (`png/`, `tts/`, a print shop's `tgc/`...) are noted as a whole,
`tgc/`: after a card edit, a home build names `tgc/` too, whose PNGs still show the old card
(audit: a designer could upload and order them).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from .build import atomic_write

RECORD = ".built-from.json"  # in the kit folder; carried into each staged build (`generator.staging`)


def note_built(folder: Path, version: str, written: Iterable[Path]) -> list[Path]:
    """Note that the `written` files of kit folder `folder` were built from database `version`;
    the files of the folder built from another version, in name order."""
    record = _read(folder / RECORD)
    record.update({name: version for name in (_entry(folder, path) for path in written) if name})
    record = {name: built for name, built in sorted(record.items())
              if ((folder / name).is_dir() if name.endswith("/") else (folder / name).is_file())}
    text = json.dumps(record, indent=1, sort_keys=True) + "\n"

    def write(out: BinaryIO) -> None:
        out.write(text.encode())
    atomic_write(folder / RECORD, write)
    return [folder / name for name, built in record.items() if built != version]


def _entry(folder: Path, path: Path) -> str | None:
    """The record's name for a written file: its own in the kit folder, its folder's (`tgc/`) one
    level below, else None."""
    if path.parent == folder:
        return path.name
    if path.parent.parent == folder:
        return f"{path.parent.name}/"
    return None


def _read(path: Path) -> dict[str, str]:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet, or damaged: only what this build writes is known
    if not isinstance(record, dict):
        return {}
    return {str(name): built for name, built in record.items()
            if isinstance(built, str) and "/" not in str(name).removesuffix("/")
            and str(name).removesuffix("/") not in ("", ".", "..")}
