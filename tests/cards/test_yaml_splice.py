"""A file parsed again by its one changed list item (`cards.yamlsplice`): whenever a splice is
made, its values and every place (line, column) are those of parsing the edited file whole."""

from __future__ import annotations

from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cards.yamlsplice import splice
from cards.yamlsrc import load_yaml, parsed_text, parses_from
from tests.memory_store import MemoryStore

SCALARS = st.sampled_from(["Ember", "2", "-3", "true", "null", "'quoted: yes'", '"two\\nlines"', "1.5",
                           "a: b", "[1, 2]", "{x: 1}", "~", "'#not a comment'", "Tom & Jerry", "**bold**"])


@st.composite
def decks(draw: st.DrawFn) -> tuple[list[str], list[list[str]]]:
    """A deck file as a header and its cards, each card a list of lines."""
    cards = []
    for number in range(draw(st.integers(2, 6))):
        lines = [f"      - id: card-{number}\n"]
        for field in draw(st.lists(st.sampled_from(["name", "cost", "text", "tags", "note"]), unique=True)):
            if field == "tags":
                lines += ["        tags:\n"] + [f"          - {draw(SCALARS)}\n" for _ in range(draw(st.integers(1, 3)))]
            elif field == "note":
                lines += ["        note: |\n", f"          {draw(SCALARS)}\n", "          more\n"]
            else:
                lines.append(f"        {field}: {draw(SCALARS)}\n")
        if draw(st.booleans()):
            lines.append("        # a comment\n")
        cards.append(lines)
    return ["decks:\n", "  - id: spells\n", "    cards:\n"], cards


def _text(header: list[str], cards: list[list[str]], footer: str) -> str:
    return "".join(header) + "".join(line for card in cards for line in card) + footer


@settings(max_examples=300, deadline=None)
@given(decks(), st.data())
def test_a_splice_gives_what_parsing_the_edited_file_whole_gives(deck, data) -> None:
    header, cards = deck
    footer = data.draw(st.sampled_from(["", "  - id: more\n    cards: []\n"]))
    before = _text(header, cards, footer)
    edited = [list(card) for card in cards]
    card = edited[data.draw(st.integers(0, len(edited) - 1))]
    at = data.draw(st.integers(1, len(card)))
    change = data.draw(st.sampled_from(["replace", "insert", "delete"]))
    line = data.draw(st.sampled_from([f"        cost: {data.draw(SCALARS)}\n", "        name: Changed\n",
                                      "        # new comment\n", "  bad: indent\n", "        dup: 1\n"]))
    if change == "replace" and at < len(card):
        card[at] = line
    elif change == "insert":
        card.insert(at, line)
    elif at < len(card):
        del card[at]
    after = _text(header, edited, footer)
    old = parsed_text(before)
    assume(old is not None)  # some drawn values are not plain YAML scalars (`a: b`)
    assert old is not None
    whole = parsed_text(after)
    spliced = splice(before, old[0], old[1], after, parsed_text)
    if spliced is not None:
        assert whole is not None
        assert spliced[0] == whole[0]
        assert spliced[1] == whole[1]


def test_a_spliced_load_is_a_whole_parse_with_its_places(tmp_path: Path) -> None:
    cards = "".join(f"  - id: c{n}\n    name: Card {n}\n    text: |\n      Line {n}\n" for n in range(50))
    path = tmp_path / "deck.yaml"
    path.write_text("cards:\n" + cards)
    store = MemoryStore()
    with parses_from(store):
        load_yaml(path)
        path.write_text("cards:\n" + cards.replace("    name: Card 7\n", "    name: Card seven\n    cost: 2\n"))
        spliced, problems = load_yaml(path)
    whole, whole_problems = load_yaml(path)
    assert problems == whole_problems == []
    assert spliced.data == whole.data and spliced.marks == whole.marks
    assert spliced.locate(("cards", 40, "text")) == whole.locate(("cards", 40, "text")) == (1 + 40 * 4 + 3 + 1, 5)  # card 7 grew a line


def test_a_file_with_an_anchor_or_a_change_outside_one_item_is_parsed_whole() -> None:
    items = "".join(f"- id: c{n}\n  name: Card {n}\n" for n in range(4))
    for before, after in [
        ("base: &b {cost: 1}\ncards:\n" + items, "base: &b {cost: 2}\ncards:\n" + items),  # an anchor
        ("cards:\n" + items, "cards:\n" + items.replace("Card 1\n", "Card 1\n- id: new\n")),  # a new item
        ("cards:\n" + items, "cards:\n" + items.replace("Card 1", "One").replace("Card 2", "Two")),  # two items
        ("cards:\n" + items, "cards:\n" + items.replace("Card 3", "Three")),  # the last item: no next one
    ]:
        old = parsed_text(before)
        assert old is not None
        assert splice(before, old[0], old[1], after, parsed_text) is None, after
