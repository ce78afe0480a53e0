"""The Halfwish engine: the step queue driven through the engine core's API."""

from __future__ import annotations

from typing import Any

from ...engine.core import Engine, Event, Outcome, Request
from ...errors import IllegalAction
from . import duels, effects, encounters, flow, hands, hooks, powers, setup, upgrades  # noqa: F401  (register steps)
from .catalog import MAP, UPGRADES, Catalog
from .duel import profiles_from_db
from .hints import hints_for
from .standing import deciding_tiebreak, leader
from .state import HalfwishState, Player
from .steps import AUTOMATIC, QUESTIONS, is_question

MAX_AUTOMATIC_STEPS = 10_000   # a guard against a card loop, far above any real chain


class HalfwishEngine(Engine):
    """Halfwish for two players: 3 rounds of 5 turns, duels, scouts and parleys."""

    game_id = "halfwish"
    state_type = HalfwishState

    def __init__(self, db: Any):
        super().__init__(db)
        self.catalog = Catalog(db)
        self.profiles = profiles_from_db(db)

    # -- the core API ---------------------------------------------------------------------------
    def new_game(self, players: list[str], options: dict[str, Any] | None = None) -> HalfwishState:
        """Seats and decks; `options`: classes, powers, first_player, hidden_hands (default True)."""
        options = dict(options or {})
        if len(players) != 2:
            raise IllegalAction(f"Halfwish is for 2 players, got {len(players)}")
        state = HalfwishState(players=[Player(name) for name in players],
                              hidden_hands=bool(options.get("hidden_hands", True)),
                              first_player=int(options.get("first_player", 0)),
                              map_deck=self.catalog.deck_copies(MAP),
                              upgrade_deck=self.catalog.deck_copies(UPGRADES))
        self._check_options(options)
        setup.setup_steps(self, state, options)
        self.settle(state)
        return state

    def _check_options(self, options: dict[str, Any]) -> None:
        if options.get("first_player", 0) not in (0, 1):
            raise IllegalAction(f"first_player is seat 0 or 1, got {options['first_player']!r}")
        known_classes = self.catalog.classes()
        for cls in options.get("classes") or []:
            if cls not in known_classes:
                raise IllegalAction(f"no class {cls!r}; classes: {', '.join(known_classes)}")
        for chosen in options.get("powers") or []:
            unknown = [p for p in chosen if p not in self.catalog.power_choices()]
            if unknown or len(chosen) != self.rules.powers_chosen:
                raise IllegalAction(f"each player chooses {self.rules.powers_chosen} powers from "
                                    f"{', '.join(self.catalog.power_choices())}; got {chosen!r}")

    def request(self, state: HalfwishState) -> Request | None:
        """The next question, or None once the game is over."""
        if self.outcome(state) is not None or not state.queue:
            return None
        item = state.queue[0]
        return QUESTIONS[item["step"]].ask(self, state, item)

    def apply(self, state: HalfwishState, answer: Any) -> list[Event]:
        """Check and apply the answer to the next question, then run every automatic step after it."""
        request = self.request(state)
        if request is None:
            raise IllegalAction("the game is over: there is nothing left to answer")
        checked = request.check(answer)
        item = state.queue.pop(0)
        happened = QUESTIONS[item["step"]].answer(self, state, item, checked)
        return happened + self.settle(state)

    def settle(self, state: HalfwishState) -> list[Event]:
        """Run automatic steps until a question is next or the game ends (0 health ends it at once)."""
        happened: list[Event] = []
        for _ in range(MAX_AUTOMATIC_STEPS):
            if self._knocked_out(state):
                state.queue.clear()
            if not state.queue or is_question(state.queue[0]):
                return happened
            item = state.queue.pop(0)
            happened += AUTOMATIC[item["step"]](self, state, item)
        raise RuntimeError("Halfwish: automatic steps did not settle (a card effect loops)")

    @staticmethod
    def _knocked_out(state: HalfwishState) -> bool:
        return state.started and any(p.health <= 0 for p in state.players)

    def outcome(self, state: HalfwishState) -> Outcome | None:
        """Knockout (0 health ends the game at once) or the end of round 3: points, then tie-breaks."""
        if self._knocked_out(state):
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
        from .hints import tally_lines
        return tally_lines(self, state)

    def hint(self, state: HalfwishState, request: Request) -> list[str]:
        """Reminders for the gamemaster at this prompt."""
        return hints_for(self, state, request)

    def turns(self, state: HalfwishState) -> int:
        """Turns played or under way (1-15)."""
        return (state.round - 1) * self.rules.turns_per_round + state.turn
