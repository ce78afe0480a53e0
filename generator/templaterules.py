"""The rules parameters a game's templates and layouts name that its rules do not hold, found
without its database.

`deckwright lint` renders every template once the cards load, and a misspelt `{{ rules.helth }}`
is reported then, where it is written. A database refused for another mistake (a card's
`cost: two`) is not rendered, and the misspelling showed only in the next run (audit s26). The
rules are read even then (`cards.DatabaseInvalid.rules`), so each Jinja2 template (`*.j2`) and
each layout file of the game's own template folders is read for the names it looks up in `rules`
(`cards.rulenames`: only what rendering would refuse). The shared layouts of `templates/common`
are not the game's, as in `generator.layoutlint.game_layout_problems`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import jinja2

from cards import Problem
from cards.locations import Loc
from cards.paths import display_path, game_own_files, is_inside, is_regular_file, template_dirs
from cards.rulenames import reads_rules, unknown_rules
from cards.yamlsrc import load_yaml

_PARSER = jinja2.Environment()  # parses only: the names a template reads, at their lines


def game_rule_name_problems(folder: Path, rules: Mapping[str, Any]) -> list[Problem]:
    """Each name the templates and layouts of the game in `folder` look up in `rules` that is not
    there, located at its line; each file as the game finds it (its own folder's first)."""
    found: list[Problem] = []
    readable = template_dirs(folder.parent, folder.name, folder)
    for name, file in _readable(game_own_files(folder, "**/*.j2"), readable):
        found += _template_problems(file, name, rules)
    for name, file in _readable(game_own_files(folder, "*.yaml"), readable):
        found += _layout_problems(file, name.removesuffix(".yaml"), rules)
    return found


def _readable(files: dict[str, Path], folders: list[Path]) -> list[tuple[str, Path]]:
    """The files that are regular files inside the template folders: a FIFO would block the read
    for good (robustness: `lint` hung on a rulebook template made a FIFO), a link out of the
    folders is never read. Rendering refuses them, located."""
    return [(name, file) for name, file in files.items() if is_regular_file(file) and is_inside(file, folders)]


def _template_problems(file: Path, name: str, rules: Mapping[str, Any]) -> list[Problem]:
    try:
        source = file.read_text(encoding="utf-8")
        template = _PARSER.parse(source)
    except (OSError, UnicodeDecodeError, jinja2.TemplateSyntaxError):
        return []  # rendering it says so, once the database loads
    lines = source.splitlines()
    return [Problem(display_path(file), each.line, None, f"template {name!r}", each.message,
                    lines[each.line - 1].strip() if 0 < each.line <= len(lines) else "")
            for each in unknown_rules(template, rules)]


def _layout_problems(file: Path, name: str, rules: Mapping[str, Any]) -> list[Problem]:
    doc, problems = load_yaml(file, display_path(file))
    elements = doc.data.get("elements") if not problems and isinstance(doc.data, dict) else None
    if not isinstance(elements, list):
        return []  # `game_layout_problems` says what is wrong with it
    found = []
    for index, element in enumerate(elements):
        label = f"element {element['id']!r}" if isinstance(element, dict) and "id" in element else f"elements[{index}]"
        for loc, text in _checked_texts(element, ("elements", index)):
            for each in _unknown_in(text, rules):
                found.append(replace(doc.problem(loc, f"{label}: {each}"), path=f"layout {name!r}"))
    return found


def _checked_texts(element: Any, loc: Loc) -> list[tuple[Loc, str]]:
    """The texts of a layout element to check: all of them, or only its `when` and `repeat` when
    those read the rules (the rest may never be drawn with these rules); none when its `repeat`
    names its value `rules`."""
    if not isinstance(element, dict):
        return []
    repeat = element.get("repeat")
    if isinstance(repeat, dict) and repeat.get("name") == "rules":
        return []
    gates = [(place, text) for key in ("when", "repeat") for place, text in _texts(element.get(key), (*loc, key))]
    return gates if any(_reads_rules(text) for _, text in gates) else list(_texts(element, loc))


def _reads_rules(text: str) -> bool:
    try:
        return reads_rules(_PARSER.parse(text))
    except jinja2.TemplateSyntaxError:
        return False


def _texts(value: Any, loc: Loc) -> Iterator[tuple[Loc, str]]:
    """Every text with a `{` in it below `value` (written at `loc`), with its place."""
    if isinstance(value, str) and "{" in value:
        yield loc, value
    elif isinstance(value, dict):
        for key, each in value.items():
            yield from _texts(each, (*loc, key))
    elif isinstance(value, list):
        for index, each in enumerate(value):
            yield from _texts(each, (*loc, index))


def _unknown_in(text: str, rules: Mapping[str, Any]) -> list[str]:
    try:
        return [each.message for each in unknown_rules(_PARSER.parse(text), rules)]
    except jinja2.TemplateSyntaxError:  # drawing it says so, once the database loads
        return []
