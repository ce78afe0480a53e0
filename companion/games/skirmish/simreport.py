"""`deckwright sim skirmish` summary (the `sim_summary` hook): faction against faction with 95%
intervals, the first player's advantage, and when matches end against the design intent ("The
majority of matches should end in this phase": rounds 5 to 10, `rules.intended_end_rounds`, which
`sim_labels` puts on each record)."""

from __future__ import annotations

from typing import Any

from ...engine.winrates import first_player_results, pair_results, wilson

CELL = 16


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
    ended = [r.labels for r in records if "end_round" in r.labels and "intended_rounds" in r.labels]
    if not ended:
        return "no rounds recorded"
    intended = ended[0]["intended_rounds"]  # one game's records: the same rules throughout
    first, last = (int(n) for n in intended.split("-"))
    rounds = [int(labels["end_round"]) for labels in ended]
    inside = sum(first <= n <= last for n in rounds)
    return (f"matches ending in rounds {intended} (the design intent): {inside / len(rounds):.1%}; "
            f"before: {sum(n < first for n in rounds) / len(rounds):.1%}, "
            f"after: {sum(n > last for n in rounds) / len(rounds):.1%}")


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
