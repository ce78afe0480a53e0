"""A duel resolved without its explanation (the simulation fast path, `engine.explain` off) has the
same result as the explained one, and the sides a duel keeps at the reveal round-trip through JSON."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from cards import load_game
from companion.engine.registry import make_engine
from companion.games.halfwish import preview
from companion.games.halfwish.duel import resolve_duel
from companion.games.halfwish.profiles import DuelRules, profiles_from_db
from companion.games.halfwish.sides import Side

DB = load_game("halfwish")
RULES = DuelRules.from_rules(DB.rules)
PROFILES = profiles_from_db(DB)


@st.composite
def sides(draw: st.DrawFn, count: int) -> Side:
    cards = draw(st.lists(st.sampled_from(sorted(PROFILES)), min_size=count, max_size=count))
    actions = tuple(replace(PROFILES[c], dv=PROFILES[c].dv + draw(st.integers(-2, 2))) for c in cards)
    return Side(actions=actions, dv=draw(st.integers(-1, 14)), exposed=draw(st.integers(0, 2)),
                toughness=draw(st.integers(0, 2)), strike_bonus=draw(st.integers(-1, 2)),
                cannot_take_damage=draw(st.booleans()), points_from_effects=draw(st.integers(-1, 2)),
                hits_before=tuple(draw(st.lists(st.integers(1, 4), max_size=2))),
                health=draw(st.one_of(st.none(), st.integers(1, 12))), name=draw(st.sampled_from(["A", "Bo"])))


@st.composite
def duels(draw: st.DrawFn) -> tuple[Side, Side, str]:
    count = draw(st.integers(1, RULES.most_actions))
    return draw(sides(count)), draw(sides(count)), draw(st.sampled_from(["a", "b"]))


@settings(max_examples=400, deadline=None)
@given(duels())
def test_a_duel_resolved_quietly_has_the_same_result_without_steps(duel: tuple[Side, Side, str]) -> None:
    a, b, aggressor = duel
    explained = resolve_duel(a, b, aggressor, RULES)  # type: ignore[arg-type]
    quiet = resolve_duel(a, b, aggressor, RULES, explain=False)  # type: ignore[arg-type]
    assert explained.steps, "the explained duel says what happened"
    assert quiet.steps == ()
    assert quiet == replace(explained, steps=(), clashes=())  # where each clash's steps start: no steps


@settings(max_examples=200, deadline=None)
@given(duels())
def test_the_sides_kept_at_the_reveal_round_trip_through_json(duel: tuple[Side, Side, str]) -> None:
    a, b, _ = duel
    engine = make_engine("halfwish")
    kept = json.loads(json.dumps(preview.sides_json((a, b))))
    assert preview.sides_from_json(engine, kept) == (a, b)
    assert kept == preview.sides_json((a, b)), "the same sides give the same JSON (what apply compares)"


def test_a_state_kept_before_the_sides_were_kept_still_compares_its_lines() -> None:
    engine = make_engine("halfwish")
    a = Side(actions=(PROFILES["strike"],), dv=9, name="A")
    b = Side(actions=(PROFILES["strike"],), dv=7, name="B")
    lines = resolve_duel(a, b, "a", RULES).steps
    assert preview.explained(engine, list(lines), "a") == lines
    assert preview.explained(engine, preview.sides_json((a, b)), "a") == lines
