"""Lint checks each skill card across its fields (`companion/games/skirmish/skillcheck.py`), located
at file:line and field; every rule is refused on an edited copy of the shipped database."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import load_game
from companion.cli import cli
from companion.games.skirmish.skillcheck import skill_problems


def edited(cards_copy: Path, old: str, new: str) -> list[str]:
    skills = cards_copy / "skirmish" / "skills.yaml"
    text = skills.read_text()
    assert old in text and new not in text, old
    skills.write_text(text.replace(old, new, 1))        # the first card carrying `old`
    return [str(p) for p in skill_problems(load_game("skirmish", cards_copy))]


def test_the_shipped_skills_pass_every_rule():
    assert skill_problems(load_game("skirmish")) == []


CASES = [
    ("heal-with-damage-tier", "range: 3, heal: 14, keyword: resonance",
     "range: 3, heal: 14, damage_tier: small, keyword: resonance",
     "damage_tier: skill 'dew-mend': a heal skill with damage tier: a skill heals or deals damage"),
    ("ally-dealing-damage", "range: 3, heal: 14, keyword: resonance", "range: 3, damage: 4, keyword: resonance",
     "damage: skill 'dew-mend': targets ally but deals damage: damage is for an enemy"),
    ("enemy-healed", "cost: 2, target: enemy, range: 1, damage: 12, keyword: channel}",
     "cost: 2, target: enemy, range: 1, heal: 3, keyword: channel}",
     "heal: skill 'marginal-cut': targets enemy but heals: healing is for an ally or this character"),
    ("self-with-range", "cost: 1, target: self, range: 0, apply: {prowess: 1}",
     "cost: 1, target: self, range: 2, apply: {prowess: 1}",
     "range: skill 'riposte-lesson': range 2 given for a self-only skill: use range 0"),
    ("enemy-at-range-0", "range: 2, apply: {glaciate: 1}}", "range: 0, apply: {glaciate: 1}}",
     "range: skill 'frost-dart': targets enemy within 0 tiles: no enemy stands that close"),
    ("timed-effect-without-turns", "range: 2, apply: {glaciate: 1}}", "range: 2, apply: {glaciate: 0}}",
     "apply: skill 'frost-dart': glaciate: 0 is not a number of turns (a timed effect): give 1 or more"),
    ("cost-above-the-cap", "cost: 1, target: enemy, range: 2, apply: {ignite: 1}",
     "cost: 11, target: enemy, range: 2, apply: {ignite: 1}",
     "cost: skill 'candle-spark': costs 11 AP, outside 0..10 (a player never has more than the AP cap)"),
    ("damage-twice", "range: 2, damage_tier: small, keyword: resonance",
     "range: 2, damage_tier: small, damage: 3, keyword: resonance",
     "damage_tier: skill 'sting': damage is given both in points and as a tier: keep one"),
    ("tier-shift-beyond-the-table", "range: 2, power: -1}", "range: 2, power: -6}",
     "power: skill 'moonlit-glamour': power -6 tiers: give -5..5, not 0"),
    ("no-effect", "range: 2, apply: {silence: 1}}\n      - {id: ward-of-pages", "range: 2}\n      - {id: ward-of-pages",
     "skill 'hush-sigil': no effect: give one of damage, damage_tier, heal, power, armor, apply, draw"),
]


@pytest.mark.parametrize(("old", "new", "finding"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_cross_field_rule_is_a_located_finding(cards_copy, old, new, finding):
    found = edited(cards_copy, old, new)
    hits = [f for f in found if f.endswith(finding)]
    assert hits, found
    line = next(n for n, text in enumerate((cards_copy / "skirmish" / "skills.yaml").read_text().splitlines(), 1)
                if new.splitlines()[0] in text)
    # shown as the loader shows the database's files (audit: relative to another base than theirs)
    from cards.paths import display_path

    assert hits[0].startswith(f"{display_path(cards_copy / 'skirmish' / 'skills.yaml')}:{line}:"), hits[0]


def test_lint_refuses_a_cross_field_mistake_with_its_location(runner, cards_copy):
    edited(cards_copy, "cost: 1, target: self, range: 0, apply: {prowess: 1}",
           "cost: 1, target: self, range: 2, apply: {prowess: 1}")
    result = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "skirmish"])
    assert result.exit_code == 1
    assert "skirmish/skills.yaml:" in result.output
    assert "decks[skills].cards[riposte-lesson].range: skill 'riposte-lesson': range 2 given for a self-only skill" in \
        " ".join(result.output.split())
