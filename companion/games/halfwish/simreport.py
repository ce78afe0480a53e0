"""A class-against-class win-rate matrix for `deckwright sim halfwish` (the `sim_summary` hook)."""

from __future__ import annotations

from typing import Any

from ...engine.winrates import pair_results

CELL_WIDTH = 9


def class_matrix(records: list[Any]) -> dict[str, dict[str, dict[str, float | int]]]:
    """`matrix[row][column]`: how often the row class beat the column class (draws count as not won)."""
    games, wins = pair_results(records, "class")
    classes = sorted({row for row, _ in games})
    return {row: {col: {"games": games[row, col], "win_rate": round(wins[row, col] / games[row, col], 3)}
                  for col in classes if games[row, col]} for row in classes}


def sim_summary(records: list[Any]) -> list[str]:
    """The matrix as text lines: each cell is the row class's win rate against the column class."""
    matrix = class_matrix(records)
    classes = list(matrix)
    if not classes:
        return []
    lines = ["class against class (row's win rate against column; games in the row/column pair):",
             " " * CELL_WIDTH + "".join(c[:CELL_WIDTH - 1].rjust(CELL_WIDTH) for c in classes)]
    for row in classes:
        cells = [_cell(matrix[row].get(col)) for col in classes]
        lines.append(row[:CELL_WIDTH - 1].ljust(CELL_WIDTH) + "".join(cells))
    return lines


def _cell(entry: dict[str, float | int] | None) -> str:
    if not entry:
        return "-".rjust(CELL_WIDTH)
    return f"{entry['win_rate']:.0%}/{entry['games']}".rjust(CELL_WIDTH)
