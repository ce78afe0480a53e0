"""Who is winning: points, then the tie-breaks in the order the rules list them.

Seed: "If points are tied, the tie is broken in the following order: i) The player with
the most lamps won ii) The player with the most health iii) The player who scored the
first point".
"""

from __future__ import annotations

from .context import Game
from .state import HalfwishState


def tiebreak_value(state: HalfwishState, seat: int, tiebreak: str) -> int:
    """One tie-break's value for a seat (higher is better)."""
    player = state.players[seat]
    if tiebreak == "first_blood":
        return int(state.first_blood == seat)
    return int(getattr(player, tiebreak))


def standing_key(engine: Game, state: HalfwishState, seat: int) -> tuple[int, ...]:
    """Points first, then each tie-break: compare two seats' keys to rank them."""
    return (state.players[seat].points,) + tuple(tiebreak_value(state, seat, t) for t in engine.rules.tiebreaks)


def leader(engine: Game, state: HalfwishState) -> int | None:
    """The current winner ("the player that will win the game if the game were to end now"), or None."""
    k0, k1 = standing_key(engine, state, 0), standing_key(engine, state, 1)
    if k0 == k1:
        return None
    return 0 if k0 > k1 else 1


def loser(engine: Game, state: HalfwishState) -> int | None:
    """The current loser, or None when the players are level on everything."""
    ahead = leader(engine, state)
    return None if ahead is None else 1 - ahead


def deciding_tiebreak(engine: Game, state: HalfwishState) -> str:
    """What separated the players: `points`, a tie-break name, or `nothing`."""
    for index, name in enumerate(("points",) + tuple(engine.rules.tiebreaks)):
        if standing_key(engine, state, 0)[index] != standing_key(engine, state, 1)[index]:
            return str(name)
    return "nothing"
