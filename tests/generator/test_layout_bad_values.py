"""A layout value that a bad database value breaks is a located LayoutError, never a traceback."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.cardlayout import Box, Layout, render_layout
from generator.errors import LayoutError

TRACK = {"id": "health", "type": "track", "x": 0, "y": 0, "w": 40, "h": 10, "from": 0, "to": 5}
TEXT = {"id": "title", "type": "text", "x": 0, "y": 0, "w": 40, "h": 10, "text": "Hi"}


def draw(element: dict, rules: dict) -> None:
    layout = Layout("mat", Path("mat.yaml"), (element,))
    render_layout(Canvas(io.BytesIO()), layout, Box(0, 0, 200, 200), {"rules": rules}, "sheet 'mat'")


@pytest.mark.parametrize(("element", "rules", "message"), [
    ({**TRACK, "to": "{{ rules.top }}"}, {"top": "ten"},
     "sheet 'mat': layout 'mat' element 'health': to: expected a whole number, got 'ten'"),
    ({**TRACK, "columns": "{{ rules.top }}"}, {"top": "two"}, "element 'health': columns: expected a whole number"),
    ({**TEXT, "size": "{{ rules.top }}"}, {"top": "big"}, "element 'title': size: expected a number, got 'big'"),
    ({**TRACK, "to": "{{ rules.top + 1 }}"}, {"top": "ten"},
     "element 'health': cannot evaluate '{{ rules.top + 1 }}': TypeError"),
    ({**TRACK, "to": "{{ 10 // rules.top }}"}, {"top": 0},
     "element 'health': cannot evaluate '{{ 10 // rules.top }}': ZeroDivisionError"),
], ids=["track-to", "track-columns", "text-size", "type-error", "zero-division"])
def test_bad_value_in_a_layout_is_a_located_error(element: dict, rules: dict, message: str) -> None:
    with pytest.raises(LayoutError) as info:
        draw(element, rules)
    assert message in str(info.value)


def test_good_values_draw() -> None:
    draw({**TRACK, "to": "{{ rules.top }}", "columns": "{{ rules.top // 2 }}"}, {"top": 10})


@pytest.mark.parametrize(("extra", "advice"), [
    ({}, "shorten the text, enlarge the box or give the element a min_size below 10 pt"),
    ({"min_size": 9}, "shorten the text or enlarge the box"),
])
def test_a_text_too_long_for_its_box_says_it_may_shrink_only_with_a_min_size(extra: dict, advice: str) -> None:
    from generator.cardtext import set_text
    from generator.errors import TextOverflow

    element = {"id": "body", "type": "text", "x": 0, "y": 0, "w": 20, "h": 3, "size": 10,
               "text": "Draw up to four cards, then discard two of them.", **extra}
    with pytest.raises(TextOverflow) as caught:
        set_text(element, Box(0, 0, 200, 200), {}, "card 'creeper': layout 'vine' element 'body'")
    message = str(caught.value)
    assert message.startswith("card 'creeper': layout 'vine' element 'body': text does not fit its box even at ")
    assert message.endswith(advice)


def test_what_is_kept_per_element_never_hides_a_card_s_own_value() -> None:
    """Plain lengths and text styles are read once per element; bound ones on every card, and a
    bad plain value is reported on every card that draws it."""
    from generator.cardtext import set_text

    element = {**TEXT, "x": "{{ rules.x }}", "color": "{{ rules.ink }}"}
    first = set_text(element, Box(0, 0, 200, 200), {"rules": {"x": 5, "ink": "#112233"}}, "card 1")
    second = set_text(element, Box(0, 0, 200, 200), {"rules": {"x": 9, "ink": "#445566"}}, "card 2")
    assert first is not None and second is not None
    assert (first.box[0], first.style.color) != (second.box[0], second.style.color)
    bad = {**TEXT, "w": "wide"}
    for card in ("card 1", "card 2"):
        with pytest.raises(LayoutError, match=f"{card}: expected a length like '4mm', got 'wide'"):
            set_text(bad, Box(0, 0, 200, 200), {"rules": {}}, card)
