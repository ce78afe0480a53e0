"""`deckwright build`: write a game's print-and-play kit (PDFs for A4 and/or Letter, PNGs, TTS sheets)."""

from __future__ import annotations

import contextlib
import functools
import warnings
from pathlib import Path
from typing import Any

import click

from cards import CardsError, cards_root
from cards.paths import unread_game_notes
from cards.printshops import SHOPS

from .build_report import report_written, warn_unbumped_versions
from .build_shop import left_out, preflight_json, refuse_home_options_for_shop, report_preflight
from .common import (
    PAPERS,
    DataProblem,
    Integer,
    chosen_games,
    collector_paused,
    get_context,
    long_lived,
    paper_choice,
    set_interrupt_message,
    user_errors,
)
from .outpaths import checked_out_folder, kit_write_failed
from .steps import run_steps

KIT_KEPT = "interrupted; the previous kit is kept"
KIT_REPLACED = "interrupted; the new kit was already in place"
KINDS = ("cards", "tokens", "sheets", "rulebook", "reference", "proofs")


@click.command("build")
@click.argument("games", nargs=-1)
@click.option("--all", "all_games", is_flag=True, help="Build every game of the database.")
@click.option("--paper", type=paper_choice("both"), default="both", show_default=True,
              help="Paper size of the PDFs.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, writable=True, path_type=Path),
              default=Path("output"),
              show_default=True, help="Folder to write into; each game gets a subfolder.")
@click.option("--only", "only", type=click.Choice(KINDS), multiple=True,
              help="Build only these kinds of component (repeatable); default: all but proofs.")
@click.option("--png", "png_dpi", type=Integer(36, 1200), default=None, metavar="DPI",
              help="Also write one PNG per component (card design, back, sheet, token) at DPI into OUT/<game>/png/.")
@click.option("--tts", is_flag=True, help="Also write Tabletop Simulator deck sheets (PNG).")
@click.option("--for", "shop", type=click.Choice([*SHOPS, "home"]), default="home",
              show_default=True, help="Print-shop preset: The Game Crafter or MakePlayingCards PNGs, DriveThruCards "
              "PDFs (into OUT/<game>/<shop>/, with a preflight report by card; exit 1 when it finds problems), "
              "or home sheets.")
@click.option("--fold", is_flag=True, help="Also write fold-over card sheets for printers without duplex "
              "(front and back side by side, fold line between): OUT/<game>/<deck>-fold-<paper>.pdf.")
@click.option("--json", "as_json", is_flag=True, help="Print the files written as JSON.")
@click.option("--reprint-since", "reprint_since", metavar="REF", default=None,
              help="Also write OUT/<game>/reprint-<paper>.pdf with only the cards changed since REF "
                   "(an earlier manifest.json or a git revision of the card folder).")
@click.option("--no-cache", "no_cache", is_flag=True,
              help="Draw every file again instead of reusing unchanged ones from OUT/.cache/.")
@click.option("--watch", is_flag=True,
              help="Keep running and rebuild whenever a file of the games' databases or templates changes (Ctrl-C stops).")
@user_errors
def command(games: tuple[str, ...], all_games: bool, paper: str, out_dir: Path, only: tuple[str, ...],
            png_dpi: int | None, tts: bool, shop: str, fold: bool, as_json: bool, watch: bool,
            reprint_since: str | None, no_cache: bool) -> None:
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
      deckwright build halfwish --for tgc
      deckwright build halfwish --paper a4 --reprint-since HEAD~1
    """
    set_interrupt_message(KIT_KEPT)
    refuse_home_options_for_shop(shop)
    _check_user_config()
    findings: list[Any] = []
    notes: list[str] = []  # what a shop's files leave out of the kit (`left_out`)

    with long_lived():  # the render cache's modules: most of what a build imports
        from generator.cache import CACHE_FOLDER, RenderCache

    cache = None if no_cache else RenderCache(out_dir / CACHE_FOLDER)

    @collector_paused()
    def build_once() -> tuple[list[Path], dict[Path, str], list[Path]]:
        findings.clear()
        notes.clear()
        if shop != "home":
            return _build_for_shop(games, all_games, out_dir, shop, findings, notes, progress=not as_json), {}, []
        return _build(games, all_games, paper, out_dir, only, png_dpi, tts, fold, progress=not as_json,
                      reprint_since=reprint_since, cache=cache)

    if watch:  # a shop's files do not go through the render cache: each rebuild draws them all
        from .build_watch import watch_and_rebuild

        watch_and_rebuild(games, all_games, build_once, out_dir, cache if shop == "home" else None,
               lambda: report_preflight(findings, shop, False))
        return
    report_written(*build_once(), as_json, out_dir, lambda: preflight_json(findings, shop))
    report_preflight(findings, shop, as_json, notes)
    if findings:  # written, but not yet fit to order: a problem the designer must fix (exit 1)
        raise click.exceptions.Exit(1)


def _check_user_config() -> None:
    """A user config the build cannot read is said as the user's own file (review: it was listed
    as a problem in the card database, at a token sheet's entry)."""
    from generator.userconfig import ConfigError, duplex_setting

    try:
        duplex_setting()
    except ConfigError as exc:
        raise DataProblem(str(exc)) from None


