"""`NAME + {keys}` in `types:`: a named mapping type with keys only some places read (session 27:
Halfwish accepted `when` on every effect, though only a card's own effects read it; one on a bid's
reward or an action's on_hit was silently ignored). Where the base type refuses such a key, lint
says where it is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import load_game
from cards.ruletypes import RuleTypeError, adapter, python_type
from tests.cards.test_rule_types import problems_of

NAMED = {"effect": "{op: str in (heal, bid)} per op {heal: only {amount: int}, bid: only {reward?: list[effect]}}",
         "card_effect": "effect + {when?: str in (play, win)}"}
GAME = """\
game:
  id: tiny
  name: Tiny
  players: {min: 2, max: 4}
rules:
  wishes:
    - {op: heal, amount: 2}
types:
""" + "".join(f'  {name}: "{text}"\n' for name, text in NAMED.items()) + """\
rule_types:
  wishes: list[effect]
"""
DECK = """\
decks:
  - id: spells
    name: Spells
    code: SP
    fields:
      effects: {type: list, required: true, rule_type: "list[card_effect]"}
    cards:
      - {id: a, name: A, effects: [{op: heal, amount: 1, when: win}]}
      - {id: b, name: B, effects: [{op: bid, reward: [{op: heal, amount: 1}], when: play}]}
