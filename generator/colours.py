"""Colour contrast (WCAG 2 relative luminance) and the readable ink for a ground.

Layouts bind `ink_on(ground)` (white or near-black, whichever reads better on a colour) and
`readable_on(colour, ground)` (the colour, darkened just enough to read as small text on the
ground), so a witch keeps her die's colour on the card and her name stays legible on it.
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib import colors

from cards.colours import COLOUR_WORDS, is_colour

BODY_CONTRAST = 4.5
DARK_INK = "#000000"
LIGHT_INK = "#ffffff"


def checked_colour(value: str) -> str:
    """`value` when it is a colour '#rrggbb'; else a ValueError that says what is expected."""
    if not is_colour(value):
        raise ValueError(f"expected {COLOUR_WORDS}, got {value!r}")
    return value


@lru_cache(maxsize=1024)
def luminance(value: str) -> float:
    """WCAG 2 relative luminance of '#rrggbb', 0 (black) to 1 (white)."""
    colour = colors.HexColor(checked_colour(value))

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(colour.red) + 0.7152 * channel(colour.green) + 0.0722 * channel(colour.blue)


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(ground: str) -> str:
    """White or near-black: whichever contrasts more with `ground`."""
    return LIGHT_INK if contrast_ratio(LIGHT_INK, ground) >= contrast_ratio(DARK_INK, ground) else DARK_INK


def readable_on(colour: str, ground: str = "#ffffff", ratio: float = BODY_CONTRAST) -> str:
    """`colour` darkened (or lightened, on a dark ground) in 5% steps until it reaches `ratio`
    against `ground`: the same hue, legible as small text."""
    target = colors.black if luminance(ground) > 0.18 else colors.white
    base = colors.HexColor(checked_colour(colour))
    for step in range(21):
        mixed = colors.linearlyInterpolatedColor(base, target, 0, 20, step)
        candidate = "#" + str(mixed.hexval())[2:]
        if contrast_ratio(candidate, ground) >= ratio:
            return candidate
    return ink_on(ground)
