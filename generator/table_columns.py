"""Table columns sized by their content: widths shared by what each column wants, and cells made
of parts ("44.4% / 0.0% / 55.6%") broken alike when a column is too narrow for them."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from .paragraphs import Paragraph


def column_widths(texts: list[list[str]], width: float, style: ParagraphStyle,
                   fonts: list[list[str]] | None = None) -> list[float]:
    """Share the width between columns by their content; wrap at spaces, never inside a word.

    Each column gets at least its longest word; the rest of the width goes to the columns
    whose full text does not fit on one line, in proportion to how much more they want."""
    padding = style.fontSize * 0.8 + 2
    fonts = fonts or [[style.fontName] * len(row) for row in texts]
    columns = _columns([list(zip(row, row_fonts, strict=True)) for row, row_fonts in zip(texts, fonts, strict=True)])
    natural = [_column_extent(column, style.fontSize, longest_word=False) + padding for column in columns]
    narrowest = [_column_extent(column, style.fontSize, longest_word=True) + padding for column in columns]
    if sum(natural) <= width:
        return natural
    if sum(narrowest) >= width:  # even single words do not fit: shrink in proportion
        return [width * n / sum(narrowest) for n in narrowest]
    spare = width - sum(narrowest)
    wants = [w - n for w, n in zip(natural, narrowest, strict=True)]
    return [n + spare * want / sum(wants) for n, want in zip(narrowest, wants, strict=True)]


PART_SEPARATOR = " / "


def break_parts_evenly(cells: list[list[Paragraph]], texts: list[list[str]], fonts: list[list[str]],
                        widths: list[float], header_rows: int, style: ParagraphStyle) -> None:
    """A column of cells made of parts ("44.4% / 0.0% / 55.6%") that does not fit on one line
    breaks every cell after each part, so all its cells wrap alike instead of wherever a line
    happens to fill."""
    padding = style.fontSize * 0.8 + 2
    body = range(header_rows, len(cells))
    for col, width in enumerate(widths):
        column = [(r, texts[r][col], fonts[r][col]) for r in body if col < len(texts[r])]
        if not column or not all(PART_SEPARATOR in text for _, text, _ in column):
            continue
        if all(stringWidth(text, font, style.fontSize) + padding <= width for _, text, font in column):
            continue
        for r, _, _ in column:
            cell = cells[r][col]
            cells[r][col] = Paragraph(cell.text.replace(PART_SEPARATOR, " /<br/>"), cell.style)


def _columns(cells: list[list[tuple[str, str]]]) -> list[list[tuple[str, str]]]:
    """The table's (text, font) cells column by column (short rows count as empty cells)."""
    n_cols = max(len(row) for row in cells)
    return [[row[col] if col < len(row) else ("", "Helvetica") for row in cells] for col in range(n_cols)]


def _column_extent(column: list[tuple[str, str]], size: float, *, longest_word: bool) -> float:
    """The widest cell of a column on one line, or (`longest_word`) its widest single word."""
    pieces = [(word, font) for text, font in column for word in (text.split() if longest_word else [text])]
    return max((stringWidth(piece, font, size) for piece, font in pieces), default=0.0)
