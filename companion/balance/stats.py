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


def false_discoveries(p_values: list[float], alpha: float = ALPHA) -> list[bool]:
    """Which of many tests read at once are significant (Benjamini-Hochberg): the largest k whose
    k-th smallest p-value is at most k / m * alpha, and every test up to it; of the figures so
    called, at most one in twenty is expected to be chance (a plain 5% test over dozens of
    figures calls some by luck alone)."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    passing = [rank for rank, i in enumerate(order, 1) if p_values[i] <= rank / len(order) * alpha]
    cut = max(passing, default=0)
    significant = [False] * len(p_values)
    for i in order[:cut]:
        significant[i] = True
    return significant


def two_proportions(wins_a: int, games_a: int, wins_b: int, games_b: int) -> dict[str, Any]:
    """The pooled two-proportion z test of rate b against rate a: the change, z and the p-value."""
    if games_a == 0 or games_b == 0:
        return {"change": 0.0, "z": 0.0, "p_value": 1.0, "significant": False}
    pa, pb = wins_a / games_a, wins_b / games_b
    pooled = (wins_a + wins_b) / (games_a + games_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / games_a + 1 / games_b))
    z = 0.0 if spread == 0 else (pb - pa) / spread
    p = two_sided_p(z) if spread else (1.0 if pa == pb else 0.0)
    return {"change": round(pb - pa, 4), "z": round(z, 3), "p_value": round(p, 5), "significant": p < ALPHA}


def games_for(rate: float, width: float, share: float = 1.0) -> int:
    """Roughly how many games make a 95% interval `width` wide on each side, for a figure seen
    in `share` of the games."""
    p = min(max(rate, 0.05), 0.95)
    return math.ceil(Z95 * Z95 * p * (1 - p) / (width * width) / max(share, 1e-9))
