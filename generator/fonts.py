"""The shipped, embedded fonts: every PDF the kit writes carries its fonts.

Layouts and themes name the classic PDF faces (`Helvetica`, `Helvetica-Bold`, `Helvetica-Oblique`,
`Helvetica-BoldOblique`, `Courier`). Those are not embedded, so a print shop's RIP or a printer
without them substitutes its own, with other widths. Here each name is registered as a TrueType
font from `templates/common/fonts` (Liberation Sans and Mono, SIL Open Font License, see the
licence file there): metric-compatible with Helvetica and Courier, so every fitted text keeps its
line breaks, and subset-embedded into the PDF by reportlab.
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cards.paths import TEMPLATES

FONT_DIR = TEMPLATES / "common" / "fonts"
FACES = {
    "Helvetica": "LiberationSans-Regular.ttf",
    "Helvetica-Bold": "LiberationSans-Bold.ttf",
    "Helvetica-Oblique": "LiberationSans-Italic.ttf",
    "Helvetica-BoldOblique": "LiberationSans-BoldItalic.ttf",
    "Courier": "LiberationMono-Regular.ttf",
}


@lru_cache(maxsize=1)
def register_fonts() -> tuple[str, ...]:
    """Register the shipped faces under the names layouts use (once); return those names."""
    for name, file in FACES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    for bold in (0, 1):
        for italic in (0, 1):
            face = "Helvetica" + {(0, 0): "", (1, 0): "-Bold", (0, 1): "-Oblique", (1, 1): "-BoldOblique"}[bold, italic]
            addMapping("Helvetica", bold, italic, face)
    return tuple(FACES)
