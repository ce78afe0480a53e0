"""`deckwright sim skirmish` summary (the `sim_summary` hook): faction against faction with 95%
intervals, the first player's advantage, and when matches end against the design intent ("The
majority of matches should end in this phase": rounds 5 to 10)."""

from __future__ import annotations

from typing import Any

from ...engine.winrates import first_player_results, pair_results, wilson

CELL = 16
INTENT = (5, 10)


def _cell(wins: int, games: int, mirror: bool = False) -> str:
    """A matrix cell: the rate and its interval; a faction against itself wins 50% by definition
    (one of its two seats wins), so the cell says `mirror` rather than an interval around 50%."""
    if mirror and games:
        return "mirror".rjust(CELL)
    if not games:
        return "-".rjust(CELL)
    low, high = wilson(wins, games)
    return f"{wins / games:.0%} [{low:.0%}-{high:.0%}]".rjust(CELL)


def first_player_line(records: list[Any]) -> str:
    """How often the starting player won, with its interval."""
    wins, games = first_player_results(records)
    if not games:
        return "first player: no games"
    low, high = wilson(wins, games)
    return f"starting player wins {wins / games:.1%} [{low:.1%}-{high:.1%}] of {games} games"


def ending_line(records: list[Any]) -> str:
    """The share of matches ending within the intended rounds."""
    rounds = [int(r.labels["end_round"]) for r in records if "end_round" in r.labels]
    inside = sum(INTENT[0] <= n <= INTENT[1] for n in rounds)
    if not rounds:
        return "no rounds recorded"
    return (f"matches ending in rounds {INTENT[0]}-{INTENT[1]} (the design intent): {inside / len(rounds):.1%}; "
            f"before: {sum(n < INTENT[0] for n in rounds) / len(rounds):.1%}, "
            f"after: {sum(n > INTENT[1] for n in rounds) / len(rounds):.1%}")


def sim_summary(records: list[Any]) -> list[str]:
    """The faction matrix (row's win rate against column, 95% interval; a mirror match has none),
    first player, ending rounds."""
    games, wins = pair_results(records, "faction")
    factions = sorted({row for row, _ in games})
    lines = ["faction against faction (row's win rate against column, 95% interval):",
             " " * 14 + "".join(f[:CELL - 1].rjust(CELL) for f in factions)]
    for row in factions:
        lines.append(row[:13].ljust(14) + "".join(_cell(wins[row, col], games[row, col], row == col)
                                                  for col in factions))
    return lines + [first_player_line(records), ending_line(records)]