"""


def write_game(root: Path, *edits: tuple[str, str]) -> Path:
    """The tiny game with its deck, each `(old, new)` edit made once in either file."""
    folder = root / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    game, deck = GAME, DECK
    for old, new in edits:
        assert (game + deck).count(old) == 1, old
        game, deck = game.replace(old, new), deck.replace(old, new)
    (folder / "game.yaml").write_text(game)
    (folder / "deck.yaml").write_text(deck)
    return root


@pytest.mark.parametrize(("value", "fits_effect", "fits_card_effect"), [
    ({"op": "heal", "amount": 1}, True, True),
    ({"op": "heal", "amount": 1, "when": "win"}, False, True),
    ({"op": "bid", "when": "play"}, False, True),
    ({"op": "heal", "amount": 1, "when": "lose"}, False, False),
    ({"op": "heal", "when": "win"}, False, False),
    ({"op": "heal", "amount": 1, "wen": "win"}, False, False),
], ids=repr)
def test_an_extension_adds_its_keys_to_every_case_of_its_base(
        value: dict[str, object], fits_effect: bool, fits_card_effect: bool) -> None:
    for name, fits in (("effect", fits_effect), ("card_effect", fits_card_effect)):
        if fits:
            assert adapter(name, NAMED).validate_python(value) == value
        else:
            with pytest.raises(ValueError):
                adapter(name, NAMED).validate_python(value)


@pytest.mark.parametrize("name", ["effect + {when}", "nothing + {when?: str}", "colour + {when?: str}",
                                  "effect + {op: str}", "effect + when", "loop + {a?: int}"])
def test_a_malformed_extension_is_no_type(name: str) -> None:
    named = {**NAMED, "colour": "str", "loop": "loop + {b?: int}"}
    with pytest.raises(RuleTypeError):
        python_type(name, named)


def test_the_shipped_shape_loads(tmp_path: Path) -> None:
    db = load_game("tiny", write_game(tmp_path))
    assert db.deck("spells").cards[0].effects == [{"op": "heal", "amount": 1, "when": "win"}]


def test_a_key_only_an_extension_reads_is_refused_elsewhere_saying_where_it_is_read(tmp_path: Path) -> None:
    problems = problems_of(write_game(tmp_path, ("{op: heal, amount: 2}", "{op: heal, amount: 2, when: win}"),
                                      ("reward: [{op: heal, amount: 1}]", "reward: [{op: heal, amount: 1, when: win}]")))
    where = "nothing reads it here, only the effects of deck spells"
    assert [(p.file.name, p.path, p.line, p.message) for p in problems] == [
        ("game.yaml", "rules.wishes[0].when", 7, f"unknown key 'when': {where}; accepted: op, amount (with op: heal)"),
        ("deck.yaml", "decks[spells].cards[b].effects[0].reward[0].when", 9,
         f"unknown key 'when': {where}; accepted: op, amount (with op: heal)"),
    ]


def test_an_extension_is_checked_at_its_own_line(tmp_path: Path) -> None:
    problem, named_there = problems_of(write_game(tmp_path, ("effect + {when?:", "efect + {when?:")))
    assert (problem.path, problem.line) == ("types.card_effect", 10)
    assert problem.message.startswith("unknown rule type ('efect' is not one)")
    assert named_there.path == "decks[spells].fields.effects.rule_type"  # left out, as any type with a mistake


def test_where_a_key_is_read_names_the_rules_and_fields_typed_with_it_through_other_types() -> None:
    from types import SimpleNamespace

    from cards.keyreaders import key_readers

    types = {**NAMED, "spell": "{effects: list[card_effect]}"}
    field = SimpleNamespace(rule_type="list[card_effect]")
    decks = [SimpleNamespace(id=deck, fields={"effects": field, "text": SimpleNamespace(rule_type=None)})
             for deck in ("map", "powers")]
    rule_types = {"wishes": "list[effect]", "rules.book": "dict[str, spell]"}
    assert key_readers(types, rule_types, decks) == {"when": "rules.book, the effects of decks map, powers"}
    assert key_readers(NAMED, {}, []) == {}  # read nowhere: refused as any unknown key


CASED = {"effect": "{op: str in (heal, hook)} per op {heal: only {amount: int}, hook: only {name: str in (a)}"
                   " per name {b: {power: int}}}",
         "any_hook": "str in (a)", "wide_hook": "str in (types.any_hook, b)",
         "wide_effect": "effect + per op {hook: {name: wide_hook}}",
         "timed_effect": "effect + {when?: str in (play)} per op {hook: {name: wide_hook}}"}


@pytest.mark.parametrize(("value", "fits"), [
    ({"op": "hook", "name": "a"}, {"effect", "wide_effect", "timed_effect"}),
    ({"op": "hook", "name": "b", "power": 1}, {"wide_effect", "timed_effect"}),
    ({"op": "hook", "name": "b"}, set()),  # its case's keys still apply
    ({"op": "hook", "name": "c"}, set()),
    ({"op": "hook", "name": "a", "when": "play"}, {"timed_effect"}),
    ({"op": "heal", "amount": 1, "name": "b"}, set()),  # only the case named takes the key
], ids=repr)
def test_an_extension_s_cases_give_keys_over_its_base_s_case(value: dict[str, object], fits: set[str]) -> None:
    """A place that gives a hook more to read (an action's slot) accepts more hooks."""
    for name in ("effect", "wide_effect", "timed_effect"):
        if name in fits:
            assert adapter(name, CASED).validate_python(value) == value
        else:
            with pytest.raises(ValueError):
                adapter(name, CASED).validate_python(value)


@pytest.mark.parametrize("name", ["effect + per op {heal: {amount: str}} per op {heal: {amount: int}}",
                                  "effect + per op {bid: {amount: int}}", "effect + per name {a: {b: int}}",
                                  "effect +", "str in (types.nothing)", "str in (types.effect)",
                                  "int in (types.any_hook)"])
def test_a_malformed_case_extension_or_choice_reference_is_no_type(name: str) -> None:
    with pytest.raises(RuleTypeError):
        python_type(name, CASED)


def test_a_choice_list_names_another_s_choices_and_the_names_a_deck_gives(tmp_path: Path) -> None:
    """`str in (raise_power, decks.spells)`: fixed names and a deck's card ids in one list."""
    typed = ("wishes: list[effect]", "wishes: list[effect]\n  pick: str in (x, decks.spells)")
    problems = problems_of(write_game(tmp_path, typed, ("  wishes:\n", "  pick: c\n  wishes:\n")))
    assert [(p.path, p.message) for p in problems] == [("rules.pick", "'c' is not one of x, a, b")]
    assert load_game("tiny", write_game(tmp_path / "ok", typed, ("  wishes:\n", "  pick: b\n  wishes:\n"))).rules.pick == "b"
