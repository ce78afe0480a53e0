"""The balance report as JSON data: every figure the PDF draws, computed from the records.

Win rates are the share of games the seat (or the seat carrying a class, witch, bot...) won,
each with its 95% Wilson interval. Headline figures (seats, each class/witch/faction, the first
player) are the ones `--precision` narrows and `--compare` tests.

What each figure is tested against (its "fair share", the `fair` of the report). The question is
always the same: is this seat, side or pairing worth more than any other seat at the table? If it
is not, its seat wins the decided games as often as every other seat does, so its fair share is
`(1 - draw share) / players`, whatever the figure:

- seat N: the share of all games seat N won; fair: one seat's share of the decided games.
- a side (`class titan`, `witch fire`): counted once per game and seat carrying it, the share
  that seat won. A side that changes nothing leaves its seat an ordinary seat: the same share.
- the first player: the seat that started, an ordinary seat if starting changes nothing.
- a matchup, "X against Y": counted once per game and pair of seats carrying X and Y, the share
  X's seat won. With two players that is 50% less draws. With three or more it is NOT 50%: a
  third seat may win the game, and X's seat wins its 1/players share if X is no better than
  anyone at the table (33.3% with three players). The heat map colours a cell against this same
  share. With two players "Y against X" is the mirror of "X against Y" (Y won what X did not
  win or draw) and is not tested again; with three or more it is not a mirror (a third seat
  takes the rest), so both directions are tested. "X against X" is 50% (or 1/players) by
  construction and is neither shown nor tested.
- draws: shown, not tested (a draw has no fair share).

Draws are shared out at the overall rate: a side that draws more than the others reads slightly
below fair. Every tested figure is corrected together for the number of figures (see `judge`).
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from ..engine.winrates import first_player_results, pair_results, seat_values
from ..sim import histogram
from .stats import against_fair, judge, proportion
from .tournament import Record, TournamentConfig

NOT_FACTIONS = ("start", "bot", "matchup")   # seat labels that are not a side a player picks
CARD_CAVEAT = ("Cards are counted when a player chose them in a decision. A card's win rate mixes "
               "the card with the situations in which players choose it (selection bias): a card "
               "played when already winning looks strong. Read it as a pointer, not a verdict.")


def by_value(records: list[Record], name: str) -> dict[str, dict[str, Any]]:
    """For a seat label: per value, how often the seat carrying it won."""
    seen: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for record in records:
        for seat, value in seat_values(record).get(name, {}).items():
            seen[value] += 1
            won[value] += record.winner == seat
    return {value: proportion(won[value], seen[value]) for value in sorted(seen)}


def matchups(records: list[Record], name: str) -> dict[str, Any]:
    """Row beats column: per pair of values of a seat label, the row's win rate against the column."""
    games, wins = pair_results(records, name)
    names = sorted({v for pair in games for v in pair})
    cells = [[proportion(wins[r, c], games[r, c]) if games[r, c] and r != c else None for c in names]
             for r in names]
    return {"values": names, "cells": cells}


def faction_names(records: list[Record]) -> list[str]:
    """Seat labels that name a side (class, witch, faction, team), in order of first appearance."""
    names: dict[str, None] = {}
    for record in records:
        for name in seat_values(record):
            if name not in NOT_FACTIONS:
                names[name] = None
    return list(names)


def first_player(records: list[Record]) -> dict[str, Any] | None:
    """The win rate of the seat that started (`seat<N>_start: first`), if the game labels it."""
    wins, games = first_player_results(records)
    return proportion(wins, games) if games else None


