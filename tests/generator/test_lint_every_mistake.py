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


def test_a_sheet_narrower_than_its_layout_is_reported_at_its_width(runner: CliRunner, cards_copy: Path) -> None:
    """`width: 10 in` on the 420 mm board put its eight elements past the sheet's edge: eight
    problems in board.yaml, none where the width was written. Now one, at the width; an element
    off the top is no consequence of the width and is still reported at its own line."""
    components = _edit(cards_copy / "heartstrings" / "components.yaml", ("    width: 420mm ", "    width: 10 in "))
    board = _own_template(cards_copy, "heartstrings", "board.yaml",
                          ("{id: heart-left, type: icon, x: 10, y: 5,", "{id: heart-left, type: icon, x: 10, y: -30,"))
    output = _lint(runner, cards_copy, "heartstrings")
    assert "2 problems" in _count(output)
    assert f"{_at(components, 'width: 10 in')}5: sheets[board].width" in output
    assert "10 in (254 mm) is narrower than layout 'board' draws" in output and "width: 420mm" in output
    assert f"{_at(board, 'id: heart-left')}5: sheets[board] element 'heart-left'" in output


def test_every_drawing_mistake_of_a_layout_is_listed_in_one_run(runner: CliRunner, cards_copy: Path) -> None:
    """Eight mistakes that each fail the drawing of Heartstrings' tracker took seven runs."""
    mistakes = [
        ('fill: "#fffdf8", stroke', 'fill: "{{ rules.paper_colour }}", stroke'),
        ("x: 0, y: 0, w: 190, h: 14", "x: 0, y: 0, w: wide, h: 14"),
        ('name: heart, color: "#ffffff"', "name: heart, color: \"{{ ink_on('#zz') }}\""),
        ('text: "{{ game.name }} v {{ version }}"', 'text: "{{ game.name }} v {{ version }"'),
        ("to: 9, columns: 10", 'to: 9, columns: "{{ rules.cols }}"'),
        ("**Start: {{ rules.beads_per_player }}**", "**Start: {{ rules.beads_per_playr }}**"),
        ("line_width: 0.5}", 'line_width: 0.5, when: "{{ 1 + }}"}'),
        ("x: 6, y: 27, w: 30, h: 4, size: 7", 'x: 6, y: 27, w: 30, h: "{{ rules.lh }}", size: 7'),
    ]
    tracker = _own_template(cards_copy, "heartstrings", "tracker.yaml", *mistakes)
    output = _lint(runner, cards_copy, "heartstrings")
    assert "8 problems" in _count(output)
    for _, written in mistakes:
        assert _at(tracker, written) in output, written


def test_a_layout_checks_mistakes_do_not_hide_its_drawing_mistakes(runner: CliRunner, cards_copy: Path) -> None:
    """A value outside its choices and a size that is no number (found reading the file) beside a
    rule that does not exist (found drawing): all three in one run, and the two elements the file
    check refused are not drawn (drawn, `align: centre` was a traceback)."""
    tracker = _own_template(cards_copy, "heartstrings", "tracker.yaml",
                            ("w: 178, h: 10, size: 9.5,", "w: 178, h: 10, size: 9.5, align: centre,"),
                            ("x: 6, y: 27, w: 30, h: 4, size: 7", "x: 6, y: 27, w: 30, h: 4, size: big"),
                            ('fill: "#fffdf8", stroke', 'fill: "{{ rules.paper_colour }}", stroke'))
    output = _lint(runner, cards_copy, "heartstrings")
    assert "3 problems" in _count(output)
    assert f"{_at(tracker, 'align: centre')}" in output and "align: 'centre'" in output
    assert f"{_at(tracker, 'size: big')}" in output and "size: expected a number, got 'big'" in output
    assert f"{_at(tracker, 'rules.paper_colour')}" in output


def test_a_backs_unknown_icon_does_not_hide_a_card_texts_unknown_icon(runner: CliRunner, cards_copy: Path) -> None:
    back = _own_template(cards_copy, "which-witch", "back.yaml", ("name: sparkle, color", "name: sparkel, color"))
    deck = _edit(cards_copy / "which-witch" / "game-cards.yaml",
                 ("add +{{ card.bonus }} to your roll", "add +{{ card.bonus }} :moon: to your roll"))
    output = _lint(runner, cards_copy, "which-witch")
    assert "2 problems" in _count(output)
    assert _at(back, "name: sparkel") in output and "unknown icon 'sparkel'" in output
    assert f"{_at(deck, 'text: &familiar-text')}9: decks[game-cards] card 'black-cat' element 'body'" in output
    assert "no icon named :moon:" in output


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


