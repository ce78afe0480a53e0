"""Game states as dataclass trees that round-trip through JSON."""

from __future__ import annotations

import dataclasses
import functools
import json
import types
import typing
from typing import Any, Self


class GameState:
    """Base for game states: dataclass trees that round-trip through JSON."""

    def to_json(self) -> dict[str, Any]:
        """The state as JSON-compatible data."""
        data: dict[str, Any] = to_jsonable(self)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Rebuild a state from `to_json()` data."""
        state: Self = from_jsonable(cls, data)
        return state

    def clone(self) -> Self:
        """An independent copy (through JSON, so nothing is shared)."""
        return type(self).from_json(json.loads(json.dumps(self.to_json())))


# -- JSON round-trip of dataclass trees ------------------------------------------------

def to_jsonable(value: Any) -> Any:
    """Convert a dataclass tree to JSON-compatible data (dict keys become strings)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    return value


def from_jsonable(cls: Any, data: Any) -> Any:
    """Rebuild a value of type `cls` (dataclass, list[...], dict[...], scalar) from JSON data."""
    origin = typing.get_origin(cls)
    args = typing.get_args(cls)
    if isinstance(cls, type) and dataclasses.is_dataclass(cls):
        return cls(**{name: from_jsonable(hint, data[name]) for name, hint in _init_fields(cls) if name in data})
    if origin in (list, tuple) and args:
        items = [from_jsonable(args[0], v) for v in data]
        return tuple(items) if origin is tuple else items
    if origin is dict and args:
        key_type, value_type = args
        return {from_jsonable(key_type, k): from_jsonable(value_type, v) for k, v in data.items()}
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        non_none = [a for a in args if a is not type(None)]
        return from_jsonable(non_none[0], data) if len(non_none) == 1 else data
    if cls is int and isinstance(data, str):
        return int(data)
    return data


@functools.cache
def _init_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """(name, type) of a dataclass's init fields; cached because resolving hints is slow."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)
