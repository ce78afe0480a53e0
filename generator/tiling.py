"""Boards larger than a page, tiled across pages with overlap and alignment marks.

The board is cut into a grid of tiles, rows lettered A, B, ... from the top and columns
numbered 1, 2, ... from the left. Neighbouring tiles share a strip `TILE_OVERLAP` wide, and
registration crosses are drawn at the same board positions in every shared strip, so laying
one tile over the next until the crosses coincide rebuilds the board. Each page says which
tile it is and which tiles join it ("A1 → join to A2 (right), B1 (below)"); a tile with a
neighbour to its left or above has that edge dashed: cut along it and lay the tile over the
neighbour's strip. Under the label each page prints the footer every sheet page prints.
"""

from __future__ import annotations

import math
import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from cards.units import MM

from .geometry import (
    FOOTER_BAND,
    FOOTER_SIZE,
    PAGE_MARGIN,
    REGISTRATION_CROSS_SIZE,
    REGISTRATION_CROSS_WIDTH,
    TILE_LABEL_BAND,
    TILE_OVERLAP,
    Box,
    landscape,
    page_size,
    page_that_fits,
    printable,
    sheet_area,
)
from .imposition import draw_footer

LABEL_FONT = ("Helvetica-Bold", 8)

class BoardPainter(Protocol):
    """Draws the whole board with its lower-left corner at (x, y); given `visible` (page points),
    it may leave out what lies clear of that box."""

    def __call__(self, canvas: Canvas, x: float, y: float, visible: Box | None = None) -> None: ...


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: its grid position and the board area it shows (board points, y up)."""

    row: int
    col: int
    view: Box

    @property
    def name(self) -> str:
        return tile_name(self.row, self.col)


@dataclass(frozen=True)
class TilePlan:
    """How a board of `board` points is spread over pages of `page` points."""

    page: tuple[float, float]
    board: tuple[float, float]
    area: Box  # where a tile's piece of the board goes on its page
    cols: int
    rows: int
    overlap: float
    margin: float = PAGE_MARGIN
    # where each column of tiles starts from the board's left, and each row from its top (board
    # points; `placed_cuts`): empty, the board is shared evenly
    lefts: tuple[float, ...] = ()
    downs: tuple[float, ...] = ()

    @property
    def span(self) -> tuple[float, float]:
        """The board area a tile of an even split shows: the board shared evenly, each seam counted twice."""
        return ((self.board[0] + (self.cols - 1) * self.overlap) / self.cols,
                (self.board[1] + (self.rows - 1) * self.overlap) / self.rows)

    @property
    def step(self) -> tuple[float, float]:
        """How far apart, on the board, neighbouring tiles of an even split start."""
        w, h = self.span
        return w - self.overlap, h - self.overlap

    def left(self, col: int) -> float:
        """Where the tiles of column `col` start, from the board's left edge."""
        return self.lefts[col] if self.lefts else col * self.step[0]

    def down(self, row: int) -> float:
        """Where the tiles of row `row` start, down from the board's top edge."""
        return self.downs[row] if self.downs else row * self.step[1]

    def piece_box(self, tile: Tile) -> Box:
        """Where a tile's piece of the board goes on its page: centred in the printable area."""
        return Box(self.area.x + (self.area.w - tile.view.w) / 2, self.area.y + (self.area.h - tile.view.h) / 2,
                   tile.view.w, tile.view.h)

    def shown_box(self, tile: Tile) -> Box:
        """The part of a tile's piece that shows once the board is laid together: the strips its
        right and lower neighbours are laid over are left out (page points)."""
        piece = self.piece_box(tile)
        covered_right = self.overlap if tile.col + 1 < self.cols else 0.0
        covered_below = self.overlap if tile.row + 1 < self.rows else 0.0
        return Box(piece.x, piece.y + covered_below, piece.w - covered_right, piece.h - covered_below)

    def tiles(self) -> list[Tile]:
        """Every tile in reading order (A1, A2, ..., B1, ...)."""
        return [self.tile(row, col) for row in range(self.rows) for col in range(self.cols)]

    def tile(self, row: int, col: int) -> Tile:
        """The tile at `row`, `col` (0-based; row 0 is the top of the board)."""
        bw, bh = self.board
        left, top = self.left(col), bh - self.down(row)
        right = self.left(col + 1) + self.overlap if col + 1 < self.cols else bw
        bottom = bh - self.down(row + 1) - self.overlap if row + 1 < self.rows else 0.0
        return Tile(row, col, Box(left, bottom, right - left, top - bottom))

    def seams_x(self) -> list[float]:
        """Board x of the middle of every vertical overlap strip."""
        return [self.left(c) + self.overlap / 2 for c in range(1, self.cols)]

    def seams_y(self) -> list[float]:
        """Board y of the middle of every horizontal overlap strip."""
        return [self.board[1] - self.down(r) - self.overlap / 2 for r in range(1, self.rows)]


