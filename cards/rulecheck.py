"""Check `rules:` against `rule_types:`: every mismatch or out-of-bounds value, at its line."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from .errors import Problem
from .locations import Loc
from .problems import message
from .ruletypes import RuleTypeError, adapter, bind_refs, rule_refs, unbounded
from .yamlsrc import YamlDoc


def resolve_rule(rules: dict[str, Any], path: str) -> Any:
    """Follow a dotted path (an optional leading `rules.` is dropped) into the parameters."""
    parts = path.split(".")
    if parts and parts[0] == "rules":
        parts = parts[1:]
    value: Any = rules
    for part in parts:
        if not isinstance(value, dict) or part not in value:
            raise KeyError(f"no rules parameter {path!r}")
        value = value[part]
    return value


def check_rule_types(rules: dict[str, Any], rule_types: dict[str, str],
                     docs: dict[str, YamlDoc]) -> list[Problem]:
    """Every declared parameter exists and has its declared type (strictly: no coercion) and bounds."""
    problems: list[Problem] = []
    for path, type_name in rule_types.items():
        try:
            value = resolve_rule(rules, path)
        except KeyError:
            problems.append(docs["rule_types"].problem(
                ("rule_types", path), f"declares a type for {path!r}, which names no rules parameter"))
            continue
        bound, refused = _bind(rules, type_name)
        if refused:
            problems.append(docs["rule_types"].problem(("rule_types", path), refused))
            continue
        try:
            adapter(bound).validate_python(value)
        except RuleTypeError:  # a bound from another parameter that is itself out of range
            problems.append(docs["rules"].problem(_rule_loc(path), f"no value fits {type_name} ({bound})"))
        except ValidationError as exc:
            shown = type_name if bound == type_name else f"{type_name} ({bound})"
            problems += _value_problems(docs["rules"], _rule_loc(path), shown, value, exc)
    return problems


def _bind(rules: dict[str, Any], type_name: str) -> tuple[str, str]:
    """The type with its `rules.PATH` bounds filled in, and why it cannot be when it cannot."""
    values = {}
    for ref in rule_refs(type_name):
        try:
            values[ref] = resolve_rule(rules, ref)
        except KeyError:
            return type_name, f"the bound {ref!r} names no rules parameter"
        if not isinstance(values[ref], int) or isinstance(values[ref], bool):
            return type_name, f"the bound {ref!r} is {values[ref]!r}, expected a whole number"
    return bind_refs(type_name, values), ""


_OUT_OF_BOUNDS = {"greater_than_equal", "greater_than", "less_than_equal", "less_than", "too_short", "too_long"}


def _value_problems(doc: YamlDoc, loc: Loc, type_name: str, value: Any, exc: ValidationError) -> list[Problem]:
    problems = []
    for error in exc.errors():
        inner = tuple(p for p in error["loc"] if not (isinstance(p, str) and p.startswith("[")))
        if inner:
            text = message(error, inner)
        elif error["type"] in _OUT_OF_BOUNDS:
            text = f"expected {type_name}, got {value!r}"
        else:  # the wrong kind of value altogether: name the kind, as for an unbounded type
            text = f"expected {unbounded(type_name)}, got {value!r}"
        problems.append(doc.problem(loc + inner, text))
    return problems


def _rule_loc(path: str) -> Loc:
    """Where a dotted rules path lives in game.yaml: `hearts.max` -> ('rules', 'hearts', 'max')."""
    parts = path.split(".")
    return ("rules", *(parts[1:] if parts[0] == "rules" else parts))
