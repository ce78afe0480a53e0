"""The bindings the docs name for a layout bind in every check as in the drawing (sixth-game audit:
`v {{ stamp }}`, which README, templates/README and GAME_FORMAT advise, failed lint with a
traceback and build with a message, so `{{ version }}` was the only way through)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from harness import GameCopy
from pypdf import PdfReader

from cards import load_game
from generator.kit import deck_stamps
from generator.stamps import printed_version


@pytest.mark.parametrize("name", ["stamp", "game_version"])
def test_a_card_front_may_print_its_stamp_or_the_games_version(tiny: GameCopy, tmp_path: Path, name: str) -> None:
    tiny.edit("templates/tiny-base.yaml", r"v \{\{ version \}\}", f"v {{{{ {name} }}}}")
    back = tiny.folder / "templates" / "tiny-back.yaml"
    back.write_text(back.read_text() + '  - {id: made, type: text, x: 5, y: 80, w: 50, h: 4, size: 7, '
                                       'color: "#ffffff", text: "{{ stamp }} {{ game_version }}"}\n')
    lint = tiny.lint()
    assert lint.exit_code == 0 and "Traceback" not in lint.output, lint.output
    built = tiny.build(tmp_path / "out")
    assert built.exit_code == 0, built.output
    db = load_game("tinygame", tiny.root)
    pages = PdfReader(io.BytesIO((tmp_path / "out" / "tinygame" / "race-a4.pdf").read_bytes())).pages
    front, shared_back = pages[0].extract_text(), pages[1].extract_text()
    printed = deck_stamps(db, db.deck("race"))[0] if name == "stamp" else printed_version(db)
    assert f"v {printed}" in front
    assert shared_back.count(f"{printed_version(db)} {printed_version(db)}") >= 1  # a shared back: the game's


def test_a_binding_error_the_print_checks_meet_is_a_located_problem(tiny: GameCopy, monkeypatch: pytest.MonkeyPatch) -> None:
    """A value the drawing check let through and the legibility check cannot bind is listed as
    lint lists any problem, not raised as a traceback."""
    from generator import legibility
    from generator.errors import LayoutError

    def refuse(*args: object, **kwargs: object) -> list[object]:
        raise LayoutError("decks[race]: cannot fill in 'v {{ nothing }}'")

    monkeypatch.setattr(legibility, "legibility_findings", refuse)
    monkeypatch.setattr("generator.printlint.legibility_findings", refuse)
    lint = tiny.lint()
    assert lint.exit_code == 1 and "Traceback" not in lint.output
    assert "cannot fill in 'v {{ nothing }}'" in lint.output
