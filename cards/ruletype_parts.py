"""The pieces a rule type (`cards.ruletypes`) is built of that name no other type: choices, a
mapping's keys that must cover a list, a mapping closed to other keys, a mapping checked by cases;
and the error types `rulecheck` words."""

from __future__ import annotations

import re
from typing import Annotated, Any, Union

from pydantic import AfterValidator, ConfigDict, Discriminator, PlainValidator, Tag
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from .colours import Colour
from .wording import suggestion

SCALARS: dict[str, Any] = {"int": int, "float": float, "str": str, "bool": bool, "colour": Colour}
_CHOICE = re.compile(r"^[A-Za-z_][\w/-]*$")  # a name a choice lists: `d10/0` names a die too
NOT_ONE_OF = "not_one_of"  # the error type of a value outside its choices (`rulecheck` words it)
UNKNOWN_KEY = "unknown_key"  # the error type of a key an `only {...}` mapping does not list
NOT_COVERED = "not_covered"  # the error type of a `covers` mapping without a key it must have
_STRICT_KEYS = ConfigDict(extra="allow", strict=True)  # `{op: T}`: other keys free, nothing coerced


class RuleTypeError(ValueError):
    """A `rule_types` entry that is not in the vocabulary."""


def normalise(name: str) -> str:
    """The type name without spaces: `dict[int, int]` -> `dict[int,int]`."""
    return "".join(name.split())


def split_top(text: str) -> list[str]:
    """`text` split at its commas outside brackets: `str,{a:int,b:int}` -> ['str', '{a:int,b:int}']."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += char in "[({"
        depth -= char in "])}"
        if char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


def closing(text: str) -> int:
    """Where the bracket that opens `text` closes."""
    depth = 0
    for i, char in enumerate(text):
        depth += char in "[({"
        depth -= char in "])}"
        if depth == 0:
            return i
    raise RuleTypeError(text)


def typed_dict(keys: dict[str, Any], closed: bool) -> Any:
    """The mapping `keys` describe; when `closed`, a key not among them is an error at that key,
    which lists the keys accepted (pydantic's own refusal names none, so lint could suggest none)."""
    extra = {"extra_items": Annotated[Any, PlainValidator(_refuse_unknown(", ".join(keys)))]} if closed else {}
    shape: Any = TypedDict("keys", keys, **extra)  # type: ignore[misc]
    setattr(shape, "__pydantic_config__", _STRICT_KEYS)  # noqa: B010 (a class attribute mypy does not know)
    return shape


def _refuse_unknown(accepted: str) -> Any:
    """The check of a key an `only {...}` mapping does not list: always an error, naming those it does."""
    def refuse(value: Any) -> Any:
        raise PydanticCustomError(UNKNOWN_KEY, "unknown key; accepted: {accepted}", {"accepted": accepted})
    return refuse


def per_value(common: Any, selector: str, cases: dict[str, Any]) -> Any:
    """The mapping checked as the case its `selector` key names, else as `common`. A case's tag,
    `[op=steal]`, is in pydantic's error location: `rulecheck` leaves it out of the path and says it."""
    tags = {value: f"[{selector}={value}]" for value in cases}

    def case_of(value: Any) -> str:
        chosen = value.get(selector) if isinstance(value, dict) else None
        return tags[chosen] if isinstance(chosen, str) and chosen in tags else "[*]"
    variants = [Annotated[common, Tag("[*]")], *(Annotated[cases[v], Tag(tag)] for v, tag in tags.items())]
    return Annotated[Union[tuple(variants)], Discriminator(case_of)]  # noqa: UP007 (built from a tuple)


def one_of(kind: str, listed: str) -> Any:
    """`str in (a, b)`: a value among those listed, refused with the list (and a close name)."""
    parts = split_top(listed)
    try:
        choices = tuple(int(part) if kind == "int" else part for part in parts)
    except ValueError:
        raise RuleTypeError(listed) from None
    if kind == "str" and not all(_CHOICE.match(part) for part in parts):
        raise RuleTypeError(listed)
    shown = ", ".join(parts)

    def check(value: Any) -> Any:
        if value not in choices:
            raise PydanticCustomError(NOT_ONE_OF, "{found} is not one of {shown}{close}",
                                      {"found": repr(value), "shown": shown, "close": suggestion(str(value), parts)})
        return value
    return Annotated[SCALARS[kind], AfterValidator(check)]


def covering(base: Any, listed: str | None) -> Any:
    """`dict[K,V] covers (a, b)`: the mapping has a key for each name listed, as an engine that
    looks each one up needs (a die's HP for every die a character uses). None: a syntax check."""
    if listed is None:
        return base
    names = split_top(listed)
    if not all(_CHOICE.match(name) for name in names):
        raise RuleTypeError(listed)

    def check(value: Any) -> Any:
        missing = [name for name in names if name not in value]
        if missing:
            raise PydanticCustomError(NOT_COVERED, "no key {missing}", {"missing": ", ".join(map(repr, missing))})
        return value
    return Annotated[base, AfterValidator(check)]
