"""Card texts and the rulebook's computed content: every number comes from the database."""

from __future__ import annotations

from typing import Any

from cards.texts import card_text as render_card_text

from .calculators import attack_odds, hit_matrix, wand_dice
from .engine import WhichWitchEngine
from .odds import Side


def card_text(db: Any, card: Any) -> str:
    """A card's text (a witch's motto) with its `{{ rules.* }}` and `{{ card.* }}` filled in."""
    return render_card_text(card, db.rules, "text" if card.get("text") else "motto")


def odds_table(engine: WhichWitchEngine) -> list[dict[str, Any]]:
    """P(hit) for every pair of dice, no Familiars, as rounded percentages for the rulebook."""
    return [{"die": row["die"], "cells": [f"{float(p):.0%}" for p in row["p_hit"]]} for row in hit_matrix(engine)]


def own_element_example(engine: WhichWitchEngine) -> dict[str, Any]:
    """The rules text's example: the Wind Witch wins with 2 Wind Spells, computed."""
    count, die = 2, engine.rules.default_die
    odds = attack_odds(engine, Side("wind", die), Side("ice", die), "wind", count)
    plain = attack_odds(engine, Side("fire", die), Side("ice", die), "wind", count)
    return {"count": count, "hearts": odds.hearts_if_hit, "plain_hearts": plain.hearts_if_hit,
            "p_hit": f"{float(odds.p_hit):.0%}", "p_tie": f"{float(odds.p_tie):.0%}"}


def familiar_example(engine: WhichWitchEngine) -> dict[str, Any]:
    """A Wand and a Familiar against a bare d6: how the odds move."""
    dice, die = wand_dice(engine.db), engine.rules.default_die
    bonus = min(card.get("bonus") for card in engine.db.deck("game-cards").cards if card.get("kind") == "familiar")
    base = attack_odds(engine, Side("fire", die), Side("ice", die), "earth", 1)
    boosted = attack_odds(engine, Side("fire", die, bonus), Side("ice", die), "earth", 1)
    wand = attack_odds(engine, Side("fire", dice[1]), Side("ice", die), "earth", 1)
    return {"bonus": bonus, "die": die, "wand_die": dice[1], "base": f"{float(base.p_hit):.0%}",
            "boosted": f"{float(boosted.p_hit):.0%}", "wand": f"{float(wand.p_hit):.0%}",
            "boosted_exact": str(boosted.p_hit)}
