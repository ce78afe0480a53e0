"""Read drawing operations back from a real PDF page (pypdf), for geometry tests in points."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass(frozen=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def vertical(self) -> bool:
        return abs(self.x0 - self.x1) < 1e-6

    @property
    def horizontal(self) -> bool:
        return abs(self.y0 - self.y1) < 1e-6

    @property
    def length(self) -> float:
        return max(abs(self.x1 - self.x0), abs(self.y1 - self.y0))


def operations(reader: PdfReader, page: int) -> list[tuple[list, bytes]]:
    """The page's content stream as (operands, operator) pairs."""
    content = ContentStream(reader.pages[page].get_contents(), reader)
    return [(list(operands), operator) for operands, operator in content.operations]


def segments(reader: PdfReader, page: int) -> list[Segment]:
    """Every straight `x y m x y l` line drawn on the page (page coordinates when no `cm` applies)."""
    found, start = [], None
    for operands, op in operations(reader, page):
        if op == b"m":
            start = tuple(float(v) for v in operands)
        elif op == b"l" and start is not None:
            end = tuple(float(v) for v in operands)
            found.append(Segment(*start, *end))
            start = end
    return found


def rects(reader: PdfReader, page: int, then: bytes) -> list[tuple[float, float, float, float]]:
    """Every `re` rectangle whose next operator is `then` (b'W*' for clips, b'f*' for fills)."""
    ops = operations(reader, page)
    return [tuple(float(v) for v in operands) for (operands, op), (_, after) in pairwise(ops)
            if op == b"re" and after == then]
