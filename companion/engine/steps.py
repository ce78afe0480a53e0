"""The step machine's parts: a queue of named steps in the state, and the table that runs them.

A game is a state plus a table of small steps. The state holds `queue`, the steps still to
run, next first; a step is a JSON mapping `{"step": name, **params}`, so a state (queue
included) round-trips through JSON and a session can be replayed from its answers.

A *question* step waits for an answer: `ask` builds the Decision or Chance from the state,
`answer` applies the checked answer. An *automatic* step just runs. Each rules module of a
game ends with its own `STEPS = StepTable(...)`, and the game's `steps.py` merges them in one
explicit place: there is no registration by decorator and no import for side effects.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .jsondata import GameState
from .requests import Event, Request

StepCall = dict[str, Any]

E = TypeVar("E")
S = TypeVar("S")

AskFn = Callable[[E, S, StepCall], Request]
AnswerFn = Callable[[E, S, StepCall, Any], list[Event]]
AutoFn = Callable[[E, S, StepCall], list[Event]]


@dataclass(frozen=True)
class Question(Generic[E, S]):
    """A step that waits for an answer: `ask` says what it needs, `answer` applies it.

    `die`, for a step whose request is always one roll of one die, gives that die's sides from
    the engine's rules (e.g. `lambda engine: engine.board.combat_die`): a simulation then rolls
    it without building the request nobody reads (`Engine.run`). The request `ask` builds must
    be that same roll (`tests/companion/test_quiet_run.py` checks every game)."""

    ask: Callable[[E, S, StepCall], Request]
    answer: Callable[[E, S, StepCall, Any], list[Event]]
    die: Callable[[E], int] | None = None


@dataclass(frozen=True)
class StepTable:
    """Every step of a game by name: questions wait for an answer, automatic steps just run."""

    questions: Mapping[str, Question[Any, Any]] = field(default_factory=dict)
    automatic: Mapping[str, Callable[[Any, Any, StepCall], list[Event]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        both = set(self.questions) & set(self.automatic)
        if both:
            raise ValueError(f"steps named both question and automatic: {', '.join(sorted(both))}")

    @classmethod
    def merge(cls, *tables: StepTable) -> StepTable:
        """One table from several modules' tables; a name defined twice is an error."""
        questions: dict[str, Question[Any, Any]] = {}
        automatic: dict[str, Callable[[Any, Any, StepCall], list[Event]]] = {}
        for table in tables:
            twice = (set(questions) | set(automatic)) & (set(table.questions) | set(table.automatic))
            if twice:
                raise ValueError(f"step defined twice: {', '.join(sorted(twice))}")
            questions.update(table.questions)
            automatic.update(table.automatic)
        return cls(questions, automatic)

    def names(self) -> list[str]:
        """Every step name, sorted."""
        return sorted({*self.questions, *self.automatic})


@dataclass
class StepState(GameState):
    """Base of every game's state: `queue` holds the steps still to run, next first."""

    queue: list[StepCall] = field(default_factory=list, kw_only=True)


def step(name: str, **params: Any) -> StepCall:
    """A step to queue: `step("draw", seat=0, count=2)`."""
    if not params:  # most steps take none: a plain literal is a third cheaper than the merge
        return {"step": name}
    return {"step": name, **params}


def push_front(state: StepState, *steps: StepCall) -> None:
    """Run these steps next, in the order given."""
    if len(steps) == 1:
        state.queue.insert(0, steps[0])   # the common case, cheaper than a slice assignment
    else:
        state.queue[0:0] = steps


def push_back(state: StepState, *steps: StepCall) -> None:
    """Run these steps after every step already queued."""
    state.queue.extend(steps)


def drop_steps(state: StepState, tag: str) -> None:
    """Remove queued steps carrying `tag` as a true parameter (e.g. the rest of a conceded duel)."""
    state.queue = [s for s in state.queue if not s.get(tag)]
