"""Lengths and named sizes: the one place a unit string is parsed.

Lengths are returned in PostScript points (1/72 inch), reportlab's unit.
"""

from __future__ import annotations

import re

MM = 72 / 25.4
INCH = 72.0

_UNITS = {"mm": MM, "cm": 10 * MM, "in": INCH, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")

# Card sizes by name, width x height in mm (portrait).
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63, 88),
    "bridge": (56, 88),
    "tarot": (70, 120),
    "mini": (44, 63),
    "square": (70, 70),
    "jumbo": (88, 126),
}


class UnitError(ValueError):
    """A length or size string could not be parsed."""


def parse_length(value: str | float, default_unit: str = "mm") -> float:
    """Parse `'63mm'`, `'2.5in'`, `'12pt'` or a bare number (in `default_unit`) to points."""
    if isinstance(value, bool):
        raise UnitError(f"expected a length like '63mm', got {value!r}")
    if isinstance(value, int | float):
        return float(value) * _UNITS[default_unit]
    match = _LENGTH.match(str(value))
    if not match:
        raise UnitError(f"expected a length like '63mm', '2.5in' or '12pt', got {value!r}")
    number, unit = match.groups()
    return float(number) * _UNITS[unit or default_unit]


def parse_size(value: str) -> tuple[float, float]:
    """Parse a named size (`poker`) or `'63mm x 88mm'` to (width, height) in points."""
    name = str(value).strip().lower()
    if name in CARD_SIZES:
        w, h = CARD_SIZES[name]
        return w * MM, h * MM
    parts = re.split(r"\s*[x×]\s*", name)
    if len(parts) != 2:
        known = ", ".join(CARD_SIZES)
        raise UnitError(f"expected a size name ({known}) or 'W x H' like '63mm x 88mm', got {value!r}")
    return parse_length(parts[0]), parse_length(parts[1])
