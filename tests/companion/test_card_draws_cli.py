"""`deckwright play` at a card draw and at a one-option menu, over First Catch
(tests/fixtures/firstengine/, the example game of docs/ENGINES.md): a card drawn is typed by the
name printed on it, a refusal does not list the possible cards a second time, and a one-option
menu marks the option Enter takes (audit s26)."""

from __future__ import annotations

import pytest

from companion.cli import cli
from companion.sessions import SessionStore


def play(runner, keys: list[str]):
    return runner.invoke(cli, ["play", "first-catch", "--players", "Ann,Ben", "--name", "t", "--seed", "3"],
                         input="".join(f"{key}\n" for key in keys))


def journal() -> list:
    with SessionStore() as store:
        return [entry.answer for entry in store.journal("t")]


@pytest.mark.parametrize("typed", ["Great Pike", "great pike", "Great", "pike"],
                         ids=["name", "any-case", "prefix-of-name", "id"])
def test_a_drawn_card_is_typed_by_the_name_printed_on_it(runner, first_catch, typed):
    """Audit s26: 'Cave Eel' was refused; only its id, which no card prints, was taken."""
    result = play(runner, ["1", typed, "quit"])
    assert result.exit_code == 0, result.output
    assert "Ann catches a Great Pike: 4" in result.output
    assert journal() == ["cast", "pike"]


def test_a_refused_draw_lists_the_possible_cards_once(runner, first_catch):
    """Audit s26: the refusal listed the possible cards, sorted, and the prompt listed them again
    in the deck's order, so the list was printed twice in two orders."""
    result = play(runner, ["1", "Sea Serpent", "quit"])
    lines = result.output.splitlines()
    refusal = next(line for line in lines if "Sea Serpent" in line and line.startswith("  !"))
    assert refusal == "  ! 'Sea Serpent' cannot be drawn here: type a possible card's name or id"
    after = lines[lines.index(refusal) + 1:]
    assert after[0] == "  possible: minnow, perch, pike, boot"
    assert sum(line.startswith("  possible:") for line in lines) == 2   # one before each prompt
    assert journal() == ["cast"]


def test_a_one_option_menu_marks_the_option_enter_takes(runner, first_catch):
    """Audit s26: Enter took the only option (`help` says so), but only a `default` was marked."""
    result = play(runner, ["", "quit"])
    assert "  1) cast a line  [cast]  (Enter)\n" in result.output
    assert journal() == ["cast"]
