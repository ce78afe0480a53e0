"""Rules across a skill card's fields, for `deckwright lint` (each field alone is checked by the
deck's `fields:`; these are the combinations no single field can refuse).

Every finding is located at the card's field in its YAML file (`skills.yaml:42:... cost: ...`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cards import Database, Problem
from cards.paths import display_path
from cards.yamlsrc import YamlDoc, load_yaml

FRIENDLY = ("ally", "allies", "self")
HOSTILE = ("enemy", "enemies")
EFFECT_FIELDS = ("damage", "damage_tier", "heal", "power", "armor", "apply", "draw")

Finding = tuple[str, str]          # (field, message)
Rule = Callable[[dict[str, Any], Database], Iterator[Finding]]


def _damage_and_heal(card: dict[str, Any], db: Database) -> Iterator[Finding]:
    """A skill heals or deals damage, not both (a heal skill with a damage tier is a slip)."""
    if "heal" in card:
        for field in ("damage", "damage_tier"):
            if field in card:
                yield field, f"a heal skill with {field.replace('_', ' ')}: a skill heals or deals damage"


def _two_damages(card: dict[str, Any], db: Database) -> Iterator[Finding]:
    """Damage in points or as a tier, not both."""
    if "damage" in card and "damage_tier" in card:
        yield "damage_tier", "damage is given both in points and as a tier: keep one"


def _target_side(card: dict[str, Any], db: Database) -> Iterator[Finding]:
    """Healing goes to allies, damage to enemies."""
    target = card.get("target")
    if target in HOSTILE and "heal" in card:
        yield "heal", f"targets {target} but heals: healing is for an ally or this character"
    if target in FRIENDLY:
        for field in ("damage", "damage_tier"):
            if field in card:
                yield field, f"targets {target} but deals damage: damage is for an enemy"


def _range(card: dict[str, Any], db: Database) -> Iterator[Finding]:
    """A self-only skill has range 0; any other target needs a range of at least 1 tile."""
    target, reach = card.get("target"), card.get("range")
    if not isinstance(reach, int):
        return
    if target == "self" and reach != 0:
        yield "range", f"range {reach} given for a self-only skill: use range 0"
    if target in HOSTILE and reach < 1:
        yield "range", f"targets {target} within {reach} tiles: no enemy stands that close"


def _durations(card: dict[str, Any], db: Database) -> Iterator[Finding]:
    """Every applied effect has a positive number: turns for a timed effect, stacks otherwise."""
    kinds = {c.id: c.fields.get("kind") for deck in db.decks if deck.id == "effects" for c in deck.cards}
    for effect, count in (card.get("apply") or {}).items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            what = "turns (a timed effect)" if kinds.get(effect) == "timed" else "stacks"
            yield "apply", f"{effect}: {count!r} is not a number of {what}: give 1 or more"


def _cost(card: dict[str, Any], db: Database) -> Iterator[Finding]:
    """A card costs 0 to the AP cap: a player never holds more than the cap."""
    cost, cap = card.get("cost"), db.rules.get("ap_cap")
    if isinstance(cost, int) and isinstance(cap, int) and not 0 <= cost <= cap:
        yield "cost", f"costs {cost} AP, outside 0..{cap} (a player never has more than the AP cap)"


def _tier_steps(card: dict[str, Any], db: Database) -> Iterator[Finding]:
    """Raising or lowering a tier by 0, or by more steps than the tier table has."""
    steps = len(db.rules.get("tier_names") or ()) - 1
    for field in ("power", "armor"):
        shift = card.get(field)
        if isinstance(shift, int) and (shift == 0 or (steps > 0 and abs(shift) > steps)):
            yield field, f"{field} {shift:+d} tiers: give -{steps}..{steps}, not 0"


def _does_something(card: dict[str, Any], db: Database) -> Iterator[Finding]:
    """A skill with no effect field prints a card that does nothing."""
    if not any(field in card for field in EFFECT_FIELDS):
        yield "target", f"no effect: give one of {', '.join(EFFECT_FIELDS)}"


RULES: tuple[Rule, ...] = (_damage_and_heal, _two_damages, _target_side, _range, _durations, _cost, _tier_steps,
                           _does_something)


def skill_problems(db: Database, deck_id: str = "skills") -> list[Problem]:
    """Every cross-field finding on the skill cards, located at file:line and field."""
    problems = []
    for doc, index, cards in _skill_decks(db, deck_id):
        for number, card in enumerate(cards):
            if not isinstance(card, dict):
                continue
            for rule in RULES:
                for field, message in rule(card, db):
                    loc = ("decks", index, "cards", number, field) if field in card else ("decks", index, "cards",
                                                                                        number)
                    problems.append(doc.problem(loc, f"skill {card.get('id', number)!r}: {message}"))
    return problems


def _skill_decks(db: Database, deck_id: str) -> Iterator[tuple[YamlDoc, int, list[Any]]]:
    """(document, deck index in it, raw cards) of each file that defines the deck."""
    for file in db.files:
        if Path(file).suffix not in (".yaml", ".yml"):
            continue
        doc, problems = load_yaml(Path(file), display_path(Path(file)))  # shown as the loader shows files
        if problems or not isinstance(doc.data, dict):
            continue
        for index, deck in enumerate(doc.data.get("decks") or []):
            if isinstance(deck, dict) and deck.get("id") == deck_id:
                yield doc, index, list(deck.get("cards") or [])
