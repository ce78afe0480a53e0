"""Check `rules:` against `rule_types:`: every mismatch or out-of-bounds value, at its line.

The game's named types (`types:`) are checked first, their `rules.PATH` bounds filled in; a
rule type, or a deck field's `rule_type`, may then name them (`list[effect]`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from .errors import Problem
from .fitting import digest, note_passed, passed_before
from .locations import Loc
from .problems import message
from .ruletype_parts import NOT_COVERED, NOT_ONE_OF, SCALARS, UNKNOWN_KEY, RuleTypeError
from .ruletypes import (
    NAMES_REF,
    adapter,
    bind_refs,
    rule_refs,
    type_name_problem,
    unbounded,
)
from .wording import closest, suggestion
from .yamlsrc import YamlDoc

_TYPE_NAME = re.compile(r"^[A-Za-z_][\w-]*$")
_CASE = re.compile(r"^\[[\w-]+=[\w-]+\]$")  # a `per op` case in an error location: `[op=steal]`
# `str in REF` / `covers REF`: the names another value lists, put in before the type is built
_LISTED = re.compile(rf"\b(in|covers)\s+({NAMES_REF.pattern})(?=\s*(?:[,\])}}]|$))")
# `str in (raise_power, decks.effects)`: a list named among the choices (or the keys a mapping covers)
_LISTED_ITEM = re.compile(rf"(?<=[(,])(\s*)({NAMES_REF.pattern})(?=\s*[,)])")
Readers = Mapping[str, str]  # a key some types add, or a name's repr, -> where it is read (`cards.keyreaders`)


@dataclass(frozen=True)
class ListedDeck:
    """What `decks.ID` lists (the card ids, those the schema refused too: a card left out is no
    second problem) and `decks.ID.FIELD` (the values the cards kept give the field)."""
    ids: list[str]
    cards: list[Any]


Decks = Mapping[str, ListedDeck] | None  # None: a deck could not be read, so `decks.ID` names any name


def listed_decks(decks: list[Any], dropped: Mapping[int, Mapping[int, str]]) -> dict[str, ListedDeck]:
    """The game's decks by id, as a rule type may name them; `dropped`: by deck index, the ids of
    the cards the schema refused."""
    return {deck.id: ListedDeck([card.id for card in deck.cards] + list(dropped.get(i, {}).values()), deck.cards)
            for i, deck in enumerate(decks)}


_OUT_OF_BOUNDS = {"greater_than_equal", "greater_than", "less_than_equal", "less_than", "too_short", "too_long"}


def resolve_rule(rules: dict[str, Any], path: str) -> Any:
    """Follow a dotted path (an optional leading `rules.` is dropped) into the parameters."""
    parts = path.split(".")
    if parts and parts[0] == "rules":
        parts = parts[1:]
    value: Any = rules
    for part in parts:
        if not isinstance(value, dict) or part not in value:
            raise KeyError(f"no rules parameter {path!r}")
        value = value[part]
    return value


def rules_ids(rules: dict[str, Any], path: str) -> set[str] | None:
    """The ids a `refs: rules.PATH` field may name; None when the path names no list or mapping."""
    names = _rules_names(rules, path)
    return None if names is None else set(names)


def _rules_names(rules: dict[str, Any], path: str) -> list[str] | None:
    """The names a list or mapping of the rules gives, in its order (a mapping's keys; a list's
    items, or their ids); None when the path names neither."""
    try:
        value = resolve_rule(rules, path)
    except KeyError:
        return None
    if isinstance(value, dict):
        return [str(key) for key in value]
    if isinstance(value, list):
        return [str(item["id"]) if isinstance(item, dict) and "id" in item else str(item) for item in value
                if isinstance(item, str | int) or (isinstance(item, dict) and "id" in item)]
    return None


def named_types(rules: dict[str, Any], types: dict[str, str], docs: dict[str, YamlDoc],
                decks: Decks = {}) -> tuple[dict[str, str], list[Problem]]:  # noqa: B006 (never changed)
    """The game's named types with their bounds filled in, and the problems of those that are not
    types (a misspelt part, a bound naming no parameter); those are left out."""
    problems, named = [], {}
    binds = {name: _bind(rules, type_name, decks) for name, type_name in types.items()}
    # a type names the others only by reference, built when a value is checked, so another type's
    # mistake is its own problem; and when none has one, the check builds what validates values
    known = {name: bound for name, (bound, _) in binds.items()}
    for name, (bound, refused) in binds.items():
        if not _TYPE_NAME.match(name) or name in SCALARS or name in ("list", "map", "dict"):
            refused = f"{name!r} cannot name a type: use letters, digits, '_' and '-', not a built-in type"
        refused = refused or type_name_problem(bound, known) or ""
        if refused:
            problems.append(docs["types"].problem(("types", name), refused))
        else:
            named[name] = bound
    return named, problems


def check_rule_types(rules: dict[str, Any], rule_types: dict[str, str], docs: dict[str, YamlDoc],
                     named: dict[str, str] | None = None, decks: Decks = {},  # noqa: B006
                     readers: Readers = {}) -> list[Problem]:  # noqa: B006
    """Every declared parameter exists and has its declared type (strictly: no coercion) and bounds;
    `readers`: where the keys some types add are read (`cards.keyreaders`)."""
    problems: list[Problem] = []
    for path, type_name in rule_types.items():
        try:
            value = resolve_rule(rules, path)
        except KeyError:
            problems.append(docs["rule_types"].problem(
                ("rule_types", path), f"declares a type for {path!r}, which names no rules parameter"))
            continue
        bound, refused = _bind(rules, type_name, decks)
        refused = refused or _refusal(type_name, bound, named or {})
        if refused:
            problems.append(docs["rule_types"].problem(("rule_types", path), refused))
            continue
        problems += [docs["rules"].problem(_rule_loc(path) + inner, text)
                     for inner, text in type_mismatches(type_name, bound, value, named, readers)]
    return problems


def bind(rules: dict[str, Any], type_name: str, named: dict[str, str],
         decks: Decks = {}) -> tuple[str, str]:  # noqa: B006 (never changed)
    """The type with its `rules.PATH` bounds filled in, and why it is no type when it is not one."""
    bound, refused = _bind(rules, type_name, decks)
    return bound, refused or _refusal(type_name, bound, named)


def _refusal(type_name: str, bound: str, named: dict[str, str]) -> str:
    """Why the type with its bounds filled in (`bound`) is no type: a type that is one as written
    leaves no room between the values its bounds name (`int in 1..rules.lanes / 2`, lanes 1)."""
    problem = type_name_problem(bound, named) or ""
    if problem and bound != type_name and not type_name_problem(type_name, None):
        return f"no value fits {type_name} ({bound}): the parameters its bounds name leave no room"
    return problem


def type_mismatches(type_name: str, bound: str, value: Any, named: dict[str, str] | None,
                    readers: Readers = {}) -> list[tuple[Loc, str]]:  # noqa: B006 (never changed)
    """Where inside `value` (a path) and why it does not fit the type (`bound`: its bounds filled in);
    a key it refuses that `readers` names is said to be read there. A check the last load of the
    game passed is not made again (`cards.fitting`)."""
    check = digest(bound, named, value)
    if passed_before(check):
        return []
    try:
        adapter(bound, named).validate_python(value)
    except RuleTypeError:  # a bound from another parameter that is itself out of range
        return [((), f"no value fits {type_name} ({bound})")]
    except ValidationError as exc:
        shown = type_name if bound == type_name else f"{type_name} ({bound})"
        return _value_problems(shown, value, exc, readers)
    note_passed(check)
    return []


def _bind(rules: dict[str, Any], type_name: str, decks: Decks = {}) -> tuple[str, str]:  # noqa: B006
    """The type with the names its `str in REF` and `covers REF` refer to put in, and its `rules.PATH`
    bounds filled in; and why it cannot be when it cannot."""
    refusals: list[str] = []

    def names(ref: str) -> str | None:
        if decks is None and ref.startswith("decks."):
            return None  # left free (`ruletypes` takes it as any name): the deck's problem is its own
        found = _listed_names(rules, decks or {}, ref)
        if not found:
            refusals.append(f"{ref!r} lists no names (expected rules.PATH, a list or mapping; "
                            "decks.ID, a deck's card ids; or decks.ID.FIELD, the values its cards give)")
        return ", ".join(found)

    def listed(match: re.Match[str]) -> str:
        found = names(match.group(2))
        return match.group(0) if found is None else f"{match.group(1)} ({found})"

    def item(match: re.Match[str]) -> str:
        found = names(match.group(2))
        return match.group(0) if found is None else match.group(1) + found
    type_name = _LISTED_ITEM.sub(item, _LISTED.sub(listed, type_name))
    if refusals:
        return type_name, refusals[0]
    values = {}
    for ref in rule_refs(type_name):
        try:
            values[ref] = resolve_rule(rules, ref)
        except KeyError:
            return type_name, f"the bound {ref!r} names no rules parameter"
        if not isinstance(values[ref], int) or isinstance(values[ref], bool):
            return type_name, f"the bound {ref!r} is {values[ref]!r}, expected a whole number"
    return bind_refs(type_name, values), ""


def _listed_names(rules: dict[str, Any], decks: Mapping[str, ListedDeck], ref: str) -> list[str]:
    """The names `ref` lists, each once, in order: see `_LISTED`."""
    if ref.startswith("rules."):
        return list(dict.fromkeys(_rules_names(rules, ref) or []))
    _, deck_id, *field = ref.split(".", 2)
    deck = decks.get(deck_id)
    if deck is None:
        return []
    if not field:
        return list(dict.fromkeys(deck.ids))
    return list(dict.fromkeys(v for card in deck.cards if isinstance(v := (card.model_extra or {}).get(field[0]), str)))


def _value_problems(type_name: str, value: Any, exc: ValidationError, readers: Readers) -> list[tuple[Loc, str]]:
    problems = []
    misspelt = _misspelt_keys(exc.errors())
    for error in exc.errors():
        inner = _data_loc(error)
        if error["type"] == "missing" and inner in misspelt:
            continue  # the unknown key beside it says which key it meant
        if error["type"] == NOT_ONE_OF:  # its own words: the value, the choices and a close one
            text = error["msg"] + _accepted_in(error.get("input"), readers)
        elif error["type"] == "missing":
            text = f"missing required key {inner[-1]!r}"
            inner = inner[:-1]
        elif error["type"] == NOT_COVERED:
            text = f"missing key {error['ctx']['missing']} (the keys must cover {_covered(type_name)}): add it"
        elif error["type"] == UNKNOWN_KEY:
            text = _unknown_key(str(inner[-1]), error["ctx"]["accepted"], readers)
        elif inner:
            text = message(error, inner)
        elif error["type"] in _OUT_OF_BOUNDS:
            text = f"expected {type_name}, got {value!r}"
        else:  # the wrong kind of value altogether: name the kind, as for an unbounded type
            text = f"expected {unbounded(type_name)}, got {value!r}"
        problems.append((inner, _in_words(error, text)))
    return problems


def _accepted_in(value: Any, readers: Readers) -> str:
    """Where a name refused here is accepted, when other places take more names (`cards.keyreaders`)."""
    where = readers.get(repr(value)) if isinstance(value, str) else None
    return f"; it may be used only in {where}" if where else ""


def _covered(type_name: str) -> str:
    """What a `covers` type's keys must cover, as written: `decks.characters.die`."""
    found = re.search(r"covers\s*(\S.*)$", type_name)
    return found.group(1).split(" (")[0] if found else type_name


