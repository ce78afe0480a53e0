"""The Halfwish engine: its step table, setup options and how a game ends, run by the core's `Engine`."""

from __future__ import annotations

from typing import Any

from cards.loader import Params

from ...engine.core import Engine, Outcome, Request, SetupOption
from ...engine.options import DEALT_OPENLY
from ...errors import SetupError
from .catalog import MAP, UPGRADES, Catalog
from .hints import hints_for, secret_lines, tally_lines
from .profiles import ActionProfile, DuelRules, profiles_from_db
from .setup import setup_steps
from .standing import deciding_tiebreak, leader
from .state import HalfwishState, Player
from .steps import TABLE


class _ReadRules(Params):
    """The rules parameters with each one an attribute read like any other: `rules.health` is read
    thousands of times a game, and `Params` looks every name up (and wraps mappings) on each read."""


def read_once(rules: Any) -> Any:
    """The same rules parameters, each top-level one an attribute read without a lookup hook."""
    fast = _ReadRules(rules)
    fast.__dict__.update({name: getattr(fast, name) for name in rules})
    return fast


def _check_powers(engine: Any, chosen: Any) -> list[list[str]]:
    """Each seat's secret powers: `rules.powers_chosen` distinct ids of the power deck."""
    known, count = engine.catalog.power_choices(), engine.rules.powers_chosen
    if not isinstance(chosen, list):
        raise SetupError(f"option powers: expected one list of {count} powers per seat, got {chosen!r}")
    for seat_powers in chosen:
        unknown = [p for p in seat_powers if p not in known] if isinstance(seat_powers, list) else [seat_powers]
        if unknown or len(seat_powers) != count:
            raise SetupError(f"option powers: each player chooses {count} powers from {', '.join(known)}; "
                             f"got {seat_powers!r}")
    return [list(p) for p in chosen]


OPTIONS = (
    SetupOption("classes", "list[str]", [], "each seat's class in seat order (default: each player chooses)",
                choices=lambda engine: engine.catalog.classes()),
    SetupOption("powers", "json", [], "each seat's secret powers, one list per seat, e.g. "
                                      '[["roar","ignite","taunt"],["roar","ignite","taunt"]] '
                                      "(default: each player chooses)", check=_check_powers),
    SetupOption("first_player", "int", None, "the seat that starts the game (default: asked at the table)",
                choices=(0, 1)),
    SetupOption("hidden_hands", "bool", True, "the gamemaster does not see the hands (table mode); "
                                              + DEALT_OPENLY),
)


class HalfwishEngine(Engine):
    """Halfwish for two players: 3 rounds of 5 turns, duels, scouts and parleys."""

    game_id = "halfwish"
    state_type = HalfwishState
    table = TABLE
    options = OPTIONS

    def __init__(self, db: Any, catalog: Catalog | None = None, profiles: dict[str, ActionProfile] | None = None):
        """The engine over a card database; the calculators may pass a catalog and profiles of their own."""
        super().__init__(db)
        self.rules = read_once(self.rules)
        self.catalog = catalog or Catalog(db)
        self.profiles = profiles if profiles is not None else profiles_from_db(db)
        self.duel_rules = DuelRules.from_rules(self.rules)

    def setup(self, players: list[str], options: dict[str, Any]) -> HalfwishState:
        """Seats and decks; the class and power choices the options did not make are queued."""
        first = options["first_player"]
        state = HalfwishState(players=[Player(name) for name in players],
                              hidden_hands=options["hidden_hands"], first_player=first or 0,
                              map_deck=self.catalog.deck_copies(MAP),
                              upgrade_deck=self.catalog.deck_copies(UPGRADES))
        setup_steps(self, state, options)
        return state

    def is_decided(self, state: HalfwishState) -> bool:
        """0 health ends the game at once, once health is dealt."""
        return state.started and (state.players[0].health <= 0 or state.players[1].health <= 0)

    def outcome(self, state: HalfwishState) -> Outcome | None:
        """Knockout (0 health ends the game at once) or the end of round 3: points, then tie-breaks."""
        if self.is_decided(state):
            return self._knockout_outcome(state)
        if not state.finished:
            return None
        return self._points_outcome(state, "points")

    def _knockout_outcome(self, state: HalfwishState) -> Outcome:
        down = [seat for seat, p in enumerate(state.players) if p.health <= 0]
        if len(down) == 2:   # ruling simultaneous-zero-health
            return self._points_outcome(state, "knockout")
        winner = 1 - down[0]
        return Outcome("knockout", winner, f"{state.players[down[0]].name} is at 0 health: "
                                           f"{state.players[winner].name} wins")

    def _points_outcome(self, state: HalfwishState, termination: str) -> Outcome:
        winner = leader(self, state)
        how = deciding_tiebreak(self, state)
        if winner is None:
            return Outcome(termination, None, "The game is a draw: points and every tie-break are equal")
        name = state.players[winner].name
        by = "on points" if how == "points" else f"on the tie-break ({how.replace('_', ' ')})"
        return Outcome(termination, winner, f"{name} wins {by}")

    # -- the gamemaster's view ---------------------------------------------------------------------
    def tally(self, state: HalfwishState) -> list[str]:
        """Health, points, mana, lamps, statuses and decks of both players."""
        return tally_lines(self, state)

    def secrets(self, state: HalfwishState) -> list[str]:
        """Each player's powers and the upgrades picked in secret."""
        return secret_lines(self, state)

    def hint(self, state: HalfwishState, request: Request) -> list[str]:
        """Reminders for the gamemaster at this prompt."""
        return hints_for(self, state, request)

    def round_number(self, state: HalfwishState) -> int:
        """The round under way (1-3)."""
        return state.round

    def turn_label(self, state: HalfwishState) -> str:
        """`Round 2, turn 4`, as the tally and the rules count turns (5 a round), not `Turn 9`;
        `Set-up` while classes and powers are chosen, before the first round; `Upgrades after
        round 1` in the upgrade phase, which follows the round's last turn (session 28's play:
        its picks were asked as `Round 1, turn 5`, a turn already over)."""
        if not state.started:
            return "Set-up"
        if state.upgrading is not None:
            return f"Upgrades after round {state.round}"
        return f"Round {state.round}, turn {state.turn}"

    def turns(self, state: HalfwishState) -> int:
        """Turns played or under way (1-15)."""
        return (state.round - 1) * int(self.rules.turns_per_round) + state.turn
