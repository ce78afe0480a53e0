"""The rules parameters a template names that the rules do not hold, found without rendering it
(`cards.rulenames`): what rendering would refuse, with rendering's own message, and nothing else."""

from __future__ import annotations

import jinja2
import pytest

from cards.loader import Params
from cards.rulenames import unknown_rules
from cards.sandbox import BudgetedSandbox
from cards.undefined import NamingUndefined

RULES = Params({"health": 25, "mode": "solo", "buffs": {"attacker": 2}, "dice": [6, 8]})
CONTEXT = {"rules": RULES, "key": "buffs", "shown": True}
ENV = BudgetedSandbox(undefined=NamingUndefined)


def _found(source: str) -> list[tuple[int, str]]:
    return [(each.line, each.message) for each in unknown_rules(ENV.parse(source), RULES)]


@pytest.mark.parametrize("source, line, message", [
    ("{{ rules.helth }}", 1, "no rules parameter 'helth'; did you mean 'health'?"),
    ("\n\n{{ rules['helth'] }}", 3, "no rules parameter 'helth'; did you mean 'health'?"),
    ("{{ rules.buffs.atacker }}", 1, "no rules parameter 'atacker'; did you mean 'attacker'?"),
    ("{% set die = rules.combat_dei %}{{ die }}", 1,
     "no rules parameter 'combat_dei' (there are: buffs, dice, health, mode)"),
    ("{% if shown %}\n{{ rules.helth }}\n{% endif %}", 2, "no rules parameter 'helth'; did you mean 'health'?"),
    ("{{ rules.helth.max | default(3) }}", 1, "no rules parameter 'helth'; did you mean 'health'?"),
], ids=["attribute", "item", "nested", "set-then-used", "under-a-condition-on-other-data", "default-of-what-is-under-it"])
def test_a_name_the_rules_lack_is_found_with_renderings_message(source, line, message):
    assert _found(source) == [(line, message)]
    with pytest.raises(jinja2.UndefinedError) as raised:
        ENV.from_string(source).render(CONTEXT)
    assert str(raised.value) == message


@pytest.mark.parametrize("source", [
    "{% if rules.extra is defined %}{{ rules.extra }}{% endif %}",
    "{{ rules.extra | default(3) }}",
    "{% if 'extra' in rules %}{{ rules.extra }}{% endif %}",
    "{% if rules.mode == 'team' %}{{ rules.team_size }}{% endif %}",
    "{% if rules.mode == 'solo' %}{% elif rules.mode == 'team' %}{{ rules.team_size }}{% endif %}",
    "{{ rules.team_size if rules.mode == 'team' else 1 }}",
    "{{ rules.mode == 'team' and rules.team_size }}",
    "{% set rules = {'extra': 1} %}{{ rules.extra }}",
    "{% macro shown_extra(rules) %}{{ rules.extra }}{% endmacro %}{{ shown_extra({'extra': 2}) }}",
    "{{ rules[key].attacker }}",
    "{{ rules.items() | list | length }}",
    "{{ rules.health.real }}",
], ids=["tested", "defaulted", "looked-for", "if-on-the-rules", "elif-on-the-rules", "conditional-expression",
        "and", "set-rules", "macro-argument", "computed-key", "a-method", "past-a-number"])
def test_what_rendering_accepts_is_not_reported(source):
    ENV.from_string(source).render(CONTEXT)
    assert _found(source) == []
