"""Specification of the Halfwish card database (cards/halfwish/) against the seed text.

Seed: the Halfwish rules text
"""

from __future__ import annotations

from collections import Counter

import pytest

from cards import load_game
from cards.texts import card_text, render_text
from companion.cli import cli

SEED_CLASS_LINES = {
    "mirror": "Mirror Class: 3 Strikes, 2 Long Strikes, 1 Heavy Strike, 2 Evades, 2 Defends",
    "assassin": "Assassin Class: 4 Strikes, 1 Long Strike, 2 Defends, 3 Evades",
    "knight": "Knight Class: 4 Strikes, 1 Heavy Strike, 3 Defends, 2 Evades",
    "vanguard": "Vanguard Class: 4 Strikes, 2 Long Strikes, 3 Defends, 1 Heavy Strike",
    "titan": "Titan Class: 4 Strikes, 3 Heavy Strikes, 2 Defends, 1 Evade",
    "ranger": "Ranger Class: 4 Strikes, 3 Long Strikes, 1 Evade, 2 Defends",
    "rogue": "Rogue Class: 4 Strikes, 1 Long Strike (Innate), 1 Long Strike (Basic), 2 Defends, 2 Evades",
}

SEED_ACTION_NAMES = {
    "Strike": "strike", "Long Strike": "long-strike", "Heavy Strike": "heavy-strike",
    "Defend": "defend", "Evade": "evade",
}

# "Between them, the cards use every keyword of the glossary at least once (...)" - issue 4
REQUIRED_KEYWORDS = [
    "alignment", "bid", "challenge", "concede", "downgrade", "exposed", "first-blood",
    "first-strike", "innate", "ignore", "lamps", "higher-lower-dv", "pay", "precise", "poisoned",
    "set", "steal", "stunned", "toughness", "transform", "true-damage", "unevadable",
    "plus-minus-dv", "gains-loses-dv",
]

# The gaps issue 4 and the hw-db brief name, as ruling ids.
REQUIRED_RULINGS = [
    "exposed-duration", "toughness-duration", "what-a-wish-grants", "takes-damage-once",
    "health-cannot-exceed-max", "feint-dv-check", "stunned-duration", "poisoned-timing",
    "higher-lower-bounds", "simultaneous-zero-health",
]

BASIC_ACTIONS = ["strike", "long-strike", "heavy-strike", "defend", "evade"]


@pytest.fixture(scope="module")
def db():
    return load_game("halfwish")


def parse_seed_line(line: str) -> dict[str, int]:
    """'Titan Class: 4 Strikes, 3 Heavy Strikes' -> {'strike': 4, 'heavy-strike': 3}."""
    counts: Counter[str] = Counter()
    for part in line.split(":", 1)[1].split(","):
        number, name = part.strip().split(" ", 1)
        name = name.split(" (")[0].rstrip("s")
        counts[SEED_ACTION_NAMES[name]] += int(number)
    return dict(counts)


def test_lint_is_clean(runner):
    result = runner.invoke(cli, ["lint", "halfwish"])
    assert result.exit_code == 0, result.output
    assert "halfwish: ok" in result.output


def test_rules_match_the_seed(db):
    """'Players have 25 health' ... 'played over 3 rounds of 5 turns each' ... 'up to 4 cards'."""
    rules = db.rules
    assert (rules.health, rules.rounds, rules.turns_per_round, rules.hand_limit) == (25, 3, 5, 4)
    assert rules.draw_schedule == [4, 1, 1, 2, 2]
    assert sum(rules.draw_schedule) == rules.deck_size
    assert len(rules.actions_per_duel) == rules.turns_per_round
    assert rules.tiebreaks == ["lamps", "health", "first_blood"]


@pytest.mark.parametrize("class_id", list(SEED_CLASS_LINES))
def test_class_deck_list_matches_the_seed_line(db, class_id):
    deck_list = db.card(class_id).get("deck_list")
    assert deck_list == parse_seed_line(SEED_CLASS_LINES[class_id])
    assert sum(deck_list.values()) == db.rules.deck_size


def test_rogue_has_one_innate_long_strike_within_its_two(db):
    """'Rogue Class: 4 Strikes, 1 Long Strike (Innate), 1 Long Strike (Basic), ...'"""
    rogue = db.card("rogue")
    assert rogue.get("innate") == {"long-strike": 1}
    assert rogue.get("deck_list")["long-strike"] == 2
    others = [c for c in db.deck("classes").cards if c.id != "rogue"]
    assert all(not c.get("innate") for c in others)


def test_mirror_is_the_only_non_competitive_class(db):
    """'If you are new, we recommend: Mirror Class' / 'try our competitive ruleset'."""
    assert [c.id for c in db.deck("classes").cards if not c.get("competitive")] == ["mirror"]


def test_action_counts_cover_any_pairing_of_classes(db):
    """Two players may pick any two classes, even the same one."""
    classes = db.deck("classes").cards
    for action in db.deck("actions").cards:
        most = max(c.get("deck_list").get(action.id, 0) for c in classes)
        assert action.count == 2 * most, action.id


def test_basic_powers_one_set_per_player(db):
    """'Basic Powers (1 set for each player)' - Halfwish and Feint."""
    cards = {c.id: c.count for c in db.deck("basic-powers").cards}
    assert cards == {"halfwish": 2, "feint": 2}


