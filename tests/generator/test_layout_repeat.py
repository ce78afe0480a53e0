"""Layout `repeat`: one element drawn once per number, the number bound under its name."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.cardlayout import Box, Layout, render_layout
from generator.errors import LayoutError


def _draw(elements: list[dict], context: dict) -> str:
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(400, 400))
    render_layout(canvas, Layout("test", Path("test.yaml"), tuple(elements)), Box(0, 0, 400, 400), context, "component 'x'")
    canvas.save()
    return PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text()


def test_an_element_is_drawn_once_per_value_with_the_value_bound():
    rooms = {"id": "room", "type": "text", "x": "{{ 5 + (room - 1) * 20 }}", "y": 5, "w": 18, "h": 8,
             "text": "R{{ room }}", "repeat": {"name": "room", "from": 1, "to": "{{ rules.rooms }}"}}
    text = _draw([rooms], {"rules": {"rooms": 5}})
    assert text.split() == ["R1", "R2", "R3", "R4", "R5"]


def test_when_is_checked_for_each_repetition():
    special = {"id": "buff", "type": "text", "x": "{{ (n - 1) * 20 }}", "y": 5, "w": 18, "h": 8, "text": "B{{ n }}",
               "when": "{{ n in buffs }}", "repeat": {"name": "n", "from": 1, "to": 6}}
    assert _draw([special], {"buffs": {3: 1, 6: 2}}).split() == ["B3", "B6"]


@pytest.mark.parametrize("spec", [{"name": "n", "from": 1}, [1, 2], {"name": "n", "from": "one", "to": 3}])
def test_a_malformed_repeat_is_a_located_error(spec):
    element = {"id": "bad", "type": "rect", "repeat": spec}
    with pytest.raises(LayoutError, match="component 'x'.*element 'bad'.*repeat"):
        _draw([element], {})
