"""`deckwright sim`: seeded bot games in parallel; win rates, game length, label figures."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from cards.wording import plural

from ..balance.bots import bot_lines, unused_budget
from ..engine.options import check_options, show_value
from ..engine.registry import game_module
from ..errors import SetupError
from ..sim import MAX_GAMES, SEAT_LABEL, SimConfig, available_bots, simulate
from .common import Context, Integer, echo_json, get_context, parse_options, user_errors
from .progress import is_live, progress
from .screen import WIDTH
from .simoptions import check_table, scheduler_value, seed_value

MAX_LABEL_ROWS = 15


@click.command("sim")
@click.argument("game")
@click.option("--games", "-n", type=Integer(1, MAX_GAMES), default=1000, show_default=True,
              help="How many games to play.")
@click.option("--seed", default="1", show_default=True, callback=seed_value,
              help="Seed of the run; game i uses Random(f'{seed}:{i}'), so results repeat exactly.")
@click.option("--players", "-p", type=Integer(min=1), default=None,
              help="Players per game (default: the game's minimum).")
@click.option("--bot", "bots", default="random", show_default=True,
              help="Bot per seat, comma-separated and repeated over the seats, e.g. greedy,random.")
@click.option("--jobs", "-j", type=Integer(min=1), default=1, show_default=True,
              help="Processes to play in; the report is identical whatever the number.")
@click.option("--budget", type=Integer(min=1), default=None,
              help="Playouts per decision of the search bot (default 64).")
@click.option("--scheduler", default=None, callback=scheduler_value,
              help="Play on a Dask cluster: tcp://HOST:8786 (env: DECKWRIGHT_SCHEDULER).")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A setup option fixed for every game, repeatable (deckwright games GAME lists them), "
                   "e.g. -o teams=A,B.")
@click.option("--list-bots", is_flag=True, help="List the game's bots, one line each, and stop.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@user_errors
def command(game: str, games: int, seed: int | str, players: int | None, bots: str, jobs: int,
            budget: int | None, scheduler: str | None, option_pairs: tuple[str, ...], list_bots: bool,
            as_json: bool) -> None:
    """Play GAME many times with bots and report win rates by seat, draws and game length.

    \b
    Examples:
      deckwright sim heartstrings --games 2000 --seed 1 --players 3 --jobs 2
      deckwright sim heartstrings --bot greedy,random --json
      deckwright sim half-the-battle --bot greedy -o teams=A,B
    """
    cards_dir = get_context().cards_dir
    if list_bots:
        click.echo("\n".join(bot_lines(game)))
        return
    engine = Context(cards_dir=cards_dir).engine(game)   # an unknown game or engine: exit 2
    module = game_module(game)
    names = tuple(b.strip() for b in bots.split(","))
    if not all(names):
        known = ", ".join(sorted(available_bots(module)))
        raise click.BadParameter(f"{bots!r} names an empty bot; bots: {known}", param_hint="--bot")
    seats = players or engine.player_counts().start
    check_table(game, engine, module, seats, names)
    if problem := unused_budget(module, names, budget):
        raise click.BadParameter(problem, param_hint="--budget")
    options = parse_options(option_pairs)
    _check_options(engine, options)
    config = SimConfig(game, games, seed, seats, names, cards_dir, budget, tuple(options.items()))
    with _progress(games) as tick:
        result = simulate(config, jobs, tick, scheduler)
    if as_json:
        echo_json(result)
    else:
        click.echo("\n".join(format_report(result)))


def _check_options(engine: Any, options: dict[str, Any]) -> None:
    """Refuse an unknown setup option or a bad value before any game is played (exit 2)."""
    if not options:
        return
    try:
        check_options(engine, engine.options, options)
    except SetupError as exc:
        raise click.BadParameter(str(exc), param_hint="--option") from None


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal (and NO_COLOR is unset); else nothing."""
    if not is_live(sys.stderr):
        yield lambda done: None
        return
    with progress(total, "playing") as shown:
        yield shown.advance


