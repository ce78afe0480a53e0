"""`deckwright build` warns of what `deckwright lint` refuses in print (designer audit: build wrote
a kit that lint refused, and said nothing). With the render cache, what read well in the last
build is not set again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cards import load_game
from companion.cli import cli
from generator import legibility

AMBER = ('color: "#9a620b"', 'color: "#b9770e"')  # the upgrades' old amber: 3.7:1 under white corner text


def _build(runner, root: Path, out: Path, *args: str):
    result = runner.invoke(cli, ["--cards", str(root), "build", "halfwish", "--paper", "a4", "--only", "cards",
                                 "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def amber(cards_copy: Path) -> Path:
    upgrades = cards_copy / "halfwish" / "upgrades.yaml"
    upgrades.write_text(upgrades.read_text().replace(*AMBER))
    return upgrades


def test_build_warns_of_what_lint_refuses_and_still_writes_the_kit(runner, cards_copy, amber, tmp_path):
    lint = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "halfwish"])
    assert lint.exit_code == 1
    refused = re.search(r"(\S+: decks\[upgrades\] card '[a-z0-9-]+' element 'corner': text #ffffff on #b9770e[^\n]*)",
                        lint.output).group(1)
    count = len(re.findall(r"^  \S+:\d+:\d+: ", lint.output, re.MULTILINE))
    for args in (("--no-cache",), (), ()):  # the second cached build warns as the first: it sets those cards again
        result = _build(runner, cards_copy, tmp_path / "out", *args)
        assert (f"warning: halfwish: {count} print problems that `deckwright lint halfwish` refuses "
                "(the kit is written):") in result.output, result.output
        assert f"  {refused}" in result.output
        assert f"... and {count - 5} more: `deckwright lint halfwish` lists them all" in result.output
        assert (tmp_path / "out" / "halfwish" / "cards-a4.pdf").exists()
    amber.write_text(amber.read_text().replace(AMBER[1], AMBER[0]))
    assert "print problem" not in _build(runner, cards_copy, tmp_path / "out").output


def test_a_rebuild_sets_again_only_the_cards_that_changed(runner, cards_copy, tmp_path, monkeypatch):
    set_again: list[str] = []
    painted = legibility.painted
    monkeypatch.setattr(legibility, "painted", lambda layout, box, context, where: (
        set_again.append(where), painted(layout, box, context, where))[1])
    _build(runner, cards_copy, tmp_path / "out")
    cards = sum(len(deck.cards) for deck in load_game("halfwish", cards_copy).decks)
    assert len(set_again) >= cards  # the first build sets every card
    set_again.clear()
    _build(runner, cards_copy, tmp_path / "out")
    assert set_again == []
    actions = cards_copy / "halfwish" / "actions.yaml"
    actions.write_text(actions.read_text().replace("Strike for DV.", "Strike for DV, hard.", 1))
    set_again.clear()
    _build(runner, cards_copy, tmp_path / "out")
    assert [where for where in set_again if " card " in where] == ["decks[actions] card 'strike'"]


def test_a_layout_problem_names_its_file_below_the_working_folder_as_the_databases_do(runner, cards_copy, amber,
                                                                                    monkeypatch):
    """Audit: layout problems showed absolute paths (`/home/.../templates/halfwish/card-base.yaml`)
    where the database's show `cards/halfwish/upgrades.yaml`."""
    import generator

    monkeypatch.chdir(Path(generator.__file__).resolve().parents[1])
    lint = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "halfwish"])
    assert "\n  templates/halfwish/card-base.yaml:37:5: decks[upgrades]" in lint.output, lint.output
    assert "/templates/halfwish/" not in lint.output
