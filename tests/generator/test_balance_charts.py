"""The balance report's heat map: colours read against the report's fair share."""

from __future__ import annotations

from reportlab.graphics.shapes import Rect
from reportlab.lib import colors

from generator.balance_charts import heat_map


def cell(rate: float) -> dict:
    return {"win_rate": rate, "games": 100, "wins": round(rate * 100)}


def test_a_three_player_heat_map_is_white_at_a_third_and_red_only_below_it():
    """With three players every cell near 33% was drawn red ("favours the column") against 50%."""
    drawing = heat_map(["a", "b"], [[None, cell(1 / 3)], [cell(0.40), None]], 400, 1 / 3)
    fills = [shape.fillColor for shape in drawing.contents if isinstance(shape, Rect)]
    fair_cell, above = fills[1], fills[2]
    assert fair_cell.hexval() == colors.white.hexval()
    assert above.blue > above.red   # 40% with a third at the table favours the row
