"""The small type vocabulary of rules parameters, declared in `game.yaml` under `rule_types:`.

A game's `rules:` hold its numbers once; `rule_types:` says, beside them, what each one
must be, so a designer's typo (`bead_pool: ten`) is a located lint error instead of a
crash in a template or an engine. A parameter without a declared type stays free.

Vocabulary (spaces are ignored):

| type          | accepts                                                        |
|---------------|----------------------------------------------------------------|
| `int`         | a whole number (not `true`/`false`, not `'10'`)                |
| `float`       | any number                                                     |
| `str`         | text                                                           |
| `bool`        | `true` or `false`                                              |
| `colour`      | a colour `'#rrggbb'` (six hex digits), as a layout draws it    |
| `list`        | a list of anything                                             |
| `map`         | a mapping of anything                                          |
| `list[T]`     | a list whose items are all `T` (any type of this table)        |
| `dict[K,V]`   | a mapping with keys `K` (`int` or `str`) and values `V`        |
| `int >= 1`    | a whole number with a bound: `>=`, `>`, `<=`, `<`              |
| `int in 2..20`| a whole number from 2 to 20, both included (`float` too)       |
| `int <= rules.rooms` | a bound may name another parameter (a whole number)     |
| `list[T] len in 1..6` | a list (or mapping) with 1 to 6 items                   |

Values are checked strictly: nothing is coerced from one type to another. Bounds may sit
inside collections too (`list[int >= 1]`, `dict[int, int in 1..6]`); an engine that would
divide by a parameter, roll a die with it or loop over it gets a bound, so `lint` refuses
the value at its line instead of the engine crashing or never ending.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Annotated, Any

from pydantic import ConfigDict, Field, TypeAdapter

from .colours import Colour

SCALARS: dict[str, Any] = {"int": int, "float": float, "str": str, "bool": bool, "colour": Colour}
OPEN: dict[str, Any] = {"list": list[Any], "map": dict[Any, Any]}
KEY_TYPES = ("int", "str")
VOCABULARY = ("int, float, str, bool, colour ('#rrggbb'), list, map, list[T] or dict[K,V] (K int or str); "
              "int and float take a bound: 'int >= 1', 'int in 2..20'")
RULE_REF = re.compile(r"rules(?:\.[A-Za-z_][\w-]*)+")
_NUMBER = rf"-?\d+(?:\.\d+)?|{RULE_REF.pattern}"
_COMPARED = re.compile(rf"^(int|float|.+\]len)(>=|<=|>|<)({_NUMBER})$")
_RANGE = re.compile(rf"^(int|float|.+\]len)in({_NUMBER})\.\.({_NUMBER})$")
_BOUND_KEYS = {">=": "ge", ">": "gt", "<=": "le", "<": "lt"}


class RuleTypeError(ValueError):
    """A `rule_types` entry that is not in the vocabulary."""


def normalise(name: str) -> str:
    """The type name without spaces: `dict[int, int]` -> `dict[int,int]`."""
    return "".join(name.split())


def python_type(name: str) -> Any:
    """The Python type a rule type name stands for; RuleTypeError when it is not one."""
    text = normalise(name)
    if text in SCALARS:
        return SCALARS[text]
    if text in OPEN:
        return OPEN[text]
    bounded = _bounded(text)
    if bounded is not None:
        return bounded
    if text.startswith("list[") and text.endswith("]"):
        return list[python_type(text[5:-1])]  # type: ignore[misc]
    if text.startswith("dict[") and text.endswith("]"):
        key, sep, value = text[5:-1].partition(",")
        if sep and key in KEY_TYPES:
            return dict[SCALARS[key], python_type(value)]  # type: ignore[misc,valid-type]
    raise RuleTypeError(name)


def _bounded(text: str) -> Any:
    """`int>=1` -> Annotated[int, Field(ge=1)]; `intin2..20` -> ge=2, le=20; None when not bounded.

    `list[int]len>=1` bounds the number of items instead (min_length/max_length)."""
    compared = _COMPARED.match(text)
    if compared:
        kind, operator, number = compared.groups()
        return _annotated(kind, {_BOUND_KEYS[operator]: number})
    ranged = _RANGE.match(text)
    if ranged:
        kind, low, high = ranged.groups()
        return _annotated(kind, {"ge": low, "le": high})
    return None


def _annotated(kind: str, bounds: dict[str, str]) -> Any:
    if kind.endswith("len"):
        base, lengths = python_type(kind[:-3]), {k: _number("int", v) for k, v in bounds.items()}
        if "lt" in lengths or "gt" in lengths:  # lengths are whole numbers: > n is >= n + 1
            lengths = {"ge": lengths.get("gt", -1) + 1} if "gt" in lengths else {"le": lengths["lt"] - 1}
        names = {"ge": "min_length", "le": "max_length"}
        return Annotated[base, Field(**{names[k]: v for k, v in lengths.items()})]  # type: ignore[call-overload]
    numbers = {key: _number(kind, value) for key, value in bounds.items()}
    has_refs = any(RULE_REF.fullmatch(value) for value in bounds.values())
    if not has_refs and "ge" in numbers and "le" in numbers and numbers["ge"] > numbers["le"]:
        raise RuleTypeError(f"{bounds['ge']}..{bounds['le']}")
    return Annotated[SCALARS[kind], Field(**numbers)]  # type: ignore[call-overload]


def _number(kind: str, text: str) -> int | float:
    if RULE_REF.fullmatch(text):
        return 0  # a bound naming a parameter: the loader puts the value in (`bind_refs`)
    if kind != "float" and "." in text:
        raise RuleTypeError(text)
    return float(text) if kind == "float" else int(text)


def unbounded(name: str) -> str:
    """The type without its outer bound, as written: `int in 0..100` -> `int`."""
    text = normalise(name)
    match = _COMPARED.match(text) or _RANGE.match(text)
    if not match:
        return name
    kind = match.group(1)
    return kind.removesuffix("len")


def rule_refs(name: str) -> list[str]:
    """The parameters a type's bounds name: `int <= rules.rooms` -> ['rules.rooms']."""
    return RULE_REF.findall(name)


def bind_refs(name: str, values: dict[str, Any]) -> str:
    """The type with each `rules.PATH` bound replaced by its value (given in `values`)."""
    return RULE_REF.sub(lambda match: str(values[match.group(0)]), name)


def check_type_name(name: str) -> str:
    """Validate a rule type name for the schema (a ValueError says what is accepted)."""
    try:
        python_type(name)
    except RuleTypeError as exc:
        part = str(exc)
        inside = f" ({part!r} is not one)" if normalise(part) != normalise(name) else ""
        raise ValueError(f"unknown rule type{inside}; expected {VOCABULARY}") from None
    return name


@cache
def adapter(name: str) -> TypeAdapter[Any]:
    """A strict pydantic validator for the rule type `name` (cached: games share types)."""
    return TypeAdapter(python_type(name), config=ConfigDict(strict=True))