def tile_name(row: int, col: int) -> str:
    """'A1' for the top-left tile, 'B3' for the second row's third tile."""
    letters = string.ascii_uppercase
    prefix = letters[row] if row < len(letters) else f"R{row + 1}-"
    return f"{prefix}{col + 1}"


def fits_one_page(board: tuple[float, float], paper: str, margin: float = PAGE_MARGIN) -> bool:
    """Does the board fit what a page of `paper` leaves a sheet (above its footer), the page
    turned whichever way suits it?"""
    def holds(page: tuple[float, float]) -> bool:
        area = sheet_area(page, margin)
        return board[0] <= area.w + 1e-6 and board[1] <= area.h + 1e-6
    return page_that_fits(paper, holds) is not None


def plan_tiles(board: tuple[float, float], paper: str, overlap: float = TILE_OVERLAP,
               margin: float = PAGE_MARGIN) -> TilePlan:
    """The tiling of `board` on `paper` with the fewest pages (portrait or landscape)."""
    portrait = page_size(paper)
    plans = [_plan(board, page, overlap, margin) for page in (portrait, landscape(portrait))]
    return min(plans, key=lambda p: (p.cols * p.rows, p.page != landscape(portrait)))


def _plan(board: tuple[float, float], page: tuple[float, float], overlap: float, margin: float) -> TilePlan:
    printable_area = printable(page, margin)
    area = Box(printable_area.x, printable_area.y + TILE_LABEL_BAND, printable_area.w, printable_area.h - TILE_LABEL_BAND)
    cols = _count(board[0], area.w, overlap)
    rows = _count(board[1], area.h, overlap)
    return TilePlan(page, board, area, cols, rows, overlap, margin)


def _count(length: float, room: float, overlap: float) -> int:
    if length <= room + 1e-6:
        return 1
    return math.ceil((length - overlap) / (room - overlap) - 1e-9)


def draw_tiles(canvas: Canvas, plan: TilePlan, paint: BoardPainter, title: str, footers: Sequence[str]) -> None:
    """One page per tile: its piece of the board, registration crosses, its label and, under the
    label, its footer (one of `footers` a tile, in order)."""
    canvas.setPageSize(plan.page)
    for tile, footer in zip(plan.tiles(), footers, strict=False):
        origin = _board_origin(plan, tile)
        _draw_piece(canvas, plan, tile, origin, paint)
        _draw_crosses(canvas, plan, tile, origin)
        _draw_cut_edges(canvas, plan, tile)
        _draw_label(canvas, plan, tile, title)
        draw_footer(canvas, plan.page, footer, plan.margin)
        canvas.showPage()


def _board_origin(plan: TilePlan, tile: Tile) -> tuple[float, float]:
    """Where the board's lower-left corner lands on this tile's page."""
    piece = plan.piece_box(tile)
    return piece.x - tile.view.x, piece.y - tile.view.y


def _draw_piece(canvas: Canvas, plan: TilePlan, tile: Tile, origin: tuple[float, float], paint: BoardPainter) -> None:
    canvas.saveState()
    path = canvas.beginPath()
    piece = plan.piece_box(tile)
    path.rect(piece.x, piece.y, piece.w, piece.h)
    canvas.clipPath(path, stroke=0, fill=0)
    # what the neighbours cover is not drawn: a clipped text there put its hidden glyphs under the
    # tile's label (print audit), and every tile held the whole board
    paint(canvas, *origin, visible=plan.shown_box(tile))
    canvas.restoreState()


