"""Where the keys and names some rule types add are read, in words, for lint's messages.

A named type may extend another with keys (`location_effect: "effect + {when?: ...}"`) or list
another's choices (`duel_hook: str in (types.any_hook, feint)`): a key or name refused in one place
may be right in another, and lint says where (`unknown key 'when': nothing reads it here, only the
effects of decks map, powers`). Worked out only when a problem asks (`readers_when_asked`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .rulecheck import Readers
from .ruletype_extensions import added_keys
from .ruletypes import choices_of

_TYPES_ITEM = re.compile(r"\btypes\.([A-Za-z_][\w-]*)")  # `str in (types.hook, feint)`
_WORD = re.compile(r"[A-Za-z_][\w-]*")


class _WorkedOutWhenAsked(Mapping[str, str]):
    """`key_readers`, worked out the first time a problem asks where a key is read: a database with
    no such problem never does (it cost a Halfwish load 17 ms, a rebuild with no change doubled)."""

    def __init__(self, make: Callable[[], dict[str, str]]):
        self._make = make
        self._made: dict[str, str] | None = None

    def _readers(self) -> dict[str, str]:
        if self._made is None:
            self._made = self._make()
        return self._made

    def __getitem__(self, key: str) -> str:
        return self._readers()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._readers())

    def __len__(self) -> int:
        return len(self._readers())


def readers_when_asked(types: Mapping[str, str], rule_types: Mapping[str, str], decks: Sequence[Any]) -> Readers:
    """`key_readers(types, rule_types, decks)`, worked out only if a problem needs it."""
    return _WorkedOutWhenAsked(functools.partial(key_readers, types, rule_types, decks))


def key_readers(types: Mapping[str, str], rule_types: Mapping[str, str], decks: Sequence[Any]) -> dict[str, str]:
    """Where each key an extension adds (`card_effect: effect + {when?: ...}`) is read, in words:
    the rules and the deck fields whose type names such a type, itself or through another
    (`the effects of decks map, powers`). A mapping that refuses the key says so: `when` on a
    bid's reward is read by nothing, and the designer learns where it would be. Keyed by its repr
    (`'feint'`), where each name a type of choices lists is accepted, when another type of choices
    names that one (`types.duel_hook`): a hook refused on a location says where it may be used."""
    found: dict[str, dict[Place, None]] = {}  # each key's places, in order, each once
    for name, text in types.items():
        added = added_keys(text)
        for key in added[1] if added else []:
            found.setdefault(key, {}).update(dict.fromkeys(_places_naming(_naming(name, types), rule_types, decks)))
    families = _choice_families(types)
    for name in (name for name in types if name in families):  # in their order: the same words each run
        for value in choices_of(types[name], types):
            places = _places_naming(_naming(name, types), rule_types, decks)
            found.setdefault(repr(value), {}).update(dict.fromkeys(places))
    return {key: _in_words_of_places(list(places)) for key, places in found.items() if places}


def _choice_families(types: Mapping[str, str]) -> set[str]:
    """The named types of choices that name another (`str in (types.hook, feint)`) or are named so."""
    naming = {name for name, text in types.items() if _TYPES_ITEM.search(text)}
    return (naming | {ref for text in types.values() for ref in _TYPES_ITEM.findall(text)}) & set(types)


Place = tuple[str, str]  # ('rules.wishes', '') or a deck field: ('effects', 'map')


def _naming(name: str, types: Mapping[str, str]) -> set[str]:
    """`name` and every named type that names it, directly or through another."""
    names, grown = {name}, True
    while grown:
        more = {other for other, text in types.items() if names & set(_WORD.findall(text))} - names
        names, grown = names | more, bool(more)
    return names


def _places_naming(names: set[str], rule_types: Mapping[str, str], decks: Sequence[Any]) -> list[Place]:
    """The rules and the deck fields whose type names one of `names`."""
    places = [(f"rules.{path.removeprefix('rules.')}", "") for path, text in rule_types.items()
              if names & set(_WORD.findall(text))]
    return places + [(field, deck.id) for deck in decks for field, spec in deck.fields.items()
                     if spec.rule_type and names & set(_WORD.findall(spec.rule_type))]


def _in_words_of_places(places: list[Place]) -> str:
    """`rules.wishes, the effects of decks map, powers`."""
    fields: dict[str, list[str]] = {}
    for field, deck in places:
        if deck:
            fields.setdefault(field, []).append(deck)
    words = _compact_rules([rule for rule, deck in places if not deck])
    words += [f"the {field} of deck{'s' if len(ids) > 1 else ''} {', '.join(ids)}" for field, ids in fields.items()]
    return ", ".join(words)


def _compact_rules(paths: list[str]) -> list[str]:
    """Rules paths in few words: one under another listed goes, siblings go as one (`rules.actions.*`)."""
    kept = [path for path in paths if not any(path.startswith(other + ".") for other in paths)]
    parents = [path.rpartition(".")[0] for path in kept]
    shared = {parent for parent in parents if parents.count(parent) > 1 and parent != "rules"}
    return list(dict.fromkeys(f"{parent}.*" if parent in shared else path for path, parent in zip(kept, parents)))
