"""The rules parameters a template names that the rules do not hold, found without rendering it.

A template's misspelt `{{ rules.helth }}` shows when the template is rendered, which needs a
loaded database; a database refused for another mistake (a card's `cost: two`) hid it until the
next run of `deckwright lint` (audit s26). The rules section is read even then, so each template's
syntax tree is read for the names it looks up in `rules` (`rules.a.b`, `rules['a']`), and each name
is checked against the rules as written. The message is the one rendering gives
(`cards.undefined`).

Only what rendering would refuse is reported, so nothing is made up:
- a template that binds the name `rules` itself (`{% set rules = ... %}`, a macro's argument) is
  not read: its `rules` may be something else;
- a name tested (`rules.x is defined`), given a default (`rules.x | default(3)`) or looked for
  (`'x' in rules`) may be missing by design;
- what is read only under a condition that reads the rules (`{% if rules.mode == 'team' %}`, the
  right side of `rules.a and rules.b`) may never be read with these rules; a condition on anything
  else (`{% if card.cost %}`) is no excuse: the name fails whenever the branch is taken;
- a name after a value that is not a mapping, or after a computed key (`rules[kind]`), is not
  followed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import nodes

from .undefined import missing_key_message

_DEFAULTS = ("default", "d")
_Path = tuple[str, ...]


@dataclass(frozen=True)
class UnknownRule:
    """A rules parameter a template names that the rules do not hold: where, and the message."""

    line: int
    name: str
    message: str


def unknown_rules(template: nodes.Template, rules: Mapping[str, Any]) -> list[UnknownRule]:
    """Every name `template` looks up in `rules` that is not there (see the module's docstring)."""
    if _binds_rules(template):
        return []
    reads = list(_reads(template, conditional=False))
    guarded = _guarded_paths(template)
    found = []
    for node, path, conditional in reads:
        missing = None if conditional else _first_missing(rules, path)
        if missing is not None and missing[0] not in guarded:
            found.append(UnknownRule(node.lineno, missing[0][-1], missing[1]))
    return found


def _binds_rules(template: nodes.Template) -> bool:
    """Does the template give the name `rules` a value of its own anywhere?"""
    if any(n.name == "rules" and n.ctx in ("store", "param") for n in template.find_all(nodes.Name)):
        return True
    imported = [*(i.target for i in template.find_all(nodes.Import)),
                *(name if isinstance(name, str) else name[-1]
                  for i in template.find_all(nodes.FromImport) for name in i.names)]
    return "rules" in imported


def _reads(node: nodes.Node, conditional: bool) -> Iterator[tuple[nodes.Node, _Path, bool]]:
    """Each outermost lookup in `rules` (with its path of constant keys) below `node`, and whether
    it is read only under a condition on the rules."""
    path = rules_path(node)
    if path is not None:
        yield node, path, conditional
    for child, is_conditional in _children(node):
        yield from _reads(child, conditional or is_conditional)


def _children(node: nodes.Node) -> Iterator[tuple[nodes.Node, bool]]:
    """The nodes below `node` to look in (a lookup's own chain is not looked in again: only the
    computed keys along it), each with whether it runs only under a condition on the rules."""
    if rules_path(node) is not None:
        yield from ((link.arg, False) for link in _chain(node)[0] if isinstance(link, nodes.Getitem))
        return
    on_rules = _reads_rules(_condition(node))
    for field, child in node.iter_fields():
        for each in child if isinstance(child, list) else [child]:
            if isinstance(each, nodes.Node):
                yield each, on_rules and field in ("body", "elif_", "else_", "expr1", "expr2", "right")


def _condition(node: nodes.Node) -> nodes.Node | None:
    """What decides whether the rest of `node` runs: an `if`'s test, an `and`'s left side."""
    if isinstance(node, nodes.If | nodes.CondExpr):
        return node.test
    if isinstance(node, nodes.And | nodes.Or):
        return node.left
    return None


def _reads_rules(node: nodes.Node | None) -> bool:
    return node is not None and any(rules_path(n) is not None for n in _self_and_below(node))


def reads_rules(template: nodes.Template) -> bool:
    """Does `template` look anything up in `rules`? (A layout element drawn only `when` it says,
    or `repeat`ed as often as it says, is drawn under a condition on the rules.)"""
    return _reads_rules(template)


def _self_and_below(node: nodes.Node) -> Iterator[nodes.Node]:
    yield node
    yield from node.find_all(nodes.Node)


def _chain(node: nodes.Node) -> tuple[list[nodes.Getattr | nodes.Getitem], nodes.Node]:
    """The lookups of `rules.a['b'].c`, outermost first, and the name they start from."""
    links = []
    while isinstance(node, nodes.Getattr | nodes.Getitem):
        links.append(node)
        node = node.node
    return links, node


def rules_path(node: nodes.Node) -> _Path | None:
    """('a', 'b') for `rules.a['b']` (up to the first computed key), None when `node` is not a
    lookup in `rules`."""
    links, root = _chain(node)
    if not links or not (isinstance(root, nodes.Name) and root.name == "rules" and root.ctx == "load"):
        return None
    path: list[str] = []
    for link in reversed(links):
        key = link.attr if isinstance(link, nodes.Getattr) else _constant_key(link.arg)
        if key is None:
            break
        path.append(key)
    return tuple(path)


def _constant_key(node: nodes.Node) -> str | None:
    return node.value if isinstance(node, nodes.Const) and isinstance(node.value, str) else None


def _guarded_paths(template: nodes.Template) -> list[_Path]:
    """The paths the template tests, gives a default to or looks for with `in`: they may be missing."""
    guarded = [rules_path(n.node) for n in template.find_all(nodes.Test)]
    guarded += [rules_path(n.node) for n in template.find_all(nodes.Filter) if n.name in _DEFAULTS and n.node]
    for compare in template.find_all(nodes.Compare):
        key = _constant_key(compare.expr)
        for operand in compare.ops:
            owner = rules_path(operand.expr) if operand.op in ("in", "notin") else None
            if key is not None and (owner is not None or _is_rules(operand.expr)):
                guarded.append((*(owner or ()), key))
    return [path for path in guarded if path is not None]


def _is_rules(node: nodes.Node) -> bool:
    return isinstance(node, nodes.Name) and node.name == "rules"


def _first_missing(rules: Mapping[str, Any], path: _Path) -> tuple[_Path, str] | None:
    """The path up to the first name the rules do not hold, and rendering's message for it; None
    when every name is there or the path leaves the mappings (a list, a number, a method)."""
    value: Any = rules
    for depth, name in enumerate(path):
        if not isinstance(value, Mapping) or hasattr(type(rules), name):
            return None
        if name not in value:
            return path[:depth + 1], missing_key_message(value, name, "no rules parameter")
        value = value[name]
    return None
