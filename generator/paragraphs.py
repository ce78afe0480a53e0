"""reportlab's Paragraph, breaking its lines once per width.

Platypus asks a paragraph for its size several times at the same width before it draws it: the
frame to see whether it fits, a kept-together group or a table cell to measure it, a split to
find where it breaks, and every pass of a rulebook's layout (`multiBuild`, `build_pulled_back`).
Each time reportlab breaks the lines again. In a Halfwish rulebook three wraps in four repeat the
one before, and breaking lines is half of laying the book out.

`Paragraph.wrap` keeps the lines of its last wrap with what they were broken from (the width,
the style object and the fragments list), and gives them back when asked again with the same;
anything else breaks them again. The lines are only read after breaking (drawing and splitting
copy what they change), so the pages are the very ones reportlab draws without this (the kit
tests compare bytes).
"""

from __future__ import annotations

from reportlab.platypus import paragraph


class Paragraph(paragraph.Paragraph):  # type: ignore[misc]  # reportlab has no type hints
    """A platypus Paragraph that remembers its last line breaking (see the module's text)."""

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        last = self.__dict__.get("_last_wrap")
        if last is not None and last[0] == availWidth and last[1] is self.style and last[2] is self.frags:
            self.width = availWidth
            self._wrapWidths, self.blPara, self.height = last[3:]
            height: float = self.height
            return availWidth, height
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        if "blPara" in self.__dict__ and self.width == availWidth:  # lines were broken (the width was not too small)
            self._last_wrap = (availWidth, self.style, self.frags, self._wrapWidths, self.blPara, self.height)
        return size
