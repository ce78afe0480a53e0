"""The duels the rulebook works through, each resolved by the calculator (the engine's own steps)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .calculators import SideSpec, calculate, calculator_engine
from .profiles import ActionProfile
from .sides import SideKey


@dataclass(frozen=True)
class Example:
    """A worked example: a title, both sides as typed, and who attacks."""

    title: str
    a: SideSpec
    b: SideSpec
    aggressor: SideKey = "a"


def example_duels(rules: Mapping[str, Any]) -> list[Example]:
    """The duels the rulebook works through (DVs are example rolls, rules come from `rules`)."""
    evade_at = int(rules["actions"]["evade"]["min_dv"])
    return [
        Example("First Strike (the example of the rules text)", SideSpec(("long-strike",), 10),
                SideSpec(("strike",), 12)),
        Example("Ignores block", SideSpec(("heavy-strike",), 6), SideSpec(("defend",), 9)),
        Example("Exposed", SideSpec(("strike",), 9), SideSpec(("heavy-strike",), 5)),
        Example("Evade succeeds", SideSpec(("strike",), 8), SideSpec(("evade",), evade_at)),
        Example("Evade fails", SideSpec(("strike",), 8), SideSpec(("evade",), evade_at - 1)),
        Example("First Strike against First Strike", SideSpec(("long-strike",), 11),
                SideSpec(("long-strike",), 7)),
        Example("Two actions each", SideSpec(("strike", "long-strike"), 8), SideSpec(("defend", "evade"), 5)),
    ]


def describe_setup(example: Example, profiles: Mapping[str, ActionProfile]) -> str:
    """`A (aggressor) rolls 10 and plays Long Strike; B (defender) rolls 12 and plays Strike.`"""
    parts = []
    for key, spec in (("a", example.a), ("b", example.b)):
        role = "aggressor" if key == example.aggressor else "defender"
        names = " and ".join(profiles[x].name for x in spec.actions)
        parts.append(f"{key.upper()} ({role}) rolls {spec.dv} and plays {names}")
    return "; ".join(parts) + "."


def worked_examples(db: Any) -> list[dict[str, Any]]:
    """Each example duel resolved by the calculator: title, setup and explanation steps."""
    engine = calculator_engine(db)
    out = []
    for example in example_duels(db.rules):
        calc = calculate(engine, example.a, example.b, example.aggressor)
        steps = [*calc.notes, *calc.result.steps[1:], *calc.after]  # the setup already names the roles
        out.append({"title": example.title, "setup": describe_setup(example, engine.profiles),
                    "steps": steps, "result": calc.to_json()})
    return out
