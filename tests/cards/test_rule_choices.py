"""Choices, typed keys, bounded keys and named types in `rule_types:` (audit s25, D1c, D2b, D6):
a name an engine looks up, or a room number, is refused by lint at the item that is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import Problem, load_game
from cards.ruletypes import RuleTypeError, adapter, python_type
from tests.cards.test_rule_types import problems_of

GAME = """\
game:
  id: tiny
  name: Tiny
  players: {min: 2, max: 4}
rules:
  rooms: 12
  tiebreaks: [lamps, health]
  buffs: {4: 1, 8: 2}
  wishes:
    - {op: heal, amount: 2}
    - {op: bid, reward: [{op: heal, amount: 1}]}
types:
  effect: "{op: str in (heal, bid), amount?: int, reward?: list[effect]}"
rule_types:
  rooms: int in 2..20
  tiebreaks: list[str in (lamps, health, first_blood)]
  buffs: "dict[int in 1..rules.rooms, int]"
  wishes: list[effect]
"""
DECK = """\
decks:
  - id: spells
    name: Spells
    code: SP
    fields:
      effects: {type: list, required: true, rule_type: "list[effect]"}
    cards:
      - {id: a, name: A, effects: [{op: heal, amount: 1}]}
      - {id: b, name: B, effects: [{op: heel, amount: 1}]}
