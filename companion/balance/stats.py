"""Proportions and their tests: Wilson intervals, an exact binomial test against a fair share
(corrected for a false discovery rate when a report reads many at once), and a two-proportion z test between two runs."""

from __future__ import annotations

import math
from typing import Any

from ..engine.winrates import Z95, wilson

ALPHA = 0.05


def proportion(wins: int, games: int) -> dict[str, Any]:
    """Wins, games, the rate and its 95% Wilson interval, rounded for reading."""
    low, high = wilson(wins, games)
    return {"wins": wins, "games": games, "win_rate": round(wins / games, 4) if games else 0.0,
            "ci95": [round(low, 4), round(high, 4)]}


def half_width(row: dict[str, Any]) -> float:
    """Half the width of a row's 95% interval."""
    low, high = row["ci95"]
    return float(high - low) / 2


def two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def against_fair(wins: int, games: int, fair: float) -> float:
    """The exact two-sided binomial p-value of `wins` in `games` if the true rate were `fair`:
    the chance of a result at most as likely as the one seen (1.0 when nothing can be said)."""
    if games == 0 or not 0 < fair < 1:
        return 1.0
    log_fair, log_other = math.log(fair), math.log(1 - fair)

    def log_pmf(k: int) -> float:
        return (math.lgamma(games + 1) - math.lgamma(k + 1) - math.lgamma(games - k + 1)
                + k * log_fair + (games - k) * log_other)

    seen = log_pmf(wins) + 1e-7   # a relative tolerance, as R's binom.test uses
    p = sum(math.exp(lp) for k in range(games + 1) if (lp := log_pmf(k)) <= seen)
    return min(1.0, p)


def corrected(p_values: list[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values of many tests read at once: the k-th smallest p-value
    times m / k, made non-decreasing from the largest down, at most 1. A figure is significant when
    its corrected p-value is at most 5%, which is the Benjamini-Hochberg cut (`false_discoveries`);
    a designer reads this value, not the raw one (p = 0.01 among 30 figures is chance)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    lowest = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        lowest = min(lowest, p_values[i] * m / rank)
        adjusted[i] = lowest
    return adjusted


def false_discoveries(p_values: list[float], alpha: float = ALPHA) -> list[bool]:
    """Which of many tests read at once are significant (Benjamini-Hochberg): the largest k whose
    k-th smallest p-value is at most k / m * alpha, and every test up to it; of the figures so
    called, at most one in twenty is expected to be chance (a plain 5% test over dozens of
    figures calls some by luck alone). The same as a corrected p-value at most alpha."""
    return [q <= alpha for q in corrected(p_values)]


def judge(items: list[dict[str, Any]], p_values: list[float]) -> None:
    """Give each of many figures read at once its p-value, its corrected p-value, whether it is
    significant (corrected p at most 5%) and how many figures were tested with it: the one
    verdict of the report's imbalances and of a comparison's changes."""
    for item, p, q in zip(items, p_values, corrected(p_values), strict=True):
        item |= {"p_value": round(p, 5), "p_corrected": round(q, 5), "significant": q <= ALPHA,
                 "tested": len(items)}


def two_proportions(wins_a: int, games_a: int, wins_b: int, games_b: int) -> dict[str, Any]:
    """The pooled two-proportion z test of rate b against rate a: the change, z and the p-value
    (uncorrected: whoever reads several at once corrects them together, see `corrected`)."""
    if games_a == 0 or games_b == 0:
        return {"change": 0.0, "z": 0.0, "p_value": 1.0}
    pa, pb = wins_a / games_a, wins_b / games_b
    pooled = (wins_a + wins_b) / (games_a + games_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / games_a + 1 / games_b))
    z = 0.0 if spread == 0 else (pb - pa) / spread
    p = two_sided_p(z) if spread else (1.0 if pa == pb else 0.0)
    return {"change": round(pb - pa, 4), "z": round(z, 3), "p_value": p}


def games_for(rate: float, width: float, share: float = 1.0) -> int:
    """Roughly how many games make a 95% interval `width` wide on each side, for a figure seen
    in `share` of the games."""
    p = min(max(rate, 0.05), 0.95)
    return math.ceil(Z95 * Z95 * p * (1 - p) / (width * width) / max(share, 1e-9))
