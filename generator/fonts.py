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
from typing import Any

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics, ttfonts
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
# The PostScript name in each file (what reportlab registers a face under), so that registering
# a face does not read its file (tests/generator/test_fonts_read_on_use.py checks them).
FACE_NAMES = {
    "LiberationSans-Regular.ttf": b"LiberationSans",
    "LiberationSans-Bold.ttf": b"LiberationSans-Bold",
    "LiberationSans-Italic.ttf": b"LiberationSans-Italic",
    "LiberationSans-BoldItalic.ttf": b"LiberationSans-BoldItalic",
    "LiberationMono-Regular.ttf": b"LiberationMono",
}


class FaceReadOnFirstUse:
    """A TrueType face whose file is read (about 3 ms of parsing each) the first time anything
    but its name is asked of it: a build that draws one card, or none, uses one to three of the
    five faces (issue 13). Everything asked is the face's own, read from the same file; once read,
    the face takes this stand-in's place in its font (`owner`), so measuring text, which asks the
    face for its widths every time, goes straight to it (through here it cost 3% of a build)."""

    def __init__(self, filename: str, name: bytes, **options: Any) -> None:
        self.name = name
        self._arguments = (filename, options)
        self._face: ttfonts.TTFontFace | None = None
        self.owner: TTFont | None = None

    def __getattr__(self, attribute: str) -> Any:
        if self._face is None:
            filename, options = self._arguments
            self._face = ttfonts.TTFontFace(filename, **options)
            if self.owner is not None and self.owner.face is self:
                self.owner.face = self._face
        return getattr(self._face, attribute)


def font_read_on_first_use(name: str, path: str, face_name: bytes) -> TTFont:
    """`TTFont(name, path)`, whose face is read from `path` only when first measured or embedded."""
    read_now = ttfonts.TTFontFace
    ttfonts.TTFontFace = lambda filename, **options: FaceReadOnFirstUse(filename, face_name, **options)
    try:
        font = TTFont(name, path)
    finally:
        ttfonts.TTFontFace = read_now
    font.face.owner = font
    return font


@lru_cache(maxsize=1)
def register_fonts() -> tuple[str, ...]:
    """Register the shipped faces under the names layouts use (once); return those names."""
    for name, file in FACES.items():
        pdfmetrics.registerFont(font_read_on_first_use(name, str(FONT_DIR / file), FACE_NAMES[file]))
    for bold in (0, 1):
        for italic in (0, 1):
            face = "Helvetica" + {(0, 0): "", (1, 0): "-Bold", (0, 1): "-Oblique", (1, 1): "-BoldOblique"}[bold, italic]
            addMapping("Helvetica", bold, italic, face)
    return tuple(FACES)
