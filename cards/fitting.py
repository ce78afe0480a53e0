"""Rule types and values found sound, remembered for the next load of the same game.

Checking that a declared rule type is one (`ruletypes.type_name_problem`) builds its Python
type, and checking a value against it (`rulecheck.type_mismatches`) a pydantic validator,
the first time a process meets the type: Halfwish's types, rules and cards build 84 types and
36 validators, 80-90 ms of every command that loads the game (`play`, `build`, `lint`,
`games`), to find the same types and values sound as the last run did.

So a load notes a digest of each check that passed: the type with its bounds filled in, the
game's named types and the value, each value with its exact Python type (`True` is not `1`,
`{1: 2}` not `{'1': 2}`). The next load of that game folder takes a check whose digest it
finds as passed without building anything. A value or type that changed has another digest
and is checked; a value that does not fit is never noted, so its problem is found every
time. The digests are kept in `cards.kept` under a version that holds the code of the type
vocabulary and the library versions, so a change to either checks everything again; without
what `cards.kept` keeps (`build --no-cache`) every value is checked.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .kept import keep, kept

_FORMAT = "1"
_SCALARS = (str, int, float, bool, type(None))


@dataclass
class _Passed:
    before: frozenset[str]  # digests the last load of the game noted
    now: set[str] = field(default_factory=set)  # those of this load


_PASSED: contextvars.ContextVar[_Passed | None] = contextvars.ContextVar("deckwright_fitting", default=None)


@contextlib.contextmanager
def fitting_remembered(folder: Path) -> Iterator[None]:
    """Within the block, a check the last load of this game folder passed is taken as passed
    (`passed_before`), and at its end those this load passed are kept for the next."""
    name = "fitting-" + hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:24]
    version = _version()
    found = kept(name, version)
    passed = _Passed(found if isinstance(found, frozenset) else frozenset())
    token = _PASSED.set(passed)
    try:
        yield
    finally:
        _PASSED.reset(token)
    if passed.now != passed.before:
        keep(name, version, frozenset(passed.now))


_NO_VALUE: Any = object()


def digest(bound: str, named: Mapping[str, str] | None, value: Any = _NO_VALUE) -> str | None:
    """The digest of checking `value` against the type `bound` (without a value: of checking that
    `bound` is a type), or None when it is not remembered (no load is noting, or the value holds
    something other than YAML's mappings, lists and scalars)."""
    if _PASSED.get() is None:
        return None
    parts = ["type" if value is _NO_VALUE else "fits", bound, repr(sorted(named.items())) if named is not None else "-"]
    try:
        if value is not _NO_VALUE:
            _encode(value, parts)
    except TypeError:
        return None
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def passed_before(check: str | None) -> bool:
    """Did the last load pass this check (a `digest`)? Noted as passed by this one too if so."""
    passed = _PASSED.get()
    if check is None or passed is None or check not in passed.before:
        return False
    passed.now.add(check)
    return True


def note_passed(check: str | None) -> None:
    """This load found the value fitting its type."""
    passed = _PASSED.get()
    if check is not None and passed is not None:
        passed.now.add(check)


def _encode(value: Any, parts: list[str]) -> None:
    kind = type(value)
    if kind in _SCALARS:
        parts.append(f"{kind.__name__}:{value!r}")
    elif kind is dict:
        parts.append(f"{{{len(value)}")
        for key, item in value.items():
            _encode(key, parts)
            _encode(item, parts)
    elif kind is list:
        parts.append(f"[{len(value)}")
        for item in value:
            _encode(item, parts)
    else:
        raise TypeError(kind)


# the modules whose code decides whether a type is one and a value fits it (read, not imported:
# `ruletypes` itself asks this module)
_VOCABULARY = ("ruletypes.py", "ruletype_parts.py", "ruletype_extensions.py", "colours.py", "fitting.py")


def _version() -> str:
    """What a check's outcome depends on besides its digest: the type vocabulary's code, pydantic's."""
    import pydantic
    import pydantic_core

    code = [Path(__file__).with_name(name).read_bytes() for name in _VOCABULARY]
    parts = [_FORMAT, sys.version, pydantic.VERSION, pydantic_core.__version__, *code]
    return hashlib.sha256(repr(parts).encode()).hexdigest()
