"""Make the README's pictures from a real build: one card sheet and one rulebook page.

Run `make docs-img` (or `.venv/bin/python docs/make_images.py`): it builds the Which Witch kit on
A4 into a temporary folder and rasterises its first card sheet (Game Cards) and the rulebook's first rules
page to docs/img/, so the pictures always show what the build makes.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pypdfium2 as pdfium

from cards import load_game
from generator.build import build_kit

IMAGES = Path(__file__).parent / "img"
DPI = 60
PICTURES = {  # picture name: (game, file of the kit, page index)
    "card-sheet.png": ("which-witch", "cards-a4.pdf", 0),
    "rulebook-page.png": ("heartstrings", "rulebook-a4.pdf", 4),
}


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as out:
        for name, (game, file, page) in PICTURES.items():
            build_kit(load_game(game), "a4", Path(out) / game)
            document = pdfium.PdfDocument(Path(out) / game / file)
            document[page].render(scale=DPI / 72).to_pil().convert("RGB").save(IMAGES / name, optimize=True)
            print(IMAGES / name)


if __name__ == "__main__":
    main()
