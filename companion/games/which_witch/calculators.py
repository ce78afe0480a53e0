"""One-shot calculators: the exact odds of a Spell attack, driven through the engine's own duel steps.

`attack_odds` builds a table whose only business is the attack in question (the two witches,
their Wands, the Spells and Familiars on the table) and runs the real `roll` step for every pair
of faces, and the real `hit` step for the hearts it costs, so no rule of the duel is written here.
A tie is rolled again 'under the same conditions', so the attack lands with probability
P(A > D) / (1 - P(A = D)).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from cards.wording import plural

from ...engine.steps import step
from . import catalogue as cat
from .context import WitchEngine
from .errors import IllegalAttack, UnknownWitch
from .odds import AttackOdds, Chances, Side, explain, pct
from .spells import roll_result
from .state import Action, Witch, WitchState
from .targets import can_cast

NO_LIMIT = 10**6   # hearts of a defender whose hearts do not matter: a hit takes its full toll


def check_element(rules: Any, element: str) -> str:
    """The element if the rules know it, else UnknownWitch listing the elements."""
    if element not in rules.elements:
        raise UnknownWitch(f"unknown witch or element {element!r}; expected one of: {', '.join(rules.elements)}")
    return element


def check_spells(rules: Any, attacker: str, defender: str, spell: str, count: int) -> None:
    """Refuse an attack the engine would not offer, saying which rule it breaks."""
    for element in (attacker, defender, spell):
        check_element(rules, element)
    if attacker == defender:
        raise IllegalAttack(f"the {attacker.title()} Witch cannot attack herself; each player has a different witch")
    if not can_cast(spell, defender):
        raise IllegalAttack(f"{spell.title()} Spells cannot attack the {defender.title()} Witch: "
                            f"'The attacking player cannot use Spell Cards that match the Witch Card "
                            f"of the player they are attacking.'")
    limit = rules.max_spells_per_attack
    if not 1 <= count <= limit:
        raise IllegalAttack(f"an attack uses 1 to {limit} Spell Cards of one element, not {count}")


def roll_chances(attacker: Side, defender: Side) -> tuple[Fraction, Fraction]:
    """P(attacker's total > defender's) and P(equal) for one roll, by the duel's own `roll_result`
    without an engine: the tests check the seed's odds with it, and `roll_outcomes` (the engine's
    own dice, what the calculators print) against it."""
    wins = ties = 0
    for a in range(1, attacker.die + 1):
        for d in range(1, defender.die + 1):
            result = roll_result(a + attacker.bonus, d + defender.bonus)
            wins += result == "hit"
            ties += result == "tie"
    total = attacker.die * defender.die
    return Fraction(wins, total), Fraction(ties, total)


def duel_state(engine: WitchEngine, attacker: Side, defender: Side, spell: str, count: int,
               defender_hearts: int, first: str) -> WitchState:
    """A table holding only this attack, its Spells and Familiars on the table, `first` step next."""
    return duel_table(engine, attacker, defender, spell, count)(defender_hearts, first)


def duel_table(engine: WitchEngine, attacker: Side, defender: Side, spell: str,
               count: int) -> Callable[[int, str], WitchState]:
    """Builds fresh tables of one attack (hearts and first step given), its cards looked up once."""
    max_hearts, hand_size = engine.max_hearts, 0   # hands of 0: nobody refills after this attack
    wands = _wand(engine, attacker.die), _wand(engine, defender.die)
    played = [engine.catalogue.spell_of(spell)] * count + _familiars(engine, attacker.bonus)
    defended = _familiars(engine, defender.bonus)

    def build(defender_hearts: int, first: str) -> WitchState:
        """A fresh table of the attack for a defender with these hearts, `first` step next."""
        seats = [Witch("Attacker", attacker.witch, max_hearts, hand_size, wand=wands[0]),
                 Witch("Defender", defender.witch, defender_hearts, hand_size, wand=wands[1])]
        action = Action("spell", target=1, element=spell, count=count, played=list(played),
                        defended=list(defended))
        return WitchState(seats=seats, draw=[], discard=[], action=action, queue=[step(first)])
    return build


def roll_outcomes(engine: WitchEngine, attacker: Side, defender: Side) -> tuple[Fraction, Fraction]:
    """P(attacker higher) and P(tie) of one roll: every pair of faces answered to the real `roll` step."""
    wins = ties = 0
    spell = next(e for e in engine.rules.elements if can_cast(e, defender.witch))
    build = duel_table(engine, attacker, defender, spell, 1)
    for a in range(1, attacker.die + 1):
        for d in range(1, defender.die + 1):
            kind = engine.resolve(build(NO_LIMIT, "roll"), [[a, d]])[0].kind
            wins += kind == "hit"
            ties += kind == "tie"
    total = attacker.die * defender.die
    return Fraction(wins, total), Fraction(ties, total)


def hit_outcome(engine: WitchEngine, attacker: Side, defender: Side, spell: str, count: int,
                defender_hearts: int) -> tuple[int, bool]:
    """What the real `hit` step does to a defender with these hearts: hearts lost, eliminated or not."""
    events = engine.resolve(duel_state(engine, attacker, defender, spell, count, defender_hearts, "hit"))
    lost = next(int(e.data["lost"]) for e in events if e.kind == "hearts")
    return lost, any(e.kind == "eliminated" for e in events)


def duel_chances(engine: WitchEngine, attacker: Side, defender: Side, spell: str, count: int,
                 defender_hearts: int | None = None) -> Chances:
    """The odds of one attack from the engine's roll odds and hit toll (each kept per key)."""
    p_win, p_tie, p_hit = engine.roll_odds(attacker, defender)
    hearts, _ = engine.hit_toll(attacker, defender, spell, count, NO_LIMIT)
    if defender_hearts is None:
        return Chances(p_win, p_tie, p_hit, hearts, hearts, None)
    lost, eliminated = engine.hit_toll(attacker, defender, spell, count, defender_hearts)
    return Chances(p_win, p_tie, p_hit, hearts, lost, p_hit if eliminated else Fraction(0))


