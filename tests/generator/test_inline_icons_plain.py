"""Inline icons in layout texts: a text whose only markup is icons is set as plain text (fast)
and its icons are drawn afterwards exactly where reportlab's inline callback puts them."""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from generator import bindings, cardlayout, cardtext, iconplace
from generator.cardlayout import TextStyle, fitted_text, text_markup
from generator.cardtext import _marked_up
from generator.markdown import ICON_CALLBACK

# Texts whose icons never fall at a line break in the boxes below (checked by `_callback_places`).
TEXTS = [
    "Gain 2 :heart: then draw a card.",
    ":sword: Deal 3 damage to a foe.",
    "Pay 1:star: to move, or 2 :star: to dash.",
    "Block 2 :shield: and recover :heart: when a rally, a storm or a tide ends the turn of the foe.",
]
STYLES = [TextStyle("Helvetica", 9.5, 1.22, align, "#1a1a1a", 7) for align in ("left", "center", "right")]
BOXES = [(150.0, 60.0), (90.0, 80.0)]


def _callback_places(markup: str, w: float, h: float, style: TextStyle) -> tuple[float, list[tuple[str, float, float]]]:
    """The paragraph height and (icon, x, baseline) where the inline callback draws each icon."""
    paragraph = cardtext._fit_or_none(markup, w, h, style)
    assert paragraph is not None
    places = []

    def record(canvas, kind, label):
        info = canvas._curr_tx_info
        places.append((label, info["cur_x"], info["cur_y"]))

    canvas = Canvas(io.BytesIO())
    canvas.setNamedCB(ICON_CALLBACK, record)
    paragraph.drawOn(canvas, 0, 0)
    return paragraph.height, places


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("style", STYLES, ids=lambda s: s.align)
@pytest.mark.parametrize("box", BOXES, ids=str)
def test_icons_are_placed_where_the_callback_draws_them(text, style, box):
    markup = text_markup(text)
    height, expected = _callback_places(markup, *box, style)
    fitted = fitted_text(markup, *box, style)
    assert ICON_CALLBACK not in fitted.paragraph.text, "the text was set with the slow callback"
    assert fitted.height == pytest.approx(height)
    assert [icon.name for icon in fitted.icons] == [name for name, _, _ in expected]
    for icon, (_, x, baseline) in zip(fitted.icons, expected, strict=True):
        assert icon.x == pytest.approx(x, abs=0.05)
        assert icon.baseline == pytest.approx(baseline, abs=0.01)


def test_an_icon_stays_with_its_room_at_a_line_break():
    """The callback could leave an icon at the end of a line and its room on the next one."""
    style = STYLES[0]
    markup = text_markup("tide spark spark hollow thorn rally whisper :sword: drift thorn spark oath")
    fitted = fitted_text(markup, 100.0, 80.0, style)
    lines = fitted.paragraph.lines
    room_line = next(n for n, (_, words) in enumerate(lines) if any("\u00a0" in word for word in words))
    (icon,) = fitted.icons
    assert icon.baseline == pytest.approx(iconplace._baseline(iconplace._wrapped(fitted.paragraph), room_line))
    assert icon.x + style.size <= 100.0


def test_text_with_other_markup_keeps_the_inline_callback():
    fitted = fitted_text(text_markup("**Rally**: gain 1 :heart:."), 150.0, 60.0, STYLES[0])
    assert fitted.icons == () and ICON_CALLBACK in fitted.paragraph.text


def test_a_text_without_a_known_icon_has_no_icons_to_place():
    fitted = fitted_text(text_markup("Costs 2: draw :nothing: at all."), 150.0, 60.0, STYLES[0])
    assert fitted.icons == () and ":nothing:" in fitted.paragraph.text


# --- plain `{{ name.field }}` bindings are looked up without a Jinja2 render -----------------


class _Deck:
    color = "#1f618d"
    count = 3
    ratio = 0.5
    duplex = True
    nothing = None

    def shout(self) -> str:
        return "HEY"

    @property
    def broken(self) -> str:
        raise ValueError("no such colour")


CONTEXT = {"card": {"name": "Ember Guard", "cost": 2, "items": "field named like a dict method"},
           "deck": _Deck(), "rules": {}, "version": "1a2b3c4d", "number": 7, "player": None}


@pytest.mark.parametrize("value", [
    "{{ card.name }}", "{{card.cost}}", "{{ card.items }}", "{{ deck.color }}", "{{ deck.count }}",
    "{{ deck.ratio }}", "{{ deck.duplex }}", "{{ deck.nothing }}", "{{ deck.shout() }}",
    "v {{ deck.color }}", "{{ card.name | upper }}", "v {{ version }}", "{{ number }}/12", "{{ version }}",
    "{{ player }}", "{{ card }}", "Version {{ version }}\n", "({{ card.name }}) ", "{{ rules }}",
])
def test_a_looked_up_binding_reads_exactly_as_jinja_renders_it(value):
    assert cardlayout.bind(value, CONTEXT, "here") == bindings._compile(value).render(CONTEXT)


@pytest.mark.parametrize("value, problem", [
    ("{{ card.missing }}", "card.*missing|missing"),
    ("{{ rules.pool }}", "pool"),
    ("{{ deck.broken }}", "no such colour"),
    ("{{ deck.__class__ }}", "unsafe|__class__"),
    ("v {{ nothing }}", "nothing"),
])
def test_a_binding_that_cannot_be_looked_up_is_still_a_located_error(value, problem):
    with pytest.raises(cardlayout.LayoutError, match=problem):
        cardlayout.bind(value, CONTEXT, "layout 'x' element 'title'")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([*"ab :*<>&\n\t\x00\x01\u00a09", "step", "Room", "sword", ":heart:", "**"]),
                max_size=20).map("".join))
@example("Room 9: step 3 of 4")
@example("see step 9")
@example("BG 001/500")
def test_plain_texts_take_a_shortcut_to_the_same_markup(text: str) -> None:
    """Most card texts (titles, corners, stamps) have no markup to set: they skip the escaping and
    icon passes, and come out as those passes would leave them."""
    assert text_markup(text) == _marked_up(text)