def test_ten_named_powers_in_their_categories(db):
    """'Trickster Powers ... Defensive Powers ... Offensive Powers' - a Power Deck per player."""
    by_category: dict[str, list[str]] = {}
    for card in db.deck("powers").cards:
        by_category.setdefault(card.get("category"), []).append(card.id)
        assert card.count == 2
    assert by_category == {
        "trickster": ["avarice", "scry", "mnka-giga"],
        "defensive": ["restore", "bubble", "taunt"],
        "offensive": ["roar", "ignite", "earthquake", "ice-beam"],
    }


def test_upgrades_are_many_and_each_replaces_a_basic_action(db):
    upgrades = db.deck("upgrades")
    assert upgrades.prototype
    assert len(upgrades.cards) >= 16
    assert {"cheap-shot", "feint-strike", "diamond-hands", "hyper-beam"} <= {c.id for c in upgrades.cards}
    assert all(c.get("replaces") in BASIC_ACTIONS for c in upgrades.cards)


def test_upgrade_profiles_only_use_contract_keys(db):
    allowed = {"kind", "dv", "first_strike", "ignores_block", "ignores_evade", "unevadable",
               "true_damage", "precise", "min_dv", "strike_bonus", "on_reveal", "on_hit",
               "on_win", "innate"}
    for card in db.deck("upgrades").cards:
        assert set(card.get("profile")) <= allowed, card.id
    for action_id, profile in db.rules.actions.items():
        assert set(profile) <= allowed, action_id


def test_map_has_enough_locations_in_three_categories(db):
    deck = db.deck("map")
    assert deck.prototype
    assert len(deck.cards) >= 24
    categories = Counter(c.get("category") for c in deck.cards)
    assert set(categories) == {"adventure", "hazard", "treasure"}
    assert min(categories.values()) >= 6


def test_some_locations_grant_lamps_and_some_mana(db):
    """'Certain map cards grant extra mana to players'."""
    ops = {e["op"] for c in db.deck("map").cards for e in c.get("effects")}
    assert {"lamps", "mana"} <= ops


def test_every_card_with_rules_has_something_the_engine_executes(db):
    for deck_id in ("basic-powers", "powers", "map"):
        for card in db.deck(deck_id).cards:
            assert card.get("effects"), card.id
            assert all("op" in e for e in card.get("effects")), card.id


def test_glossary_lists_every_required_keyword(db):
    assert [k["id"] for k in db.rules.keywords] == REQUIRED_KEYWORDS


def test_every_glossary_keyword_is_used_by_some_card(db):
    used = {k for d in db.decks for c in d.cards for k in c.get("keywords", [])}
    assert set(REQUIRED_KEYWORDS) <= used, sorted(set(REQUIRED_KEYWORDS) - used)


def test_card_keyword_tags_name_glossary_entries(db):
    known = {k["id"] for k in db.rules.keywords}
    for deck in db.decks:
        for card in deck.cards:
            unknown = set(card.get("keywords", [])) - known
            assert not unknown, f"{card.id}: {unknown}"


@pytest.mark.parametrize("ruling_id", REQUIRED_RULINGS)
def test_rulings_cover_the_gap(db, ruling_id):
    ruling = next((r for r in db.rulings if r.id == ruling_id), None)
    assert ruling is not None, f"missing ruling {ruling_id}"
    assert ruling.reason.strip() and ruling.ruling.strip()


def test_authored_content_is_marked_prototype(db):
    assert db.meta.prototype


def test_every_card_text_fills_in_its_rule_numbers(db):
    """Texts name numbers from rules or from the card itself, never a second copy of them."""
    for deck in db.decks:
        for card in deck.cards:
            if card.get("text"):
                text = card_text(card, db.rules)
                assert "{" not in text and text.strip(), card.id
    for entry in [*db.rules.keywords, *db.rules.terms]:
        assert "{" not in render_text(entry["text"], db.rules), entry["id"]


def test_upgrade_text_follows_its_profile(db):
    """Cheap Shot's printed strike value is its profile's: edit one, the other follows."""
    card = db.card("cheap-shot")
    assert f"DV{card.get('profile')['dv']}" in card_text(card, db.rules)


def test_every_deck_has_its_own_colour_and_code(db):
    """Issue 4: 'a distinct colour per deck, a deck code and card number in a corner'."""
    assert len({d.color.lower() for d in db.decks}) == len(db.decks)
    assert len({d.code for d in db.decks}) == len(db.decks)


def test_power_text_prints_its_effect_numbers(cards_copy):
    """Restore's printed heal is the one its effect executes: change one, the other follows."""
    powers = cards_copy / "halfwish" / "powers.yaml"
    powers.write_text(powers.read_text().replace("{op: heal, who: self, amount: 15}", "{op: heal, who: self, amount: 12}"))
    restore = load_game("halfwish", cards_copy).card("restore")
    assert card_text(restore, load_game("halfwish", cards_copy).rules).startswith("Heal 12 HP")


def test_a_starting_health_above_health_max_is_refused_at_its_line(cards_copy, runner):
    """Ruling health-cannot-exceed-max: health never exceeds `health_max`, so a database starting
    the heroes above it is a rules problem (the engine's invariant would break at the first step)."""
    game_yaml = cards_copy / "halfwish" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("\n  health: 25\n", "\n  health: 40\n"))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "halfwish"])
    assert result.exit_code == 1, result.output
    assert "game.yaml:17:3: rules.health: expected int in 1..rules.health_max (int in 1..25), got 40" \
        in result.output