def attack_odds(engine: WitchEngine, attacker: Side, defender: Side, spell: str, count: int,
                defender_hearts: int | None = None) -> AttackOdds:
    """The exact odds and expected hearts of one Spell attack, with the explanation.

    With `defender_hearts`, a hit takes at most the hearts left, and `p_eliminate` is the
    chance the attack takes the last one.
    """
    check_spells(engine.rules, attacker.witch, defender.witch, spell, count)
    p_win, p_tie, p_hit, hearts, lost, p_eliminate = duel_chances(engine, attacker, defender, spell, count,
                                                                  defender_hearts)
    steps = explain(engine.rules, attacker, defender, spell, count, p_win, p_tie, p_hit, hearts)
    if p_eliminate is not None and defender_hearts is not None:
        steps.append(f"The defender has {plural(defender_hearts, 'Life Heart')}: a hit takes {lost}, so expected "
                     f"hearts lost = {float(p_hit * lost):.3f}; P(eliminated) = {pct(p_eliminate)}.")
    return AttackOdds(attacker, defender, spell, count, p_win, p_tie, p_hit, hearts, p_hit * lost, steps,
                      defender_hearts, p_eliminate)


def wand_dice(db: Any) -> list[int]:
    """The default die and every Wand's die, smallest first."""
    wands = {card.get("die") for card in db.deck("game-cards").cards if card.get("kind") == cat.WAND}
    return sorted({db.rules.default_die, *wands})


def hit_matrix(engine: WitchEngine, attacker_bonus: int = 0, defender_bonus: int = 0) -> list[dict[str, Any]]:
    """Exact P(hit) for every pair of the game's dice: one row per attacker die."""
    dice, (first, second, spell) = wand_dice(engine.db), engine.rules.elements[:3]
    return [{"die": a, "p_hit": [attack_odds(engine, Side(first, a, attacker_bonus),
                                             Side(second, d, defender_bonus), spell, 1).p_hit for d in dice]}
            for a in dice]


def _wand(engine: WitchEngine, die: int) -> str | None:
    """The Wand that rolls this die (None for the default die)."""
    if die == engine.rules.default_die:
        return None
    wands = [c for c in engine.catalogue.ids_of(cat.WAND) if engine.catalogue.die(c) == die]
    if not wands:
        raise IllegalAttack(f"no Wand rolls a d{die}")
    return wands[0]


def _familiars(engine: WitchEngine, bonus: int) -> list[str]:
    """Familiar cards adding up to `bonus`, biggest first."""
    catalogue = engine.catalogue
    by_bonus = sorted(catalogue.ids_of(cat.FAMILIAR), key=lambda c: -catalogue.bonus([c]))
    cards: list[str] = []
    remaining = bonus
    for card in by_bonus:
        value = catalogue.bonus([card])
        while 0 < value <= remaining:
            cards.append(card)
            remaining -= value
    if remaining:
        raise IllegalAttack(f"no Familiars add up to +{bonus}")
    return cards
