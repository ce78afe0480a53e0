"""Safe YAML loading that remembers where every value came from.

The loader builds plain Python data and, beside it, a map from field path
(a tuple of keys and indexes) to the (line, column) of the node, so a schema
error on `("decks", 0, "cards", 3, "cost")` can name its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import Problem
from .paths import is_regular_file

Loc = tuple[int | str, ...]


@dataclass
class YamlDoc:
    """A parsed YAML file: its data, its text, and where each node starts."""

    file: Path
    data: Any
    text: str
    marks: dict[Loc, tuple[int, int]] = field(default_factory=dict)

    def locate(self, loc: Loc) -> tuple[int | None, int | None]:
        """Return the 1-based line and column of the deepest known prefix of `loc`."""
        for end in range(len(loc), -1, -1):
            mark = self.marks.get(tuple(loc[:end]))
            if mark is not None:
                return mark
        return None, None

    def problem(self, loc: Loc, message: str) -> Problem:
        """Build a Problem located at `loc` in this file."""
        line, column = self.locate(loc)
        source = ""
        if line is not None:
            lines = self.text.splitlines()
            if 0 < line <= len(lines):
                source = lines[line - 1].rstrip()
        return Problem(self.file, line, column, format_loc(loc), message, source)


def format_loc(loc: Loc) -> str:
    """Format a path as `decks[0].cards[3].cost`."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when installed: 10x faster


class _Loader(_BaseLoader):  # type: ignore[misc]
    """SafeLoader that refuses duplicate mapping keys instead of keeping the last."""


MAX_NODES = 250_000  # values one file may expand to, aliases included (the largest game has ~20,000)


class _Expansion:
    """Guards one file's expansion: a budget of nodes, and the nodes being built (for cycles)."""

    def __init__(self) -> None:
        self.nodes_left = MAX_NODES
        self.open: set[int] = set()

    def enter(self, node: yaml.Node) -> None:
        self.nodes_left -= 1
        if self.nodes_left < 0:
            raise _Refused(node, f"the file expands to more than {MAX_NODES:,} values "
                                 "(aliases repeating aliases?); refused")
        if id(node) in self.open:
            raise _Refused(node, "an alias refers to a value that contains it; refused")
        self.open.add(id(node))


class _Refused(Exception):
    """A document refused while building it, with the node where that happened."""

    def __init__(self, node: yaml.Node, message: str):
        super().__init__(message)
        self.node = node


def _build(loader: _Loader, node: yaml.Node, loc: Loc, doc: YamlDoc, problems: list[Problem],
           guard: _Expansion) -> Any:
    doc.marks.setdefault(loc, (node.start_mark.line + 1, node.start_mark.column + 1))
    guard.enter(node)
    try:
        if isinstance(node, yaml.MappingNode):
            return _build_mapping(loader, node, loc, doc, problems, guard)
        if isinstance(node, yaml.SequenceNode):
            return [_build(loader, item, loc + (i,), doc, problems, guard) for i, item in enumerate(node.value)]
        return loader.construct_object(node, deep=True)
    finally:
        guard.open.discard(id(node))


def _build_mapping(loader: _Loader, node: yaml.MappingNode, loc: Loc, doc: YamlDoc, problems: list[Problem],
                   guard: _Expansion) -> dict[Any, Any]:
    loader.flatten_mapping(node)
    out: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            problems.append(doc.problem(loc, "a mapping key must be a plain value"))
            continue
        key = loader.construct_object(key_node, deep=True)
        key_mark = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        if key in out:
            doc.marks[loc + (key,)] = key_mark
            problems.append(doc.problem(loc + (key,), f"duplicate key {key!r}"))
            continue
        out[key] = _build(loader, value_node, loc + (key,), doc, problems, guard)
        # point at the key, not its value: `cost: two` is reported where `cost` starts
        doc.marks[loc + (key,)] = key_mark
    return out


def load_yaml(file: Path, display: Path | None = None) -> tuple[YamlDoc, list[Problem]]:
    """Parse one YAML file safely; return the document and any problems found."""
    shown = display or file
    if not is_regular_file(file):  # a FIFO or a device would block or never end
        return YamlDoc(shown, None, ""), [Problem(shown, None, None, "", "not a regular file; refused")]
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return YamlDoc(shown, None, ""), [Problem(shown, None, None, "", f"cannot read file: {exc}")]
    doc = YamlDoc(shown, None, text)
    problems: list[Problem] = []
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is not None:
            doc.data = _build(loader, node, (), doc, problems, _Expansion())
    except _Refused as exc:
        line, column = exc.node.start_mark.line + 1, exc.node.start_mark.column + 1
        source = text.splitlines()[line - 1] if line <= len(text.splitlines()) else ""
        problems.append(Problem(shown, line, column, "", str(exc), source))
    except RecursionError:
        problems.append(Problem(shown, None, None, "", "the file nests too deeply to read; refused"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        reason = getattr(exc, "problem", None) or str(exc)
        src = text.splitlines()[line - 1] if line and line <= len(text.splitlines()) else ""
        problems.append(Problem(shown, line, col, "", f"malformed YAML: {reason}", src))
    finally:
        loader.dispose()
    return doc, problems
