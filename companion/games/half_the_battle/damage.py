"""Damage to one piece, step by step: the text's HP rules as one pure function.

- a piece on 1 HP that takes any damage dies at the end of the turn;
- a piece on 2+ HP taking damage equal to or above its HP stays on 1 HP, unless the damage
  is lethal (then it dies at the end of the turn);
- monsters treat lethal damage as regular damage.

The engine's `hit` step and the `damage` calculator both call `take_damage`, so the rule is
written once.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hit:
    """What one instance of damage did to one piece."""

    name: str
    hp_before: int
    amount: int
    lethal: bool          # as dealt (before a monster's immunity)
    monster: bool
    hp_after: int         # 0 when the piece dies at the end of the turn
    dies: bool

    @property
    def text(self) -> str:
        """One line: `Fighter d12: 5 HP - 7 damage (not lethal) -> stays on 1 HP`."""
        kind = "lethal damage" if self.lethal else "damage"
        if self.lethal and self.monster:
            kind = "lethal damage (monster: as regular)"
        elif not self.lethal and self.amount >= self.hp_before > 1:
            kind = "damage (not lethal)"
        head = f"{self.name}: {self.hp_before} HP - {self.amount} {kind}"
        if self.amount <= 0:
            return f"{self.name}: no damage, stays on {self.hp_before} HP"
        if self.dies:
            # play audit: a second hit on a piece already marked to die read `(lethal)`
            why = "already dying" if self.hp_before <= 0 else "was on 1 HP" if self.hp_before == 1 else "lethal"
            return f"{head} -> dies at end of turn ({why})"
        if self.hp_after == 1 and self.amount >= self.hp_before:
            return f"{head} -> stays on 1 HP"
        return f"{head} -> {self.hp_after} HP"


def take_damage(name: str, hp: int, amount: int, *, lethal: bool = False, monster: bool = False,
                floor: int = 1) -> Hit:
    """The result of `amount` damage to a piece on `hp` (`floor`: the HP non-lethal damage leaves)."""
    if amount <= 0:
        return Hit(name, hp, 0, lethal, monster, hp, False)
    kills = lethal and not monster
    if hp <= 1 or (amount >= hp and kills):
        return Hit(name, hp, amount, lethal, monster, 0, True)
    if amount >= hp:
        return Hit(name, hp, amount, lethal, monster, floor, False)
    return Hit(name, hp, amount, lethal, monster, hp - amount, False)


def halve(amount: int, divisor: int) -> int:
    """The Flimsy Shield: one instance of damage divided by `divisor`, rounding down."""
    return amount // divisor
