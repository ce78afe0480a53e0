"""`deckwright sim skirmish` summary (the `sim_summary` hook): faction against faction with 95%
intervals, the first player's advantage, and when matches end against the design intent ("The
majority of matches should end in this phase": rounds 5 to 10)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...sim import wilson

CELL = 16
INTENT = (5, 10)


def faction_results(records: list[Any]) -> tuple[Counter[tuple[str, str]], Counter[tuple[str, str]]]:
    """Games and wins of a row faction against a column faction, over both seatings."""
    games: Counter[tuple[str, str]] = Counter()
    wins: Counter[tuple[str, str]] = Counter()
    for record in records:
        factions = (record.labels.get("seat0_faction"), record.labels.get("seat1_faction"))
        if None in factions:
            continue
        for seat in (0, 1):
            pair = (str(factions[seat]), str(factions[1 - seat]))
            games[pair] += 1
            wins[pair] += record.winner == seat
    return games, wins


def _cell(wins: int, games: int) -> str:
    if not games:
        return "-".rjust(CELL)
    low, high = wilson(wins, games)
    return f"{wins / games:.0%} [{low:.0%}-{high:.0%}]".rjust(CELL)


def first_player_line(records: list[Any]) -> str:
    """How often the starting player won, with its interval."""
    started = [r for r in records if r.labels.get("seat0_start") in ("first", "second")]
    wins = sum(r.winner == (0 if r.labels["seat0_start"] == "first" else 1) for r in started)
    if not started:
        return "first player: no games"
    low, high = wilson(wins, len(started))
    return f"starting player wins {wins / len(started):.1%} [{low:.1%}-{high:.1%}] of {len(started)} games"


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
    """The faction matrix (row's win rate against column, 95% interval), first player, ending rounds."""
    games, wins = faction_results(records)
    factions = sorted({row for row, _ in games})
    lines = ["faction against faction (row's win rate against column, 95% interval):",
             " " * 14 + "".join(f[:CELL - 1].rjust(CELL) for f in factions)]
    for row in factions:
        lines.append(row[:13].ljust(14) + "".join(_cell(wins[row, col], games[row, col]) for col in factions))
    return lines + [first_player_line(records), ending_line(records)]
