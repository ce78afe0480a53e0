"""Pydantic's validation errors as located problems with plain-language messages."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from .errors import Problem
from .locations import Loc
from .schema import CODE_PATTERN, COLOR_PATTERN, ID_PATTERN, Fragment
from .wording import quoted
from .yamlsrc import YamlDoc


def pydantic_problems(doc: YamlDoc, exc: ValidationError) -> list[Problem]:
    """Turn pydantic's errors into located problems with plain-language messages."""
    problems = []
    for error in exc.errors():
        loc = tuple(error["loc"])
        # pydantic appends the validator's name to union locations; keep the data path only
        loc = tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p in _UNION_TAGS)))
        problems.append(doc.problem(loc, message(error, loc)))
    return problems


_BOUND_WORDS = {"greater_than_equal": "at least", "greater_than": "more than",
                "less_than_equal": "at most", "less_than": "less than"}
_PATTERN_WORDS = {
    ID_PATTERN: "an id of lowercase letters, digits and dashes (like 'long-strike')",
    COLOR_PATTERN: "a colour like '#1f618d'",
    CODE_PATTERN: "a code of 1 to 4 capital letters or digits (like 'HW')",
}
_UNION_TAGS = {"str", "int", "float", "bool", "function-after"}


def message(error: Any, loc: Loc) -> str:
    kind = error["type"]
    found = error.get("input")
    if kind == "extra_forbidden":
        accepted = _accepted_keys(loc[:-1])
        tail = f"; accepted: {', '.join(accepted)}" if accepted else ""
        return f"unknown key {loc[-1]!r}{tail}"
    if kind == "missing":
        return "missing required field"
    expected = {
        "int_type": "int", "int_parsing": "int", "string_type": "str", "float_type": "number",
        "bool_type": "bool", "list_type": "a list", "dict_type": "a mapping", "model_type": "a mapping",
    }.get(kind)
    if expected:
        return f"expected {expected}, got {quoted(found)}"
    if kind == "string_pattern_mismatch":
        pattern = (error.get("ctx") or {}).get("pattern", "")
        return f"expected {_PATTERN_WORDS.get(pattern, f'text matching {pattern}')}, got {found!r}"
    if kind in _BOUND_WORDS:
        bound = next(iter((error.get("ctx") or {}).values()), "?")
        return f"expected {_BOUND_WORDS[kind]} {bound}, got {found!r}"
    msg = str(error["msg"]).removeprefix("Value error, ")
    if msg.endswith(f"got {found!r}"):  # the check said what it got ('expected a length ..., got 'wide'')
        return msg
    return f"{msg} (got {found!r})"


def _accepted_keys(loc: Loc) -> list[str]:
    """The keys the model at `loc` (a path into a Fragment) accepts."""
    model: type[BaseModel] | None = Fragment
    for part in loc:
        if isinstance(part, int) or model is None:
            continue
        info = model.model_fields.get(part)
        model = _model_of(info.annotation) if info else None
    return list(model.model_fields) if model else []


def _model_of(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _model_of(arg)
        if found:
            return found
    return None
