"""Exact odds of a Spell attack: pure functions of the rules, the dice and the Familiars.

The attacker rolls their die plus their Familiars, the defender likewise; a tie is
rolled again "under the same conditions", so the attack lands with probability
P(A > D) / (1 - P(A = D)). A hit costs the defender one heart per Spell, doubled
when the Spells match the attacker's own witch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import IllegalAttack, UnknownWitch


@dataclass(frozen=True)
class Side:
    """One duellist: their witch (an element), their die and their Familiars' bonus."""

    witch: str
    die: int
    bonus: int = 0

    def label(self) -> str:
        bonus = f" + {self.bonus}" if self.bonus else ""
        return f"d{self.die}{bonus}"


@dataclass(frozen=True)
class AttackOdds:
    """Everything the calculator says about one attack."""

    attacker: Side
    defender: Side
    spell: str
    count: int
    p_win_roll: Fraction
    p_tie: Fraction
    p_hit: Fraction
    hearts_if_hit: int
    expected_hearts: Fraction
    steps: list[str] = field(default_factory=list)
    defender_hearts: int | None = None   # when known: hearts lost are capped, elimination has odds
    p_eliminate: Fraction | None = None

    def to_json(self) -> dict[str, Any]:
        """The odds as JSON data: probabilities as floats and as exact fractions."""
        return {
            "attacker": {"witch": self.attacker.witch, "die": self.attacker.die, "bonus": self.attacker.bonus},
            "defender": {"witch": self.defender.witch, "die": self.defender.die, "bonus": self.defender.bonus},
            "spell": self.spell, "count": self.count,
            "p_win_roll": float(self.p_win_roll), "p_tie": float(self.p_tie),
            "p_hit": float(self.p_hit), "p_hit_exact": str(self.p_hit),
            "hearts_if_hit": self.hearts_if_hit,
            "expected_hearts": float(self.expected_hearts), "expected_hearts_exact": str(self.expected_hearts),
            "defender_hearts": self.defender_hearts,
            "p_eliminate": None if self.p_eliminate is None else float(self.p_eliminate),
            "steps": self.steps,
        }


def check_element(rules: Any, element: str) -> str:
    """The element if the rules know it, else UnknownWitch listing the elements."""
    if element not in rules.elements:
        raise UnknownWitch(f"unknown witch or element {element!r}; expected one of: {', '.join(rules.elements)}")
    return element


def check_spells(rules: Any, attacker: str, defender: str, spell: str, count: int) -> None:
    """Refuse an attack the text forbids, saying which rule it breaks."""
    for element in (attacker, defender, spell):
        check_element(rules, element)
    if attacker == defender:
        raise IllegalAttack(f"the {attacker.title()} Witch cannot attack herself; each player has a different witch")
    if spell == defender:
        raise IllegalAttack(f"{spell.title()} Spells cannot attack the {defender.title()} Witch: "
                            f"'The attacking player cannot use Spell Cards that match the Witch Card "
                            f"of the player they are attacking.'")
    limit = rules.max_spells_per_attack
    if not 1 <= count <= limit:
        raise IllegalAttack(f"an attack uses 1 to {limit} Spell Cards of one element, not {count}")


def hearts_if_hit(rules: Any, attacker: str, spell: str, count: int) -> int:
    """Hearts the defender loses when the attack lands: per Spell, doubled for the attacker's own element."""
    hearts = count * rules.hearts_per_spell
    return hearts * rules.own_element_multiplier if spell == attacker else hearts


def roll_chances(attacker: Side, defender: Side) -> tuple[Fraction, Fraction]:
    """P(attacker's total > defender's) and P(equal) for one roll, by enumerating both dice."""
    wins = ties = 0
    for a in range(1, attacker.die + 1):
        for d in range(1, defender.die + 1):
            diff = (a + attacker.bonus) - (d + defender.bonus)
            wins += diff > 0
            ties += diff == 0
    total = attacker.die * defender.die
    return Fraction(wins, total), Fraction(ties, total)


def hit_chance(p_win: Fraction, p_tie: Fraction) -> Fraction:
    """The chance the attack lands once ties are rolled again until someone wins."""
    return p_win / (1 - p_tie)


def attack_odds(rules: Any, attacker: Side, defender: Side, spell: str, count: int,
                defender_hearts: int | None = None) -> AttackOdds:
    """The exact odds and expected hearts of one Spell attack, with the explanation.

    With `defender_hearts`, a hit takes at most the hearts left, and `p_eliminate` is the
    chance the attack takes the last one.
    """
    check_spells(rules, attacker.witch, defender.witch, spell, count)
    p_win, p_tie = roll_chances(attacker, defender)
    p_hit = hit_chance(p_win, p_tie)
    hearts = hearts_if_hit(rules, attacker.witch, spell, count)
    lost = hearts if defender_hearts is None else min(hearts, defender_hearts)
    steps = _explain(rules, attacker, defender, spell, count, p_win, p_tie, p_hit, hearts)
    p_eliminate = None
    if defender_hearts is not None:
        p_eliminate = p_hit if hearts >= defender_hearts else Fraction(0)
        steps.append(f"The defender has {defender_hearts} Life Heart(s): a hit takes {lost}, so expected "
                     f"hearts lost = {float(p_hit * lost):.3f}; P(eliminated) = {_pct(p_eliminate)}.")
    return AttackOdds(attacker, defender, spell, count, p_win, p_tie, p_hit, hearts, p_hit * lost, steps,
                      defender_hearts, p_eliminate)


def _explain(rules: Any, attacker: Side, defender: Side, spell: str, count: int,
             p_win: Fraction, p_tie: Fraction, p_hit: Fraction, hearts: int) -> list[str]:
    per = rules.hearts_per_spell
    doubled = spell == attacker.witch
    damage = f"{count} x {per} heart" + (f" x {rules.own_element_multiplier} (own element)" if doubled else "")
    return [
        (f"{attacker.witch.title()} Witch attacks {defender.witch.title()} Witch with "
         f"{count} {spell.title()} Spell{'s' if count > 1 else ''}."),
        f"Attacker rolls {attacker.label()}, defender rolls {defender.label()}.",
        f"One roll: attacker higher {_pct(p_win)}, tie {_pct(p_tie)}, defender higher {_pct(1 - p_win - p_tie)}.",
        f"Ties are rolled again: P(hit) = {_pct(p_win)} / (1 - {_pct(p_tie)}) = {_pct(p_hit)} ({p_hit}).",
        f"A hit costs {damage} = {hearts} Life Heart{'s' if hearts != 1 else ''}.",
        f"Expected hearts lost: {_pct(p_hit)} x {hearts} = {float(p_hit * hearts):.3f}.",
    ]


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"
