"""The syntax errors of a template's later chapters, found after its first one.

Jinja2 stops at a template's first syntax error, so a rulebook with a mistake in three chapters
took three runs of `deckwright lint` (audit s26). Once the template has failed, each chapter
after the failing one (a Markdown `# ` heading outside every Jinja2 tag and block, to the next) is
parsed alone, its lines kept at their numbers, and its first syntax error is listed too. A
chapter that does not stand alone (a block opened before its heading and closed after it) is no
chapter of its own: it stays with the one before. A mistake can confuse the scan for blocks (an
unclosed `{{` hides the tags after it); it then joins chapters, never splits them, so no error
is made up, only fewer found. Parsing a chapter costs about what the first failure did.
"""

from __future__ import annotations

import itertools
import re

import jinja2

# a comment, an expression, or a statement tag (its name and the rest of it)
_TAG = re.compile(r"\{#.*?#\}|\{\{.*?\}\}|\{%[-+]?\s*(\w*)(.*?)%\}", re.DOTALL)
_BLOCKS = frozenset({"if", "for", "macro", "call", "filter", "raw", "with", "block", "autoescape", "trans"})


def later_syntax_errors(env: jinja2.Environment, first: jinja2.TemplateSyntaxError) -> list[jinja2.TemplateSyntaxError]:
    """The first syntax error of each chapter after the one `first` is in (same file)."""
    source = first.source
    if source is None or first.lineno is None:
        return []
    lines = source.splitlines(keepends=True)
    starts = [*_chapter_starts(lines), len(lines)]
    found = []
    for start, end in itertools.pairwise(starts):
        if start <= first.lineno - 1 or start == end:
            continue  # the failing chapter (its later lines are hidden by its first mistake) and those before it
        try:
            env.parse("\n" * start + "".join(lines[start:end]), first.name, first.filename)
        except jinja2.TemplateSyntaxError as exc:
            found.append(exc)
    return found


def _chapter_starts(lines: list[str]) -> list[int]:
    """The index of each line that starts a chapter: the first, and each `# ` heading outside
    every tag and block."""
    matches = list(_TAG.finditer("".join(lines)))
    starts, depth, passed, offset = [0], 0, 0, 0
    for number, line in enumerate(lines):
        while passed < len(matches) and matches[passed].end() <= offset:
            depth += _depth_change(matches[passed])
            passed += 1
        is_inside_tag = passed < len(matches) and matches[passed].start() < offset
        if number and line.startswith("# ") and depth == 0 and not is_inside_tag:
            starts.append(number)
        offset += len(line)
    return starts


def _depth_change(tag: re.Match[str]) -> int:
    """+1 for a tag opening a block (`{% if %}`, a `{% set x %}` without `=`), -1 for one closing
    it, else 0."""
    name = tag.group(1)
    if not name:
        return 0
    if name.startswith("end"):
        return -1
    return 1 if name in _BLOCKS or (name == "set" and "=" not in tag.group(2)) else 0