"""


def write_game(root: Path, *edits: tuple[str, str], deck: str = "") -> Path:
    folder = root / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    text = GAME
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    (folder / "game.yaml").write_text(text)
    if deck:
        (folder / "deck.yaml").write_text(deck)
    return root


def located(problems: list[Problem]) -> list[tuple[str, int | None, str]]:
    return [(p.path, p.line, p.message) for p in problems]


def test_values_among_their_choices_load(tmp_path: Path) -> None:
    assert load_game("tiny", write_game(tmp_path)).rules.tiebreaks == ["lamps", "health"]


def test_a_name_outside_its_choices_is_located_at_the_item(tmp_path: Path) -> None:
    problems = problems_of(write_game(tmp_path, ("[lamps, health]", "[lamps, healt]")))
    wanted = "'healt' is not one of lamps, health, first_blood (did you mean 'health'?)"
    assert located(problems) == [("rules.tiebreaks[1]", 7, wanted)]


def test_a_typed_key_of_a_mapping_is_checked_in_a_named_type_that_names_itself(tmp_path: Path) -> None:
    problems = problems_of(write_game(tmp_path, ("{op: bid, reward: [{op: heal", "{op: bid, reward: [{op: heel"),
                                      ("{op: heal, amount: 2}", "{amount: 2}")))
    assert located(problems) == [
        ("rules.wishes[0]", 10, "missing required key 'op'"),
        ("rules.wishes[1].reward[0].op", 11, "'heel' is not one of heal, bid (did you mean 'heal'?)"),
    ]


def test_a_key_bounded_by_another_parameter_is_located(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, ("{4: 1, 8: 2}", "{4: 1, 30: 2}")))
    assert (problem.path, problem.line, problem.message) == (
        "rules.buffs[30]", 8, "the key 30 is out of bounds: expected at most 12")


def test_a_key_outside_its_choices_says_it_is_the_key(tmp_path: Path) -> None:
    problems = problems_of(write_game(tmp_path, ("{4: 1, 8: 2}", "{a: 1}"),
                                      ("dict[int in 1..rules.rooms, int]", "dict[str in (b, c), int]")))
    assert located(problems) == [("rules.buffs.a", 8, "the key 'a' is not one of b, c")]


def test_a_key_one_op_reads_is_checked_for_that_op(tmp_path: Path) -> None:
    """`per op`: a key typed for one value of `op` only (a steal takes fewer resources than a set)."""
    edits = (('amount?: int, reward?: list[effect]}"',
              'amount?: int} per op {heal: {amount: int}, bid: {reward?: list[effect]}}"'),
             ("{op: heal, amount: 2}", "{op: heal, amount: two}"),
             ("reward: [{op: heal, amount: 1}]", "reward: [{op: heal}]"))
    assert located(problems_of(write_game(tmp_path, *edits))) == [
        ("rules.wishes[0].amount", 10, "expected int, got 'two' (with op: heal)"),
        ("rules.wishes[1].reward[0]", 11, "missing required key 'amount' (with op: heal)"),
    ]


def test_a_key_a_closed_mapping_does_not_list_is_refused_at_the_key(tmp_path: Path) -> None:
    """`only {...}`: a misspelt optional key was free, so the engine never read it (a profile's
    `first_strik: true` struck as if it were not there) or crashed on it; now lint names it."""
    edits = (('effect: "{op: str in (heal, bid)', 'effect: "only {op: str in (heal, bid)'),
             ("{op: heal, amount: 2}", "{op: heal, amout: 2}"),
             ("reward: [{op: heal, amount: 1}]", "reward: [{op: heal, amount: 1, xyz: 3}]"))
    assert located(problems_of(write_game(tmp_path, *edits))) == [
        ("rules.wishes[0].amout", 10, "unknown key 'amout' (did you mean 'amount'?)"),
        ("rules.wishes[1].reward[0].xyz", 11, "unknown key 'xyz'; accepted: op, amount, reward"),
    ]


def test_a_case_of_a_case_is_named_with_both_and_a_misspelt_key_is_not_also_missing(tmp_path: Path) -> None:
    """A hook's parameters are a case of `op: hook`'s case (`per name`); the key meant by a
    misspelt one is not said to be missing as well."""
    edits = (('effect: "{op: str in (heal, bid), amount?: int, reward?: list[effect]}"',
              ('effect: "{op: str in (heal, bid), name?: str} per op {heal: only {name: str, amount?: int} '
               'per name {big: {size: int}}, bid: {reward: list[effect]}}"')),
             ("{op: heal, amount: 2}", "{op: heal, name: big, sise: 2}"),
             ("reward: [{op: heal, amount: 1}]", "reward: [{op: heal, name: big, size: one}]"))
    assert located(problems_of(write_game(tmp_path, *edits))) == [
        ("rules.wishes[0].sise", 10, "unknown key 'sise' (did you mean 'size'?) (with op: heal, name: big)"),
        ("rules.wishes[1].reward[0].size", 11, "expected int, got 'one' (with op: heal, name: big)"),
    ]


def test_a_deck_field_rule_type_checks_each_card_at_its_line(tmp_path: Path) -> None:
    [problem] = problems_of(write_game(tmp_path, deck=DECK))
    assert problem.file.name == "deck.yaml"
    assert (problem.path, problem.line) == ("decks[spells].cards[b].effects[0].op", 9)
    assert problem.message == "'heel' is not one of heal, bid (did you mean 'heal'?)"


def test_an_unknown_type_name_is_located_where_it_is_used(tmp_path: Path) -> None:
    problems = problems_of(write_game(tmp_path, ("wishes: list[effect]", "wishes: list[efect]"),
                                      deck=DECK.replace('"list[effect]"', "efect")))
    assert [(p.path, p.message.split(";")[0]) for p in problems] == [
        ("rule_types.wishes", "unknown rule type ('efect' is not one)"),
        ("decks[spells].fields.effects.rule_type", "unknown rule type"),
    ]


@pytest.mark.parametrize(("name", "good", "bad"), [
    ("str in (a, b)", "a", "c"),
    ("int in (1, 2)", 2, 3),
    ("str in (d10/0, d20)", "d10/0", "d10"),
    ("list[str in (S, O)]", ["S", "O"], ["S", "X"]),
    ("dict[str in (a), int]", {"a": 1}, {"b": 1}),
    ("dict[int in 1..12, int]", {12: 1}, {13: 1}),
    ("{kind: str in (strike, block)}", {"kind": "block", "dv": 2}, {"dv": 2}),
    ("{kind?: str in (strike, block), dv?: int}", {}, {"dv": "2"}),
    ("dict[str, {kind: str}]", {"strike": {"kind": "x"}}, {"strike": {"kind": 1}}),
    ("{op: str, n?: int} per op {a: {n: str}}", {"op": "a", "n": "x"}, {"op": "a", "n": 1}),
    ("{op: str, n?: int} per op {a: {n: str}}", {"op": "b", "n": 1}, {"op": "b", "n": "x"}),
    ("{op: str} per op {a: {n: int}}", {"op": "b"}, {"op": "a"}),
    ("only {kind: str, dv?: int}", {"kind": "a", "dv": 1}, {"kind": "a", "dvv": 1}),
    ("{op: str} per op {a: only {n: int}}", {"op": "b", "m": 1}, {"op": "a", "n": 1, "m": 1}),
    ("only {op: str} per op {a: {n: int}}", {"op": "a", "n": 1}, {"op": "b", "n": 1}),
    ("{op: str} per op {h: {name: str} per name {b: {t: int}}}", {"op": "h", "name": "c", "t": "x"},
     {"op": "h", "name": "b", "t": "x"}),
], ids=repr)
def test_choices_and_keys_accept_and_refuse(name: str, good: object, bad: object) -> None:
    assert adapter(name).validate_python(good) == good
    with pytest.raises(ValueError):
        adapter(name).validate_python(bad)


@pytest.mark.parametrize("name", ["str in ()", "str in (a, 'b')", "int in (one)", "float in (1.5)",
                                  "{op}", "{op: int, op: int}", "dict[float, int]", "dict[list[int], int]",
                                  "effect", "{op: str} per kind {a: {n: int}}", "{op: str} per op {a: int}",
                                  "{op: str} per op {a: {n: int}, a: {n: int}}", "{op: str} per op",
                                  "only", "only {op: str} only", "{op: str} per op {a: only}",
                                  "{op: str} per op {a: {n: str} per m {b: {k: int}}}"])
def test_malformed_choices_and_keys_are_unknown_types(name: str) -> None:
    with pytest.raises(RuleTypeError):
        python_type(name)


def test_a_named_type_is_built_once_per_process_not_per_card(monkeypatch) -> None:
    """Halfwish's cards name the recursive `effect` type in a field's rule_type; building it again
    for every card and rule made each load 0.37 s (0.004 s before): a rebuild after an edit loads
    the database again. A second load builds no type."""
    from cards import load_game, ruletypes

    load_game("halfwish")
    built: list[str] = []
    real = ruletypes.python_type

    def counting(name, named={}):  # noqa: B006 - the same signature
        built.append(name)
        return real(name, named)

    monkeypatch.setattr(ruletypes, "python_type", counting)
    load_game("halfwish")
    assert built == []


def test_a_field_rule_type_is_never_dumped() -> None:
    """A card's stamp hashes the decks its layouts look up (`db.deck('witches')`) or name whole,
    field specs included: the key's `rule_type: null` re-stamped every Which Witch card (session
    25), and typing a Wand's `die:` re-stamped all 19 Game Cards (session 26), so a designer would
    have thrown away and reprinted a deck in which nothing printed had changed. Lint reads it; no
    dump holds it."""
    from cards.schema import FieldSpec

    assert "rule_type" not in FieldSpec(type="int").model_dump(mode="json")
    assert "rule_type" not in FieldSpec(type="list", rule_type="list[int]").model_dump(mode="json")
    assert FieldSpec(type="list", rule_type="list[int]").rule_type == "list[int]"
