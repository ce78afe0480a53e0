"""The balance report's charts, drawn as reportlab graphics (vector, no extra dependency).

Each function returns a `Drawing` of a given width, sized in points, ready to be a platypus
flowable. Win rates are drawn on a 0-100% axis with the 95% interval as a whisker and the fair
share as a dashed line, so an interval that misses the line reads as "significant" at a glance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.graphics.shapes import Drawing, Group, Line, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

FONT = "Helvetica"
BOLD = "Helvetica-Bold"
BAR = colors.HexColor("#4c78a8")
OUTSIDE = colors.HexColor("#e45756")     # an interval that does not reach the fair share
WHISKER = colors.HexColor("#222222")
GRID = colors.HexColor("#dddddd")
ROW = 15          # points per bar row
LABEL = 150       # points for the row labels
AXIS = 16         # points under the bars for the axis labels


@dataclass(frozen=True)
class Bar:
    """One row of an interval chart: a label, a rate in [0, 1] and its 95% interval."""

    label: str
    rate: float
    low: float
    high: float
    note: str = ""


def bars_of(rows: dict[str, dict[str, Any]]) -> list[Bar]:
    """Bars from report rows (`{"win_rate", "ci95", "wins", "games"}`) keyed by label."""
    return [Bar(label, row["win_rate"], row["ci95"][0], row["ci95"][1], f"{row['wins']}/{row['games']}")
            for label, row in rows.items()]


def interval_chart(bars: Sequence[Bar], width: float, fair: float | None = None) -> Drawing:
    """Horizontal bars with 95% interval whiskers on a 0-100% axis and a dashed fair-share line."""
    plot = width - LABEL - 60
    height = ROW * len(bars) + AXIS + 4
    drawing = Drawing(width, height)
    x0, top = LABEL, height - 2

    def x(rate: float) -> float:
        return x0 + plot * rate

    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        drawing.add(Line(x(tick), AXIS, x(tick), top, strokeColor=GRID, strokeWidth=0.5))
        drawing.add(String(x(tick), AXIS - 10, f"{tick:.0%}", fontName=FONT, fontSize=7, textAnchor="middle"))
    for i, bar in enumerate(bars):
        y = top - ROW * (i + 1) + 3
        off = fair is not None and not bar.low <= fair <= bar.high
        drawing.add(String(x0 - 6, y + 3, clip(bar.label, 34), fontName=FONT, fontSize=8, textAnchor="end"))
        drawing.add(Rect(x0, y, plot * bar.rate, ROW - 6, fillColor=OUTSIDE if off else BAR, strokeColor=None))
        drawing.add(Line(x(bar.low), y + (ROW - 6) / 2, x(bar.high), y + (ROW - 6) / 2, strokeColor=WHISKER))
        for end in (bar.low, bar.high):
            drawing.add(Line(x(end), y, x(end), y + ROW - 6, strokeColor=WHISKER))
        drawing.add(String(x0 + plot + 6, y + 3, f"{bar.rate:.1%} {bar.note}", fontName=FONT, fontSize=7))
    if fair is not None:
        drawing.add(Line(x(fair), AXIS, x(fair), top, strokeColor=WHISKER, strokeDashArray=[3, 2]))
    return drawing


def heat_colour(rate: float, fair: float) -> colors.Color:
    """White at the fair share, red below it (the row wins less than a seat should), blue above.
    The fair share is the report's (50% less draws with two players, about 1/players with more),
    the one its tests use: against 50%, every cell of a three-player game was red."""
    strength = min(1.0, abs(rate - fair) * 2.5)
    target = colors.HexColor("#4c78a8") if rate >= fair else colors.HexColor("#e45756")
    return colors.linearlyInterpolatedColor(colors.white, target, 0, 1, strength)


def heat_map(values: list[str], cells: list[list[dict[str, Any] | None]], width: float, fair: float) -> Drawing:
    """Row beats column: each cell the row's win rate against the column, coloured against the
    fair share `fair`, and its game count."""
    size = min(44.0, (width - 90) / max(1, len(values)))
    left = 90
    names = [clip(name, 24) for name in values]
    head = 10 + 0.71 * max((stringWidth(name, FONT, 7) for name in names), default=0)   # labels at 45 degrees
    height = head + size * len(values) + 4
    drawing = Drawing(width, height)
    for j, name in enumerate(names):
        label = Group(String(0, 0, name, fontName=FONT, fontSize=7),
                      transform=(0.7071, 0.7071, -0.7071, 0.7071, left + size * (j + 0.5) - 2, height - head + 4))
        drawing.add(label)
    for i, name in enumerate(values):
        y = height - head - size * (i + 1)
        drawing.add(String(left - 4, y + size / 2 - 3, clip(name, 16), fontName=FONT, fontSize=8, textAnchor="end"))
        for j, cell in enumerate(cells[i]):
            fill = heat_colour(cell["win_rate"], fair) if cell else colors.HexColor("#f2f2f2")
            drawing.add(Rect(left + size * j, y, size, size, fillColor=fill, strokeColor=colors.white))
            if cell:
                drawing.add(String(left + size * (j + 0.5), y + size / 2, f"{cell['win_rate']:.0%}",
                                   fontName=BOLD, fontSize=7.5, textAnchor="middle"))
                drawing.add(String(left + size * (j + 0.5), y + size / 2 - 9, f"n={cell['games']}",
                                   fontName=FONT, fontSize=5.5, textAnchor="middle"))
    return drawing


def histogram_chart(bins: list[dict[str, int]], width: float, unit: str, height: float = 150) -> Drawing:
    """Vertical bars of games per length bin, labelled with the bin's range."""
    drawing = Drawing(width, height)
    most = max(b["games"] for b in bins) or 1
    left, bottom, plot_h = 30, 28, height - 40
    step = (width - left - 10) / len(bins)
    for tick in (0, most):
        y = bottom + plot_h * tick / most
        drawing.add(Line(left, y, width - 10, y, strokeColor=GRID, strokeWidth=0.5))
        drawing.add(String(left - 4, y - 3, str(tick), fontName=FONT, fontSize=7, textAnchor="end"))
    for i, b in enumerate(bins):
        h = plot_h * b["games"] / most
        drawing.add(Rect(left + step * i + 1, bottom, step - 2, h, fillColor=BAR, strokeColor=None))
        span = f"{b['from']}" if b["from"] == b["to"] else f"{b['from']}-{b['to']}"
        drawing.add(String(left + step * (i + 0.5), bottom - 10, span, fontName=FONT, fontSize=6, textAnchor="middle"))
    drawing.add(String(width / 2, 4, f"game length ({unit})", fontName=FONT, fontSize=8, textAnchor="middle"))
    return drawing