def format_report(result: dict[str, Any]) -> list[str]:
    """The report as lines for people."""
    width = max([10, *(len(seat["bot"]) for seat in result["seats"])])  # `search+heuristic` is 16
    lines = [*header_lines(result), "",
             f"{'seat':<5} {'bot':<{width}} {'wins':>6} {'win rate':>9}  95% interval"]
    for seat in result["seats"]:
        low, high = seat["ci95"]
        lines.append(f"{seat['seat']:<5} {seat['bot']:<{width}} {seat['wins']:>6} {seat['win_rate']:>9.1%}"
                     f"  [{low:.1%}, {high:.1%}]")
    length = result["length"]
    lines += [f"draws: {result['draws']}",
              f"ended by: {', '.join(f'{k} {v}' for k, v in result['terminations'].items())}", "",
              (f"length ({length['unit']}): mean {length['mean']:.1f} · median {length['median']} · "
              f"min {length['min']} · max {length['max']}")]
    lines += format_histogram(result["histogram"])
    lines += format_labels(result)
    if result.get("summary"):   # a game's own lines: a sentence too long for the screen goes on below
        lines += ["", *(part for line in result["summary"]
                        for part in (textwrap.wrap(line, WIDTH, subsequent_indent="  ") if len(line) > WIDTH else [line]))]
    return lines


def header_lines(result: dict[str, Any]) -> list[str]:
    """What was played, its parts joined by ` · ` on lines of at most 80 columns: the options a
    run fixes (`-o teams=A,B`) go on the next line rather than past the edge."""
    parts = [result["game"], plural(result["games"], "game"), f"seed {result['seed']}",
             f"{result['players']} players", f"bots: {', '.join(result['bots'])}",
             *(f"{k}={show_value(v)}" for k, v in result.get("options", {}).items())]
    lines = [parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + len(" · ") + len(part) <= WIDTH:
            lines[-1] += f" · {part}"
        else:
            lines.append(f"  {part}")
    return lines


def format_histogram(bins: list[dict[str, int]], width: int = 40) -> list[str]:
    """One bar per bin, scaled to the fullest bin."""
    most = max(b["games"] for b in bins) or 1
    lines = []
    for b in bins:
        span = f"{b['from']}" if b["from"] == b["to"] else f"{b['from']}-{b['to']}"
        lines.append(f"  {span:>9} {'#' * round(width * b['games'] / most):<{width}} {b['games']}")
    return lines


def format_labels(result: dict[str, Any]) -> list[str]:
    """Per-label figures: seat-labelled values with their win rate, other labels with wins by seat."""
    lines = []
    for name, values in result["seat_labels"].items():
        lines += ["", f"by {name.replace('_', ' ')} (win rate of the seat carrying it):"]
        pad = _label_width(values)
        for value, row in values.items():
            low, high = row["ci95"]
            lines.append(f"  {value:<{pad}} {row['wins']:>6}/{row['games']:<6} {row['win_rate']:>7.1%}"
                         f"  [{low:.1%}, {high:.1%}]")
    for key, values in result["labels"].items():
        if SEAT_LABEL.match(key):
            continue
        lines += ["", f"by {key.replace('_', ' ')} (games, wins by seat, draws):"]
        if len(values) > MAX_LABEL_ROWS:
            numbers = result["numeric_labels"].get(key)
            lines.append(f"  {len(values)} different values: mean {numbers['mean']:g}, median "
                         f"{numbers['median']:g}, {numbers['min']:g} to {numbers['max']:g}; see --json"
                         if numbers else f"  {len(values)} different values; see --json")
            continue
        pad = _label_width(values)
        for value, row in values.items():
            wins = " ".join(str(w) for w in row["wins_by_seat"])
            lines.append(f"  {value:<{pad}} {row['games']:>6}  wins {wins}  draws {row['draws']}")
    return lines


def _label_width(values: dict[str, Any]) -> int:
    """The width of a block's value column: its longest value (at least 16), so the figures line up."""
    return max([16, *(len(str(value)) for value in values)])
