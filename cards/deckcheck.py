"""The checks of one deck against the others and the rules: its fields' references, each card's
fields (`cards.fieldcheck`), and its card totals. `cards.loader` runs them once every file is read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .fieldcheck import field_problem
from .locations import Loc
from .rulecheck import Decks, Readers, bind, resolve_rule, rules_ids, type_mismatches
from .schema import Deck, is_rules_ref

Report = Callable[[str, int, Loc, str], None]  # (section, index, place within, message)

# Only `text` fields are filled in (`cards.texts.card_text`): elsewhere `{{ rules.x }}` would print
# as it is written (sixth-game audit: a card named "Candle {{ rules.hand_size }}" went to print).
_TEMPLATE_MARK = "{{"
_CARD_KEYS = ("id", "name", "count")  # every card's own keys; the rest are the deck's fields
_NOT_FILLED_IN = "`{{{{ }}}}` is not filled in in {what}: it would print as written"


class DeckChecker:
    """Reports each problem through `report`, located by section, index and place within."""

    def __init__(self, report: Report, named: dict[str, str] | None = None, decks: Decks = None,
                 readers: Readers | None = None):
        self.report = report
        self.named = named or {}  # the game's named rule types (`types:`), for a field's `rule_type`
        self.decks = decks or {}  # the decks by id, whose cards a `rule_type` may list
        self.readers = readers if readers is not None else {}  # where the keys some types add are read (`cards.keyreaders`)

    def check_deck(self, index: int, deck: Deck, deck_cards: dict[str, set[str]], rules: Any,
                   totals_known: bool = True, unchecked: frozenset[str] = frozenset()) -> None:
        """Check one deck's declared fields, its cards' fields (but those `unchecked`, whose
        definition the schema refused) and its totals (unless not `totals_known`)."""
        for name, spec in deck.fields.items():
            refused = bind(rules, spec.rule_type, self.named, self.decks)[1] if spec.rule_type else ""
            if refused:
                self.report("decks", index, ("fields", name, "rule_type"), refused)
            if spec.refs and is_rules_ref(spec.refs) and spec.refs not in deck_cards:
                ids = rules_ids(rules, spec.refs)
                if ids is None:
                    self.report("decks", index, ("fields", name, "refs"),
                                f"refers to {spec.refs!r}, which names no list or mapping of the rules")
                else:
                    deck_cards[spec.refs] = ids  # (a deck id never starts with `rules.`)
            elif spec.refs and spec.refs not in deck_cards:
                self.report("decks", index, ("fields", name, "refs"),
                            f"refers to deck {spec.refs!r}, which does not exist; decks: {', '.join(sorted(deck_cards))}")
        for j, card in enumerate(deck.cards):
            self._check_card_fields(index, j, deck, card.name, card.model_extra or {}, deck_cards, rules, unchecked)
        if not totals_known:  # cards were dropped (`cards.salvage`)
            return
        if not any(card.count > 0 for card in deck.cards):  # nothing to print: a sheet of nothing
            self.report("decks", index, ("cards",), f"deck {deck.id!r} prints no card: give a card a count "
                                                    "above 0, or remove the deck")
        if deck.total is not None:
            expected = self._expected_total(deck.total, rules, ("decks", index, ("total",)))
            actual = sum(c.count for c in deck.cards)
            if expected is not None and actual != expected:
                self.report("decks", index, ("total",),
                            f"card counts add up to {actual}, {_expected(expected, deck.total)}")

    def check_borrowed_back(self, index: int, deck: Deck, decks: dict[str, Deck]) -> None:
        """`back: {like: DECK}` names another deck of the same size with one back of its own."""
        like = deck.back.like
        if like is None:
            return
        other = decks.get(like)
        if other is None:
            self.report("decks", index, ("back", "like"),
                        f"names deck {like!r}, which does not exist; decks: {', '.join(sorted(decks))}")
        elif other is deck or other.back.per_card or other.back.like is not None:
            why = ("its own back" if other is deck else "a deck whose backs are per card" if other.back.per_card
                   else "a deck that borrows its back too")
            self.report("decks", index, ("back", "like"), f"names {why}: name a deck with one back of its own")
        elif other.size != deck.size:
            self.report("decks", index, ("back", "like"),
                        f"names deck {like!r} of size {other.size}, not {deck.size}: its back would not fit")

    def _expected_total(self, total: int | str, rules: Any, where: tuple[str, int, Loc]) -> int | None:
        if isinstance(total, int):
            return total
        section, index, rest = where
        if not is_rules_ref(total):
            self.report(section, index, rest, f"expected an int or 'rules.NAME', got {total!r}")
            return None
        try:
            value = resolve_rule(rules, total)
        except KeyError:
            self.report(section, index, rest, f"{total!r} names no rules parameter")
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            self.report(section, index, rest, f"{total!r} is {value!r}, expected an int")
            return None
        return value

    def check_written_card(self, index: int, place: int, deck: Deck, written: dict[str, Any],
                           deck_cards: dict[str, set[str]], rules: Any, unchecked: frozenset[str] = frozenset()) -> None:
        """The fields of a card the schema refused (`cards.salvage`), as written at `place`: a count
        written as a word must not hide a misspelt field of the same card until the next run."""
        name = written.get("name")
        extra = {key: value for key, value in written.items() if key not in _CARD_KEYS}
        self._check_card_fields(index, place, deck, name if isinstance(name, str) else "", extra, deck_cards, rules,
                                unchecked)

    def _check_card_fields(self, di: int, ci: int, deck: Deck, name: str, extra: dict[str, Any],
                           deck_cards: dict[str, set[str]], rules: Any, unchecked: frozenset[str]) -> None:
        accepted = [*_CARD_KEYS, *deck.fields]
        for key in extra:
            if key not in deck.fields:
                self.report("decks", di, ("cards", ci, key),
                            f"unknown field {key!r} for deck {deck.id!r}; accepted: {', '.join(accepted)}")
        if _TEMPLATE_MARK in name:
            self.report("decks", di, ("cards", ci, "name"), _NOT_FILLED_IN.format(what="a card's name"))
        for field, spec in deck.fields.items():
            if field in unchecked:
                continue
            if field not in extra:
                if spec.required:
                    self.report("decks", di, ("cards", ci), f"missing required field {field!r}")
                continue
            if spec.type == "str" and isinstance(extra[field], str) and _TEMPLATE_MARK in extra[field]:
                self.report("decks", di, ("cards", ci, field),
                            _NOT_FILLED_IN.format(what=f"a field of type str ({field!r})") + "; declare it "
                            "`type: text` to have it filled in")
                continue
            message = field_problem(spec, extra[field], deck_cards)
            if message:
                self.report("decks", di, ("cards", ci, field), message)
            elif spec.rule_type and not bind(rules, spec.rule_type, self.named, self.decks)[1]:
                bound = bind(rules, spec.rule_type, self.named, self.decks)[0]
                for inner, text in type_mismatches(spec.rule_type, bound, extra[field], self.named, self.readers):
                    self.report("decks", di, ("cards", ci, field, *inner), text)
            elif spec.type == "counts" and spec.total is not None:
                expected = self._expected_total(spec.total, rules, ("decks", di, ("fields", field, "total")))
                actual = sum(extra[field].values())
                if expected is not None and actual != expected:
                    self.report("decks", di, ("cards", ci, field),
                                f"counts add up to {actual}, {_expected(expected, spec.total)}")


def _expected(value: int, total: int | str) -> str:
    """`expected 12`, or `expected 12 (rules.deck_size)` when the total names a rules parameter
    (audit: `expected 12 (12)` said the number twice)."""
    return f"expected {value} ({total})" if is_rules_ref(total) else f"expected {value}"
