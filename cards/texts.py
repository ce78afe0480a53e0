"""Card texts that name rule numbers: `{{ rules.hand_size }}`, `{{ card.bonus }}`.

A number lives once in the database; a card's printed text refers to it, and is filled in
here, in Jinja2's immutable sandbox (no card text is ever evaluated as Python). Engines,
rulebooks and card layouts all print the same words.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from jinja2 import Template, TemplateError, TemplateSyntaxError

from .errors import CardsError
from .rulenames import unknown_rules
from .sandbox import BudgetedSandbox
from .undefined import NamingUndefined

_ENV = BudgetedSandbox(undefined=NamingUndefined, autoescape=False)
MAX_TEXT = 20_000  # characters of one card text: a card holds a few hundred; more is a mistake


class CardTextError(CardsError):
    """A card text whose `{{ ... }}` cannot be filled in; `card` and `field` name it when known."""

    def __init__(self, message: str, card: str | None = None, field: str | None = None):
        super().__init__(message)
        self.card = card
        self.field = field


def render_text(text: str, rules: Any, card: dict[str, Any] | None = None, *, where: str = "") -> str:
    """`text` with `{{ rules.* }}` and `{{ card.* }}` filled in, whitespace folded to single spaces."""
    text = str(text)
    if len(text) > MAX_TEXT:  # refused before folding or fitting, which would take seconds
        raise CardTextError(f"{where or 'card text'}: {len(text):,} characters; a card text holds at most "
                            f"{MAX_TEXT:,}")
    folded = " ".join(text.split())
    if "{" not in folded:
        return folded
    try:
        return _compiled(folded).render(rules=rules, card=card or {})
    except TemplateError as exc:
        raise CardTextError(_cannot_fill_in(where, folded, exc)) from None
    except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as exc:
        # a bad database value reached the expression: a located data problem, not a traceback
        raise CardTextError(f"{where or 'card text'}: cannot evaluate {folded!r}: "
                            f"{type(exc).__name__}: {exc}") from None


def _cannot_fill_in(where: str, folded: str, exc: TemplateError) -> str:
    return f"{where or 'card text'}: cannot fill in {folded!r}: {exc}"


@lru_cache(maxsize=4096)
def _compiled(text: str) -> Template:
    """A card text compiled once per process: a build fills the same texts in many times."""
    return _ENV.from_string(text)


def card_text(card: Any, rules: Any, field: str = "text") -> str:
    """A Card's `field` (default `text`) rendered with the rules and the card's own fields."""
    fields = {"id": card.id, "name": card.name, "count": card.count, **card.fields}
    try:
        return render_text(card.get(field) or "", rules, fields, where=f"card {card.id!r} field {field!r}")
    except CardTextError as exc:
        raise CardTextError(str(exc), card.id, field) from None


def text_fields(deck: Any, card: Any) -> list[str]:
    """The card's fields that are filled in: its declared text fields, not only `text` (sixth-game audit)."""
    declared = [name for name, spec in deck.fields.items() if spec.type == "text" and name != "text" and card.get(name)]
    return declared + (["text"] if card.get("text") else [])


def unloaded_text_errors(deck: Any, rules: Mapping[str, Any] | None) -> list[tuple[int, str, str]]:
    """What a database that does not load can still say of `deck`'s texts: their `{{ }}` well
    formed, and, when its rules were read (`rules`), the rules parameters they name there."""
    return syntax_errors(deck) + (unknown_rule_errors(deck, rules) if rules is not None else [])


def syntax_errors(deck: Any) -> list[tuple[int, str, str]]:
    """(card's index, field, message) of every text of `deck` whose `{{ }}` is not even well formed:
    found without the rules, so a database refused for another mistake still lists them (a
    misspelt spreadsheet column hid them until the next run). The message is `card_text`'s."""
    found = []
    for index, card, field, folded in _templated_texts(deck):
        try:
            _ENV.parse(folded)
        except TemplateSyntaxError as exc:
            found.append((index, field, _cannot_fill_in(f"card {card.id!r} field {field!r}", folded, exc)))
    return found


def unknown_rule_errors(deck: Any, rules: Mapping[str, Any]) -> list[tuple[int, str, str]]:
    """(card's index, field, message) of every text of `deck` naming a rules parameter that
    `rules` does not hold (`cards.rulenames`): found without loading the database, so a database
    refused for another mistake still lists them. The message is `card_text`'s."""
    found = []
    for index, card, field, folded in _templated_texts(deck):
        try:
            unknown = unknown_rules(_ENV.parse(folded), rules)
        except TemplateSyntaxError:  # `syntax_errors` says so
            continue
        where = f"card {card.id!r} field {field!r}"
        found += [(index, field, f"{where}: cannot fill in {folded!r}: {each.message}") for each in unknown]
    return found


def _templated_texts(deck: Any) -> Iterator[tuple[int, Any, str, str]]:
    """(card's index, card, field, text folded to single spaces) of every text of `deck` with a
    `{` in it, short enough to fill in."""
    for index, card in enumerate(deck.cards):
        for field in text_fields(deck, card):
            folded = " ".join(str(card.get(field)).split())
            if "{" in folded and len(folded) <= MAX_TEXT:
                yield index, card, field, folded
