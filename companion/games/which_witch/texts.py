"""Card texts and the rulebook's computed content: every number comes from the database."""

from __future__ import annotations

from typing import Any

from cards.texts import card_text as render_card_text

from .attack import Side, attack_odds


def card_text(db: Any, card: Any) -> str:
    """A card's text (a witch's motto) with its `{{ rules.* }}` and `{{ card.* }}` filled in."""
    return render_card_text(card, db.rules, "text" if card.get("text") else "motto")


def wand_dice(db: Any) -> list[int]:
    """The default die and every Wand's die, smallest first."""
    wands = {card.get("die") for card in db.deck("game-cards").cards if card.get("kind") == "wand"}
    return sorted({db.rules.default_die, *wands})


def hit_matrix(db: Any, attacker_bonus: int = 0, defender_bonus: int = 0) -> list[dict[str, Any]]:
    """Exact P(hit) for every pair of the game's dice: one row per attacker die."""
    dice, (first, second, spell) = wand_dice(db), db.rules.elements[:3]
    return [{"die": a, "p_hit": [attack_odds(db.rules, Side(first, a, attacker_bonus),
                                             Side(second, d, defender_bonus), spell, 1).p_hit for d in dice]}
            for a in dice]


def odds_table(db: Any) -> list[dict[str, Any]]:
    """P(hit) for every pair of dice, no Familiars, as rounded percentages for the rulebook."""
    return [{"die": row["die"], "cells": [f"{float(p):.0%}" for p in row["p_hit"]]} for row in hit_matrix(db)]


def own_element_example(db: Any) -> dict[str, Any]:
    """The rules text's example: the Wind Witch wins with 2 Wind Spells, computed."""
    count = 2
    odds = attack_odds(db.rules, Side("wind", db.rules.default_die), Side("ice", db.rules.default_die),
                       "wind", count)
    plain = attack_odds(db.rules, Side("fire", db.rules.default_die), Side("ice", db.rules.default_die),
                        "wind", count)
    return {"count": count, "hearts": odds.hearts_if_hit, "plain_hearts": plain.hearts_if_hit,
            "p_hit": f"{float(odds.p_hit):.0%}", "p_tie": f"{float(odds.p_tie):.0%}"}


def familiar_example(db: Any) -> dict[str, Any]:
    """A Wand and a Familiar against a bare d6: how the odds move."""
    dice = wand_dice(db)
    die = db.rules.default_die
    bonus = min(card.get("bonus") for card in db.deck("game-cards").cards if card.get("kind") == "familiar")
    base = attack_odds(db.rules, Side("fire", die), Side("ice", die), "earth", 1)
    boosted = attack_odds(db.rules, Side("fire", die, bonus), Side("ice", die), "earth", 1)
    wand = attack_odds(db.rules, Side("fire", dice[1]), Side("ice", die), "earth", 1)
    return {"bonus": bonus, "die": die, "wand_die": dice[1], "base": f"{float(base.p_hit):.0%}",
            "boosted": f"{float(boosted.p_hit):.0%}", "wand": f"{float(wand.p_hit):.0%}",
            "boosted_exact": str(boosted.p_hit)}


def rulebook_context(db: Any) -> dict[str, Any]:
    """What the rulebook template adds to the database: card texts, worked examples, odds."""
    return {
        "card_text": lambda card: card_text(db, card),
        "wand_dice": wand_dice(db),
        "odds_table": odds_table(db),
        "own_element_example": own_element_example(db),
        "familiar_example": familiar_example(db),
    }