def _build_for_shop(games: tuple[str, ...], all_games: bool, out_dir: Path, shop: str,
                    findings: list[Any], notes: list[str], progress: bool = True) -> list[Path]:
    """A print shop's files of every chosen game into OUT/<game>/<shop>/; the preflight's findings
    are added to `findings`, what the shop's files leave out to `notes`."""
    from generator.builtfrom import note_built
    from generator.errors import GeneratorError
    from generator.manifest import earlier_kit, stale_files
    from generator.presets import export_preset
    from generator.staging import kit_lock, staged_kits

    def export(db: Any, target: Path) -> list[Path]:
        written, found = export_preset(db, shop, target / shop)
        findings.extend(found)
        if (note := left_out(db, shop)) is not None:
            notes.append(note)
        return written

    try:
        databases = _checked_databases(games, all_games)
        if not any(db.decks for db in databases):  # Heartstrings: a board and tokens, no cards
            names = " and ".join(db.meta.name for db in databases)
            home = " ".join(["deckwright build", *(db.id for db in databases)])
            raise DataProblem(f"{names} has no card decks: a print shop's preset exports cards only.\n"
                              f"The home kit has its other components: {home}")
        checked_out_folder(out_dir)
        with kit_lock(out_dir, functools.partial(_waiting, out_dir)), staged_kits(out_dir) as stages:
            written = run_steps([(f"{db.id}: {shop}", lambda db=db: export(db, stages.folder(db.id)))
                            for db in databases], progress)
            for db in databases:  # a deck or card taken out of the game: its files leave the shop's folder
                for path in stale_files(stages.folder(db.id), db, earlier_kit(stages.folder(db.id)), written,
                                        {shop}, home=False):
                    path.unlink()
                note_built(stages.folder(db.id), db.version, written)  # a later edit names the shop's folder
        set_interrupt_message(KIT_REPLACED)
    except GeneratorError as exc:
        raise DataProblem(str(exc)) from None
    except OSError as exc:
        raise kit_write_failed(exc, out_dir) from None
    return [stages.final(path) for path in written]


def _build(games: tuple[str, ...], all_games: bool, paper: str, out_dir: Path, only: tuple[str, ...],
           png_dpi: int | None, tts: bool, fold: bool = False, progress: bool = True,
           reprint_since: str | None = None, cache: Any = None) -> tuple[list[Path], dict[Path, str], list[Path]]:
    """Check, then build every chosen game; the files written, the sheets and slot use of each
    file printed on sheets, and the kit files not written that are older than their database."""
    from generator.builtfrom import note_built
    from generator.errors import GeneratorError
    from generator.manifest import earlier_kit, stale_files
    from generator.staging import kit_lock, staged_kits

    older: list[Path] = []
    with warnings.catch_warnings(record=True) as caught, _kept_between_builds(cache, games, all_games, paper):
        warnings.simplefilter("always")
        try:
            papers = PAPERS if paper == "both" else (paper,)
            kinds = tuple(only) or tuple(k for k in KINDS if k != "proofs")
            databases = _checked_databases(games, all_games, lambda db: _to_check(cache, db, papers, kinds, out_dir),
                                           cache)
            refused = _print_problems(databases, kinds, cache)
            reprints = _changes_since(databases, reprint_since)  # a wrong REF stops before anything is written
            checked_out_folder(out_dir)
            with kit_lock(out_dir, functools.partial(_waiting, out_dir)):  # one build at a time per folder
                with staged_kits(out_dir) as stages:  # the whole kit, swapped in only when all is built
                    steps = _steps(databases, papers, kinds, stages, png_dpi, tts, fold, cache)
                    earlier = {db.id: earlier_kit(stages.folder(db.folder.name)) for db in databases}  # before it is rewritten
                    warn_unbumped_versions(databases, stages, reprints)
                    written = run_steps(steps + _record_steps(databases, papers, stages, reprints, cache), progress)
                    ran = {name for name, asked in (("png", png_dpi), ("tts", tts)) if asked}
                    for db in databases:  # files of ours this kit no longer has: they leave it
                        for path in stale_files(stages.folder(db.folder.name), db, earlier[db.id], written, ran):
                            path.unlink()
                        older += note_built(stages.folder(db.folder.name), db.version, written)
                set_interrupt_message(KIT_REPLACED)
                if cache is not None:
                    cache.prune()  # entries no file of the kit uses any more
        except GeneratorError as exc:
            raise DataProblem(str(exc)) from None
        except OSError as exc:  # a folder of the kit is read-only, the disk is full...
            raise kit_write_failed(exc, out_dir) from None
        finally:
            _warn(caught)
    for line in refused:
        click.echo(line, err=True)
    return ([stages.final(path) for path in written], _usage(databases, papers, out_dir),
            [stages.final(path) for path in older])


