"""The typography of rulebooks and reference cards: one `Theme` and the paragraph styles made from it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle


@dataclass(frozen=True)
class Theme:
    """The typography of rulebooks and reference cards: the one home of their styles."""

    body_font: str = "Helvetica"
    bold_font: str = "Helvetica-Bold"
    italic_font: str = "Helvetica-Oblique"
    heading_font: str = "Helvetica-Bold"
    code_font: str = "Courier"
    body_size: float = 10.5
    leading_ratio: float = 1.38
    heading_scale: tuple[float, float, float] = (1.85, 1.4, 1.15)
    text_color: str = "#222222"
    accent: str = "#8e1b3b"
    muted: str = "#666666"
    rule_color: str = "#bbbbbb"
    table_header: str = "#8e1b3b"
    table_header_text: str = "#ffffff"
    zebra: str = "#f6eef0"
    callout_fill: str = "#fbf6ec"
    callout_edge: str = "#d9a441"
    space_after: float = 0.55  # paragraph spacing, in multiples of the body size
    numbered: bool = False
    # Lines of body text a heading needs below it on its page, or it starts the next page (a
    # rulebook: a heading alone at the foot of a page, its text overleaf); 0 on a reference card,
    # whose one frame has no next page.
    heading_room: float = 0

    def scaled(self, body_size: float) -> Theme:
        """The same theme at another body size (reference cards shrink to fit)."""
        return replace(self, body_size=body_size)

    @property
    def leading(self) -> float:
        return self.body_size * self.leading_ratio


def stylesheet(theme: Theme) -> dict[str, ParagraphStyle]:
    """Paragraph styles for every block kind, derived from the theme."""
    size, lead = theme.body_size, theme.leading
    ink = colors.HexColor(theme.text_color)
    # allowWidows=0: a paragraph's last line is never left alone at the head of a page (print
    # audit: `is fought by both players.` opened a page of the Halfwish rulebook)
    body = ParagraphStyle("body", fontName=theme.body_font, fontSize=size, leading=lead,
                          textColor=ink, spaceAfter=size * theme.space_after, allowWidows=0)
    styles = {"body": body}
    for level, scale in enumerate(theme.heading_scale, start=1):
        styles[f"h{level}"] = ParagraphStyle(
            f"h{level}", parent=body, fontName=theme.heading_font, fontSize=size * scale,
            leading=size * scale * 1.2, textColor=colors.HexColor(theme.accent if level < 3 else theme.text_color),
            spaceBefore=size * (1.6 if level == 1 else 1.0), spaceAfter=size * 0.45, keepWithNext=1)
    styles["cell"] = ParagraphStyle("cell", parent=body, spaceAfter=0, leading=size * 1.25)
    styles["head_cell"] = ParagraphStyle("head_cell", parent=styles["cell"], fontName=theme.bold_font,
                                         textColor=colors.HexColor(theme.table_header_text))
    styles["code"] = ParagraphStyle("code", parent=body, fontName=theme.code_font, fontSize=size * 0.9,
                                    leading=size * 1.2, backColor=colors.HexColor("#f2f2f2"),
                                    borderPadding=(3, 4, 3, 4), spaceBefore=size * 0.3)
    styles["item"] = ParagraphStyle("item", parent=body, spaceAfter=size * 0.2)
    return styles
