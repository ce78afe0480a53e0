"""Table columns sized by their content: widths shared by what each column wants, and cells made
of parts ("44.4% / 0.0% / 55.6%") broken alike when a column is too narrow for them."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from .paragraphs import Paragraph


def column_widths(texts: list[list[str]], width: float, style: ParagraphStyle,
                   fonts: list[list[str]] | None = None) -> list[float]:
    """Share the width between columns by their content; wrap at spaces, never inside a word.

    Each column gets at least its longest word, and the rest of the width goes to the columns
    whose text does not fit on one line, in proportion to how much more they want; or, where
    that makes the table no taller, the columns whose text fits an even share of the width keep
    it on one line first (a card's name beside its long rules text: print audit, "Long /
    Strike" with the Copies column half empty)."""
    padding = style.fontSize * 0.8 + 2
    fonts = fonts or [[style.fontName] * len(row) for row in texts]
    columns = _columns([list(zip(row, row_fonts, strict=True)) for row, row_fonts in zip(texts, fonts, strict=True)])
    natural = [_column_extent(column, style.fontSize, longest_word=False) + padding for column in columns]
    narrowest = [_column_extent(column, style.fontSize, longest_word=True) + padding for column in columns]
    if sum(natural) <= width:
        return natural
    if sum(narrowest) >= width:  # even single words do not fit: shrink in proportion
        return [width * n / sum(narrowest) for n in narrowest]
    shared = _shared(natural, narrowest, width, set())
    whole = _kept_whole(natural, narrowest, width)
    if not whole:
        return shared
    kept = _shared(natural, narrowest, width, whole)
    inside = padding - 2  # a cell's own padding: `padding` has 2 points to spare for a whole line

    def lines(widths: list[float]) -> int:
        """The table's height in lines: each row as tall as its tallest cell."""
        return sum(max(_line_count(text, font, style.fontSize, widths[col] - inside) for col, (text, font) in enumerate(row))
                   for row in zip(*columns, strict=True))
    return kept if lines(kept) <= lines(shared) else shared


def _shared(natural: list[float], narrowest: list[float], width: float, whole: set[int]) -> list[float]:
    """The columns in `whole` at their full width, the others at their longest word and a share of
    what is left by how much more they want."""
    left = width - sum(natural[col] for col in whole)
    rest = [col for col in range(len(natural)) if col not in whole]
    spare = left - sum(narrowest[col] for col in rest)
    wants = {col: natural[col] - narrowest[col] for col in rest}
    total = sum(wants.values()) or 1.0
    return [natural[col] if col in whole else narrowest[col] + spare * wants[col] / total for col in range(len(natural))]


def _line_count(text: str, font: str, size: float, width: float) -> int:
    """How many lines `text` takes at `width`, broken at spaces as a paragraph breaks it."""
    lines, used = 1, 0.0
    space = stringWidth(" ", font, size)
    for word in text.split():
        extent = stringWidth(word, font, size)
        if used and used + space + extent > width:
            lines, used = lines + 1, extent
        else:
            used += (space if used else 0.0) + extent
    return lines


def _kept_whole(natural: list[float], narrowest: list[float], width: float) -> set[int]:
    """The columns that keep their text on one line: those within an even share of the width
    the others leave, found again as each one kept takes its width (never all of them, and
    never so many that the others lose their longest words)."""
    whole: set[int] = set()
    while True:
        rest = [col for col in range(len(natural)) if col not in whole]
        share = (width - sum(natural[col] for col in whole)) / len(rest)
        fits = {col for col in rest if natural[col] <= share}
        if not fits or len(fits) == len(rest):
            return whole
        taken = whole | fits
        if sum(natural[col] for col in taken) + sum(narrowest[col] for col in rest if col not in fits) > width:
            return whole
        whole = taken


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
