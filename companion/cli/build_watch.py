"""`deckwright build --watch`: build, then rebuild on every change to a game's files and say what
was drawn again and how long it took (`generator.watch` notices the changes)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import click

from cards import cards_root
from cards.wording import plural

from .build_report import report_written
from .common import chosen_games, get_context
from .screen import screen_width, wrapped_message


def watch_and_rebuild(games: tuple[str, ...], all_games: bool, build_once: Any, out_dir: Path, cache: Any = None,
           after: Any = lambda: None) -> None:
    """Build, then rebuild on every change below the games' database and template folders;
    `after()` follows every build that worked (a print shop's preflight report)."""
    from cards.paths import template_dirs
    from generator.watch import watch

    root = cards_root(get_context().cards_dir)
    chosen = chosen_games(games, all_games, root)
    folders = sorted({f for g in chosen for f in [root / g, *template_dirs(root, g)]})
    failed = [False]  # did the last build fail? the next one that works says so

    def rebuild(changes: list[Path]) -> None:
        from generator.watch import rebuilt_line

        if not changes:
            written, usage, older = build_once()
            report_written(written, usage, older, False, out_dir)
            after()
            return
        click.echo(f"changed: {', '.join(p.name for p in changes)}")
        start = time.perf_counter()
        if cache is not None:
            cache.start()
        written, _usage_lines, _older = build_once()
        if failed[0]:  # undoing a broken edit may redraw nothing: say the fix was taken
            click.echo("the build works again")
            failed[0] = False
        drawn = cache.rendered if cache is not None else [p.name for p in written]
        click.echo(rebuilt_line(drawn, len(written), time.perf_counter() - start))
        after()

    def on_error(exc: Exception) -> None:
        failed[0] = True
        message = exc.format_message() if isinstance(exc, click.ClickException) else str(exc)
        # wrapped to the terminal as any command's error is (audit: 89 columns under --watch)
        click.echo(wrapped_message(f"build failed (the previous kit is untouched):\n{message}",
                                   screen_width(sys.stderr)), err=True)

    click.echo(f"watching {plural(len(folders), 'folder')}; Ctrl-C stops")
    try:
        watch(folders, rebuild, on_error)
    except KeyboardInterrupt:  # the way a watch ends: 130, as every command stopped by Ctrl-C
        click.echo("stopped watching")
        raise click.exceptions.Exit(130) from None
