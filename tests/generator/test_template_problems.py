"""A rulebook or reference-card template that cannot be read or includes a missing file is a
located problem, as a YAML file's would be (audit: 'cannot evaluate: UnicodeDecodeError: ... in
position 9809' at game.yaml; an include not found at game.yaml with no line), and each side of a
reference card is checked on its own, so both sides' problems show in one run."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from cards.paths import TEMPLATES
from companion.cli import cli


def _lint(runner: Any, cards: Path) -> str:
    result = runner.invoke(cli, ["--cards", str(cards), "lint", "which-witch"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "UnicodeDecodeError" not in result.output
    return result.output


def _own_template(cards: Path, name: str) -> Path:
    """The game's own copy of a shipped template (a game's folder is searched first)."""
    folder = cards / "which-witch" / "templates"
    folder.mkdir(exist_ok=True)
    return Path(shutil.copy(TEMPLATES / "which-witch" / name, folder / name))


def test_a_rulebook_template_not_in_utf8_is_located_at_its_line(runner: Any, cards_copy: Path) -> None:
    template = _own_template(cards_copy, "rulebook.md.j2")
    lines = template.read_bytes().splitlines(keepends=True)
    template.write_bytes(b"".join([*lines[:9], b"Caf\xe9 rules.\n", *lines[9:]]))
    out = _lint(runner, cards_copy)
    assert ("which-witch/templates/rulebook.md.j2:10: rulebook: byte 0xE9 is not UTF-8 "
            "(a Latin-1 or Windows accent?): save the file as UTF-8") in out


def test_a_reference_cards_sides_are_checked_each_on_its_own(runner: Any, cards_copy: Path) -> None:
    front = _own_template(cards_copy, "reference-front.md.j2")
    front.write_text('{% include "missing.j2" %}\n' + front.read_text())
    back = _own_template(cards_copy, "reference-back.md.j2")
    back.write_bytes(back.read_bytes() + b"Caf\xe9\n")
    out = _lint(runner, cards_copy)
    assert "2 problems" in out
    assert "templates/reference-front.md.j2:1: references: template 'missing.j2' not found" in out
    assert "templates/reference-back.md.j2:" in out and "byte 0xE9 is not UTF-8" in out