def test_an_empty_parent_layout_is_reported_at_its_file(runner: CliRunner, cards_copy: Path) -> None:
    """Skirmish's backs extend `back`: emptied, the skill back's white crest is drawn on nothing
    (and the effect cards' back, which adds nothing, was blamed). The parent is what is wrong."""
    parent = cards_copy / "skirmish" / "templates" / "back.yaml"
    parent.parent.mkdir()
    parent.write_text("description: the shared frame of every back\nelements: []\n")
    output = _lint(runner, cards_copy, "skirmish")
    assert "1 problem " in _count(output)
    assert f"{parent}:2:1:" in output and "layout 'back' has no elements: a layout extending it draws" in output
    assert "glossary-back" not in output


def test_an_empty_parent_of_card_faces_is_not_passed_in_silence(runner: CliRunner, cards_copy: Path) -> None:
    """Halfwish's faces extend `card-base`: emptied, every face lost its frame and lint said ok."""
    parent = cards_copy / "halfwish" / "templates" / "card-base.yaml"
    parent.parent.mkdir()
    parent.write_text("description: the frame\nelements: []\n")
    output = _lint(runner, cards_copy, "halfwish")
    assert f"{parent}:2:1:" in output and "layout 'card-base' has no elements" in output


def test_a_rulebooks_syntax_errors_are_listed_one_per_chapter(runner: CliRunner, cards_copy: Path) -> None:
    """Jinja2 stops at a template's first syntax error; each later chapter is checked alone."""
    rulebook = _own_template(cards_copy, "heartstrings", "rulebook.md.j2",
                             ("# What is in the box\n", "# What is in the box\nThe {{ game.name } box\n"),
                             ("# Setting up\n", "# Setting up\n{{ rules.rooms + }}\n"),
                             ("# Playing a turn\n", "# Playing a turn\n{% for %}\n"))
    output = _lint(runner, cards_copy, "heartstrings")
    assert "3 problems" in _count(output)
    for written in ("The {{ game.name } box", "{{ rules.rooms + }}", "{% for %}"):
        assert f"{_at(rulebook, written)} rulebook: template syntax error" in output, written


def test_a_block_left_open_joins_the_chapters_it_spans(runner: CliRunner, cards_copy: Path) -> None:
    """An `{% if %}` left open in one chapter makes the next ones no chapters of their own: what
    parsing them alone would say (an `endif` with no `if`) is not made up."""
    rulebook = _own_template(cards_copy, "heartstrings", "rulebook.md.j2",
                             ("# What is in the box\n", "# What is in the box\nThe {{ game.name } box\n"),
                             ("# Setting up\n", "{% if rules.rooms %}\n# Setting up\n"),
                             ("# Playing a turn\n", "{% endif %}\n# Playing a turn\n{% for %}\n"))
    output = _lint(runner, cards_copy, "heartstrings")
    assert "2 problems" in _count(output)
    for written in ("The {{ game.name } box", "{% for %}"):
        assert f"{_at(rulebook, written)} rulebook: template syntax error" in output, written


def test_a_misspelt_rule_in_a_template_is_reported_where_it_is_written(runner: CliRunner, cards_copy: Path,
                                                                        monkeypatch) -> None:
    """The sixth-game audit: `{% set die = rules.combat_dei %}` was reported 22 lines later, where
    `{{ die }}` used it (a line without the misspelling), and the template's path was absolute
    where a YAML file's beside it is relative to the working folder."""
    rulebook = _own_template(cards_copy, "heartstrings", "rulebook.md.j2",
                             ("{% set die = rules.combat_die %}", "{% set die = rules.combat_dei %}"))
    monkeypatch.chdir(cards_copy)
    output = _lint(runner, cards_copy, "heartstrings")
    written = _at(rulebook, "rules.combat_dei").replace(f"{cards_copy}/", "")
    assert f"  {written} rulebook: no rules parameter 'combat_dei'; did you mean 'combat_die'?" in output
    assert "| {% set die = rules.combat_dei %}" in output
