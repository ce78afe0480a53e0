"""Running a build's steps (one kit file each), with a progress bar on a terminal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from .common import is_fancy


def run_steps(steps: list[tuple[str, Callable[..., list[Path]]]], progress: bool = True) -> list[Path]:
    """Do every step, with a progress bar on a terminal; the files written."""
    written: list[Path] = []
    if not is_fancy():  # piped or logged: one line per step as it starts, flushed, on stderr
        for number, (label, step) in enumerate(steps, 1):
            if progress:
                click.echo(f"[{number}/{len(steps)}] {label}", err=True)
            written += step()
        return written
    from .progress import progress as live_progress

    with live_progress(len(steps), "building", lines=True) as shown:  # whole lines when stderr is not a terminal
        for label, step in steps:
            shown.update(shown.done, label)
            written += step()
            shown.advance(item=label)
    return written
