"""What a colour written in a card database or a layout must look like: '#rrggbb'.

One check for every colour a designer writes (a deck's or a token's colour, a rules colour
typed `colour`, a layout's fill, stroke or ink), so a colour with a digit too few or too many
is refused where it is written; reportlab would read '#c0392' as a different colour.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field

_HEX = r"#[0-9a-fA-F]{6}"
COLOR_PATTERN = f"^{_HEX}$"
_COLOUR = re.compile(_HEX)
COLOUR_WORDS = "a colour like '#1f618d'"

Colour = Annotated[str, Field(pattern=COLOR_PATTERN)]
"""A '#rrggbb' string, for a schema field or a rule type."""


def is_colour(value: object) -> bool:
    """True for a '#rrggbb' string (six hex digits, either case)."""
    return isinstance(value, str) and _COLOUR.fullmatch(value) is not None
