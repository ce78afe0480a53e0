"""`deckwright balance`: a seeded tournament with good bots, written as a PDF report (and JSON)."""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from cards.wording import plural

from ..balance.bots import best_heuristic, unused_budget
from ..balance.compare import run_compare
from ..balance.errors import BadReference, BalanceError
from ..balance.run import DEFAULT_CAP, Plan, Progress, tournament
from ..balance.sweep import Planned, check_settings, parse_setting, plan_runs, sweep
from ..balance.tournament import TournamentConfig
from ..engine.registry import game_module
from ..sim import MAX_GAMES
from .common import Integer, echo_json, get_context, user_errors
from .progress import is_live, progress
from .screen import WIDTH
from .simoptions import check_table, scheduler_value, seed_value


@click.command("balance")
@click.argument("game")
@click.option("--games", "-n", type=Integer(1, MAX_GAMES), default=200, show_default=True,
              help="Games per tournament (the first batch with --precision).")
@click.option("--seed", default="1", show_default=True, callback=seed_value, help="Seed; game i uses Random(f'{seed}:{i}').")
@click.option("--players", "-p", type=Integer(min=1), default=None,
              help="Players per game (default: the game's minimum).")
@click.option("--bot", "bots", default=None,
              help="Bots rotated over the seats, comma-separated (default: the game's heuristic bot).")
@click.option("--budget", type=Integer(min=1), default=None,
              help="Playouts per decision of the search bot (default 64).")
@click.option("--jobs", "-j", type=Integer(min=1), default=1, show_default=True,
              help="Local worker processes; the report is identical whatever the number.")
@click.option("--scheduler", default=None, callback=scheduler_value,
              help="Play on a Dask cluster: tcp://HOST:8786 (env: DECKWRIGHT_SCHEDULER).")
@click.option("--precision", type=click.FloatRange(min=0.001, max=0.5), default=None,
              help="Play on until every headline 95% interval is within +/- this (e.g. 0.02).")
@click.option("--max-games", type=Integer(1, MAX_GAMES), default=None,
              help=f"The cap on games with --precision (default {DEFAULT_CAP}).")
@click.option("--set", "settings", multiple=True, metavar="rules.X=A,B",
              help="Sweep a rules parameter over values (repeatable: every combination is played).")
@click.option("--compare", "reference", default=None, metavar="REF",
              help="Compare with a git revision of the card folder or an earlier balance JSON.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder of the PDF (written to OUT/GAME/).")
@click.option("--json", "as_json", is_flag=True, help="Print the numbers as JSON too.")
@user_errors
def command(game: str, games: int, seed: int | str, players: int | None, bots: str | None, budget: int | None,
            jobs: int, scheduler: str | None, precision: float | None, max_games: int | None,
            settings: tuple[str, ...], reference: str | None, out_dir: Path, as_json: bool) -> None:
    """Play GAME in a seeded tournament and write a balance report: win rates with intervals by seat
    and side, matchups, first player, draws, length, endings, cards, and the largest imbalances.

    \b
    Examples:
      deckwright balance halfwish --games 200 --jobs 2 --json
      deckwright balance heartstrings --bot search,greedy --budget 32
      deckwright balance halfwish --precision 0.02 --max-games 5000
      deckwright balance heartstrings --set rules.bead_pool=10,15,20
      deckwright balance halfwish --compare HEAD~1
    """
    if settings and reference:
        raise click.UsageError("--set and --compare go one at a time: sweep, or compare with a reference")
    if max_games is not None and precision is None:
        raise click.UsageError("--max-games caps the games --precision adds: give --precision too, "
                               "or set the games with --games")
    engine = get_context().engine(game)
    names = _bots(game, bots)
    seats = players or engine.player_counts().start
    check_table(game, engine, game_module(game), seats, names)
    if problem := unused_budget(game_module(game), names, budget):
        raise click.BadParameter(problem, param_hint="--budget")
    config = TournamentConfig(game, games, seed, seats, names, budget, get_context().cards_dir)
    plan = Plan(jobs, scheduler, precision, max(max_games or DEFAULT_CAP, games))
    name, version = engine.db.meta.name, engine.db.version
    if settings:  # every value is checked before anything is played: a value refused is a usage error
        swept = _settings(settings)
        planned = _planned(config, swept)
    with _progress(games) as progress:
        if settings:
            data, kind = sweep(config, swept, plan, progress, planned), "sweep"
            suffix = "-sweep-" + "-".join(_slug(p) for p in data["parameters"])
        elif reference:
            data, kind = _compare(config, reference, plan, progress), "compare"
            suffix = f"-vs-{_slug(reference)}"
        else:
            data, kind, suffix = tournament(config, plan, progress), "report", ""
    data["name"] = name
    path = _write(out_dir / game / f"balance-{version}{suffix}.pdf", data, kind)
    if as_json:
        echo_json(data)
    else:
        click.echo("\n".join(summary_lines(data, kind)))
    click.echo(f"wrote {path}", err=as_json)


