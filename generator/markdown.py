"""Markdown -> reportlab platypus flowables, for rulebooks and reference cards.

Supported: headings (h1-h3, numbered or plain), paragraphs with **bold**, *italic* and
`code`, bullet and numbered lists (nested), GFM pipe tables (header row, zebra rows,
column alignment), block quotes (drawn as boxed example callouts), code blocks,
horizontal rules, page breaks (a `<!-- pagebreak -->` line or a `\\pagebreak` paragraph)
and inline icons written `:name:` (vector glyphs from `generator.icons`).

Directives are HTML comments on a line of their own: `<!-- pagebreak -->`,
`<!-- headings: numbered -->`, `<!-- headings: plain -->`, and `<!-- contents: off -->` /
`<!-- contents: on -->` (headings in between stay out of the table of contents, e.g. the
topics of a long rulings chapter). Any other raw HTML is shown
as text, never interpreted.

The theme and its styles live in `generator.markdown_style`, inline icons and no-break spaces
in `generator.inline`, table column widths in `generator.table_columns`; their names are
importable from here as well.
"""

from __future__ import annotations

import html
import itertools
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    Flowable,
    HRFlowable,
    ListFlowable,
    ListItem,
    PageBreak,
    Table,
    TableStyle,
    XPreformatted,
)

from .diagrams import FlowDiagram, flow_steps
from .diagrams_board import BOARD_COMMENT, BoardDiagram, parse_board
from .diagrams_setup import SETUP_COMMENT, setup_diagram
from .errors import GeneratorError
from .inline import (
    ICON_CALLBACK,
    ICON_PATTERN,
    draw_inline_icon,
    icon_markup,
    icon_names,
    keep_together,
    prepare_canvas,
)
from .keepwith import room_under_introductions
from .markdown_sections import markdown_blocks, parse_markdown
from .markdown_style import Theme, stylesheet
from .paragraphs import Paragraph
from .table_columns import break_parts_evenly, column_widths
from .tables import KeptTable

if TYPE_CHECKING:
    from markdown_it.tree import SyntaxTreeNode

PAGEBREAK_COMMENT = re.compile(r"^\s*<!--\s*pagebreak\s*-->\s*$", re.IGNORECASE)
HEADINGS_COMMENT = re.compile(r"^\s*<!--\s*headings:\s*(numbered|plain)\s*-->\s*$", re.IGNORECASE)
CONTENTS_COMMENT = re.compile(r"^\s*<!--\s*contents:\s*(on|off)\s*-->\s*$", re.IGNORECASE)
PAGEBREAK_LINE = "\\pagebreak"


class MarkdownError(GeneratorError):
    """Markdown that cannot be laid out (for example a page break on a reference card)."""


def markdown_to_flowables(text: str, width: float, theme: Theme | None = None) -> list[Flowable]:
    """Lay out a Markdown document as flowables for a frame `width` points wide."""
    converter = _Converter(theme or Theme(), width)
    return converter.convert(text)


@dataclass
class _HeadingCounter:
    """Section numbers for numbered headings: 1, 1.1, 1.1.1."""

    counts: list[int] = field(default_factory=lambda: [0, 0, 0])

    def next(self, level: int) -> str:
        self.counts[level - 1] += 1
        for deeper in range(level, len(self.counts)):
            self.counts[deeper] = 0
        return ".".join(str(n) for n in self.counts[:level])


@dataclass
class _TableParts:
    """A Markdown table's cells, their plain texts and fonts (for sizing columns), header rows."""

    cells: list[list[Paragraph]]
    texts: list[list[str]]
    fonts: list[list[str]]
    header_rows: int


