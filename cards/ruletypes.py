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
| `int in 1..rules.lanes / 2` | or a part of one, rounded down (a half of the lanes) |
| `list[T] len in 1..6` | a list (or mapping) with 1 to 6 items                   |
| `str in (a, b, c)` | one of the names listed (`int in (1, 2)` for numbers)      |
| `str in rules.actions` | one of the names another value lists (see below)          |
| `dict[K,V] covers decks.characters.die` | a mapping with a key for every name listed  |
| `{op: T, who?: T}` | a mapping whose key `op` is a `T` (`?`: may be left out); other keys are free |
| `only {op: T, who?: T}` | as `{op: T, who?: T}`, and no other key: a misspelt key is refused |
| `{op: T, ...} per op {steal: {resource: T}}` | as `{op: T, ...}`; where `op` is `steal`, these keys too (over the others) |
| `{op: T, ...} per op {hook: {name: T} per name {...}}` | a case may have its own cases, by another key |
| `effect + {when?: T}` | the named mapping type `effect` with these keys too, in each of its cases |
| `effect + per op {hook: {name: T}}` | `effect` whose case `hook` has these keys over its own (keys may come before `per`) |
| `str in (a, types.hook, decks.effects)` | these names, those the named choice type `hook` lists, the deck's ids |
| `effect`      | a type named under `types:` (it may name itself: `reward?: list[effect]`) |

