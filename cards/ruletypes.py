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
| `list`        | a list of anything                                             |
| `map`         | a mapping of anything                                          |
| `list[T]`     | a list whose items are all `T` (any type of this table)        |
| `dict[K,V]`   | a mapping with keys `K` (`int` or `str`) and values `V`        |

Values are checked strictly: nothing is coerced from one type to another.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import ConfigDict, TypeAdapter

SCALARS: dict[str, Any] = {"int": int, "float": float, "str": str, "bool": bool}
OPEN: dict[str, Any] = {"list": list[Any], "map": dict[Any, Any]}
KEY_TYPES = ("int", "str")
VOCABULARY = "int, float, str, bool, list, map, list[T] or dict[K,V] (K int or str)"


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
    if text.startswith("list[") and text.endswith("]"):
        return list[python_type(text[5:-1])]  # type: ignore[misc]
    if text.startswith("dict[") and text.endswith("]"):
        key, sep, value = text[5:-1].partition(",")
        if sep and key in KEY_TYPES:
            return dict[SCALARS[key], python_type(value)]  # type: ignore[misc]
    raise RuleTypeError(name)


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
