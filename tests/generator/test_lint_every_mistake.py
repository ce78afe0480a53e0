"""One `deckwright lint` run lists every independent mistake, each where it is written (audit s26:
a designer fixing a broken copy of a shipped game one run at a time).

Each test breaks a copy of a shipped game (its YAML, or a layout or template the game's own
`templates/` folder overrides) and checks that every mistake's `file:line:` is in one run's
output, and that a consequence of one mistake is not reported as a mistake of its own."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cards.paths import TEMPLATES
from companion.cli import cli


def _lint(runner: CliRunner, cards: Path, game: str) -> str:
    result = runner.invoke(cli, ["--cards", str(cards), "lint", game])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return result.output


def _edit(path: Path, *replacements: tuple[str, str]) -> Path:
    text = path.read_text()
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text)
    return path


def _own_template(cards: Path, game: str, name: str, *replacements: tuple[str, str]) -> Path:
    """The shipped template `name` of `game`, copied into the game's own `templates/` (which comes
    first) and edited there."""
    own = cards / game / "templates" / name
    own.parent.mkdir(exist_ok=True)
    own.write_text((TEMPLATES / game / name).read_text())
    return _edit(own, *replacements)


def _at(path: Path, text: str) -> str:
    """`path:LINE:` of the first line holding `text`, as lint begins a problem written there."""
    lines = path.read_text().splitlines()
    return f"{path}:{next(i for i, line in enumerate(lines, 1) if text in line)}:"


def _count(output: str) -> str:
    return output.splitlines()[0]


def test_a_tokens_count_does_not_hide_its_sheets_size(runner: CliRunner, cards_copy: Path) -> None:
    """A token's count the schema refuses (`-1`, `lots`) left the file unread, and its token
    sheet's `size: 0mm` showed only once the count was put right."""
    components = _edit(cards_copy / "half-the-battle" / "components.yaml",
                       ("    size: 16mm", "    size: 0mm"), ("id: hex, name: Hex, count: 4", "id: hex, name: Hex, count: -1"),
                       ("id: sacrifice, name: Sacrifice, count: 4", "id: sacrifice, name: Sacrifice, count: lots"))
    output = _lint(runner, cards_copy, "half-the-battle")
    assert "3 problems" in _count(output)
    assert f"{_at(components, 'size: 0mm')}5: tokens[ability-tokens].size: expected a length above 0" in output
    assert f"{_at(components, 'count: -1')}" in output and "tokens[hex].count: expected at least 1" in output
    assert f"{_at(components, 'count: lots')}" in output and "tokens[sacrifice].count: expected int" in output
