"""Win rates over finished games, for `deckwright sim`, the balance report and the games' own sim
summaries: the Wilson interval, row-against-column results of a seat label, the starting seat.

A game's records carry labels (`sim_labels`); one named `seat<N>_<name>` says what seat N had
(`seat0_class: knight`, `seat1_start: second`). Records are anything with `labels` and `winner`
(the seat that won, None for a draw).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from typing import Any

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
SEAT_LABEL = re.compile(r"^seat(\d+)_(.+)$")


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `wins / n` (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_values(record: Any) -> dict[str, dict[int, str]]:
    """`seat<N>_<name>` labels of a record as name -> seat -> value."""
    found: dict[str, dict[int, str]] = defaultdict(dict)
    for key, value in record.labels.items():
        match = SEAT_LABEL.match(key)
        if match:
            found[match.group(2)][int(match.group(1))] = str(value)
    return found


def pair_results(records: list[Any], name: str) -> tuple[Counter[tuple[str, str]], Counter[tuple[str, str]]]:
    """Games and wins of a row value of the seat label `name` against a column value, over every
    pair of seats (both seatings of a two-player game)."""
    games: Counter[tuple[str, str]] = Counter()
    wins: Counter[tuple[str, str]] = Counter()
    for record in records:
        values = seat_values(record).get(name, {})
        for a, row in values.items():
            for b, column in values.items():
                if a != b:
                    games[row, column] += 1
                    wins[row, column] += record.winner == a
    return games, wins


def first_player_results(records: list[Any]) -> tuple[int, int]:
    """Wins and games of the seat that started (`seat<N>_start: first`), over the games that say."""
    games = wins = 0
    for record in records:
        starters = [seat for seat, value in seat_values(record).get("start", {}).items() if value == "first"]
        if starters:
            games += 1
            wins += record.winner == starters[0]
    return wins, games
