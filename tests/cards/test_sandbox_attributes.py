"""The sandbox decides once per type and name whether a template may read an attribute
(`cards.sandbox.BudgetedSandbox.is_safe_attribute`), and decides as Jinja2's immutable sandbox does."""

from __future__ import annotations

import pytest
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from cards import sandbox
from cards.sandbox import BudgetedSandbox


class Card:
    name = "Ember"

    def reveal(self) -> str:
        return "revealed"


class Disguised:
    """An object that names another class (as a proxy may): it is asked every time."""

    def __init__(self, posing_as: type) -> None:
        self.posing_as = posing_as

    @property  # type: ignore[misc]
    def __class__(self):  # type: ignore[no-untyped-def, override]
        return self.posing_as


SAMPLES = [([1, 2], "append"), ([1, 2], "index"), ({"a": 1}, "clear"), ({"a": 1}, "keys"), ({1}, "add"),
           ("text", "upper"), (Card(), "name"), (Card(), "reveal"), (Card().reveal, "__func__"),
           (Card, "mro"), (str, "mro"), ((x for x in ()), "gi_frame"), (Card(), "__class__")]


@pytest.mark.parametrize(("obj", "attr"), SAMPLES)
def test_each_answer_is_jinja2s_the_first_time_and_every_time_after(obj, attr):
    ours, theirs = BudgetedSandbox(), ImmutableSandboxedEnvironment()
    value = getattr(obj, attr)
    expected = theirs.is_safe_attribute(obj, attr, value)
    assert [ours.is_safe_attribute(obj, attr, value) for _ in range(3)] == [expected] * 3


def test_templates_still_cannot_change_a_list_or_reach_internals():
    env = BudgetedSandbox()
    for _ in range(2):  # the second render is answered from what the first worked out
        with pytest.raises(SecurityError):
            env.from_string("{{ items.append(3) }}").render(items=[1, 2])
        with pytest.raises(SecurityError):
            env.from_string("{{ card.reveal.__func__() }}").render(card=Card())
        assert env.from_string("{{ items.index(2) }} {{ card.reveal() }}").render(items=[1, 2], card=Card()) == "1 revealed"


def test_an_object_naming_another_class_is_not_answered_for_its_class():
    env = BudgetedSandbox()
    sandbox._SAFE.clear()
    assert env.is_safe_attribute(Disguised(list), "append", None) is False
    assert (Disguised, "append") not in sandbox._SAFE and (list, "append") not in sandbox._SAFE
    assert env.is_safe_attribute([], "append", None) is False
    assert sandbox._SAFE[list, "append"] is False


def test_the_answers_kept_are_bounded(monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_SAFE_KEPT", 3)
    sandbox._SAFE.clear()
    env = BudgetedSandbox()
    for name in ("upper", "lower", "title", "strip", "split"):
        assert env.is_safe_attribute("text", name, None)
    assert len(sandbox._SAFE) <= 3


class Pile:
    def pop(self) -> str:  # the same name as list.pop, on an object a template may use
        return "top card"


def test_the_same_name_is_answered_for_each_type():
    env = BudgetedSandbox()
    sandbox._SAFE.clear()
    assert env.is_safe_attribute([], "pop", None) is False
    assert env.is_safe_attribute(Pile(), "pop", None) is True
    assert env.from_string("{{ pile.pop() }}").render(pile=Pile()) == "top card"
    with pytest.raises(SecurityError):
        env.from_string("{{ items.pop() }}").render(items=[1])
