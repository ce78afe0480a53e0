"""Pydantic's validation errors as located problems with plain-language messages."""

from __future__ import annotations

import re
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from .errors import Problem
from .locations import Loc
from .schema import CODE_PATTERN, COLOR_PATTERN, ID_PATTERN, Fragment
from .wording import closest, quoted, suggestion
from .yamlsrc import YamlDoc


def pydantic_problems(doc: YamlDoc, exc: ValidationError) -> list[Problem]:
    """Turn pydantic's errors into located problems with plain-language messages."""
    errors = [(_data_path(error), error) for error in exc.errors()]
    misspelt = _misspelt_fields(errors)
    return [doc.problem(loc, message(error, loc)) for loc, error in errors
            if not (error["type"] == "missing" and loc in misspelt)]


def _data_path(error: Any) -> Loc:
    """Where the error is in the data: pydantic appends the validator's name to union locations."""
    return tuple(p for p in error["loc"] if not (isinstance(p, str) and ("[" in p or p in _UNION_TAGS)))


def _misspelt_fields(errors: list[tuple[Loc, Any]]) -> set[Loc]:
    """The missing fields an unknown key beside them is a misspelling of (`cod:` for `code`): the
    unknown key's problem says so, and the field is not missing a second time."""
    meant = {(*loc[:-1], closest(str(loc[-1]), _accepted_keys(loc[:-1])))
             for loc, error in errors if error["type"] == "extra_forbidden" and loc}
    return {loc for loc, error in errors if error["type"] == "missing" and loc in meant}


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
        return f"unknown key {loc[-1]!r}{suggestion(str(loc[-1]), accepted)}{tail}"
    if kind == "literal_error":  # one of a fixed set of words (`type: string`)
        accepted = re.findall(r"'([^']*)'", str((error.get("ctx") or {}).get("expected", "")))
        close = closest(str(found), accepted)
        return f"{quoted(found)} is not one of: {', '.join(accepted)}" + (f"; did you mean {close!r}?" if close else "")
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
    is_key = False  # the part is a key of a mapping (`fields: {points: ...}`), not a field's name
    for part in loc:
        if isinstance(part, int) or model is None or is_key:
            is_key = False
            continue
        info = model.model_fields.get(part)
        model = _model_of(info.annotation) if info else None
        is_key = info is not None and typing.get_origin(info.annotation) is dict
    return list(model.model_fields) if model else []


def _model_of(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _model_of(arg)
        if found:
            return found
    return None
