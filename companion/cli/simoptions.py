"""What `sim` and `balance` check alike before a game is played: the seed, the Dask scheduler,
the seats and the bots. Each is a usage error (exit 2) naming its option, not a failed run."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

import click

from ..engine.core import Engine
from ..executors import SCHEDULER_ENV, ExecutorError, scheduler_address
from ..sim import bots_problem, players_problem


def seed_value(ctx: click.Context, param: click.Parameter, text: str) -> int | str:
    """`--seed`: a whole number as a number (`--seed 7` is seed 7), any other word as text; an
    empty seed is refused (it showed as `seed  ·` and could not be told apart from a typo)."""
    if not text.strip():
        raise click.BadParameter("the seed is empty: give a number or a word, e.g. --seed 1")
    return int(text) if text.lstrip("-").isdigit() else text


def scheduler_value(ctx: click.Context, param: click.Parameter, text: str | None) -> str | None:
    """`--scheduler` (else $DECKWRIGHT_SCHEDULER): a Dask address with a port, or None to play here."""
    try:
        return scheduler_address(text)
    except ExecutorError as exc:
        where = "" if text else f" (from ${SCHEDULER_ENV})"
        raise click.BadParameter(f"{exc}{where}") from None


def check_table(game: str, engine: Engine, module: ModuleType, players: int, bots: Sequence[str]) -> None:
    """A player count the game does not seat, or a bot it does not offer, named by its option."""
    if problem := players_problem(game, players, engine):
        raise click.BadParameter(problem, param_hint="--players")
    if problem := bots_problem(game, bots, module):
        raise click.BadParameter(problem, param_hint="--bot")

