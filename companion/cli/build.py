"""`deckwright build`: write a game's print-and-play kit (PDFs for A4 and/or Letter, PNGs, TTS sheets)."""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import click

from cards import cards_root, game_ids

from .common import (
    DataProblem,
    echo_json,
    get_context,
    is_fancy,
    set_interrupt_message,
    user_errors,
)

PAPERS = ("a4", "letter")
KIT_KEPT = "interrupted; the previous kit is kept"
KIT_REPLACED = "interrupted; the new kit was already in place"
KINDS = ("cards", "tokens", "sheets", "rulebook", "reference", "proofs")


@click.command("build")
@click.argument("games", nargs=-1)
@click.option("--all", "all_games", is_flag=True, help="Build every game of the database.")
@click.option("--paper", type=click.Choice([*PAPERS, "both"]), default="both", show_default=True,
              help="Paper size of the PDFs.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, writable=True, path_type=Path),
              default=Path("output"),
              show_default=True, help="Folder to write into; each game gets a subfolder.")
@click.option("--only", "only", type=click.Choice(KINDS), multiple=True,
              help="Build only these kinds of component (repeatable); default: all but proofs.")
@click.option("--png", "png_dpi", type=click.IntRange(36, 1200), default=None, metavar="DPI",
              help="Also write one PNG per component (card design, back, sheet, token) at DPI into OUT/<game>/png/.")
@click.option("--tts", is_flag=True, help="Also write Tabletop Simulator deck sheets (PNG).")
@click.option("--json", "as_json", is_flag=True, help="Print the files written as JSON.")
@click.option("--watch", is_flag=True,
              help="Keep running and rebuild whenever a file of the games' databases or templates changes (Ctrl-C stops).")
@user_errors
def command(games: tuple[str, ...], all_games: bool, paper: str, out_dir: Path, only: tuple[str, ...],
            png_dpi: int | None, tts: bool, as_json: bool, watch: bool) -> None:
    """Write the print-and-play kit of GAMES to OUT/<game>/.

    Every PDF is ready to print at 100%: cards with bleed, crop marks and duplex backs,
    token punch sheets, boards (tiled across pages when larger than the paper), player
    mats and trackers, reference cards and the rulebook. Every game is checked before
    anything is written: a broken database writes nothing and exits 1 with every
    problem located.

    \b
    Examples:
      deckwright build heartstrings --paper a4
      deckwright build halfwish --paper letter --only cards --tts
      deckwright build --all --png 150
      deckwright build heartstrings --paper a4 --watch
    """
    set_interrupt_message(KIT_KEPT)

    def build_once() -> tuple[list[Path], dict[Path, str]]:
        return _build(games, all_games, paper, out_dir, only, png_dpi, tts)

    if watch:
        _watch(games, all_games, build_once, out_dir)
        return
    _report(*build_once(), as_json, out_dir)


def _build(games: tuple[str, ...], all_games: bool, paper: str, out_dir: Path, only: tuple[str, ...],
           png_dpi: int | None, tts: bool) -> tuple[list[Path], dict[Path, str]]:
    """Check, then build every chosen game; the files written, and the sheets and slot use of each
    file printed on sheets."""
    from generator.errors import GeneratorError
    from generator.staging import staged_kits

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            databases = _checked_databases(games, all_games)
            papers = PAPERS if paper == "both" else (paper,)
            kinds = tuple(only) or tuple(k for k in KINDS if k != "proofs")
            if out_dir.exists() and not out_dir.is_dir():
                raise click.BadParameter(f"{str(out_dir)!r} is not a folder", param_hint="--out")
            with staged_kits(out_dir) as stages:  # the whole kit, swapped in only when all is built
                written = _run(_steps(databases, papers, kinds, stages, png_dpi, tts))
            set_interrupt_message(KIT_REPLACED)
        except GeneratorError as exc:
            raise DataProblem(str(exc)) from None
        except OSError as exc:  # --out names a file, a device, a read-only place...
            raise DataProblem(f"cannot write the kit into {str(out_dir)!r}: {exc.strerror or exc}") from None
        finally:
            _warn(caught)
    return [stages.final(path) for path in written], _usage(databases, papers, out_dir)


def _usage(databases: list[Any], papers: tuple[str, ...], out_dir: Path) -> dict[Path, str]:
    from generator.instructions import usage_by_file

    return {out_dir / db.id / name: text for db in databases for paper in papers
            for name, text in usage_by_file(db, paper).items()}


