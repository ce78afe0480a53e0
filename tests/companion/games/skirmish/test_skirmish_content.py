"""The authored content: factions, characters, skill cards in the effect vocabulary, and every printed
skill text checked against what the engine does with the card."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from skirmish_table import act, battle, give, options

from cards import load_game
from cards.texts import render_text

DB = load_game("skirmish")
SKILLS = DB.deck("skills").cards
CHARACTERS = DB.deck("characters").cards
RULES = DB.rules


def test_three_factions_with_the_texts_class_access_and_the_neutral_marksmen():
    """'| | • | • | | [The Ivory Tower]' ... Marksman in no faction: ruling marksman-neutral."""
    factions = RULES["factions"]
    assert factions["ivory-tower"]["classes"] == ["duelist", "specialist"]
    assert factions["fairy-kingdom"]["classes"] == ["enchanter", "specialist", "vanguard"]
    assert factions["temple-order"]["classes"] == ["enchanter", "duelist", "vanguard"]
    assert RULES["neutral_factions"] == ["free-companies"] and factions["free-companies"]["classes"] == ["marksman"]
    assert "marksman-neutral" in {r.id for r in DB.rulings}


def test_specialist_is_defined_like_the_other_classes():
    """The Specialist is named in the faction table only (ruling specialist-class)."""
    shape = set(RULES["classes"]["duelist"])
    assert set(RULES["classes"]["specialist"]) == shape


@pytest.mark.parametrize("faction", ["ivory-tower", "fairy-kingdom", "temple-order"])
def test_each_faction_has_four_characters_of_its_classes(faction):
    members = [c for c in CHARACTERS if c.get("faction") == faction]
    assert len(members) >= 4
    assert {c.get("class") for c in members} <= set(RULES["factions"][faction]["classes"])


@pytest.mark.parametrize("character", [c.id for c in CHARACTERS])
def test_one_primary_of_four_copies_and_two_secondaries_of_three(character):
    """'Each character has four copies of their primary skill card and three copies of each of their
    secondary skill cards.'"""
    own = [s for s in SKILLS if s.get("character") == character]
    primaries = [s for s in own if s.get("role") == "primary"]
    secondaries = [s for s in own if s.get("role") == "secondary"]
    assert len(primaries) == 1 and primaries[0].count == RULES["primary_copies"] == 4
    assert len(secondaries) >= 2 and all(s.count == RULES["secondary_copies"] == 3 for s in secondaries)


def test_every_effect_and_keyword_is_used_by_two_cards():
    effects = Counter(e for s in SKILLS for e in s.get("apply", {}))
    keywords = Counter(s.get("keyword") for s in SKILLS if s.get("keyword"))
    for card in DB.deck("effects").cards:
        assert effects[card.id] >= 2, card.id
    for card in DB.deck("keywords").cards:
        assert keywords[card.id] >= 2, card.id
    assert set(effects) == {c.id for c in DB.deck("effects").cards}
    assert sum(1 for s in SKILLS if s.get("draw")) >= 2          # the vocabulary's `draw` too


def test_the_map_has_two_halves_and_two_kinds_of_special_tiles():
    kinds = set(RULES["map"]["special"].values())
    assert len([k for k in kinds if "apply" in RULES["tile_kinds"][k]]) >= 2
    assert RULES["map"]["rows"] % 2 == 0


def text_of(card) -> str:
    return render_text(RULES["skill_text"], RULES, {"id": card.id, "name": card.name, **card.fields})


def _target_tile(card) -> str:
    """A tile at the card's full range below C2 (on the map, clear of Rocks)."""
    return f"C{2 + card.get('range')}"


@pytest.mark.parametrize("card", SKILLS, ids=[s.id for s in SKILLS])
def test_the_printed_text_is_what_the_engine_does(engine, card):
    """Each number and effect the card prints happens when it is played (turn 1, no keyword doubling)."""
    text = text_of(card)
    user = card.get("character")
    target_seat = 1 if card.get("target") in ("enemy", "enemies") else 0
    other = "pim-quickwing" if user != "pim-quickwing" else "thistle"
    placed = [(user, 0, "C2")]
    if card.get("target") != "self":
        placed.append((other, target_seat, _target_tile(card)))
    placed.append(("old-hobb" if user != "old-hobb" else "kestrel", 1, "F8"))
    state = battle(engine, *placed, decks=([card.id] * 3, []))
    target = state.fighter(user if card.get("target") == "self" else other)
    target.damage = 40                       # room to heal, far from fainting
    before = (target.power, target.armor)
    give(state, 0, card.id)
    answers = [f"skill:{card.id}"] + ([target.id] if card.get("target") in ("enemy", "ally") else [])
    act(engine, state, *answers)
    while engine.request(state).kind in ("roll", "draw"):   # Inspiration's coins, the cards a skill draws
        request = engine.request(state)
        engine.apply(state, [1] if request.kind == "roll" else request.options[0])
    dealt = target.damage - 40
    match = re.search(r"Deal (?:\w+ damage \()?(\d+)\)? damage|Deal \w+ damage \((\d+)\)", text)
    if match:
        assert dealt == int(next(g for g in match.groups() if g)), text
    heal = re.search(r"Heal (\d+)", text)
    if heal:
        assert dealt == -int(heal.group(1)), text
    for verb, score in (("power", 0), ("armor", 1)):
        moved = re.search(rf"(Raise|Lower) {verb} (\d+) tier", text)
        if moved and card.get("keyword") != "inspiration":
            sign = 1 if moved.group(1) == "Raise" else -1
            assert (target.power, target.armor)[score] == engine.tiers.shift(before[score], sign * int(moved.group(2)))
    for name, n in re.findall(r"Apply (\w+) (\d+)", text):
        assert target.effects.get(name.lower()) == int(n), text
    drawn = re.search(r"Draw (\d+) card", text)
    assert state.sides[0].hand.size == (int(drawn.group(1)) if drawn else 0), text
    assert "end" in options(engine, state)