def _print_problems(databases: list[Any], kinds: tuple[str, ...], cache: Any) -> list[str]:
    """What `deckwright lint` would refuse in the printed kit, as warning lines (`generator.printwarnings`)."""
    if not {"cards", "sheets", "tokens"} & set(kinds):
        return []
    from generator.printwarnings import print_warnings

    return [line for db in databases for line in print_warnings(db, cache)]


def _waiting(out_dir: Path) -> None:
    click.echo(f"waiting for another build into {str(out_dir)!r} to finish (Ctrl-C stops)", err=True)


def _usage(databases: list[Any], papers: tuple[str, ...], out_dir: Path) -> dict[Path, str]:
    from generator.instructions import usage_by_file

    return {out_dir / db.folder.name / name: text for db in databases for paper in papers
            for name, text in usage_by_file(db, paper).items()}


def _warn(caught: list[warnings.WarningMessage]) -> None:
    """Each distinct warning of the build (a low-resolution image, say) once, on stderr; missing
    art in one line, the images named (the placeholders print in their place)."""
    from generator.images import MissingArt, missing_art_note

    from .screen import wrap_lines

    others = [w for w in caught if issubclass(w.category, UserWarning) and not issubclass(w.category, MissingArt)]
    for message in dict.fromkeys(str(w.message) for w in others):
        click.echo(f"warning: {message}", err=True)
    note = missing_art_note(caught)
    for line in wrap_lines(f"warning: {note}", hang=2) if note else []:
        click.echo(line, err=True)


def _kept_between_builds(cache: Any, games: tuple[str, ...], all_games: bool, paper: str) -> contextlib.ExitStack:
    """With the render cache, what the last build worked out and this one would work out again:
    a layout file that did not change is read back parsed, as the database's files are
    (`cards.yamlsrc.parses_from`; Halfwish reads 57 layout files a build), and the rulebook's
    paragraphs start parsed and broken into lines (`generator.paragraph_store`). Without it
    (`--no-cache`) nothing is taken from an earlier run, not even what `cards.kept` keeps."""
    kept = contextlib.ExitStack()
    if cache is None:  # --no-cache: everything worked out again, nothing read from earlier runs
        from cards.kept import nothing_kept

        kept.enter_context(nothing_kept())
        return kept
    from cards.yamlsrc import parses_from
    from generator.paragraph_store import kept_paragraphs

    kept.enter_context(parses_from(cache.pieces("layouts", deferred=True)))
    kept.enter_context(kept_paragraphs(("--all",) if all_games else games, cards_root(get_context().cards_dir), paper))
    return kept


def _to_check(cache: Any, db: Any, papers: tuple[str, ...], kinds: tuple[str, ...], out_dir: Path) -> tuple[Any, Any]:
    """The components to draw-check (None: all), and which card faces drew before (None: none)."""
    from generator.build import kit_jobs
    from generator.cache import parts_to_check

    jobs = [job for paper in papers for job in kit_jobs(db, paper, out_dir, kinds)]
    return parts_to_check(cache, db, jobs), cache.checked_faces(db) if cache is not None else None


