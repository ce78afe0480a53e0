"""What `deckwright build` says it wrote: one line per file (its path below the output folder,
pages, size, sheets and slot use) and the total, or the same as JSON."""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import click

from cards.printshops import SHOPS
from cards.wording import plural

from .common import DataProblem, echo_json


def report_written(written: list[Path], usage: dict[Path, str], older: list[Path], as_json: bool, out_dir: Path,
                   preflight: Any = lambda: None) -> None:
    """One line per file (its path below OUT, pages, size, sheets and slot use), then the total,
    then the kit files this build did not write that are older than the database (`older`); as
    JSON, with a print shop's preflight findings located by deck, card and side (`preflight()`)."""
    if not written:
        raise DataProblem("nothing to build: the database has no printable components of the kinds asked for")
    rows = list(_summaries(written))
    if as_json:
        for row in rows:
            row["sheets"] = usage.get(Path(row["path"]), "")
        found = preflight()
        echo_json({"written": [row["path"] for row in rows], "files": rows, "older": [str(path) for path in older],
                   **({"preflight": found} if found else {})})
        return
    names = [_below(Path(row["path"]), out_dir) for row in rows]
    width = max(len(name) for name in names)
    for name, row in zip(names, rows, strict=True):
        pages = f"{row['pages']:>3} p." if row["pages"] is not None else f"{row['path'].rsplit('.', 1)[-1]:>6}"
        sheets = usage.get(Path(row["path"]), "")
        click.echo(f"{name:<{width}}  {pages}  {_human(row['bytes']):>9}  {sheets}".rstrip())
    total = sum(row["bytes"] for row in rows)
    click.echo(f"{plural(len(rows), 'file')} written, {_human(total)}")
    if older:  # `--paper a4` after an edit leaves the letter files as they were: never print those unknowingly
        click.echo("Not rebuilt, older than the database (a full build updates them):")
        for path in older:
            click.echo(f"  {_below(path, out_dir)}" + (f"/ (built by {_BUILT_BY.get(path.name, 'an earlier build')})"
                                                       if path.is_dir() else ""))


# what writes each folder of per-component files again: a home build does not
_BUILT_BY = {"png": "--png", "tts": "--tts", **{shop: f"--for {shop}" for shop in SHOPS}}


def _below(path: Path, out_dir: Path) -> str:
    """`path` relative to the output folder when it lies inside it (the line stays short)."""
    try:
        return str(path.relative_to(out_dir))
    except ValueError:
        return str(path)


def _summaries(paths: Iterable[Path]) -> Iterator[dict[str, Any]]:
    for path in paths:
        yield {"path": str(path), "pages": _pages(path), "bytes": path.stat().st_size}


def _pages(path: Path) -> int | None:
    if path.suffix != ".pdf":
        return None
    from generator.pagecount import page_count

    return page_count(path)


def _human(size: int) -> str:
    return f"{size / 1024:.1f} KiB" if size < 1024 * 1024 else f"{size / 1024 / 1024:.1f} MiB"


def warn_unbumped_versions(databases: list[Any], stages: Any, reprints: dict[str, Any]) -> None:
    """Warn where the rules changed (since --reprint-since's REF, else since the last build) but the
    declared `game: version:` did not: the new pages would print the old copies' version."""
    if not any(db.meta.version for db in databases):  # a build imports `changes` only when it may warn
        return
    from generator.changes import unbumped_since_last_build, unbumped_version

    for db in databases:
        found = (unbumped_version(db, reprints[db.id]) if db.id in reprints
                 else unbumped_since_last_build(db, stages.folder(db.folder.name)))
        if found:
            warnings.warn(found, UserWarning, stacklevel=1)