class _Converter:
    """Walks the syntax tree once, turning each block into flowables."""

    def __init__(self, theme: Theme, width: float):
        self.theme = theme
        self.width = width
        self.styles = stylesheet(theme)
        self.icons = icon_names()
        self.numbered = theme.numbered
        self.in_contents = True
        self.counter = _HeadingCounter()
        # a table cell's style by header and alignment: made once, not per cell (a rulebook's
        # card lists hold hundreds of cells, and each new style is keyed anew by `paragraphs`)
        self.cell_styles: dict[tuple[bool, int], ParagraphStyle] = {}

    def convert(self, text: str) -> list[Flowable]:
        flowables = self._blocks(markdown_blocks(text), self.width)
        if self.theme.heading_room:
            return room_under_introductions(flowables, self.width, self.theme.heading_room * self.theme.leading)
        return flowables

    def _blocks(self, nodes: list[SyntaxTreeNode], width: float) -> list[Flowable]:
        out: list[Flowable] = []
        for is_table, group in itertools.groupby(nodes, key=lambda node: node.type == "table"):
            if is_table:
                out.extend(self._tables(list(group), width))
            else:
                out.extend(flowable for node in group for flowable in self._block(node, width))
        return out

    def _block(self, node: SyntaxTreeNode, width: float) -> list[Flowable]:
        kind = node.type
        if kind == "heading":
            return [self._heading(node)]
        if kind == "paragraph":
            return self._paragraph(node, self.styles["body"])
        if kind in ("bullet_list", "ordered_list"):
            return [self._list(node, width)]
        if kind == "table":
            return self._tables([node], width)
        if kind == "blockquote":
            return [self._callout(node, width)]
        if kind == "hr":
            return [HRFlowable(width="100%", thickness=0.6, color=colors.HexColor(self.theme.rule_color),
                               spaceBefore=self.theme.body_size * 0.4, spaceAfter=self.theme.body_size * 0.8)]
        if kind in ("code_block", "fence"):
            return [XPreformatted(html.escape(node.content.rstrip("\n")), self.styles["code"])]
        if kind == "html_block":
            return self._html_block(node.content)
        raise MarkdownError(f"unsupported Markdown block {kind!r}")

    def _html_block(self, content: str) -> list[Flowable]:
        if PAGEBREAK_COMMENT.match(content):
            return [PageBreak()]
        directive = HEADINGS_COMMENT.match(content)
        if directive:
            self.numbered = directive.group(1).lower() == "numbered"
            return []
        contents = CONTENTS_COMMENT.match(content)
        if contents:
            self.in_contents = contents.group(1).lower() == "on"
            return []
        board = BOARD_COMMENT.match(content)
        if board:
            return [BoardDiagram(parse_board(board.group(1)), self.theme, self.width)]
        setup = SETUP_COMMENT.match(content)
        if setup:
            return [setup_diagram(setup.group(1), setup.group(2), self.theme, self.width)]
        steps = flow_steps(content)
        if steps:
            return [FlowDiagram(steps, self.theme.body_font, self.theme.body_size * 0.85, self.theme.accent,
                                self.theme.zebra)]
        if content.lstrip().startswith("<!--"):
            return []  # an ordinary comment: a note for template authors
        return [Paragraph(html.escape(content.strip()), self.styles["body"])]

    def _heading(self, node: SyntaxTreeNode) -> Flowable:
        level = min(int(node.tag[1]), 3)
        style = self.styles[f"h{level}"]
        plain = _plain_text(node)
        markup = self._inline(node.children[0])
        if self.numbered:
            number = self.counter.next(level)
            markup = f"{number}{'.' if level == 1 else ''}&nbsp;&nbsp;{markup}"
            plain = f"{number}{'.' if level == 1 else ''} {plain}"
        heading = Paragraph(markup, style)
        if self.in_contents:
            heading.toc_level = level - 1  # read by the rulebook's table of contents
        heading.toc_text = plain
        return heading

    def _paragraph(self, node: SyntaxTreeNode, style: ParagraphStyle) -> list[Flowable]:
        if _plain_text(node).strip() == PAGEBREAK_LINE:
            return [PageBreak()]
        return [Paragraph(self._inline(node.children[0]), style)]

    def _list(self, node: SyntaxTreeNode, width: float) -> Flowable:
        ordered = node.type == "ordered_list"
        indent = self.theme.body_size * (1.8 if ordered else 1.3)
        items = [ListItem(self._item_body(item, width - indent)) for item in node.children]
        options: dict[str, Any] = {"bulletType": "1" if ordered else "bullet", "leftIndent": indent,
                                   "bulletFontName": self.theme.bold_font if ordered else self.theme.body_font,
                                   "bulletFontSize": self.theme.body_size,
                                   "bulletColor": colors.HexColor(self.theme.accent),
                                   "spaceAfter": self.theme.body_size * 0.35}
        if ordered:
            options["start"] = str(node.attrs.get("start", 1))
            options["bulletFormat"] = "%s."
        else:
            options["start"] = "\u2022"
        return ListFlowable(items, **options)

    def _item_body(self, item: SyntaxTreeNode, width: float) -> list[Flowable]:
        out: list[Flowable] = []
        for child in item.children:
            if child.type == "paragraph":
                out.extend(self._paragraph(child, self.styles["item"]))
            else:
                out.extend(self._block(child, width))
        return out

    def _tables(self, nodes: list[SyntaxTreeNode], width: float) -> list[Flowable]:
        """Tables one after another with the same number of columns (Halfwish's three odds
        tables) share their column widths, sized by all their rows, so their columns line up."""
        parts = [self._table_parts(node) for node in nodes]
        out: list[Flowable] = []
        for _, group in itertools.groupby(parts, key=lambda part: len(part.texts[0])):
            same = list(group)
            widths = column_widths([row for part in same for row in part.texts], width, self.styles["cell"],
                                   [row for part in same for row in part.fonts])
            out.extend(self._table(part, widths) for part in same)
        return out

    def _table_parts(self, node: SyntaxTreeNode) -> _TableParts:
        rows = [tr for section in node.children for tr in section.children]
        header_rows = len(node.children[0].children) if node.children[0].type == "thead" else 0
        return _TableParts(
            cells=[[self._cell(td, r < header_rows) for td in tr.children] for r, tr in enumerate(rows)],
            texts=[[_plain_text(td) for td in tr.children] for tr in rows],
            fonts=[[self.theme.bold_font if r < header_rows or _has_strong(td) else self.theme.body_font
                    for td in tr.children] for r, tr in enumerate(rows)],
            header_rows=header_rows)

    def _table(self, parts: _TableParts, widths: list[float]) -> Flowable:
        cells, header_rows = parts.cells, parts.header_rows
        break_parts_evenly(cells, parts.texts, parts.fonts, widths, header_rows, self.styles["cell"])
        table = KeptTable(cells, colWidths=widths, repeatRows=header_rows, hAlign="LEFT")
        table.setStyle(self._table_style(len(cells), header_rows))
        table.spaceBefore = self.theme.body_size * 0.2
        table.spaceAfter = self.theme.body_size * 0.8
        return table

    def _cell(self, td: SyntaxTreeNode, is_header: bool) -> Paragraph:
        align = {"text-align:right": TA_RIGHT, "text-align:center": TA_CENTER}.get(
            str(td.attrs.get("style", "")), TA_LEFT)
        style = self.cell_styles.get((is_header, align))
        if style is None:
            base = self.styles["head_cell" if is_header else "cell"]
            style = self.cell_styles[is_header, align] = ParagraphStyle(f"{base.name}-{align}", parent=base,
                                                                        alignment=align)
        inline = td.children[0] if td.children else None
        return Paragraph(self._inline(inline) if inline else "", style)

    def _table_style(self, n_rows: int, header_rows: int) -> TableStyle:
        pad = self.theme.body_size * 0.4
        commands: list[tuple[Any, ...]] = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), pad * 0.7), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
            ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("LINEBELOW", (0, -1), (-1, -1), 0.6, colors.HexColor(self.theme.rule_color)),
        ]
        if header_rows:
            commands.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.HexColor(self.theme.table_header)))
        for row in range(header_rows + 1, n_rows, 2):
            commands.append(("BACKGROUND", (0, row), (-1, row), colors.HexColor(self.theme.zebra)))
        return TableStyle(commands)

    def _callout(self, node: SyntaxTreeNode, width: float) -> Flowable:
        pad = self.theme.body_size * 0.7
        body = self._blocks(node.children, width - 2 * pad - 3)
        box = Table([[body]], colWidths=[width], hAlign="LEFT")
        box.setStyle(TableStyle([
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(self.theme.callout_fill)),
            ("LINEBEFORE", (0, 0), (0, -1), 3, colors.HexColor(self.theme.callout_edge)),
            ("LEFTPADDING", (0, 0), (-1, -1), pad + 3), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.3),
        ]))
        box.spaceBefore = self.theme.body_size * 0.2
        box.spaceAfter = self.theme.body_size * 0.8
        return box

    def _inline(self, node: SyntaxTreeNode | None) -> str:
        """Reportlab paragraph markup for an inline node and its children."""
        if node is None:
            return ""
        return "".join(self._inline_part(child) for child in node.children)

    def _inline_part(self, node: SyntaxTreeNode) -> str:
        kind = node.type
        if kind == "text":
            return self._text_with_icons(node.content)
        if kind == "strong":
            return f"<b>{self._inline(node)}</b>"
        if kind == "em":
            return f"<i>{self._inline(node)}</i>"
        if kind == "code_inline":
            return f'<font name="{self.theme.code_font}">{html.escape(node.content)}</font>'
        if kind == "softbreak":
            return " "
        if kind == "hardbreak":
            return "<br/>"
        if kind == "link":
            return self._inline(node)  # printed pages: the words, not the address
        if kind in ("html_inline", "image"):
            return html.escape(node.content or _plain_text(node))
        raise MarkdownError(f"unsupported Markdown inline element {kind!r}")

    def _text_with_icons(self, text: str) -> str:
        text = keep_together(text, self.icons)
        out, last = [], 0
        for match in ICON_PATTERN.finditer(text):
            if match.group(1) not in self.icons:
                continue
            out.append(html.escape(text[last:match.start()]))
            out.append(icon_markup(match.group(1)))
            last = match.end()
        out.append(html.escape(text[last:]))
        return "".join(out)


def _plain_text(node: SyntaxTreeNode) -> str:
    """The text of a node without markup."""
    if node.type in ("text", "code_inline"):
        return node.content
    if node.type in ("softbreak", "hardbreak"):
        return " "
    return "".join(_plain_text(child) for child in node.children)


def _has_strong(node: SyntaxTreeNode) -> bool:
    """Does the node hold **bold** text (measured in the bold font, which is wider)?"""
    return node.type == "strong" or any(_has_strong(child) for child in node.children)


__all__ = [
    "ICON_CALLBACK", "ICON_PATTERN", "MarkdownError", "Theme", "draw_inline_icon", "icon_names", "keep_together",
    "markdown_to_flowables", "parse_markdown", "prepare_canvas", "stylesheet",
]
