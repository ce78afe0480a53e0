"""A Markdown document cut into sections at its headings, each parsed on its own and remembered.

An edit to one card changes one line of a rulebook that lists every card; parsed whole, the
rulebook's 55 kB took 36 ms to parse again on each rebuild. Cut before each heading, only the
section with the edit is parsed again (`markdown_blocks`), and the blocks are those of the
whole document parsed at once, provided no construct reaches across the cut:

- the cut is before an ATX heading (`#` to `######`) at the start of a line, after a blank line,
  outside a fenced code block: CommonMark closes every open paragraph, list, quote and indented
  code block there, so the heading starts a new block whatever came before;
- a document with raw HTML on a line of its own (other than a one-line `<!-- comment -->`) or a
  link reference definition (`[name]: url`, which counts throughout the document) is not cut.

`tests/generator/test_markdown_sections.py` compares the two parses on every shipped rulebook and
reference card and on generated documents.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.tree import SyntaxTreeNode

_HEADING = re.compile(r"#{1,6}(?:[ \t]|$)")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
_HTML_LINE = re.compile(r" {0,3}<")
_ONE_LINE_COMMENT = re.compile(r" {0,3}<!--.*-->\s*$")
_REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:", re.MULTILINE)


def sections(text: str) -> list[str]:
    """`text` cut before each heading that starts a new block whatever precedes it (see above);
    joined, the sections are `text`."""
    if _REFERENCE.search(text):
        return [text]
    cuts = [0]
    fence = ""  # the open fence's marker, "" outside one
    blank_before = True
    offset = 0
    for line in text.splitlines(keepends=True):
        if fence:
            closing = _FENCE.match(line)
            if closing and closing.group(1)[0] == fence[0] and len(closing.group(1)) >= len(fence) \
                    and not line[closing.end():].strip():
                fence = ""
        elif opening := _FENCE.match(line):
            fence = opening.group(1)
        elif _HTML_LINE.match(line) and not _ONE_LINE_COMMENT.match(line):
            return [text]
        elif blank_before and offset and _HEADING.match(line):
            cuts.append(offset)
        blank_before = not line.strip()
        offset += len(line)
    return [text[start:end] for start, end in zip(cuts, [*cuts[1:], len(text)], strict=True)]


def markdown_blocks(text: str) -> list[SyntaxTreeNode]:
    """The top-level blocks of `text`, as parsing it whole gives them, each section parsed once
    per process (`parse_markdown`). The nodes are shared: read them, never change them."""
    return [node for section in sections(text) for node in parse_markdown(section).children]


@lru_cache(maxsize=1024)
def parse_markdown(text: str) -> SyntaxTreeNode:
    """The Markdown syntax tree (CommonMark plus GFM tables) of `text`, parsed once per text: a
    build checks the rulebook and then lays it out, per paper. The tree is shared: read it, never
    change it. (markdown-it is imported here: a rebuild that lays out no Markdown does not start it.)"""
    from markdown_it.tree import SyntaxTreeNode

    return SyntaxTreeNode(_parser().parse(text))


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).enable("table")