def _data_loc(error: Any) -> Loc:
    """Where in the value the error is: its location without the cases' tags (`[op=steal]`)."""
    return tuple(p for p in error["loc"] if not (isinstance(p, str) and p.startswith("[")))


def _misspelt_keys(errors: list[Any]) -> set[Loc]:
    """The missing keys that an unknown key beside them is a misspelling of (`dv_gian: 4` for
    `dv_gain`): they are not said to be missing as well."""
    unknown = [(_data_loc(error), error["ctx"]["accepted"]) for error in errors if error["type"] == UNKNOWN_KEY]
    meant = [(loc, closest(str(loc[-1]), accepted.split(", "))) for loc, accepted in unknown]
    return {(*loc[:-1], key) for loc, key in meant if key}


def _unknown_key(key: str, accepted: str, readers: Readers) -> str:
    """A key an `only {...}` mapping does not list: where it is read when some types add it, else
    the key it is close to, else those it lists."""
    if key in readers:
        return f"unknown key {key!r}: nothing reads it here, only {readers[key]}; accepted: {accepted}"
    close = suggestion(key, accepted.split(", "))
    return f"unknown key {key!r}{close}" if close else f"unknown key {key!r}; accepted: {accepted}"


def _in_words(error: Any, text: str) -> str:
    """What is wrong, saying when it is a mapping's key (`rules.buffs[30]` names the key, not a
    value) and which case of a `per op` type asked for it (`dv` is a resource, but not one to steal)."""
    loc = error["loc"]
    if "[key]" in loc:
        found = error.get("input")
        if error["type"] in _OUT_OF_BOUNDS:
            text = f"the key {found!r} is out of bounds: {text.split(', got ')[0]}"
        elif error["type"] == NOT_ONE_OF:
            text = f"the key {text}"
        else:
            text = f"the key {found!r} is wrong: {text}"
    cases = _cases(loc)
    return f"{text} (with {', '.join(cases)})" if cases else text


def _cases(loc: tuple[Any, ...]) -> list[str]:
    """The cases that typed the wrong value: the last run of them in its location (`op: hook, name:
    bubble`), not those of the mappings around it (a bid's, around its reward's effect)."""
    runs: list[list[str]] = [[]]
    for part in loc:
        if isinstance(part, str) and _CASE.match(part):
            runs[-1].append(part[1:-1].replace("=", ": "))
        elif runs[-1]:
            runs.append([])
    return next((run for run in reversed(runs) if run), [])


def _rule_loc(path: str) -> Loc:
    """Where a dotted rules path lives in game.yaml: `hearts.max` -> ('rules', 'hearts', 'max')."""
    parts = path.split(".")
    return ("rules", *(parts[1:] if parts[0] == "rules" else parts))
