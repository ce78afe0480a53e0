"""`deckwright build`: write a game's print-and-play kit (PDFs for A4 and/or Letter, TTS sheets)."""

from __future__ import annotations

from pathlib import Path

import click

from cards import cards_root, game_ids

from .common import DataProblem, echo_json, get_context, user_errors

PAPERS = ("a4", "letter")
KINDS = ("cards", "tokens", "sheets", "reference", "rulebook")


@click.command("build")
@click.argument("games", nargs=-1)
@click.option("--all", "all_games", is_flag=True, help="Build every game of the database.")
@click.option("--paper", type=click.Choice([*PAPERS, "both"]), default="both", show_default=True,
              help="Paper size of the PDFs.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder to write into; each game gets a subfolder.")
@click.option("--only", "only", type=click.Choice(KINDS), multiple=True,
              help="Build only these kinds of component (repeatable).")
@click.option("--tts", is_flag=True, help="Also write Tabletop Simulator deck sheets (PNG).")
@click.option("--json", "as_json", is_flag=True, help="Print the files written as JSON.")
@user_errors
def command(games: tuple[str, ...], all_games: bool, paper: str, out_dir: Path, only: tuple[str, ...],
            tts: bool, as_json: bool) -> None:
    """Write the print-and-play kit of GAMES to OUT/<game>/.

    Every PDF is ready to print at 100%: cards with bleed, crop marks and duplex backs,
    sheets such as player mats, reference cards and the rulebook. A broken database
    writes nothing and exits 1 with every problem located.

    \b
    Examples:
      deckwright build halfwish
      deckwright build halfwish --paper letter --only cards --tts
    """
    from generator.errors import GeneratorError

    try:
        written = _build(games, all_games, paper, out_dir, only, tts)
    except GeneratorError as exc:
        raise DataProblem(str(exc)) from None
    _report(written, as_json)


def _build(games: tuple[str, ...], all_games: bool, paper: str, out_dir: Path, only: tuple[str, ...],
           tts: bool) -> list[str]:
    """Build every chosen game on every chosen paper; the files written."""
    from generator.build import build_kit

    context = get_context()
    chosen = list(games) or (game_ids(cards_root(context.cards_dir)) if all_games else [])
    if not chosen:
        raise click.UsageError("name a game to build, or pass --all")
    papers = PAPERS if paper == "both" else (paper,)
    written: list[str] = []
    for game_id in chosen:
        db = context.load(game_id)
        target = out_dir / game_id
        for each in papers:
            written += [str(p) for p in build_kit(db, each, target, tuple(only) or KINDS)]
        if tts:
            from generator.tts import export_tts
            written += [str(p) for p in export_tts(db, target)]
    return written


def _report(written: list[str], as_json: bool) -> None:
    if as_json:
        echo_json({"written": written})
        return
    if not written:
        raise DataProblem("nothing to build: the database has no printable components of the kinds asked for")
    for path in written:
        click.echo(f"wrote {path}")
    click.echo(f"{len(written)} file(s) written")
