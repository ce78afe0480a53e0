"""Card texts name rule numbers; `cards.texts` fills them in, sandboxed, and names a bad reference."""

from __future__ import annotations

import pytest

from cards import Params
from cards.texts import CardTextError, render_text

RULES = Params({"hand_size": 5, "hearts": {"max": 5}})


def test_rules_and_card_fields_are_filled_in_and_whitespace_folded():
    text = "Hold {{ rules.hand_size }} cards,\n  never more than {{ rules.hearts.max }} hearts; +{{ card.bonus }}."
    assert render_text(text, RULES, {"bonus": 2}) == "Hold 5 cards, never more than 5 hearts; +2."


def test_an_unknown_rule_is_an_error_naming_the_card():
    with pytest.raises(CardTextError, match="card 'cat'.*hand_sise"):
        render_text("{{ rules.hand_sise }}", RULES, where="card 'cat'")


def test_text_cannot_reach_python_internals():
    with pytest.raises(CardTextError):
        render_text("{{ rules.__class__.__mro__ }}", RULES)


@pytest.mark.parametrize(("text", "error"), [
    ("{{ rules.hand_size + card.bonus }}", "TypeError"),
    ("{{ rules.hand_size // card.zero }}", "ZeroDivisionError"),
], ids=["type-error", "zero-division"])
def test_a_value_that_breaks_the_expression_is_an_error_naming_the_card(text, error):
    with pytest.raises(CardTextError, match=f"card 'cat': cannot evaluate .*{error}"):
        render_text(text, RULES, {"bonus": "two", "zero": 0}, where="card 'cat'")


def test_a_misspelt_rule_names_the_parameter_and_the_closest_one_not_a_python_type():
    # was: "'cards.loader.Params object' has no attribute 'hand_sise'"
    with pytest.raises(CardTextError) as caught:
        render_text("{{ rules.hand_sise }}", RULES, where="card 'cat'")
    message = str(caught.value)
    assert "no rules parameter 'hand_sise'; did you mean 'hand_size'?" in message
    assert "Params" not in message and "object" not in message


def test_a_missing_key_of_a_nested_rule_lists_the_keys_there_are():
    with pytest.raises(CardTextError) as caught:
        render_text("{{ rules.hearts['min'] }}", RULES)
    assert "no rules parameter 'min' (there are: max)" in str(caught.value)


def test_a_missing_card_field_names_the_field_not_a_dict_object():
    with pytest.raises(CardTextError) as caught:
        render_text("+{{ card.bonsu }}", RULES, {"bonus": 2})
    message = str(caught.value)
    assert "no field or key 'bonsu'; did you mean 'bonus'?" in message
    assert "dict object" not in message


def test_a_misspelt_attribute_of_a_card_or_deck_names_its_fields_not_a_python_class():
    # a rulebook's `{{ card.thornz }}` said "'cards.schema.Card object' has no attribute 'thornz'"
    import jinja2

    from cards.sandbox import BudgetedSandbox
    from cards.schema import Card
    from cards.undefined import NamingUndefined

    env = BudgetedSandbox(undefined=NamingUndefined, autoescape=False)
    with pytest.raises(jinja2.UndefinedError) as caught:
        env.from_string("{{ c.thornz }}").render(c=Card(id="vine", name="Vine", thorns=2))
    assert str(caught.value) == "a Card has no field 'thornz'; did you mean 'thorns'?"