def line_chart(xs: list[str], series: dict[str, list[Bar]], width: float, height: float = 170) -> Drawing:
    """Each headline figure against a swept value: one line per figure, intervals as whiskers."""
    drawing = Drawing(width, height)
    left, bottom, right = 34, 26, 150
    plot_w, plot_h = width - left - right, height - bottom - 8
    palette = [colors.HexColor(c) for c in ("#4c78a8", "#e45756", "#54a24b", "#f58518", "#b279a2",
                                            "#72b7b2", "#9d755d", "#bab0ac")]

    def at(i: int, rate: float) -> tuple[float, float]:
        x = left + (plot_w * i / (len(xs) - 1) if len(xs) > 1 else plot_w / 2)
        return x, bottom + plot_h * rate

    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        drawing.add(Line(left, at(0, tick)[1], left + plot_w, at(0, tick)[1], strokeColor=GRID, strokeWidth=0.5))
        drawing.add(String(left - 4, at(0, tick)[1] - 3, f"{tick:.0%}", fontName=FONT, fontSize=7, textAnchor="end"))
    for i, value in enumerate(xs):
        drawing.add(String(at(i, 0)[0], bottom - 12, clip(value, 12), fontName=FONT, fontSize=7, textAnchor="middle"))
    for k, (name, bars) in enumerate(series.items()):
        colour = palette[k % len(palette)]
        points = [coord for i, bar in enumerate(bars) for coord in at(i, bar.rate)]
        drawing.add(PolyLine(points, strokeColor=colour, strokeWidth=1.2))
        for i, bar in enumerate(bars):
            x, _ = at(i, 0)
            drawing.add(Line(x + k, at(i, bar.low)[1], x + k, at(i, bar.high)[1], strokeColor=colour))
        y = height - 12 - 11 * k
        drawing.add(Line(width - right + 10, y + 3, width - right + 22, y + 3, strokeColor=colour, strokeWidth=2))
        drawing.add(String(width - right + 26, y, clip(name, 24), fontName=FONT, fontSize=7))
    return drawing


def clip(text: str, limit: int) -> str:
    """Text cut to `limit` characters with an ellipsis."""
    return text if len(text) <= limit else text[:limit - 1] + "..."
