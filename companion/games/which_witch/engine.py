"""The Which Witch Is Best!? engine: its step table, setup options, setup and how a game ends.

Every number comes from `cards/which-witch/` (`db.rules` and the Game Cards' fields). The rules
are the step modules merged in `steps.py`; an action is asked for step by step (action, target,
element, count, Familiars...), so the same requests serve a gamemaster typing what was played
and a bot choosing.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from ...engine.core import Engine, Option, Outcome, Request
from ...engine.options import DEALT_OPENLY, SetupOption
from ...errors import SetupError
from .calculators import attack_odds, duel_chances, hit_outcome, roll_outcomes
from .catalogue import Catalogue, normalise_witch
from .errors import UnknownWitch
from .holding import playable
from .odds import AttackOdds, Chances, Side, hit_chance
from .setup import opening_steps
from .spells import duel_sides
from .state import HIDDEN, PICK, Action, Witch, WitchState, action_of, hearts_text, target_of
from .steps import TABLE


def witch_id(name: str, elements: list[str]) -> str:
    """A witch as printed (`Wind`, `wind-witch`, `Wind Witch`) -> its element id; unknown names as typed."""
    try:
        return normalise_witch(name, elements)
    except UnknownWitch:
        return name


def _elements(engine: Any) -> list[str]:
    return list(engine.rules.elements)


OPTIONS = (
    SetupOption("hidden", "bool", True, "hands are secret at the table and only played cards are typed in; "
                                        + DEALT_OPENLY),
    SetupOption("witches", "list[str]", [], "one witch per seat in seat order, e.g. fire,ice or "
                                            "'Wind Witch,Fire Witch'; when absent each player picks a witch first",
                choices=_elements, check=lambda engine, names: [witch_id(n, _elements(engine)) for n in names]),
)


class WhichWitchEngine(Engine):
    """Rules of Which Witch Is Best!? for 2 to 6 players."""

    game_id = "which-witch"
    state_type = WitchState
    table = TABLE
    options = OPTIONS

    def __init__(self, db: Any):
        super().__init__(db)
        self.catalogue = Catalogue(db)
        # numbers the hot steps read on every turn, looked up once (`rules.hearts.max` builds a mapping)
        rules = self.rules
        self.max_hearts: int = rules.hearts.max
        self.default_die: int = rules.default_die
        self.max_spells: int = rules.max_spells_per_attack
        self.reshuffle_top: int = rules.reshuffle_top_discard
        self.element_order: tuple[str, ...] = tuple(rules.elements)
        self._counts: dict[int, tuple[Option, ...]] = {}
        self._rolls: dict[tuple[int, int, int, int], tuple[Fraction, Fraction, Fraction]] = {}
        self._odds: dict[tuple[Side, Side, str, int, int], AttackOdds] = {}
        self.kept_sides: tuple[Action | None, tuple[Any, ...], tuple[Side, Side] | None] = (None, (), None)
        self._chances: dict[tuple[Side, Side, str, int, int], Chances] = {}
        self._hits: dict[tuple[str, str, str, int, int], tuple[int, bool]] = {}

    # -- setup and outcome -------------------------------------------------------------------
    def setup(self, players: list[str], options: dict[str, Any]) -> WitchState:
        """Seat the players in rotation order (youngest first); picks or a deal come first."""
        witches = options["witches"]
        if witches and (len(witches) != len(players) or len(set(witches)) != len(witches)):
            raise SetupError(f"give one different witch per player ({len(players)}), got {','.join(witches)}")
        hearts = self.rules.hearts.two_players if len(players) == 2 else self.rules.hearts.three_or_more
        seats = [Witch(name, element, hearts, self.rules.hand_size)
                 for name, element in zip(players, witches or [""] * len(players))]
        state = WitchState(seats=seats, draw=list(self.catalogue.deck_list), discard=[], hidden=options["hidden"])
        state.queue = opening_steps(state)
        return state

    def outcome(self, state: WitchState) -> Outcome | None:
        """The game ends when only one witch has any Life Hearts."""
        alive = state.alive()
        if len(alive) > 1:
            return None
        winner = state.seats[alive[0]]
        return Outcome("last-witch", alive[0], f"{winner.describe()} is the last witch standing: "
                                                f"{winner.witch_name} is best!")

    def turns(self, state: WitchState) -> int:
        """Turns started so far, Zoom Broom turns included."""
        return state.turn

    def seats(self, state: WitchState) -> int:
        """One seat per witch."""
        return len(state.seats)

    def tally(self, state: WitchState) -> list[str]:
        """Hearts, hands, Wands in play and piles, with whose turn it is."""
        lines = [self._seat_line(state, seat) for seat in range(len(state.seats))]
        lines.append(f"Draw Pile {len(state.draw)}, Discard Pile {len(state.discard)}"
                     + (f" (top: {self.card_name(state.discard[-1])})"
                        if state.discard and state.discard[-1] != HIDDEN else ""))  # one on the table, unnamed
        return lines

    def hint(self, state: WitchState, request: Request) -> list[str]:
        """Before a duel roll: the exact chance the attack lands, what a hit costs, and elimination odds."""
        if state.phase != "roll":
            return []
        odds = self.duel_odds(state)
        lost = min(odds.hearts_if_hit, odds.defender_hearts or odds.hearts_if_hit)
        line = f"P(hit) {float(odds.p_hit):.1%}; a hit costs {hearts_text(lost)}"
        return [line + (f"; P(eliminated) {float(odds.p_eliminate):.1%}" if odds.p_eliminate else "")]

    # -- what the steps ask of the whole table ------------------------------------------------
    def card_name(self, card_id: str) -> str:
        """A card's name; a card the companion has not seen is 'a face-down card'."""
        return "a face-down card" if card_id == HIDDEN else self.catalogue.name(card_id)

    def die_of(self, witch: Witch) -> int:
        """The die a witch rolls: their Wand's, else the default die."""
        return self.catalogue.die(witch.wand) if witch.wand else self.default_die

    def count_options(self, most: int) -> tuple[Option, ...]:
        """`1` to `most` as options (built once per number)."""
        if most not in self._counts:
            self._counts[most] = tuple(Option(str(n)) for n in range(1, most + 1))
        return self._counts[most]

    def playable(self, state: WitchState, seat: int) -> Counter[str]:
        """How many of each card the player could play now (see holding.py)."""
        return playable(self, state, seat)

    def duel_sides(self, state: WitchState) -> tuple[Side, Side]:
        """Attacker and defender of the duel in progress: witch, die, Familiars' bonus."""
        return duel_sides(self, state)

    def roll_odds(self, attacker: Side, defender: Side) -> tuple[Fraction, Fraction, Fraction]:
        """P(higher) and P(tie) of one duel roll, from the real roll step, and P(hit) with ties rolled
        again (kept per pair of dice and bonuses)."""
        key = (attacker.die, attacker.bonus, defender.die, defender.bonus)
        if key not in self._rolls:
            p_win, p_tie = roll_outcomes(self, attacker, defender)
            self._rolls[key] = (p_win, p_tie, hit_chance(p_win, p_tie))
        return self._rolls[key]

    def hit_toll(self, attacker: Side, defender: Side, spell: str, count: int, hearts: int) -> tuple[int, bool]:
        """Hearts a landed attack takes from a defender with `hearts`, and whether it eliminates them,
        from the real hit step (kept per witches, Spells and hearts)."""
        key = (attacker.witch, defender.witch, spell, count, hearts)
        if key not in self._hits:
            self._hits[key] = hit_outcome(self, attacker, defender, spell, count, hearts)
        return self._hits[key]

    def duel_chances(self, state: WitchState, sides: tuple[Side, Side] | None = None) -> Chances:
        """The numbers of the duel in progress: P(hit), the hearts it costs, P(eliminated)."""
        action = action_of(state)
        attacker, defender = sides or duel_sides(self, state)
        key = (attacker, defender, str(action.element), action.count, state.seats[target_of(action)].hearts)
        if key not in self._chances:
            self._chances[key] = duel_chances(self, *key)
        return self._chances[key]

    def duel_odds(self, state: WitchState) -> AttackOdds:
        """The exact odds of the duel in progress, explained (see calculators.py), kept per duel."""
        action = action_of(state)
        attacker, defender = duel_sides(self, state)
        key = (attacker, defender, str(action.element), action.count, state.seats[target_of(action)].hearts)
        if key not in self._odds:
            self._odds[key] = attack_odds(self, *key)
        return self._odds[key]

    def _seat_line(self, state: WitchState, seat: int) -> str:
        witch = state.seats[seat]
        picking = state.queue[0].get("seat") if state.queue and state.queue[0]["step"] == PICK else None
        marker = ">" if seat == (state.current if picking is None else picking) and not witch.eliminated else " "
        if witch.eliminated:
            return f"{marker} {witch.describe()}: eliminated"
        wand = f", wand d{self.die_of(witch)}" if witch.wand else ""
        return f"{marker} {witch.describe()}: {hearts_text(witch.hearts)}, hand {witch.held.size}/{witch.hand_size}{wand}"
