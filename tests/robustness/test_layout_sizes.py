"""A width, height or text size of 0 or less is refused where it is written, in plain words; and an
error raised outside a game's rules engine is never blamed on it (audit s25, D2a: `w: -10` with
`size: 0` was 'the tinygame rules engine cannot use this database: ZeroDivisionError', and tiny
has no engine)."""

from __future__ import annotations

import pytest

from cards import load_game
from cards.paths import DEFAULT_CARDS
from companion.games import halfwish
from generator.errors import EngineCannotUse, engine_problem


def add_element(tiny, element: str) -> int:
    """Append `element` to the Race Deck's card layout; its line."""
    layout = tiny.folder / "templates" / "tiny-card.yaml"
    layout.write_text(layout.read_text() + f"  - {element}\n")
    return len(layout.read_text().rstrip("\n").split("\n"))


def column_of(tiny, line: int, key: str) -> int:
    text = (tiny.folder / "templates" / "tiny-card.yaml").read_text().split("\n")[line - 1]
    return text.index(f" {key}:") + 2


def test_a_negative_width_and_a_zero_size_are_each_refused_at_their_key(tiny) -> None:
    line = add_element(tiny, '{id: e2, type: text, x: 5, y: 10, w: -10, h: 5, text: "x", size: 0}')
    output = " ".join(tiny.refused().output.split())
    assert f"tiny-card.yaml:{line}:{column_of(tiny, line, 'w')}: decks[race] element 'e2': w must be above 0, " \
           "got -10" in output, output
    assert f"tiny-card.yaml:{line}:{column_of(tiny, line, 'size')}: decks[race] element 'e2': size must be " \
           "above 0, got 0" in output, output
    for wrong in ("rules engine", "ZeroDivisionError", "does not fit", "contrast", "game.yaml"):
        assert wrong not in output, output


@pytest.mark.parametrize(("element", "said"), [
    ('{id: e2, type: rect, x: 5, y: 10, w: 10, h: 0, fill: "#000000"}', "h must be above 0, got 0"),
    ('{id: e2, type: text, x: 5, y: 10, w: 10, h: 5, text: "x", min_size: -1}', "min_size must be above 0, got -1"),
    ('{id: e2, type: text, x: 5, y: 10, w: "{{ 10 - 20 }}", h: 5, text: "x", size: "{{ 0 }}"}',
     "w must be above 0, got -10 mm"),
    ('{id: e2, type: text, x: 5, y: 10, w: 10, h: 5, text: "x", size: "{{ 0 }}"}', "size must be above 0, got 0"),
    ('{id: e2, type: track, x: 2, y: 60, w: 59, h: 10, from: 0, to: 10, size: "{{ 0 }}"}',
     "size must be above 0, got 0"),
], ids=["zero-height", "min-size", "bound-width", "bound-size", "bound-track-size"])
def test_a_size_that_is_not_above_zero_is_located_at_its_element(tiny, element: str, said: str) -> None:
    line = add_element(tiny, element)
    output = " ".join(tiny.refused().output.split())
    assert f"tiny-card.yaml:{line}:" in output and f"element 'e2': {said}" in output, output
    assert "rules engine" not in output and "Traceback" not in output


def test_a_line_may_run_back_or_straight(tiny) -> None:
    add_element(tiny, '{id: e2, type: line, x: 50, y: 10, w: -10, h: 0}')
    result = tiny.lint()
    assert result.exit_code == 0, result.output


def _raised_here() -> ZeroDivisionError:
    try:
        _ = 1 / 0
    except ZeroDivisionError as exc:
        return exc
    raise AssertionError("unreachable")


def test_an_error_raised_outside_the_engine_is_not_the_engines() -> None:
    """A division by zero in our own code, for a game with an engine, stays a bug of ours."""
    db = load_game("halfwish", DEFAULT_CARDS)
    assert engine_problem(db, _raised_here()) is None


def test_an_error_raised_by_the_engines_hook_is_a_database_problem() -> None:
    db = load_game("halfwish", DEFAULT_CARDS)
    try:
        halfwish.rulebook_context(None)
    except (AttributeError, TypeError) as exc:
        problem = engine_problem(db, exc)
    assert isinstance(problem, EngineCannotUse)
    assert problem.message.startswith("the halfwish rules engine cannot use this database: ")