def card_stats(records: list[Record]) -> list[dict[str, Any]]:
    """Per card: how many (game, seat) chose it, and the win rate of those seats."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for record in records:
        for seat, card in record.plays:
            played[card] += 1
            won[card] += record.winner == seat
    return [{"card": card} | proportion(won[card], played[card])
            for card in sorted(played, key=lambda c: (-played[c], c))]


def lead_stats(records: list[Record]) -> dict[str, Any] | None:
    """Mean lead changes and decisiveness, when the game reports a leader."""
    changes = [r.lead_changes for r in records if r.lead_changes is not None]
    decided = [r.decided_at for r in records if r.decided_at is not None]
    if not changes:
        return None
    return {"mean_changes": round(statistics.fmean(changes), 3),
            "games_with_a_change": round(sum(c > 0 for c in changes) / len(changes), 4),
            "decided_at": round(statistics.fmean(decided), 4) if decided else None}


def length_stats(records: list[Record]) -> dict[str, Any]:
    """Mean, median, extremes and quartiles of the game length."""
    lengths = sorted(r.length for r in records)
    quartiles = statistics.quantiles(lengths, n=4) if len(lengths) > 1 else [lengths[0]] * 3
    return {"unit": "turns" if all(r.in_turns for r in records) else "steps",
            "mean": round(statistics.fmean(lengths), 3), "median": statistics.median(lengths),
            "min": lengths[0], "max": lengths[-1], "quartiles": [round(q, 2) for q in quartiles],
            "histogram": histogram(lengths)}


def build_report(config: TournamentConfig, version: str, records: list[Record],
                 extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every figure of the balance report, as JSON data."""
    n = len(records)
    winners = Counter(r.winner for r in records)
    draws = winners.get(None, 0)
    fair = (n - draws) / n / config.players if n else 0.0
    factions = {name: by_value(records, name) for name in faction_names(records)}
    result: dict[str, Any] = {
        "game": config.game, "version": version, "seed": config.seed, "games": n,
        "players": config.players, "bots": list(config.bots), "budget": config.budget, **(extra or {}),
        "fair": round(fair, 4),
        "seats": [{"seat": s + 1} | proportion(winners.get(s, 0), n) for s in range(config.players)],
        "by_bot": by_value(records, "bot") if len(set(config.bots)) > 1 else {},
        "factions": factions,
        "matchups": {name: matchups(records, name) for name in factions},
        "bot_matchups": matchups(records, "bot") if len(set(config.bots)) > 1 else None,
        "first_player": first_player(records),
        "draws": proportion(draws, n),
        "length": length_stats(records),
        "terminations": {k: {"games": v, "share": round(v / n, 4)}
                         for k, v in sorted(Counter(r.termination for r in records).items())},
        "lead": lead_stats(records),
        "cards": card_stats(records),
        "card_caveat": CARD_CAVEAT,
    }
    result["headlines"] = headlines(result)
    result["tested"] = imbalances(result)
    result["imbalances"] = result["tested"][:3]
    return result


def headlines(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The headline figures by name: each seat, each side of each faction label, the first player."""
    found = {f"seat {row['seat']}": row for row in report["seats"]}
    for name, values in report["factions"].items():
        found |= {f"{name} {value}": row for value, row in values.items()}
    if report["first_player"]:
        found["first player"] = report["first_player"]
    found["draws"] = report["draws"]
    return found


def imbalances(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Every figure tested against the fair share (see the module docstring for why one share
    fits every figure), the largest departures first: significant ones by size, then the others
    by p-value (a big gap over a handful of games says little). A report reads dozens of figures
    at once, so significance is corrected over all of them (Benjamini-Hochberg): one in twenty
    would pass a plain 5% test by luck alone. In a two-player game seat 2 mirrors seat 1, and
    "Y against X" mirrors "X against Y": neither is tested again."""
    fair, duel = report["fair"], report["players"] == 2
    rows = [(what, row) for what, row in report["headlines"].items()
            if what != "draws" and not (duel and what == "seat 2")]
    for name, table in report["matchups"].items():
        values = table["values"]
        rows += [(f"{name} {values[i]} against {values[j]}", cell)
                 for i, line in enumerate(table["cells"]) for j, cell in enumerate(line)
                 if cell and (i < j or not duel)]
    found = [{"what": what, "win_rate": row["win_rate"], "ci95": row["ci95"], "games": row["games"],
              "fair": fair, "gap": round(row["win_rate"] - fair, 4)} for what, row in rows]
    judge(found, [against_fair(row["wins"], row["games"], fair) for _, row in rows])
    found.sort(key=lambda f: (0, -abs(f["gap"]), f["what"]) if f["significant"] else (1, f["p_value"], f["what"]))
    return found