def _write(path: Path, data: dict[str, Any], kind: str) -> Path:
    from generator.balance_pdf import write_balance_pdf

    return write_balance_pdf(path, data, kind)


def _compare(config: TournamentConfig, reference: str, plan: Plan, progress: Progress) -> dict[str, Any]:
    """The comparison; a reference that is no git revision, no readable balance report of this
    game, or a report other players played is a usage error (exit 2) naming --compare."""
    try:
        return run_compare(config, reference, plan, progress)
    except BadReference as exc:
        raise click.BadParameter(str(exc), param_hint="--compare") from None


def _bots(game: str, text: str | None) -> tuple[str, ...]:
    if text is None:
        return (best_heuristic(game_module(game)),)
    names = tuple(b.strip() for b in text.split(",") if b.strip())
    if not names:
        raise click.BadParameter("name at least one bot, e.g. search,heuristic", param_hint="--bot")
    return names


def _setting(text: str) -> tuple[str, list[Any]]:
    try:
        return parse_setting(text)
    except BalanceError as exc:
        raise click.BadParameter(str(exc), param_hint="--set") from None


def _settings(texts: tuple[str, ...]) -> list[tuple[str, list[Any]]]:
    parsed = [_setting(text) for text in texts]
    try:
        check_settings(parsed)
    except BalanceError as exc:
        raise click.BadParameter(str(exc), param_hint="--set") from None
    return parsed


def _planned(config: TournamentConfig, settings: list[tuple[str, list[Any]]]) -> Planned:
    """The databases of the sweep; a value its game's database refuses (an unknown parameter, a
    wrong type, a health above `health_max`) is a usage error naming --set and the limit."""
    try:
        return plan_runs(config, settings)
    except BalanceError as exc:
        raise click.BadParameter(str(exc).removeprefix("--set "), param_hint="--set") from None


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", Path(text).stem if text.endswith(".json") else text).strip("_")


@contextmanager
def _progress(total: int) -> Iterator[Progress]:
    """A progress bar with an ETA on stderr when it is a terminal (and NO_COLOR is unset)."""
    if not is_live(sys.stderr):
        yield Progress()
        return
    with progress(total, "playing") as shown:
        yield Progress(shown.advance, shown.set_total)


def summary_lines(data: dict[str, Any], kind: str) -> list[str]:
    """A few lines for the terminal; the PDF and --json hold the rest."""
    if kind == "sweep":
        return [line for run in data["runs"] for line in
                [f"-- {', '.join(f'{k} = {v}' for k, v in run['values'].items())}", *report_lines(run["report"])]]
    if kind == "compare":
        changes = data["comparison"]["changes"]
        lines = [f"{data['game']}: current database against {data['reference']}",
                 f"  {data['comparison']['what_changed']}"]
        if changes:
            lines.append(f"  p corrected for the {len(changes)} figures compared:")
        for change in changes:
            flag = "  significant" if change["significant"] else ""
            lines.append(f"  {change['what']:<28} {change['before']['win_rate']:>7.1%} -> "
                         f"{change['after']['win_rate']:>7.1%}  {p_shown(change['p_corrected'])}{flag}")
        return lines
    return report_lines(data)


def report_lines(report: dict[str, Any]) -> list[str]:
    """The headline figures and the largest imbalances."""
    lines = [f"{report['game']} · {plural(report['games'], 'game')} · bots: {', '.join(dict.fromkeys(report['bots']))}"]
    bots = {f"bot {name}": row for name, row in (report.get("by_bot") or {}).items()}
    for what, row in (report["headlines"] | bots).items():
        low, high = row["ci95"]
        lines.append(f"  {what:<28} {row['win_rate']:>7.1%}  [{low:.1%}, {high:.1%}]  {row['wins']}/{row['games']}")
    length = report["length"]
    lines.append(f"  game length: median {length['median']:g} {length['unit']}, mean {length['mean']:.1f}")
    if report.get("precision"):
        lines += textwrap.wrap(report["precision"]["said"], WIDTH, initial_indent="  ", subsequent_indent="    ")
    tested = len(report["tested"])
    lines.append(f"largest imbalances (p corrected for the {tested} figures tested):" if tested > 1
                 else "largest imbalances:")
    for item in report["imbalances"]:
        verdict = "significant" if item["significant"] else "not significant"
        lines += textwrap.wrap(f"{item['what']}: {item['win_rate']:.1%} (fair {item['fair']:.1%}), "
                               f"{p_shown(item['p_corrected'])}, {verdict}", WIDTH, initial_indent="  ",
                               subsequent_indent="    ")
    return lines


def p_shown(p: float) -> str:
    """A p-value for the terminal: below what the report keeps, a bound rather than `p = 0`."""
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.3g}"
