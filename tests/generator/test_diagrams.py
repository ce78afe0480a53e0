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
