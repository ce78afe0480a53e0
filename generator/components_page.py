"""The rulebook's "What you should have" page: a small picture of every component, drawn by the
same painters the kit is printed with (a deck's first card and its back, a token, a sheet), with
its name and how many the kit makes, so a player can check the box before the first game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from cards import Database
from cards.schema import Die
from cards.units import MM, parse_length, parse_size

from .geometry import Box
from .kit import deck_sides, sheet_copies, sheet_painter
from .markdown import Theme
from .reference import side_face
from .rulebook import reference_copies
from .tokens import draw_token, token_copies

CELL = (38 * MM, 46 * MM)     # each picture's box, its caption below
PICTURE_HEIGHT = 34 * MM

# Draws a component into a box of the given size at (0, 0).
Painter = Callable[[Canvas, float, float], None]


@dataclass(frozen=True)
class Picture:
    """One component: its caption, its size in points and how to draw it there."""

    caption: str
    size: tuple[float, float]
    paint: Painter


def component_pictures(db: Database) -> list[Picture]:
    """A picture of every printed component, in kit order."""
    pictures: list[Picture] = []
    bleed = parse_length(db.print.bleed)
    for deck in db.decks:
        faces, backs = deck_sides(db, deck)
        size = parse_size(deck.size)
        count = sum(card.count for card in deck.cards)
        lender = db.deck(deck.back.like).name if deck.back.like else None  # its back pictured with its own deck
        caption = f"{deck.name}: {count}" + (f", {lender} back" if lender else "")
        pictures.append(Picture(caption, size, _card(faces[0], bleed)))
        if deck.duplex and not lender:
            pictures.append(Picture(f"{deck.name}, back", size, _card(backs[0], bleed)))
    for tokens in db.tokens:
        for token in tokens.tokens:
            count = sum(1 for copy in token_copies(tokens) if copy is token)
            pictures.append(Picture(f"{token.name}: {count}", tokens.extent(), _token(token, tokens.shape)))
    for sheet in db.sheets:
        size, paint = sheet_painter(db, sheet)
        pictures.append(Picture(f"{sheet.name}: {len(sheet_copies(db, sheet))}", size, _at_origin(paint)))
    for reference in db.references:
        face = side_face(db, reference, reference.front, "front")
        pictures.append(Picture(f"{reference.name}: {reference_copies(db, reference)}", parse_size(reference.size),
                                _card(face, bleed)))
    return pictures


def _card(face: Any, bleed: float) -> Painter:
    def paint(canvas: Canvas, w: float, h: float) -> None:
        path = canvas.beginPath()
        path.rect(0, 0, w, h)
        canvas.clipPath(path, stroke=0, fill=0)
        face(canvas, -bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
        canvas.setStrokeColor(colors.HexColor("#999999"))
        canvas.setLineWidth(1)
        canvas.rect(0, 0, w, h, stroke=1, fill=0)  # the cut edge, so a white card shows its size
    return paint


def _token(token: Any, shape: str) -> Painter:
    def paint(canvas: Canvas, w: float, h: float) -> None:
        draw_token(canvas, Box(0, 0, w, h), token, shape)
    return paint


def _at_origin(paint: Any) -> Painter:
    def draw(canvas: Canvas, w: float, h: float) -> None:
        paint(canvas, 0, 0)
    return draw


class ComponentGrid(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """The pictures in rows, each scaled to fit its cell, captioned below."""

    def __init__(self, pictures: list[Picture], theme: Theme):
        super().__init__()
        self.pictures, self.theme = pictures, theme
        self.columns = 1

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.columns = max(1, int(available_width // CELL[0]))
        rows = -(-len(self.pictures) // self.columns)
        self.width, self.height = self.columns * CELL[0], rows * CELL[1]
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """The rows that fit here, then the rest on the next page (a kit can have many components)."""
        columns = max(1, int(available_width // CELL[0]))
        rows = int(available_height // CELL[1])
        if rows < 1 or rows * columns >= len(self.pictures):
            return []
        cut = rows * columns
        return [ComponentGrid(self.pictures[:cut], self.theme), ComponentGrid(self.pictures[cut:], self.theme)]

    def draw(self) -> None:
        for index, picture in enumerate(self.pictures):
            row, col = divmod(index, self.columns)
            x, top = col * CELL[0], self.height - row * CELL[1]
            self._draw_picture(picture, x, top)

    def _draw_picture(self, picture: Picture, x: float, top: float) -> None:
        canvas = self.canv
        w, h = picture.size
        scale = min(1.0, (CELL[0] - 4 * MM) / w, PICTURE_HEIGHT / h)  # never larger than printed
        left = x + (CELL[0] - w * scale) / 2
        bottom = top - 2 * MM - PICTURE_HEIGHT + (PICTURE_HEIGHT - h * scale) / 2
        canvas.saveState()
        canvas.translate(left, bottom)
        canvas.scale(scale, scale)
        picture.paint(canvas, w, h)
        canvas.restoreState()
        canvas.saveState()
        canvas.setFont(self.theme.body_font, 7)
        canvas.setFillColor(colors.HexColor(self.theme.text_color))
        canvas.drawCentredString(x + CELL[0] / 2, top - CELL[1] + 5 * MM, picture.caption[:40])
        canvas.restoreState()


def component_flowables(db: Database, width: float, theme: Theme) -> list[Flowable]:
    """The 'What you should have' heading and the picture grid."""
    from .markdown import markdown_to_flowables

    heading = markdown_to_flowables("<!-- headings: plain -->\n<!-- contents: off -->\n\n# What you should have\n\n"
                                    "Every component of the kit, small. Count yours before the first game.", width, theme)
    dice = markdown_to_flowables(dice_line(db), width, theme) if db.dice else []
    return [*heading, ComponentGrid(component_pictures(db), theme), *dice]


def dice_line(db: Database) -> str:
    """The dice the game needs, which the kit does not print (sixth-game audit: a game's `dice`
    appeared nowhere in its kit unless its own rulebook template listed them)."""
    return f"**Not printed, from your own shelf:** {'; '.join(_die_words(die) for die in db.dice)}."


def _die_words(die: Die) -> str:
    """`2 \u00d7 Race die (d6)`, `Red d4`: its count, its name and its sides unless its name says
    them (its note is the rulebook's to print, where it explains the die's use)."""
    sides = f" (d{die.sides})" if f"d{die.sides}" not in die.name.lower() else ""
    return (f"{die.count} \u00d7 " if die.count > 1 else "") + die.name + sides
