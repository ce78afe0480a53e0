"""The step queue: the game is a queue of small named steps, next first.

A step is a JSON mapping `{"step": name, ...params}`. A *question* step asks
for an answer (`ask` builds the Decision or Chance, `answer` applies it); an
*automatic* step just runs. After every answer the engine runs automatic
steps until the next question, so `request()` never changes the state.
Modules register their steps with the `question` and `automatic` decorators.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...engine.core import Event, Request
from .state import HalfwishState

if TYPE_CHECKING:
    from .engine import HalfwishEngine

Step = dict[str, Any]
AskFn = Callable[["HalfwishEngine", HalfwishState, Step], Request]
AnswerFn = Callable[["HalfwishEngine", HalfwishState, Step, Any], list[Event]]
AutoFn = Callable[["HalfwishEngine", HalfwishState, Step], list[Event]]


@dataclass(frozen=True)
class Question:
    ask: AskFn
    answer: AnswerFn


QUESTIONS: dict[str, Question] = {}
AUTOMATIC: dict[str, AutoFn] = {}


def question(name: str, ask: AskFn) -> Callable[[AnswerFn], AnswerFn]:
    """Register a question step: `ask` builds the request, the decorated function applies the answer."""
    def register(answer: AnswerFn) -> AnswerFn:
        """Record the function under its name."""
        QUESTIONS[name] = Question(ask, answer)
        return answer
    return register


def automatic(name: str) -> Callable[[AutoFn], AutoFn]:
    """Register an automatic step."""
    def register(run: AutoFn) -> AutoFn:
        """Record the function under its name."""
        AUTOMATIC[name] = run
        return run
    return register


def step(name: str, **params: Any) -> Step:
    """A step mapping."""
    return {"step": name, **params}


def push_front(state: HalfwishState, *steps: Step) -> None:
    """Run these steps next, in the order given."""
    state.queue[0:0] = list(steps)


def push_back(state: HalfwishState, *steps: Step) -> None:
    """Run these steps after every step already queued."""
    state.queue.extend(steps)


def drop_steps(state: HalfwishState, tag: str) -> None:
    """Remove queued steps carrying `tag` (e.g. the rest of a conceded duel)."""
    state.queue = [s for s in state.queue if not s.get(tag)]


def is_question(item: Step) -> bool:
    """Does this step wait for an answer?"""
    return item["step"] in QUESTIONS
