"""What the attack calculator reports: the two sides of a duel and the exact odds of one attack.

Plain data and the words that explain it; the numbers are computed by `calculators.py`,
which drives the engine's own duel steps.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple


class Side(NamedTuple):
    """One duellist: their witch (an element), their die and their Familiars' bonus.

    A named tuple: the duel steps build two per roll, and it keys the engine's odds caches.
    """

    witch: str
    die: int
    bonus: int = 0

    def label(self) -> str:
        """`d8 + 2`: the die and the bonus."""
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


class Chances(NamedTuple):
    """The numbers of one attack: one roll, the attack as a whole (ties rolled again), its toll."""

    p_win: Fraction               # the attacker's total is higher on one roll
    p_tie: Fraction               # equal totals on one roll
    p_hit: Fraction               # the attack lands, ties rolled again
    hearts_if_hit: int            # hearts a hit takes from a defender with hearts to spare
    lost: int                     # hearts a hit takes from this defender
    p_eliminate: Fraction | None  # the attack takes the last heart (None when the hearts are not known)


def hit_chance(p_win: Fraction, p_tie: Fraction) -> Fraction:
    """The chance the attack lands once ties are rolled again until someone wins."""
    return p_win / (1 - p_tie)


def explain(rules: Any, attacker: Side, defender: Side, spell: str, count: int,
            p_win: Fraction, p_tie: Fraction, p_hit: Fraction, hearts: int) -> list[str]:
    """The calculator's explanation of one attack, a line per step."""
    per = rules.hearts_per_spell
    doubled = spell == attacker.witch
    damage = f"{count} x {per} heart" + (f" x {rules.own_element_multiplier} (own element)" if doubled else "")
    return [
        (f"{attacker.witch.title()} Witch attacks {defender.witch.title()} Witch with "
         f"{count} {spell.title()} Spell{'s' if count > 1 else ''}."),
        f"Attacker rolls {attacker.label()}, defender rolls {defender.label()}.",
        f"One roll: attacker higher {pct(p_win)}, tie {pct(p_tie)}, defender higher {pct(1 - p_win - p_tie)}.",
        f"Ties are rolled again: P(hit) = {pct(p_win)} / (1 - {pct(p_tie)}) = {pct(p_hit)} ({p_hit}).",
        f"A hit costs {damage} = {hearts} Life Heart{'s' if hearts != 1 else ''}.",
        f"Expected hearts lost: {pct(p_hit)} x {hearts} = {float(p_hit * hearts):.3f}.",
    ]


def pct(p: Fraction) -> str:
    """A probability as a percentage with one decimal."""
    return f"{float(p) * 100:.1f}%"