def registration_marks(plan: TilePlan, tile: Tile) -> list[tuple[float, float]]:
    """Board positions of the crosses this tile shows: in every overlap strip it shares."""
    view = tile.view
    inside_x = [x for x in plan.seams_x() if view.x <= x <= view.right]
    inside_y = [y for y in plan.seams_y() if view.y <= y <= view.top]
    edge_ys = [view.y + plan.overlap / 2, view.top - plan.overlap / 2]
    edge_xs = [view.x + plan.overlap / 2, view.right - plan.overlap / 2]
    marks = {_rounded(x, y) for x in inside_x for y in [*edge_ys, *inside_y]}
    marks |= {_rounded(x, y) for y in inside_y for x in edge_xs}
    return sorted(marks)


def _rounded(x: float, y: float) -> tuple[float, float]:
    """A board position to 1/1000 pt, so the same cross computed two ways is one cross."""
    return round(x, 3), round(y, 3)


def _draw_crosses(canvas: Canvas, plan: TilePlan, tile: Tile, origin: tuple[float, float]) -> None:
    canvas.saveState()
    canvas.setLineWidth(REGISTRATION_CROSS_WIDTH)
    canvas.setStrokeColorRGB(0, 0, 0)
    half = REGISTRATION_CROSS_SIZE / 2
    for bx, by in registration_marks(plan, tile):
        x, y = origin[0] + bx, origin[1] + by
        canvas.line(x - half, y, x + half, y)
        canvas.line(x, y - half, x, y + half)
        canvas.circle(x, y, half * 0.6, stroke=1, fill=0)
    canvas.restoreState()


def cut_edges(plan: TilePlan, tile: Tile) -> list[tuple[float, float, float, float]]:
    """Page segments to cut along: a tile's left edge when a tile lies to its left, its top when one lies above.

    Cut there and lay the tile over its neighbour's overlap strip, crosses on crosses.
    """
    piece = plan.piece_box(tile)
    left, top = piece.x, piece.top
    edges = []
    if tile.col > 0:
        edges.append((left, top, left, top - tile.view.h))
    if tile.row > 0:
        edges.append((left, top, left + tile.view.w, top))
    return edges


def _draw_cut_edges(canvas: Canvas, plan: TilePlan, tile: Tile) -> None:
    canvas.saveState()
    canvas.setLineWidth(REGISTRATION_CROSS_WIDTH)
    canvas.setStrokeColorRGB(0.3, 0.3, 0.3)
    canvas.setDash(3, 2)
    for x0, y0, x1, y1 in cut_edges(plan, tile):
        canvas.line(x0, y0, x1, y1)
    canvas.restoreState()


def join_text(plan: TilePlan, tile: Tile) -> str:
    """'A1 → join to A2 (right), B1 (below)' (or just the name when the board is one tile)."""
    joins = []
    if tile.col + 1 < plan.cols:
        joins.append(f"{tile_name(tile.row, tile.col + 1)} (right)")
    if tile.row + 1 < plan.rows:
        joins.append(f"{tile_name(tile.row + 1, tile.col)} (below)")
    if not joins:
        return tile.name
    return f"{tile.name} \u2192 join to {', '.join(joins)}"


def _draw_label(canvas: Canvas, plan: TilePlan, tile: Tile, title: str) -> None:
    overlap_mm = plan.overlap / MM
    text = (f"{join_text(plan, tile)}   \u00b7   {title}: tile {tile.name} of {plan.rows * plan.cols} "
            f"({plan.rows} x {plan.cols}); cut the dashed edges, overlap {overlap_mm:g} mm, crosses on crosses")
    canvas.saveState()
    canvas.setFont(*LABEL_FONT)
    canvas.setFillColorRGB(0.2, 0.2, 0.2)
    size = float(LABEL_FONT[1])
    while canvas.stringWidth(text, LABEL_FONT[0], size) > plan.area.w and size > FOOTER_SIZE:
        size -= 0.5
    canvas.setFont(LABEL_FONT[0], size)
    canvas.drawString(plan.area.x, label_baseline(plan, size), text)
    canvas.restoreState()


def label_baseline(plan: TilePlan, size: float) -> float:
    """Where a tile's label of `size` points sits: its descenders clear of the footer band below
    it, in the band under the tile's piece."""
    return plan.margin + FOOTER_BAND + size * 0.25
