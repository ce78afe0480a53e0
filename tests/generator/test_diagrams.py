"""Issue 16, part 5: "Diagrams drawn from data, never typed: Halfwish duel flow and one turn, ...
Which Witch's turn and attack flow ... A designer's edit of a rule parameter changes the diagram."
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from cards import load_game
from generator.diagrams import FlowDiagram, flow_steps
from generator.markdown import markdown_to_flowables
from generator.rulebook import rulebook_markdown
from generator.rulebook_pdf import render_rulebook


def test_a_flow_comment_becomes_a_diagram_of_its_steps():
    assert flow_steps("<!-- flow: Roll -> Move ->  Score -->") == ["Roll", "Move", "Score"]
    assert flow_steps("<!-- just a note -->") is None
    flowables = markdown_to_flowables("Before.\n\n<!-- flow: Roll -> Move -> Score -->\n\nAfter.\n", 400)
    diagrams = [f for f in flowables if isinstance(f, FlowDiagram)]
    assert len(diagrams) == 1 and diagrams[0].steps == ["Roll", "Move", "Score"]


@pytest.mark.parametrize(("game", "count"), [("halfwish", 2), ("heartstrings", 1), ("which-witch", 2)])
def test_each_rulebook_draws_its_flows(game, count):
    text = rulebook_markdown(load_game(game))
    assert sum(1 for line in text.splitlines() if flow_steps(line)) == count


def _rulebook_text(db) -> str:
    out = io.BytesIO()
    render_rulebook(db, "a4", out)
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(out.getvalue())).pages)


def test_a_rule_edit_redraws_the_heartstrings_turn_flow(cards_copy: Path):
    game = cards_copy / "heartstrings" / "game.yaml"
    game.write_text(game.read_text().replace("room_die: 12 ", "room_die: 10 "))
    steps = next(flow_steps(line) for line in rulebook_markdown(load_game("heartstrings", cards_copy)).splitlines()
                 if flow_steps(line))
    assert steps[0] == "Roll the Room Selector (d10)"  # room_die is bounded by the 12 rooms
    assert "Roll the Room Selector (d12)" in _rulebook_text(load_game("heartstrings"))


def _pick_orders(db) -> list:
    from generator.diagrams_draft import PickOrder

    flowables = markdown_to_flowables(rulebook_markdown(db), 480)
    return [f for f in flowables if isinstance(f, PickOrder)]


def test_the_skirmish_draft_order_is_a_picture_drawn_from_the_rules():
    """Issue 12: "a rulebook with the draft order drawn as a picture" (O->S->S->O->O->S)."""
    db = load_game("skirmish")
    (diagram,) = _pick_orders(db)
    assert diagram.picks == db.rules["draft_order"] == ["O", "S", "S", "O", "O", "S"]
    assert diagram.rows == [("S", "Starting player"), ("O", "Opponent")]
    diagram.wrap(480, 1000)
    first, second = diagram.centre(0), diagram.centre(1)
    assert first[0] < second[0] and first[1] < second[1]      # O's row below S's; picks run left to right
    assert "| Pick |" not in rulebook_markdown(db)             # no longer a table


def test_an_edited_draft_order_redraws_the_picture(cards_copy: Path):
    game = cards_copy / "skirmish" / "game.yaml"
    text = game.read_text()
    assert "draft_order: [O, S, S, O, O, S]" in text
    game.write_text(text.replace("draft_order: [O, S, S, O, O, S]", "draft_order: [S, O, O, S, S, O]"))
    (diagram,) = _pick_orders(load_game("skirmish", cards_copy))
    assert diagram.picks == ["S", "O", "O", "S", "S", "O"]
    diagram.wrap(480, 1000)
    assert diagram.centre(0)[1] > diagram.centre(1)[1]        # now the first pick is in S's (upper) row


def test_the_draft_picture_marks_the_leaders_with_one_key_not_a_word_under_another_row():
    """Print audit: "leader" was printed under each leader's disc, below the bottom row, so the
    starting player's leader (pick 2, top row) read as the opponent's. The leaders' gold rings are
    explained once, left of the picks, under the rows' names."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.diagrams_draft import LABEL_WIDTH

    (diagram,) = _pick_orders(load_game("skirmish"))
    width, height = diagram.wrap(480, 1000)
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(width, height))
    diagram.drawOn(canvas, 0, 0)
    canvas.save()
    words: list[tuple[str, float, float]] = []
    PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text(
        visitor_text=lambda text, cm, tm, *_: text.strip() and words.append((text.strip(), tm[4], tm[5])))
    keys = [(text, x, y) for text, x, y in words if "leader" in text]
    assert [text for text, _, _ in keys] == ["leader: each player's first pick"]
    _, x, y = keys[0]
    assert x < LABEL_WIDTH and y < min(diagram.centre(i)[1] for i in range(len(diagram.picks))) - 11
