"""The undefined value of every template: its error names what is missing in a designer's words.

Jinja2's own message names a Python type (`'cards.loader.Params object' has no attribute
'roundz'`, `'dict object' has no attribute 'nmae'`). Here a missing key of a mapping (the rules,
a rules table, a card's fields; a Card or Deck of the database) says what was asked for and the closest name there is (`no rules parameter
'roundz'; did you mean 'rounds'?`), or else the names there are (`(there are: max)`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import jinja2

from .wording import closest

MAX_LISTED = 12  # names listed after a missing key; a longer list ends with "..."


class NamingUndefined(jinja2.StrictUndefined):
    """`jinja2.StrictUndefined` whose message for a missing key of a mapping names the keys there
    are. A mapping class names its keys with a class attribute `key_noun` (`Params`: "rules parameter")."""

    __slots__ = ()

    @property
    def _undefined_message(self) -> str:
        owner, name = self._undefined_obj, self._undefined_name
        if self._undefined_hint or not isinstance(name, str):
            return str(super()._undefined_message)
        if isinstance(owner, Mapping):
            return missing_key_message(owner, name, f"no {getattr(type(owner), 'key_noun', 'field or key')}")
        fields = getattr(type(owner), "model_fields", None)  # a database model: a Card, a Deck...
        if isinstance(fields, dict):
            names = [*fields, *(getattr(owner, "model_extra", None) or {})]  # a card's own fields too
            return missing_key_message(names, name, f"a {type(owner).__name__} has no field")
        return str(super()._undefined_message)


def missing_key_message(owner: Iterable[Any], name: str, lead: str) -> str:
    """`<lead> 'name'; did you mean 'close'?`, or with no close name `(there are: a, b, ...)`."""
    keys = sorted(str(key) for key in owner)
    message = f"{lead} {name!r}"
    close = closest(name, keys)
    if close:
        return message + f"; did you mean {close!r}?"
    if keys:
        listed = ", ".join(keys[:MAX_LISTED]) + (", ..." if len(keys) > MAX_LISTED else "")
        message += f" (there are: {listed})"
    return message
