"""`deckwright play` at a card draw and at a one-option menu, over First Catch
(tests/fixtures/firstengine/, the example game of docs/ENGINES.md): a card drawn is typed by the
name printed on it, and the prompt, its refusals and the tool's draw name the cards so too; a
refusal does not list the possible cards a second time, and a one-option menu marks the option
Enter takes (audit s26, session 27)."""

from __future__ import annotations

import shutil

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
    assert after[0] == "  possible: Silver Minnow, Striped Perch, Great Pike, Old Boot"
    assert sum(line.startswith("  possible:") for line in lines) == 2   # one before each prompt
    assert journal() == ["cast"]


def test_a_one_option_menu_marks_the_option_enter_takes(runner, first_catch):
    """Audit s26: Enter took the only option (`help` says so), but only a `default` was marked."""
    result = play(runner, ["", "quit"])
    assert "  1) cast a line  (Enter)\n" in result.output
    assert journal() == ["cast"]


def test_the_possible_cards_are_the_names_printed_on_them(runner, first_catch):
    """Session 27: the draw's `possible:` listed the card ids (`minnow, perch, pike, boot`), which
    no card prints, where the gamemaster holding the card reads its name."""
    result = play(runner, ["1", "quit"])
    assert "  possible: Silver Minnow, Striped Perch, Great Pike, Old Boot\n" in result.output


def test_a_prefix_of_two_names_is_refused_with_the_two_names(runner, first_catch):
    result = play(runner, ["1", "s", "quit"])
    assert "  ! 's' could be any of: Silver Minnow, Striped Perch; type more of the name\n" in result.output
    assert journal() == ["cast"]


def test_the_card_the_tool_draws_is_said_by_its_name(runner, first_catch):
    result = play(runner, ["1", "", "quit"])
    drawn = journal()[-1]
    name = {"minnow": "Silver Minnow", "perch": "Striped Perch", "pike": "Great Pike", "boot": "Old Boot"}[drawn]
    assert f"  (the tool drew {name})" in result.output


def test_a_saved_draw_the_cards_no_longer_allow_is_refused_by_the_names(runner, first_catch, tmp_path):
    """A session played with two Great Pikes, resumed with the one the deck has: the engine's
    refusal of the second names the cards as printed, as the prompt does."""
    two_pikes = tmp_path / "cards"
    shutil.copytree(first_catch, two_pikes)
    deck = two_pikes / "first-catch" / "deck.yaml"
    deck.write_text(deck.read_text().replace("points: 4, count: 1", "points: 4, count: 2"))
    runner.invoke(cli, ["--cards", str(two_pikes), "play", "first-catch", "--players", "Ann,Ben", "--name", "t",
                        "--seed", "3"], input="1\npike\n1\npike\nquit\n")
    assert journal() == ["cast", "pike", "cast", "pike"]
    result = runner.invoke(cli, ["--cards", str(first_catch), "play", "--resume", "t"], input="quit\n")
    assert result.exit_code == 1, result.output
    assert ("'Great Pike' cannot be drawn here; possible: Silver Minnow, Striped Perch, Old Boot"
            in " ".join(result.output.split()))
