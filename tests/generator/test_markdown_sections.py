"""A Markdown document parsed section by section gives the blocks of the whole document parsed at
once (`generator.markdown_sections`): on every shipped rulebook and reference card, and on
documents made of the lines where CommonMark's blocks reach furthest (fences, lists, quotes,
HTML, link definitions, setext headings)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cards import cards_root, game_ids, load_game
from generator.markdown_sections import markdown_blocks, parse_markdown, sections
from generator.reference import reference_markdown
from generator.rulebook import rulebook_markdown


def _shape(node: Any) -> tuple[Any, ...]:
    """What the converter reads of a node and those inside it (the source line numbers aside)."""
    token = node.token or (node.nester_tokens.opening if node.nester_tokens else None)
    own = (node.type, node.tag, node.content, node.markup, node.info, sorted(node.attrs.items()),
           token.hidden if token is not None else None)
    return (*own, tuple(_shape(child) for child in node.children))


def _same_as_whole(text: str) -> bool:
    whole = tuple(_shape(node) for node in parse_markdown(text).children)
    return tuple(_shape(node) for node in markdown_blocks(text)) == whole


def _shipped_texts() -> list[tuple[str, str]]:
    texts = []
    for game in game_ids(cards_root()):
        db = load_game(game)
        texts.append((f"{game} rulebook", rulebook_markdown(db)))
        for reference in db.references:
            for side in filter(None, (reference.front, reference.back)):
                texts.append((f"{game} {side}", reference_markdown(db, side)))
    return texts


def test_every_shipped_text_parses_the_same_in_sections():
    texts = _shipped_texts()
    assert len(texts) >= 8
    for name, text in texts:
        assert "".join(sections(text)) == text, name
        assert _same_as_whole(text), name


def test_a_rulebook_that_lists_every_card_is_cut_at_its_headings():
    """Halfwish's: an edit to one card parses one section again, not 55 kB."""
    text = rulebook_markdown(load_game("halfwish"))
    parts = sections(text)
    assert len(parts) > 20
    holding = [part for part in parts if "Strike for DV" in part]  # an action card's text
    assert holding and sum(len(part) for part in holding) < len(text) / 10
    assert all(part.startswith("#") for part in parts[1:])


def test_a_heading_inside_a_fence_or_after_a_paragraph_line_is_not_a_cut():
    fenced = "Intro\n\n```\ncode\n\n# not a heading\n```\n\n# Heading\n\nText\n"
    assert sections(fenced) == ["Intro\n\n```\ncode\n\n# not a heading\n```\n\n", "# Heading\n\nText\n"]
    assert sections("Text\n# Heading\n") == ["Text\n# Heading\n"]


def test_html_or_a_link_definition_leaves_the_document_whole():
    for text in ("<pre>\n\n# inside\n</pre>\n\n# After\n", "See [rules].\n\n# Next\n\n[rules]: /rules\n"):
        assert sections(text) == [text]
        assert _same_as_whole(text)
    kept = "<!-- pagebreak -->\n\n# Next\n"
    assert sections(kept) == ["<!-- pagebreak -->\n\n", "# Next\n"]


_LINES = [
    "", "", "# Heading", "## Sub", "#no space", " # indented heading", "#", "Text with *stress*", "Title",
    "===", "---", "- item", "1. first", "  continued", "    indented code", "> quoted", ">", "```", "~~~",
    "````", "```python", "| a | b |", "|---|---|", "<!-- pagebreak -->", "<!-- open", "-->", "<div>",
    "[x]: /url", "[x]", "***", "\\pagebreak", "\t# tabbed",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_LINES), max_size=30))
def test_any_document_parses_the_same_in_sections(lines):
    text = "\n".join(lines) + "\n"
    assert "".join(sections(text)) == text
    assert _same_as_whole(text)
