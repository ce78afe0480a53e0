"""The engine core: one step machine that runs every game's rules.

A game is a typed state (a dataclass tree that round-trips through JSON, see
`jsondata.py`) holding a queue of pending steps, and a table of small named steps (see
`steps.py`). The shared `Engine` below runs any table:

- `request(state)` asks the first queued step what it needs: a `Decision` (a player picks
  one of the listed legal options) or a `Chance` event (a roll, a draw, a shuffle);
- `apply(state, answer)` checks the answer against that request, pops the step, applies
  the answer, then runs automatic steps until the next question, and returns `Event`s,
  each with a one-line human explanation;
- `outcome(state)` is the one place a game decides how it ended;
- `run(state, decide, rng, max_steps)` is the simulation's fast path through the same steps:
  chances answered by the seeded RNG, events not written out (`explain` off).

The core also checks player counts (declared once in `game.yaml`) and setup options
(declared by the game as `SetupOption`s), and undoes by replaying answers. A game's
`Engine` subclass supplies `setup`, `outcome` and its table; it never reimplements the loop.

States are changed in place by step functions (copies would cost most of a simulation's
time); a state is never shared between two games, and `clone()` gives an independent copy.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from cards.wording import span

from ..errors import GameDidNotEnd, IllegalAction, SetupError
from .jsondata import GameState, from_jsonable, to_jsonable
from .options import SetupOption, check_options
from .requests import (
    Answer,
    Chance,
    Decision,
    Event,
    Option,
    Outcome,
    Request,
    dice_label,
    request_kind,
    roll_chance,
)
from .requests import card_names as read_card_names
from .steps import StepCall, StepState, StepTable

MAX_NAME = 40   # characters in a player's name: it must fit a prompt line


class Engine:
    """Runs one game's step table. Subclasses declare the table and fill in the game's hooks.

    Engines are constructed with the game's Database, read every rule number from it,
    and never call the global `random`: randomness arrives as answers to Chance requests.
    """

    game_id: ClassVar[str]
    state_type: ClassVar[type[GameState]]
    table: ClassVar[StepTable] = StepTable()
    options: ClassVar[tuple[SetupOption, ...]] = ()
    max_automatic_steps: ClassVar[int] = 10_000   # a guard against a card loop, far above any real chain

    def __init__(self, db: Any):
        self.db = db
        self.rules = db.rules
        self._questions = self.table.questions
        self._automatic = self.table.automatic
        # Only a game that can end in the middle of a chain (a knockout) pays for the check.
        self._decides = type(self).is_decided is not Engine.is_decided
        # `run` drives the step table directly: only for an engine whose requests and answers are
        # the table's (a test engine may override `request` and `apply` and have no queue).
        self.runs_steps = type(self).request is Engine.request and type(self).apply is Engine.apply
        # Steps that always roll one die: their sides, so that `run` rolls without asking (read
        # at the first `run`, once the subclass has set up what `die` reads).
        self._dice: dict[str, int] | None = None
        self._asked: tuple[Any, StepCall, Request] | None = None   # (state, step, request) last asked
        # Do steps write their events out? Only `run` turns this off, while nobody reads them: a
        # step builds an event only `if engine.explain`, and must change the state the same either way.
        self.explain = True

    @functools.cached_property
    def card_names(self) -> dict[str, str]:
        """The name printed on each card of the game, by id: a draw is typed by it, and refused with it."""
        return read_card_names(self.db)

    # -- hooks a game implements ---------------------------------------------------------------
    def setup(self, players: list[str], options: dict[str, Any]) -> StepState:
        """The state before the first request, its first steps queued; `options` are checked."""
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        raise NotImplementedError

    def is_decided(self, state: Any) -> bool:
        """Has the game ended this instant (a knockout)? Then the queue is dropped."""
        return False

    def tally(self, state: Any) -> list[str]:
        """Lines summarising the state for the gamemaster (beads, points, rooms...)."""
        return []

    def tally_groups(self, state: Any) -> list[list[str]]:
        """The tally's lines in groups: the short lines of a group (Heartstrings' rooms) stand side
        by side in columns on a screen; a line of its own is a group of one. A group given as
        `Cells` keeps its columns' width as its lines change."""
        return [[line] for line in self.tally(state)]


    def hint(self, state: Any, request: Request) -> list[str]:
        """Reminders for the gamemaster at a prompt (parley points, keep/reroll...)."""
        return []

    def secrets(self, state: Any) -> list[str]:
        """What the tally keeps from the shared screen (a hand of powers), as lines: `sessions show
        --reveal` prints them once the game is over."""
        return []

    def turns(self, state: Any) -> int | None:
        """The game's own turn count so far, or None when it does not count turns."""
        return None

    def turn_label(self, state: Any) -> str | None:
        """What a prompt calls the turn under way (`Turn 7`), or None before the first or when the
        game does not count turns; a game counting turns within rounds names both."""
        turn = self.turns(state)
        return f"Turn {turn}" if turn else None

    def round_number(self, state: Any) -> int | None:
        """The round under way (a playtest report prints the state after each), or None when
        the game is not played in rounds or none has begun."""
        return None

    def seats(self, state: Any) -> int:
        """How many seats the game in `state` has: the length of its `players` list. A game that
        keeps its seats under another name says so here (Which Witch: `seats`)."""
        players = getattr(state, "players", None)
        if not isinstance(players, list):
            raise NotImplementedError(f"{self.game_id}: the state has no `players` list; "
                                      "the engine says how many seats it has (Engine.seats)")
        return len(players)

    # -- setup -------------------------------------------------------------------------------------
    def player_counts(self) -> range:
        """The player counts `game.yaml` allows."""
        players = self.db.meta.players
        return range(players.min, players.max + 1)

    def players_allowed(self) -> str:
        """The player counts as messages say them: `2`, `2-3` (never `2-2`)."""
        counts = self.player_counts()
        return span(counts.start, counts.stop - 1)

    def check_players(self, players: Sequence[str]) -> list[str]:
        """Player names checked once for every game: count, non-empty, distinct, short enough."""
        names = [str(name).strip() for name in players]
        if len(names) not in self.player_counts():
            raise SetupError(f"{self.db.meta.name} is for {self.players_allowed()} players; got {len(names)}")
        if any(not name for name in names):
            raise SetupError("every player needs a name; got an empty one")
        long = [name for name in names if len(name) > MAX_NAME]
        if long:
            raise SetupError(f"a player's name is at most {MAX_NAME} characters; "
                             f"got one of {len(long[0])}")
        if len(set(names)) != len(names):
            raise SetupError(f"player names must differ; got {', '.join(names)}")
        return names

    def new_game(self, players: Sequence[str], options: dict[str, Any] | None = None) -> Any:
        """A new game: players and options checked, the game set up, automatic steps run."""
        names = self.check_players(players)
        state = self.setup(names, check_options(self, self.options, options))
        self.settle(state)
        return state

    # -- the step machine -------------------------------------------------------------------------
    def request(self, state: Any) -> Request | None:
        """What the first queued step needs, or None when the game is over."""
        queue = state.queue
        if not queue:
            return None
        item = queue[0]
        request = self._questions[item["step"]].ask(self, state, item)
        self._asked = (state, item, request)   # `apply` checks the answer against it, unasked again
        return request

    def apply(self, state: Any, answer: Any) -> list[Event]:
        """Check `answer` against the request, apply it, run automatic steps; return what happened."""
        if not self.explain:   # asked from inside `run` (a bot's look-ahead, a calculator): explained
            return self._explaining(self.apply, state, answer)
        queue = state.queue
        if not queue:
            raise IllegalAction("the game is over: there is nothing left to answer")
        item = queue[0]
        question = self._questions[item["step"]]
        asked = self._asked
        if asked is not None and asked[0] is state and asked[1] is item:
            request = asked[2]   # the driver just asked this state for this step: nothing changed since
        else:
            request = question.ask(self, state, item)
        # a draw refused names the possible cards as printed (session 27: by their ids)
        checked = request.check(answer, self.card_names) if isinstance(request, Chance) else request.check(answer)
        self._asked = None
        del queue[0]
        events = question.answer(self, state, item, checked)
        if self._decides or (queue and queue[0]["step"] in self._automatic):
            events += self.settle(state)
        return events

    def settle(self, state: Any) -> list[Event]:
        """Run automatic steps until a question is next or the game is decided."""
        if not self.explain:
            return self._explaining(self.settle, state)
        return self._settle(state)

    def _explaining(self, call: Callable[..., list[Event]], *args: Any) -> list[Event]:
        self.explain = True
        try:
            return call(*args)
        finally:
            self.explain = False

    def _settle(self, state: Any) -> list[Event]:
        happened: list[Event] = []
        automatic, decided = self._automatic, self.is_decided
        for _ in range(self.max_automatic_steps):
            if decided(state):
                state.queue.clear()
                return happened
            queue = state.queue
            if not queue or queue[0]["step"] not in automatic:
                return happened
            item = queue.pop(0)
            happened += automatic[item["step"]](self, state, item)
        raise GameDidNotEnd(f"{self.game_id}: automatic steps did not settle (a card effect loops)")

    def run(self, state: Any, decide: Callable[[Decision], Any], rng: random.Random, max_steps: int) -> int:
        """Play to the end, the simulation fast path; return how many answers were given.

        `decide` answers each Decision (a bot); `rng` answers each Chance (`roll_chance`). The same
        steps run in the same order, and the same random calls are made, as with `request` then
        `apply`, so a seeded game is the same game. What is skipped is what only a reader needs:
        chance answers are not checked (they are legal by construction), nothing is remembered
        for `apply`, and steps are told not to write events out (`explain` is off; what they
        return anyway is dropped). `max_steps` bounds the answers."""
        explain, self.explain = self.explain, False
        try:
            return self._run(state, decide, rng, max_steps)
        finally:
            self.explain = explain

    def _run(self, state: Any, decide: Callable[[Decision], Any], rng: random.Random, max_steps: int) -> int:
        dice = self._dice
        if dice is None:
            dice = self._dice = {name: q.die(self) for name, q in self._questions.items() if q.die is not None}
        questions, automatic, queue, randint = self._questions, self._automatic, state.queue, rng.randint
        decides, limit = self._decides, self.max_automatic_steps
        for given in range(max_steps):
            if not queue:
                return given
            item = queue[0]
            name = item["step"]
            question = questions[name]
            sides = dice.get(name)
            if sides is not None:   # one die, always: roll it without building the request
                answer: Any = [randint(1, sides)]
            elif isinstance(request := question.ask(self, state, item), Decision):
                answer = request.check(decide(request))
            elif request.kind == "roll" and len(request.dice) == 1:   # what roll_chance does, inlined
                answer = [randint(1, request.dice[0])]
            else:
                answer = roll_chance(request, rng)
            del queue[0]
            question.answer(self, state, item, answer)
            if decides:
                self._settle(state)
            queue = state.queue   # a step may replace the list (`drop_steps`)
            chained = 0           # what `settle` does when no knockout can happen, inlined
            while queue and (name := queue[0]["step"]) in automatic:
                chained += 1
                if chained > limit:
                    raise GameDidNotEnd(f"{self.game_id}: automatic steps did not settle (a card effect loops)")
                automatic[name](self, state, queue.pop(0))
                queue = state.queue
        raise GameDidNotEnd(f"{self.game_id}: game did not end within {max_steps} steps")

    def resolve(self, state: Any, answers: Iterable[Any] = ()) -> list[Event]:
        """Settle a constructed state, then apply `answers` in turn: how calculators drive the steps."""
        events = self.settle(state)
        for answer in answers:
            events += self.apply(state, answer)
        return events

    # -- shared behaviour ---------------------------------------------------------------------------
    def load_state(self, data: dict[str, Any]) -> Any:
        """Rebuild a state from `GameState.to_json()` data."""
        return self.state_type.from_json(data)

    def replay(self, players: Sequence[str], options: dict[str, Any] | None,
               answers: Iterable[Any]) -> Any:
        """The state reached by a new game followed by `answers`, each checked by `apply`: undo is a
        replay of one answer fewer."""
        state = self.new_game(players, options)
        for answer in answers:
            self.apply(state, answer)
        return state


__all__ = ["Answer", "Chance", "Decision", "Engine", "Event", "GameState", "IllegalAction", "Option",
           "Outcome", "Request", "SetupOption", "StepState", "StepTable", "dice_label",
           "from_jsonable", "request_kind", "to_jsonable"]


class Cells(list[str]):
    """A tally group whose columns on a screen are at least `width` wide: as wide as its longest
    line can get, so each cell keeps its place as tokens come and go (play audit: Heartstrings'
    second column of rooms moved a space between screens)."""

    def __init__(self, lines: list[str], width: int) -> None:
        super().__init__(lines)
        self.width = width
