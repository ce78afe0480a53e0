"""Build a game's print-and-play kit: card decks, sheets, reference cards, rulebook, TTS sheets.

A build writes the whole kit into a staging folder beside the target (`.<game>.staging-*`,
holding links to the previous kit's files so a partial build keeps the rest) and swaps it in
at the end (`staged_kits`), so an interrupted or failed build leaves the previous kit whole,
byte for byte; temporaries a killed build left behind are removed by the next one. PDFs are
deterministic (`invariant=1`). File names carry the paper: `output/<game>/<component>-<paper>.pdf`.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from cards import Database

from .dbmemo import DatabaseMemo

# The default kit; "proofs" (one proof page per component) is built when asked for.
KINDS = ("cards", "tokens", "sheets", "reference", "rulebook")

Renderer = Callable[[BinaryIO], None]


@dataclass(frozen=True)
class Job:
    """One file of the kit: what it is, where it goes, and how to draw it."""

    kind: str
    label: str
    path: Path
    render: Renderer
    depends: Callable[[], str] | None = None  # a hash of what it is drawn from (None: the whole database)
    checks: tuple[str, ...] = ()  # the parts `generator.check.check_kit` draws to check it


def temp_beside(path: Path) -> tuple[int, str]:
    """A temporary file in `path`'s folder with the permissions a plain `open()` would give.

    mkstemp makes files only their owner can read; a printed kit is meant to be shared."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_umask())
    except BaseException:  # Ctrl-C included: no half-made temporary is left behind
        os.close(fd)
        os.unlink(tmp)
        raise
    return fd, tmp


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def atomic_write(path: Path, render: Renderer) -> None:
    """Render into a temporary file beside `path`, then rename it over `path`."""
    fd, tmp = temp_beside(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            render(handle)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def kit_jobs(db: Database, paper: str, out_dir: Path, kinds: tuple[str, ...] = KINDS) -> Iterator[Job]:
    """Every file the kit needs for `paper`, in build order."""
    from .dependencies import (
        card_file_inputs,
        reference_inputs,
        rulebook_inputs,
        sheet_inputs,
        token_file_inputs,
    )
    from .hosting import group_label, render_card_file, token_groups
    from .kit import render_sheet
    from .packing import (
        card_groups,
        own_sheets,
        render_token_file,
    )

    if "cards" in kinds:  # a deck alone, or the decks sharing card sheets (`sheets: shared`)
        for group in card_groups(db):
            yield Job("cards", group_label(db, group), out_dir / f"{group.id}-{paper}.pdf",
                      _bound(render_card_file, db, group, paper), _once(card_file_inputs, db, group, group.id),
                      tuple(f"decks[{deck.id}]" for deck in group.members))
    if "tokens" in kinds:
        # tokens on a card file's last sheet print with the cards, trackers packed with tokens here
        for group in token_groups(db, kinds):
            yield Job("tokens", group_label(db, group), out_dir / f"{group.id}-{paper}.pdf",
                      _bound(render_token_file, db, group, paper), _once(token_file_inputs, db, group.members, group.id),
                      tuple(f"tokens[{sheet.id}]" for sheet in group.members))
    if "sheets" in kinds:
        for sheet in own_sheets(db, with_tokens="tokens" in kinds):
            yield Job("sheets", sheet.name, out_dir / f"{sheet.id}-{paper}.pdf",
                      _bound(render_sheet, db, sheet, paper), _once(sheet_inputs, db, sheet, sheet.id), (f"sheets[{sheet.id}]",))
    # The renderers are imported here, before any file is written, not when a file is drawn: a
    # Ctrl-C landing inside an import prints a traceback of Python's own (an import lock's
    # callback) and can leave a module half made (tests/robustness/test_interrupts.py).
    if "reference" in kinds and db.references:
        from .reference import render_references
        yield Job("reference", "reference cards", out_dir / f"reference-{paper}.pdf",
                  lambda out: render_references(db, paper, out), _once(lambda db, _: reference_inputs(db), db, None, "references"),
                  ("references",))
    if "proofs" in kinds:
        from .proof import render_proofs
        yield Job("proofs", "proof sheets", out_dir / f"proofs-{paper}.pdf",
                  lambda out: render_proofs(db, paper, out), checks=("decks", "sheets", "tokens", "references"))
    if "rulebook" in kinds:
        from .rulebook_pdf import render_rulebook
        yield Job("rulebook", "rulebook", out_dir / f"rulebook-{paper}.pdf",
                  lambda out: render_rulebook(db, paper, out), _once(rulebook_inputs, db, paper, f"rulebook-{paper}"),
                  ("rulebook",))


def _bound(render: Callable[..., None], db: Database, component: Any, paper: str) -> Renderer:
    return lambda out: render(db, component, paper, out)


# The inputs of a component are the same on every paper: hashed once per database and component.
_INPUTS: DatabaseMemo[str] = DatabaseMemo(limit=256)


def _once(inputs: Callable[[Database, Any], str], db: Database, component: Any, name: str) -> Callable[[], str]:
    return lambda: _INPUTS.get(db, (inputs.__name__, name), lambda: inputs(db, component))


def stage(job: Job) -> Path:
    """Render `job` into a temporary file beside its target; return the temporary file."""
    fd, tmp = temp_beside(job.path)
    try:
        with os.fdopen(fd, "wb") as handle:
            job.render(handle)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def build_kit(db: Database, paper: str, out_dir: Path, kinds: tuple[str, ...] = KINDS,
              on_file: Callable[[Job], None] | None = None) -> list[Path]:
    """Write the kit for one paper; return the files written.

    Every file is rendered to a temporary name first and only renamed into place once all of
    them succeeded: a failing component leaves the whole previous kit untouched, and nothing
    is drawn twice to find that out."""
    staged: list[tuple[Path, Path]] = []
    try:
        for job in kit_jobs(db, paper, out_dir, kinds):
            staged.append((stage(job), job.path))
            if on_file:
                on_file(job)
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    for tmp, path in staged:
        os.replace(tmp, path)
    return [path for _, path in staged]
