"""The Which Witch Is Best!? database holds what the seed text fixes, and authors the rest.

Seed: the Which Witch Is Best!? rules text. Each test quotes the line it checks.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cards import load_game
from cards.texts import card_text


@pytest.fixture(scope="module")
def db():
    return load_game("which-witch")


def test_six_witches_one_per_element(db):
    """'They are: Fire, Wind, Lightning, Earth, Ice and Poison.'"""
    witches = db.deck("witches").cards
    assert [w.get("element") for w in witches] == db.rules.elements
    assert [w.name for w in witches] == ["Fire Witch", "Wind Witch", "Lightning Witch",
                                         "Earth Witch", "Ice Witch", "Poison Witch"]
    assert len({w.get("color") for w in witches}) == len(witches)


def test_witch_backs_are_the_life_heart_tracker(db):
    """'On the back of each Witch Card is a grid used to represent the amount of "life"'."""
    deck = db.deck("witches")
    assert deck.duplex and deck.back.layout == "tracker"
    assert db.rules.tracker_tiles == list(range(db.rules.hearts.max + 1))


def test_sixty_five_game_cards_with_a_game_card_back(db):
    """'65 Game Cards: These cards have "Game Card" labels written on their backs'."""
    deck = db.deck("game-cards")
    assert sum(c.count for c in deck.cards) == 65 == db.rules.game_cards
    assert deck.back.label == "Game Card"
    assert deck.prototype, "the composition is authored, so the deck is marked prototype"


def test_every_card_type_named_by_the_text_is_in_the_deck(db):
    """Spell, Familiar, Shield Crystal, Heart Potion, Zoom Broom, Thief Hex, Wand Hex, Wands, Cauldron."""
    kinds = Counter()
    for card in db.deck("game-cards").cards:
        kinds[card.get("kind")] += card.count
    assert set(kinds) == {"spell", "familiar", "shield-crystal", "heart-potion", "zoom-broom",
                          "thief-hex", "wand-hex", "wand", "infinity-cauldron"}


def test_spells_of_all_six_elements_in_equal_numbers(db):
    spells = Counter()
    for card in db.deck("game-cards").cards:
        if card.get("kind") == "spell":
            spells[card.get("element")] += card.count
    assert set(spells) == set(db.rules.elements)
    assert len(set(spells.values())) == 1


def test_wands_roll_d8_d10_d12_and_d20(db):
    """'Wand Cards allow players to roll with more powerful dice, such as eight, ten, twelve or twenty-sided dice.'"""
    dice = sorted(c.get("die") for c in db.deck("game-cards").cards if c.get("kind") == "wand")
    assert dice == [8, 10, 12, 20]


def test_familiars_each_add_a_positive_bonus(db):
    familiars = [c for c in db.deck("game-cards").cards if c.get("kind") == "familiar"]
    assert familiars and all(isinstance(c.get("bonus"), int) and c.get("bonus") > 0 for c in familiars)


@pytest.mark.parametrize(("path", "value", "line"), [
    ("hearts.two_players", 5, 'on the number "5" tile in a two-player game'),
    ("hearts.three_or_more", 4, 'on the number "4" tile in a game of three-players or more'),
    ("hearts.max", 5, "You may never have more than 5 Life Hearts at any point in the game."),
    ("hand_size", 5, "distribute 5 Game Cards face-down to each player to form their hands"),
    ("max_spells_per_attack", 3, "play up to a total of 3 Spell Cards of the same type"),
    ("default_die", 6, "each player receives one six-sided die as their default die"),
    ("wands_in_play", 1, 'You may only have 1 Wand Card "in play" at any given time.'),
    ("own_element_multiplier", 2, "The defending player loses double the amount of Life Hearts"),
    ("elimination_rewards.heart", 1, "Regain 1 Life Heart"),
    ("elimination_rewards.hand_size", 1, "Permanently increase their hand size size by 1 card"),
])
def test_rules_parameters_match_the_text(db, path, value, line):
    assert db.rule(path) == value, line


def test_two_to_six_players(db):
    """The game is for 2 to 6 witches (six Witch Cards, and 'two-player' games exist)."""
    assert (db.meta.players.min, db.meta.players.max) == (2, 6)


def test_six_tracker_tokens_and_ten_dice(db):
    """'6 LIFE HEART TRACKER TOKENS' and '10 DICE (6 six-sided, 1 eight-sided, 1 ten-sided, 1 twelve-sided and 1 twenty-sided)'."""
    assert sum(t.count for sheet in db.tokens for t in sheet.tokens) == 6
    assert sorted(d.sides for d in db.dice for _ in range(d.count)) == [6] * 6 + [8, 10, 12, 20]


def test_one_fast_reference_card_printed_for_each_player(db):
    """'1 Fast Reference Card' in the box; a printed kit gives each of up to six players their own
    (issue 16: 'print one per player by default (copies: players_max)')."""
    assert [(r.id, r.count) for r in db.references] == [("fast-reference", "players_max")]


@pytest.mark.parametrize("word", ["Familiar", "Infinity Cauldron", "Zoom Broom", "Teams"])
def test_rulings_cover_what_the_text_leaves_open(db, word):
    assert any(word.lower() in r.topic.lower() for r in db.rulings), f"no ruling about {word}"


def test_every_card_text_renders_without_leftover_template(db):
    """Card texts name rule numbers as {{ rules.* }}, so they render to plain words."""
    for card in db.deck("game-cards").cards:
        text = card_text(card, db.rules)
        assert "{" not in text and text.strip(), card.id
    assert "Roll a d12 instead of your d6" in card_text(db.card("wand-d12"), db.rules)