Values are checked strictly: nothing is coerced from one type to another. Bounds may sit
inside collections too (`list[int >= 1]`, `dict[int in 1..rules.rooms, int]`); an engine that
would divide by a parameter, roll a die with it or loop over it gets a bound, so `lint` refuses
the value at its line instead of the engine crashing or never ending. A name an engine looks
up (a tie-break, an effect's `op`) gets its choices, so a misspelling is refused at the item,
with the names the engine knows, instead of failing in a game.

A key one place reads and another does not takes a type of its own: `card_effect: effect + {when?:
str in (play, win)}` is an effect that also says when it happens (a card's own effects), while an
`effect` elsewhere (a bid's reward) refuses `when`, saying where it is read (`rulecheck`).

A name may be one another value lists, and a mapping may need a key for each of them: the
list is `rules.PATH` (a mapping's keys, a list's items or ids), `decks.ID` (the deck's card ids)
or `decks.ID.FIELD` (the values its cards give that field), put in by the loader (`rulecheck`).
`str in decks.actions` refuses a downgrade into a card that is no action; `dict[str, int]
covers decks.characters.die` a table of dice that leaves out a die a character uses.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any, NotRequired, Required

from pydantic import ConfigDict, Field, PlainValidator, TypeAdapter
from typing_extensions import is_typeddict

from .fitting import digest, note_passed, passed_before
from .ruletype_extensions import ONLY as _ONLY
from .ruletype_extensions import PER as _PER
from .ruletype_extensions import case_parts, extension, with_keys
from .ruletype_parts import (
    SCALARS,
    RuleTypeError,
    closing,
    covering,
    normalise,
    one_of,
    per_value,
    split_top,
    typed_dict,
)

OPEN: dict[str, Any] = {"list": list[Any], "map": dict[Any, Any]}
KEY_TYPES = ("int", "str")
VOCABULARY = ("int, float, str, bool, colour ('#rrggbb'), list, map, list[T] or dict[K,V] (K int or str); "
              "int and float take a bound: 'int >= 1', 'int in 2..20'; choices: 'str in (a, b)'; "
              "a mapping's keys: '{op: str, amount?: int}', no others: 'only {op: str}', "
              "more keys: 'effect + {when?: str}', in a case: 'effect + per op {hook: {name: T}}'; "
              "or a name under types:")
RULE_REF = re.compile(r"rules(?:\.[A-Za-z_][\w-]*)+")
_BOUND_REF = re.compile(rf"({RULE_REF.pattern})(?:\s*/\s*([1-9]\d*))?")  # `rules.lanes / 2`: a part, rounded down
_NUMBER = rf"-?\d+(?:\.\d+)?|{RULE_REF.pattern}(?:/[1-9]\d*)?"  # in a type without its spaces
_COMPARED = re.compile(rf"^(int|float|.+\]len)(>=|<=|>|<)({_NUMBER})$")
_RANGE = re.compile(rf"^(int|float|.+\]len)in({_NUMBER})\.\.({_NUMBER})$")
_BOUND_KEYS = {">=": "ge", ">": "gt", "<=": "le", "<": "lt"}
_CHOICES = re.compile(r"^(int|str)in\((.+)\)$")
NAMES_REF = re.compile(r"(?:rules|decks)(?:\.[A-Za-z_][\w-]*)+")  # a value that lists names
_REF_CHOICES = re.compile(rf"^strin{NAMES_REF.pattern}$")  # `str in decks.actions`, not yet put in
_COVERS = re.compile(rf"^(dict\[.+|map)covers(?:\((.+)\)|{NAMES_REF.pattern})$")
_NAME = re.compile(r"^[A-Za-z_][\w-]*$")
_TYPES_REF = re.compile(r"^types\.([A-Za-z_][\w-]*)$")  # in a choice list: the names a named type lists
Named = Mapping[str, str] | None  # the game's `types:`; None: any name is accepted (a syntax check)


def python_type(name: str, named: Named = {}) -> Any:  # noqa: B006 (never changed)
    """The Python type a rule type name stands for; RuleTypeError when it is not one. `named` holds
    the game's named types (`types:`); with None any name passes, as anything (a syntax check)."""
    text = normalise(name)
    covered = _COVERS.match(text)
    if covered:
        return covering(python_type(covered.group(1), named), covered.group(2))
    if text in SCALARS:
        return SCALARS[text]
    if text in OPEN:
        return OPEN[text]
    bounded = _bounded(text, named)
    if bounded is not None:
        return bounded
    choices = _CHOICES.match(text)
    if choices:
        return _choice_type(choices.group(1), choices.group(2), named)
    if _REF_CHOICES.match(text):
        return str  # a syntax check: the loader puts in the names (`rulecheck.bind`)
    if text.startswith("list[") and text.endswith("]"):
        return list[python_type(text[5:-1], named)]  # type: ignore[misc]
    if text.startswith("dict[") and text.endswith("]"):
        return _dict_type(text, named)
    if text.startswith(("{", _ONLY + "{")) and text.endswith("}"):
        return _keyed_map(text, named)
    extended = extension(text)
    if extended:
        return _extended(*extended, named)
    if _NAME.match(text) and text not in KEY_TYPES and (named is None or text in named):
        return _named_type(text, named)
    raise RuleTypeError(name)


def _choice_type(kind: str, listed: str, named: Named) -> Any:
    """`str in (a, b, types.hook)`: the names listed, and those each `types.NAME` (a named type of
    choices) lists; a `rules.PATH` or `decks.ID` among them that the loader has not put in yet
    (`rulecheck.bind`) leaves any name to pass, as a syntax check does."""
    if named is None and any(_TYPES_REF.match(part) for part in split_top(listed)):
        return SCALARS[kind]
    names = choice_names(kind, listed, named or {})
    return SCALARS[kind] if names is None else one_of(kind, ",".join(names))


def choice_names(kind: str, listed: str, named: Mapping[str, str], seen: tuple[str, ...] = ()) -> list[str] | None:
    """The names a choice list gives (`a,b,types.hook`), each `types.NAME` put in; None when it names a
    list the loader has not put in (`decks.effects`)."""
    names: list[str] = []
    for part in split_top(listed):
        ref = _TYPES_REF.match(part)
        if NAMES_REF.fullmatch(part):
            return None
        if not ref:
            names.append(part)
            continue
        inner = _CHOICES.match(normalise(named.get(ref.group(1), "")))
        if ref.group(1) in seen or not inner or inner.group(1) != kind:
            raise RuleTypeError(part)
        more = choice_names(kind, inner.group(2), named, (*seen, ref.group(1)))
        if more is None:
            return None
        names += more
    return list(dict.fromkeys(names))


def choices_of(text: str, named: Mapping[str, str]) -> list[str]:
    """The names a type of choices (`str in (a, types.hook)`) accepts; none for another type."""
    choices = _CHOICES.match(normalise(text))
    try:
        return (choice_names(choices.group(1), choices.group(2), named) or []) if choices else []
    except RuleTypeError:
        return []  # its own problem, reported where it is named


def _dict_type(text: str, named: Named) -> Any:
    """`dict[K,V]`: K is int or str, bounded (`int in 1..12`) or with choices (`str in (a, b)`)."""
    parts = split_top(text[5:-1])
    if len(parts) != 2:
        raise RuleTypeError(text)
    key, value = parts
    if not (key in KEY_TYPES or _CHOICES.match(key) or _REF_CHOICES.match(key) or _COMPARED.match(key)
            or _RANGE.match(key)) \
            or not key.startswith(KEY_TYPES):
        raise RuleTypeError(key)
    return dict[python_type(key, named), python_type(value, named)]  # type: ignore[misc]


def _keyed_map(text: str, named: Named, common: Mapping[str, Any] = {}, closed: bool = False) -> Any:
    """`{op: str, amount?: int}`: a mapping with these keys (`?`: optional) of these types; the
    other keys are free (an effect carries the keys its `op` reads), but not after `only`, which
    refuses every key not listed (a profile's misspelt `first_strik`). `... per op {steal: {...}}`
    adds the keys one value of `op` reads, typed for it (`steal` takes fewer resources than `set`);
    a case is itself such a mapping over the `common` keys, so it may close or have its own cases."""
    closed = closed or text.startswith(_ONLY)
    text = text.removeprefix(_ONLY)
    end = closing(text)
    keys = {**common, **_typed_keys(text[1:end], named)}
    shape = Any if named is None else typed_dict(keys, closed)  # a syntax check builds no mapping
    if end == len(text) - 1:
        return shape
    per = _PER.match(text[end + 1:])
    if not per or per.group(1) not in keys:
        raise RuleTypeError(text[end + 1:])
    selector, cases = per.group(1), {}
    for part in split_top(per.group(2)):
        value, sep, case = part.partition(":")
        if not sep or not _NAME.match(value) or value in cases or not case.startswith(("{", _ONLY + "{")):
            raise RuleTypeError(part)
        cases[value] = _keyed_map(case, named, keys, closed)
    return shape if named is None else per_value(shape, selector, cases)


def _extended(base: str, keys: str, cases: str, named: Named) -> Any:
    """`effect + {when?: str}`: the named mapping type `base` with these keys as well, in each of
    its cases (they are added to its common keys); `per op {hook: {name: T}}` after them gives
    the keys of the cases it names over that case's own (a place narrows a hook's names)."""
    if named is None:  # a syntax check: the keys are checked, the base is looked up by the loader
        if keys:
            _typed_keys(keys, None)
        per = _PER.match(cases)
        for _, case in case_parts(per.group(2)) if per else []:
            _typed_keys(case.removeprefix("{").removesuffix("}"), None)
        return Any
    return python_type(with_keys(base, keys, named, cases=cases), named)


def _typed_keys(inner: str, named: Named) -> dict[str, Any]:
    """`op: str, amount?: int` -> {'op': Required[str], 'amount': NotRequired[int]}."""
    keys: dict[str, Any] = {}
    for part in split_top(inner):
        key, sep, type_name = part.partition(":")
        optional = key.endswith("?")
        key = key.removesuffix("?")
        if not sep or not _NAME.match(key) or key in keys:
            raise RuleTypeError(f"{{{part}}}")
        value = python_type(type_name, named)
        keys[key] = NotRequired[value] if optional else Required[value]
    return keys


def _named_type(text: str, named: Named) -> Any:
    if named is None:  # a syntax check
        return Any
    try:  # a type that names no other (an effect's `who`) is built in place: a reference is checked in Python
        return _built(named[text], ())
    except RuleTypeError:
        return _named_reference(text, tuple(sorted(named.items())))


@cache  # one reference per name: Halfwish's cards, rules and profiles name `effect` many times
def _named_reference(text: str, named: tuple[tuple[str, str], ...]) -> Any:
    """A named type as a reference to its own validator, built the first time a value is checked:
    a type that names itself (an effect whose reward is a list of effects) is checked at any depth
    and built once, however many types name it. (Unrolled instead, three levels deep, Halfwish's
    `per op` effects made a load 0.1 s slower.) Its own mistakes are reported where it is named
    under `types:` (`named_types`), so here it is taken as it is."""
    def validate(value: Any) -> Any:
        return _adapter(dict(named)[text], named).validate_python(value)
    return Annotated[Any, PlainValidator(validate)]


def _bounded(text: str, named: Named = {}) -> Any:  # noqa: B006
    """`int>=1` -> Annotated[int, Field(ge=1)]; `intin2..20` -> ge=2, le=20; None when not bounded.

    `list[int]len>=1` bounds the number of items instead (min_length/max_length)."""
    compared = _COMPARED.match(text)
    if compared:
        kind, operator, number = compared.groups()
        return _annotated(kind, {_BOUND_KEYS[operator]: number}, named)
    ranged = _RANGE.match(text)
    if ranged:
        kind, low, high = ranged.groups()
        return _annotated(kind, {"ge": low, "le": high}, named)
    return None


def _annotated(kind: str, bounds: dict[str, str], named: Named) -> Any:
    if kind.endswith("len"):
        base = python_type(kind[:-3], named)
        lengths = {k: _number("int", v) for k, v in bounds.items()}
        if "lt" in lengths or "gt" in lengths:  # lengths are whole numbers: > n is >= n + 1
            lengths = {"ge": lengths.get("gt", -1) + 1} if "gt" in lengths else {"le": lengths["lt"] - 1}
        names = {"ge": "min_length", "le": "max_length"}
        return Annotated[base, Field(**{names[k]: v for k, v in lengths.items()})]  # type: ignore[call-overload]
    numbers = {key: _number(kind, value) for key, value in bounds.items()}
    has_refs = any(_BOUND_REF.fullmatch(value) for value in bounds.values())
    if not has_refs and "ge" in numbers and "le" in numbers and numbers["ge"] > numbers["le"]:
        raise RuleTypeError(f"{bounds['ge']}..{bounds['le']}")
    return Annotated[SCALARS[kind], Field(**numbers)]  # type: ignore[call-overload]


def _number(kind: str, text: str) -> int | float:
    if _BOUND_REF.fullmatch(text):
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
    return _BOUND_REF.sub(lambda match: str(values[match.group(1)] // int(match.group(2) or 1)), name)


def type_name_problem(name: str, named: Named = {}) -> str | None:  # noqa: B006
    """Why `name` is no rule type (with `named`, the game's named types), or None. A name the last
    load of the game found to be a type is one (`cards.fitting`): nothing is built to find it again."""
    check = digest(name, named)
    if passed_before(check):
        return None
    problem = _type_name_problem(name, None if named is None else tuple(sorted(named.items())))
    if problem is None:
        note_passed(check)
    return problem


@cache  # asked for every rule and every card field that names a type: building Halfwish's effect
# types per card took 0.37 s a load
def _type_name_problem(name: str, frozen: tuple[tuple[str, str], ...] | None) -> str | None:
    named = None if frozen is None else dict(frozen)
    try:
        _built(name, frozen)
    except RuleTypeError as exc:
        part = str(exc)
        inside = f" ({part!r} is not one)" if normalise(part) != normalise(name) else ""
        names = f" ({', '.join(named)})" if named else ""
        return f"unknown rule type{inside}; expected {VOCABULARY}{names}"
    return None


def check_type_name(name: str) -> str:
    """Validate a rule type name for the schema (a ValueError says what is accepted); a name that
    may be one of the game's `types:` passes here, and the loader looks it up (`type_name_problem`)."""
    problem = type_name_problem(name, None)
    if problem:
        raise ValueError(problem)
    return name


def adapter(name: str, named: Mapping[str, str] | None = None) -> TypeAdapter[Any]:
    """A strict pydantic validator for the rule type `name`, its names looked up in `named`."""
    return _adapter(name, tuple(sorted((named or {}).items())))


@cache  # the loader asks whether a name is a type, then checks values with it: one build serves both
def _built(name: str, named: tuple[tuple[str, str], ...] | None) -> Any:
    return python_type(name, None if named is None else dict(named))


@cache  # games share types, and a deck's cards one field's type
def _adapter(name: str, named: tuple[tuple[str, str], ...]) -> TypeAdapter[Any]:
    found = _built(name, named)
    # a mapping with typed keys carries its own (strict) config, and pydantic refuses a second one
    return TypeAdapter(found) if is_typeddict(found) else TypeAdapter(found, config=ConfigDict(strict=True))
