"""What a paragraph's lines drew is replayed when they are drawn again from the same state
(`generator.drawreplay`): a rulebook laid out again draws only what changed, and its bytes are
the ones reportlab draws at every turn."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import paragraph as reportlab_paragraph

from cards import load_game
from companion.cli import cli
from generator import paragraph_store, paragraphs
from generator.components_page import ComponentGrid
from generator.fonts import register_fonts
from generator.paragraphs import Paragraph
from generator.rulebook_pdf import render_rulebook

STYLE = ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=12)


@pytest.fixture(autouse=True)
def nothing_kept():
    register_fonts()  # Helvetica as the embedded TrueType face: characters are numbered as used
    paragraphs.forget()
    yield
    paragraphs.forget()


@pytest.fixture
def draws(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of each paragraph reportlab itself drew (not replayed)."""
    drawn: list[str] = []
    real = reportlab_paragraph.Paragraph.draw

    def counted(self):  # type: ignore[no-untyped-def]
        drawn.append(self.text if isinstance(self.text, str) else "")
        return real(self)
    monkeypatch.setattr(reportlab_paragraph.Paragraph, "draw", counted)
    return drawn


def _plain_reportlab(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("_setup", "wrap", "draw"):
        monkeypatch.setattr(paragraphs.Paragraph, name, getattr(reportlab_paragraph.Paragraph, name))


def _page(texts: list[str]) -> bytes:
    """One page with each text drawn as a paragraph, one under the other."""
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1, pageCompression=0)
    y = 800.0
    for text in texts:
        para = Paragraph(text, STYLE)
        _, height = para.wrap(300, 800)
        y -= height + 6
        para.drawOn(canvas, 72, y)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_the_same_lines_from_the_same_state_are_replayed_as_drawn(draws, monkeypatch):
    texts = ["Reveal both cards; the higher total wins.", "On a tie, the defender wins.", "Draw a card."]
    first = _page(texts)
    assert len(draws) == 3
    again = _page(texts)  # a new document: the same fonts and characters as each is reached
    assert len(draws) == 3  # nothing drawn: all three replayed
    _plain_reportlab(monkeypatch)
    assert first == again == _page(texts)


def test_a_paragraph_after_other_characters_is_drawn_again_not_replayed(draws, monkeypatch):
    """A TrueType font numbers its characters in the order the document first uses them: after
    other text, the same line's operators are other bytes."""
    _page(["Draw a card."])
    assert len(draws) == 1
    texts = ["Quixotic zebras jump.", "Draw a card."]
    after_others = _page(texts)
    assert len(draws) == 3
    _plain_reportlab(monkeypatch)
    assert after_others == _page(texts)


def test_a_paragraph_that_sets_a_bookmark_is_drawn_every_time(draws, monkeypatch):
    texts = ['<a name="duel"/>The duel: both reveal.']
    first = _page(texts)
    again = _page(texts)
    assert len(draws) == 2  # a bookmark is the document's, not the operators': never replayed
    _plain_reportlab(monkeypatch)
    assert first == again == _page(texts)


def test_a_paragraph_in_another_colour_state_is_drawn_again(draws):
    """The graphics state a drawing starts from is part of what it is replayed by."""
    para = Paragraph("Draw a card.", STYLE)
    para.wrap(300, 800)
    for colour in ((0, 0, 0), (0, 0, 0), (1, 0, 0)):
        canvas = Canvas(io.BytesIO(), invariant=1)
        canvas.setFillColorRGB(*colour)
        para.drawOn(canvas, 72, 700)
    assert len(draws) == 2  # black, then red: the second black was replayed


def test_a_rulebook_laid_out_again_replays_its_paragraphs(draws, monkeypatch):
    # a contents line is a link (an annotation): never recorded, drawn each time by design; so are
    # the miniature cards of the components page (drawn through their layouts, not as paragraphs),
    # and the parts of paragraphs split across pages. (The test allowed a fortieth of a cold
    # layout's paragraphs: the print checklist became one paragraph instead of a table of cells,
    # the cold count fell to 795, and the 20 drawings of the pictures passed its limit.)
    pictures: list[str] = []
    drawn_picture = ComponentGrid._draw_picture

    def counted_picture(grid, *args):  # type: ignore[no-untyped-def]
        before = len(draws)
        drawn_picture(grid, *args)
        pictures.extend(draws[before:])
    monkeypatch.setattr(ComponentGrid, "_draw_picture", counted_picture)
    first = _rulebook("halfwish")
    cold = len(draws)
    draws.clear()
    pictures.clear()
    again = _rulebook("halfwish")
    links = [text for text in draws if text.startswith("<a href")]
    split_parts = [text for text in draws if not text]  # a part of a paragraph split by a page keeps no text
    others = len(draws) - len(links) - len(pictures) - len(split_parts)
    assert pictures and others < cold / 100, (len(draws), len(links), len(pictures), len(split_parts), cold)
    _plain_reportlab(monkeypatch)
    assert first == again == _rulebook("halfwish")


def _rulebook(game: str) -> bytes:
    out = io.BytesIO()
    render_rulebook(load_game(game), "a4", out)
    return out.getvalue()


def test_a_new_process_after_an_edit_draws_few_paragraphs_and_the_same_bytes(runner, cards_copy, tmp_path, draws):
    """What the lines drew is kept on disk with them (`generator.paragraph_store`)."""
    def build(out: Path, *args: str) -> bytes:
        paragraphs.forget()  # as a new process starts
        paragraph_store.forget_restored()
        result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4",
                                     "--only", "rulebook", "--out", str(out), *args])
        assert result.exit_code == 0, result.output
        return (out / "halfwish" / "rulebook-a4.pdf").read_bytes()

    build(tmp_path / "out")
    cold = len(draws)
    actions = cards_copy / "halfwish" / "actions.yaml"
    actions.write_text(actions.read_text().replace("Strike for DV", "Strike hard for DV", 1))
    draws.clear()
    rebuilt = build(tmp_path / "out")
    assert 0 < len(draws) < cold / 5, (len(draws), cold)
    assert any("Strike hard for DV" in text for text in draws)  # the edited card's row is drawn anew
    assert rebuilt == build(tmp_path / "fresh", "--no-cache")


def test_a_paragraph_on_another_kind_of_canvas_is_drawn_again(draws):
    """A canvas class may draw otherwise (the kit's own canvas, say): its class is part of the key."""
    class OtherCanvas(Canvas):  # type: ignore[misc]
        pass

    para = Paragraph("Draw a card.", STYLE)
    para.wrap(300, 800)
    for kind in (Canvas, Canvas, OtherCanvas):
        para.drawOn(kind(io.BytesIO(), invariant=1), 72, 700)
    assert len(draws) == 2


def test_a_paragraph_after_its_transparency_changed_on_the_same_canvas_is_drawn_again(draws):
    """The graphics state's text is taken again while nothing in it changed (`_graphics_state`):
    an opacity set in place between two paragraphs is a change."""
    para = Paragraph("Draw a card.", STYLE)
    para.wrap(300, 800)
    canvas = Canvas(io.BytesIO(), invariant=1)
    for y in (700, 650, 600):  # the first encodes its characters: the state it leaves is new
        para.drawOn(canvas, 72, y)
    assert len(draws) == 2  # the third starts from the second's state: replayed
    canvas.setFillAlpha(0.5)
    para.drawOn(canvas, 72, 550)
    assert len(draws) == 3