def _checked_databases(games: tuple[str, ...], all_games: bool, to_check: Any = lambda db: (None, None),
                       cache: Any = None) -> list[Any]:
    """Load and draw-check every chosen game before any file is written (only the components the
    render cache does not hold: the same inputs passed the check before). With the render cache,
    a database file that did not change is read back parsed (`cards.yamlsrc.parses_from`)."""
    from generator.check import check_kit
    from generator.dbmemo import forget_databases
    from generator.errors import GeneratorError

    context = get_context()
    for note in unread_game_notes(cards_root(context.cards_dir)) if all_games else []:  # skipped: say so
        click.echo(f"warning: {note}", err=True)
    chosen = chosen_games(games, all_games, cards_root(context.cards_dir))
    forget_databases()  # the last build's databases are never passed again (`generator.dbmemo`)
    with long_lived():
        databases = [_load(context, game_id, cache) for game_id in chosen]
    for db in databases:
        try:
            parts, is_checked = to_check(db)
        except (GeneratorError, CardsError):  # what the render cache cannot stamp: the full check reports it as lint does
            parts, is_checked = None, None
        if parts is None or parts:
            check_kit(db, parts, is_checked)
    return databases


def _load(context: Any, game_id: str, cache: Any) -> Any:
    if cache is None:
        return context.load(game_id)
    from cards.yamlsrc import parses_from

    with parses_from(cache.pieces(f"{game_id}/database", deferred=True)):
        return context.load(game_id)


def _steps(databases: list[Any], papers: tuple[str, ...], kinds: tuple[str, ...], stages: Any,
           png_dpi: int | None, tts: bool, fold: bool = False, cache: Any = None) -> list[tuple[str, Any]]:
    """Every unit of work as (label, callable returning the paths it wrote), in build order."""
    from generator.build import kit_jobs
    from generator.cache import cached_jobs

    steps: list[tuple[str, Any]] = []
    for db in databases:
        target = stages.folder(db.folder.name)  # output/<folder>: the name the designer typed
        for paper in papers:
            for job in cached_jobs(cache, db, list(kit_jobs(db, paper, target, kinds))):
                steps.append((f"{db.id}: {job.path.name}", functools.partial(_write_job, job)))
        if png_dpi:
            from generator.png import export_png
            steps.append((f"{db.id}: PNGs at {png_dpi} dpi", lambda db=db, t=target: export_png(db, t / "png", png_dpi)))
        if fold:
            steps += _fold_steps(db, papers, target)
        if tts:
            from generator.tts import export_tts
            steps.append((f"{db.id}: Tabletop Simulator sheets", lambda db=db, t=target: export_tts(db, t)))
    return steps


def _fold_steps(db: Any, papers: tuple[str, ...], target: Path) -> list[tuple[str, Any]]:
    """A fold-over sheet file per duplex deck and paper."""
    from generator.build import atomic_write
    from generator.foldover import render_foldover

    def write(deck: Any, paper: str) -> list[Path]:
        path = target / f"{deck.id}-fold-{paper}.pdf"
        atomic_write(path, lambda out: render_foldover(db, deck, paper, out))
        return [path]

    return [(f"{db.id}: {deck.id} fold-over ({paper})", lambda d=deck, p=paper: write(d, p))
            for deck in db.decks if deck.duplex for paper in papers]


def _write_job(job: Any) -> list[Path]:
    """Write one kit file (atomically); the file written."""
    from generator.build import atomic_write

    atomic_write(job.path, job.render)
    return [job.path]


def _changes_since(databases: list[Any], ref: str | None) -> dict[str, Any]:
    """With --reprint-since REF, what changed in each game since REF (a usage error, exit 2, when
    REF is neither a manifest of the game nor a git revision)."""
    if not ref:
        return {}
    from generator.changes import ChangesError, changes_since

    try:
        return {db.id: changes_since(db, ref) for db in databases}
    except ChangesError as exc:
        raise click.BadParameter(str(exc), param_hint="--reprint-since") from None


def _record_steps(databases: list[Any], papers: tuple[str, ...], stages: Any,
                  reprints: dict[str, Any], cache: Any = None) -> list[tuple[str, Any]]:
    """Each game's manifest.json (remembered by the render cache) and, with --reprint-since,
    its reprint PDFs."""
    from generator.manifest import MANIFEST, manifest_text, write_manifest

    def manifest(db: Any, target: Path) -> list[Path]:
        text = cache.text(db, MANIFEST, manifest_text) if cache is not None else None
        return [write_manifest(db, target, text)]

    steps: list[tuple[str, Any]] = []
    for db in databases:
        target = stages.folder(db.folder.name)
        steps.append((f"{db.id}: manifest", lambda db=db, t=target: manifest(db, t)))
        if db.id in reprints:  # imported here: the reprint sheet and `changes` are rare in a build
            from generator.reprint import reprint_steps

            steps += reprint_steps(db, reprints[db.id], papers, target)
    return steps
