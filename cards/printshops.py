"""The print shops `deckwright build --for SHOP` writes files for, and the cards each sells.

Plain data, kept apart from the drawing (`generator.presets`) so the command line, the kit
manifest and the presets name the same shops from one place without loading reportlab.
"""

from __future__ import annotations

from dataclasses import dataclass

from .units import INCH


@dataclass(frozen=True)
class Preset:
    """What one print shop asks for."""

    name: str
    title: str
    bleed: float  # points, on each side
    trims: dict[str, tuple[float, float]]  # the shop's card products: name -> trim in points (portrait)
    output: str  # "png" (a file per design) or "pdf" (a file per deck)


def _inches(**sizes: tuple[float, float]) -> dict[str, tuple[float, float]]:
    return {name: (w * INCH, h * INCH) for name, (w, h) in sizes.items()}


# The card products each shop sells, trim width x height in inches. DriveThruCards' mini is the
# narrower 1 5/8 x 2 1/2 in: a 44 x 63 mm card would lose its sides to it, so it is not listed.
_CARD_SHOP = _inches(poker=(2.5, 3.5), bridge=(2.25, 3.5), mini=(1.75, 2.5), tarot=(2.75, 4.75))
PRESETS = {
    "tgc": Preset("tgc", "The Game Crafter", 0.125 * INCH, _CARD_SHOP, "png"),
    "mpc": Preset("mpc", "MakePlayingCards", 0.12 * INCH, _CARD_SHOP, "png"),
    "drivethrucards": Preset("drivethrucards", "DriveThruCards", 0.125 * INCH,
                             _inches(poker=(2.5, 3.5), tarot=(2.75, 4.75)), "pdf"),
}
SHOPS = tuple(PRESETS)
# How far a deck's trim may differ from a product's, per side, and still be scaled onto it (63 x 88 mm
# poker is 0.8 % and 1 % under 2.5 x 3.5 in; 56 x 88 mm bridge 2 % under 2.25 in).
FIT = 0.03
