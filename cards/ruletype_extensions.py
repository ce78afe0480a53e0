"""Extensions of a named mapping type (`cards.ruletypes`), as text: `effect + {when?: str}` adds
keys to every case of `effect`; `effect + per op {hook: {name: T}}` gives one case keys over its own.
The text built is then read as any other mapping type."""

from __future__ import annotations

import re
from collections.abc import Mapping

from .ruletype_parts import RuleTypeError, closing, normalise, split_top

PER = re.compile(r"^per([A-Za-z_][\w-]*)\{(.+)\}$")  # `per op {steal: {...}, set: {...}}`
ONLY = "only"  # `only {...}`: no keys but those listed
_EXTENDS = re.compile(r"^([A-Za-z_][\w-]*)\+(.+)$")  # `effect + {when?: str}`, `effect + per op {...}`
_NAME = re.compile(r"^[A-Za-z_][\w-]*$")


def extension(text: str) -> tuple[str, str, str] | None:
    """`effect + {when?: str} per op {hook: {name: T}}` -> ('effect', 'when?:str', 'perop{hook:{name:T}}'):
    the named type it extends, the keys it adds and its cases ('' for none); None when no extension."""
    head = _EXTENDS.match(normalise(text))
    if not head:
        return None
    base, rest = head.groups()
    keys = ""
    if rest.startswith("{"):
        end = closing(rest)
        keys, rest = rest[1:end], rest[end + 1:]
    if (not keys and not rest) or (rest and not PER.match(rest)):
        raise RuleTypeError(text)
    return base, keys, rest


def with_keys(base: str, keys: str, named: Mapping[str, str], seen: tuple[str, ...] = (), cases: str = "") -> str:
    """The text of the named mapping type `base` with `keys` (`when?: str`) among its common keys,
    and `cases` (`per op {hook: {name: T}}`) over the keys of the cases they name."""
    if base not in named or base in seen:
        raise RuleTypeError(base)
    text = normalise(named[base])
    extended = extension(text)
    if extended:
        text = with_keys(extended[0], extended[1], named, (*seen, base), extended[2])
    body = text.removeprefix(ONLY)
    if not body.startswith("{"):
        raise RuleTypeError(base)
    end = closing(body)
    more = f",{keys}" if keys else ""
    tail = _over_cases(body[end + 1:], cases) if cases else body[end + 1:]
    return f"{text[:len(text) - len(body)]}{body[:end]}{more}}}{tail}"


def _over_cases(tail: str, cases: str) -> str:
    """The base's cases (`per op {hook: only {name: str} per name {...}}`) with the keys `cases` gives
    one of them (`per op {hook: {name: T}}`) over that case's own; a case the base has not is no type."""
    base, over = PER.match(tail), PER.match(cases)
    if not base or not over or base.group(1) != over.group(1):
        raise RuleTypeError(cases)
    own = dict(case_parts(base.group(2)))
    for value, keys in case_parts(over.group(2)):
        if value not in own or not keys.startswith("{") or closing(keys) != len(keys) - 1:
            raise RuleTypeError(f"{value}:{keys}")
        own[value] = _over_keys(own[value], keys[1:-1])
    return f"per{base.group(1)}{{{','.join(f'{value}:{case}' for value, case in own.items())}}}"


def case_parts(cases: str) -> list[tuple[str, str]]:
    """`steal:{...},hook:only{...}` -> [('steal', '{...}'), ('hook', 'only{...}')]."""
    parts = [part.partition(":") for part in split_top(cases)]
    if not all(sep and _NAME.match(value) for value, sep, _ in parts):
        raise RuleTypeError(cases)
    return [(value, case) for value, _, case in parts]


def _over_keys(case: str, keys: str) -> str:
    """`only{name:str}per name{...}` with `name:T` over its own key: `only{name:T}per name{...}`."""
    body = case.removeprefix(ONLY)
    end = closing(body)
    own = {part.partition(":")[0].removesuffix("?"): part for part in split_top(body[1:end])}
    for part in split_top(keys):
        own[part.partition(":")[0].removesuffix("?")] = part
    return f"{case[:len(case) - len(body)]}{{{','.join(own.values())}}}{body[end + 1:]}"


def added_keys(type_text: str) -> tuple[str, list[str]] | None:
    """The type an extension names and the keys it adds (`effect + {when?: str}` -> ('effect',
    ['when'])); None when the type is no extension."""
    try:
        extended = extension(type_text)
    except RuleTypeError:
        return None
    if not extended or not extended[1]:
        return None
    return extended[0], [part.partition(":")[0].removesuffix("?") for part in split_top(extended[1])]
