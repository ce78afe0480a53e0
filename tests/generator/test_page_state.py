"""The document state a cached page is keyed by (`generator.pagerecord.document_state`): the same
while a document adds nothing, different as soon as it adds a font, a character or a form."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

import generator  # noqa: F401 - registers the shipped fonts (Helvetica is a TrueType face)
from generator.pagerecord import document_state
from tests.memory_store import MemoryStore


def _state_after(draw) -> tuple[str, str]:
    canvas = Canvas(io.BytesIO())
    canvas.setFont("Helvetica", 10)
    canvas.drawString(10, 10, "abc")
    before = document_state(canvas)
    canvas.showPage()
    draw(canvas)
    return before, document_state(canvas)


def _fresh_state(draw) -> str:
    canvas = Canvas(io.BytesIO())
    canvas.setFont("Helvetica", 10)
    canvas.drawString(10, 10, "abc")
    canvas.showPage()
    draw(canvas)
    canvas.__dict__.pop("_deckwright_state", None)
    return document_state(canvas)


def test_pages_that_add_nothing_keep_the_state():
    def same_characters(canvas):
        canvas.setFont("Helvetica", 10)
        canvas.drawString(10, 10, "cab")
        canvas.showPage()
    before, after = _state_after(same_characters)
    assert after == before


def test_a_new_character_a_new_font_or_a_form_changes_the_state_as_a_fresh_hash_would():
    def new_character(canvas):
        canvas.setFont("Helvetica", 10)
        canvas.drawString(10, 10, "abc\u00e9")  # ASCII is encoded from the start

    def new_form(canvas):
        canvas.beginForm("f")
        canvas.rect(0, 0, 1, 1)
        canvas.endForm()

    def new_font(canvas):
        canvas.setFont("Courier", 10)
        canvas.drawString(10, 10, "a")
    for draw in (new_character, new_form, new_font):
        before, after = _state_after(draw)
        assert after != before, draw.__name__
        assert after == _fresh_state(draw), draw.__name__


def test_the_state_is_hashed_again_only_when_the_document_grew(monkeypatch):
    from generator import pagerecord

    hashed: list[int] = []
    codes = pagerecord.codes_of
    monkeypatch.setattr(pagerecord, "codes_of", lambda canvas: hashed.append(1) or codes(canvas))
    canvas = Canvas(io.BytesIO())
    canvas.setFont("Helvetica", 10)
    for text in ("abc", "cab", "bca", "abc\u00e9"):
        canvas.drawString(10, 10, text)
        document_state(canvas)
        canvas.showPage()
    assert len(hashed) == 2  # the first page, and the page that added a character


def _file(store: MemoryStore | None) -> bytes:
    """Two pages of coloured text, each page drawn through the page store when there is one."""
    from reportlab.lib import colors

    from generator.pagecache import cached_page, pages_from, stamped

    out = io.BytesIO()
    canvas = Canvas(out, invariant=1)
    for number in (1, 2):
        def draw(number: int = number) -> None:
            canvas.setFillColor(colors.HexColor("#1f618d"))  # an opaque colour still asks for PDF 1.4
            canvas.setFont("Helvetica", 10)
            canvas.drawString(10, 10, f"page {number}")
        face = stamped(lambda *args: None, f"face{number}")
        if store is None:
            draw()
        else:
            with pages_from(store, "base"):
                cached_page(canvas, [face], [None], ["layout"], draw)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_a_file_of_replayed_pages_asks_for_the_pdf_version_its_pages_asked_for():
    """A killed build can leave every page of a file in the page store but not the file: the next
    build replays all of its pages and must write the bytes of drawing them, header included."""
    drawn = _file(None)
    assert drawn.startswith(b"%PDF-1.4")
    store = MemoryStore()
    assert _file(store) == drawn  # drawn and recorded
    assert len(store.entries) == 2
    assert _file(store) == drawn  # every page replayed



def test_a_font_listed_before_it_encodes_anything_is_followed_once_it_does():
    """The characters of each font are found once per count of fonts (`pagerecord._growth`). A
    TrueType font is listed by the document when it first encodes; should one be listed before
    (nothing reportlab does today), its first characters must still change the state."""
    from reportlab.pdfbase import pdfmetrics

    canvas = Canvas(io.BytesIO())
    canvas.setFont("Helvetica", 10)
    canvas.drawString(10, 10, "abc")
    canvas._doc.fontMapping["Courier"] = "F9"  # listed, with no characters yet
    before = document_state(canvas)
    pdfmetrics.getFont("Courier").splitString("\u00e9\u00e8", canvas._doc)
    after = document_state(canvas)
    assert after != before
    canvas.__dict__.pop("_deckwright_state", None)
    canvas.__dict__.pop("_deckwright_codes", None)
    assert document_state(canvas) == after