def _watch(games: tuple[str, ...], all_games: bool, build_once: Any, out_dir: Path) -> None:
    """Build, then rebuild on every change below the games' database and template folders."""
    from cards.paths import template_dirs
    from generator.watch import watch

    root = cards_root(get_context().cards_dir)
    chosen = list(games) or (game_ids(root) if all_games else [])
    if not chosen:
        raise click.UsageError("name a game to build, or pass --all")
    folders = sorted({f for g in chosen for f in [root / g, *template_dirs(root, g)]})

    def rebuild(changes: list[Path]) -> None:
        if changes:
            click.echo(f"changed: {', '.join(p.name for p in changes)}")
        _report(*build_once(), False, out_dir)

    def on_error(exc: Exception) -> None:
        message = exc.format_message() if isinstance(exc, click.ClickException) else str(exc)
        click.echo(f"build failed (the previous kit is untouched):\n{message}", err=True)

    click.echo(f"watching {len(folders)} folder(s); Ctrl-C stops")
    try:
        watch(folders, rebuild, on_error)
    except KeyboardInterrupt:
        click.echo("stopped watching")


def _warn(caught: list[warnings.WarningMessage]) -> None:
    """Each distinct warning of the build (a low-resolution or missing image) once, on stderr."""
    for message in dict.fromkeys(str(w.message) for w in caught if issubclass(w.category, UserWarning)):
        click.echo(f"warning: {message}", err=True)


def _checked_databases(games: tuple[str, ...], all_games: bool) -> list[Any]:
    """Load and draw-check every chosen game before any file is written."""
    from generator.check import check_kit

    context = get_context()
    chosen = list(games) or (game_ids(cards_root(context.cards_dir)) if all_games else [])
    if not chosen:
        raise click.UsageError("name a game to build, or pass --all")
    databases = [context.load(game_id) for game_id in chosen]
    for db in databases:
        check_kit(db)
    return databases


def _steps(databases: list[Any], papers: tuple[str, ...], kinds: tuple[str, ...], stages: Any,
           png_dpi: int | None, tts: bool) -> list[tuple[str, Any]]:
    """Every unit of work as (label, callable returning the paths it wrote), in build order."""
    from generator.build import atomic_write, kit_jobs

    steps: list[tuple[str, Any]] = []
    for db in databases:
        target = stages.folder(db.id)
        for paper in papers:
            for job in kit_jobs(db, paper, target, kinds):
                steps.append((f"{db.id}: {job.path.name}",
                              lambda job=job: (atomic_write(job.path, job.render), [job.path])[1]))
        if png_dpi:
            from generator.png import export_png
            steps.append((f"{db.id}: PNGs at {png_dpi} dpi", lambda db=db, t=target: export_png(db, t / "png", png_dpi)))
        if tts:
            from generator.tts import export_tts
            steps.append((f"{db.id}: Tabletop Simulator sheets", lambda db=db, t=target: export_tts(db, t)))
    return steps


def _run(steps: list[tuple[str, Any]]) -> list[Path]:
    """Do every step, with a progress bar on a terminal; the files written."""
    written: list[Path] = []
    if not is_fancy():
        for _, step in steps:
            written += step()
        return written
    with click.progressbar(steps, label="building", item_show_func=lambda s: s[0] if s else "") as bar:
        for _, step in bar:
            written += step()
    return written


def _report(written: list[Path], usage: dict[Path, str], as_json: bool, out_dir: Path) -> None:
    """One line per file (its path below OUT, pages, size, sheets and slot use), then the total."""
    if not written:
        raise DataProblem("nothing to build: the database has no printable components of the kinds asked for")
    rows = list(_summaries(written))
    if as_json:
        for row in rows:
            row["sheets"] = usage.get(Path(row["path"]), "")
        echo_json({"written": [row["path"] for row in rows], "files": rows})
        return
    names = [_below(Path(row["path"]), out_dir) for row in rows]
    width = max(len(name) for name in names)
    for name, row in zip(names, rows, strict=True):
        pages = f"{row['pages']:>3} p." if row["pages"] is not None else "   png"
        sheets = usage.get(Path(row["path"]), "")
        click.echo(f"{name:<{width}}  {pages}  {_human(row['bytes']):>9}  {sheets}".rstrip())
    total = sum(row["bytes"] for row in rows)
    click.echo(f"{len(rows)} file(s) written, {_human(total)}")


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
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


def _human(size: int) -> str:
    return f"{size / 1024:.1f} KiB" if size < 1024 * 1024 else f"{size / 1024 / 1024:.1f} MiB"
