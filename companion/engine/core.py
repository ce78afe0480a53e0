"""The engine core every game's rules are written against.

A game's state is plain data (a dataclass tree that round-trips through JSON).
The engine says what it needs next with `request(state)`: a `Decision` (a
player picks one of the listed legal options) or a `Chance` event (dice to
roll, a card to draw, a deck to shuffle). A driver answers; `apply` checks the
answer, changes the state and returns `Event`s, each with a one-line human
explanation. `outcome(state)` is the one place that decides how a game ends.

Answers are JSON values so a session can journal them:
  - a Decision is answered with the option's id (a string);
  - a Chance roll with a list of die faces (ints);
  - a Chance draw with one of `options` (a card id);
  - a Chance shuffle with a permutation of `options`.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from ..errors import IllegalAction

Answer = str | int | list[int] | list[str]


@dataclass(frozen=True)
class Option:
    """One legal choice in a Decision; `id` is what the driver answers with."""

    id: str
    label: str = ""

    def __str__(self) -> str:
        return self.label or self.id


@dataclass(frozen=True)
class Decision:
    """A player must choose one of `options`."""

    player: int
    prompt: str
    options: tuple[Option, ...]
    kind: str = "choice"  # a game-specific tag (e.g. "sacrifice") bots and UIs can key on

    def option_ids(self) -> list[str]:
        return [o.id for o in self.options]

    def check(self, answer: Any) -> str:
        """Return the answer if it is a legal option id, else raise IllegalAction."""
        if not isinstance(answer, str) or answer not in self.option_ids():
            legal = ", ".join(self.option_ids())
            raise IllegalAction(f"{answer!r} is not a legal choice here; choose one of: {legal}")
        return answer


@dataclass(frozen=True)
class Chance:
    """Something random happens: dice are rolled, a card is drawn, a deck is shuffled."""

    kind: Literal["roll", "draw", "shuffle"]
    prompt: str
    player: int | None = None       # whose dice or deck, if anyone's
    dice: tuple[int, ...] = ()      # for rolls: the sides of each die, e.g. (6, 6) for 2d6
    options: tuple[str, ...] = ()   # for draws and shuffles: the possible items

    def check(self, answer: Any) -> Any:
        """Return the answer if the chance event could have produced it, else raise IllegalAction."""
        if self.kind == "roll":
            return _check_roll(self.dice, answer)
        if self.kind == "draw":
            if answer not in self.options:
                raise IllegalAction(f"{answer!r} cannot be drawn here; possible: {', '.join(sorted(set(self.options)))}")
            return answer
        if not isinstance(answer, list) or sorted(answer) != sorted(self.options):
            raise IllegalAction("a shuffle must list exactly the cards being shuffled")
        return answer


def _check_roll(dice: tuple[int, ...], answer: Any) -> list[int]:
    faces = [answer] if isinstance(answer, int) and not isinstance(answer, bool) else answer
    if not isinstance(faces, list) or len(faces) != len(dice):
        raise IllegalAction(f"{dice_label(dice)} needs {_dice_count(len(dice))}, got {answer!r}")
    for face, sides in zip(faces, dice):
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
            raise IllegalAction(f"a d{sides} cannot show {face!r}: type a number from 1 to {sides}")
    return list(faces)


def _dice_count(count: int) -> str:
    return f"{count} die" if count == 1 else f"{count} dice"


def dice_label(dice: tuple[int, ...]) -> str:
    """`(6, 6)` -> `2d6`; `(20, 6)` -> `d20+d6`."""
    if dice and all(d == dice[0] for d in dice):
        return f"{len(dice)}d{dice[0]}" if len(dice) > 1 else f"d{dice[0]}"
    return "+".join(f"d{d}" for d in dice)


Request = Decision | Chance


@dataclass(slots=True)
class Event:
    """Something that happened, with a one-line explanation for people.

    Not frozen: engines create one per step in simulations, and a frozen dataclass's
    __init__ costs several times more (bench/sim.py).
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a termination reason and the winner's seat (None for a draw)."""

    termination: str
    winner: int | None
    text: str = ""


class GameState:
    """Base for game states: dataclass trees that round-trip through JSON."""

    def to_json(self) -> dict[str, Any]:
        return to_jsonable(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        return from_jsonable(cls, data)

    def clone(self) -> GameState:
        return type(self).from_json(json.loads(json.dumps(self.to_json())))


class Engine:
    """One game's rules. Subclasses fill in the hooks; the core never knows a game's rules.

    Engines are constructed with the game's Database, read every rule number from it,
    and never call the global `random`: randomness arrives as answers to Chance requests.
    """

    game_id: ClassVar[str]
    state_type: ClassVar[type[GameState]]

    def __init__(self, db: Any):
        self.db = db
        self.rules = db.rules

    # -- hooks a game implements ---------------------------------------------------
    def new_game(self, players: list[str], options: dict[str, Any] | None = None) -> GameState:
        """The state before the first request: seats, components, starting values."""
        raise NotImplementedError

    def request(self, state: GameState) -> Request | None:
        """What the engine needs next, or None when the game is over."""
        raise NotImplementedError

    def apply(self, state: GameState, answer: Any) -> list[Event]:
        """Check `answer` against `request(state)`, change the state, return what happened."""
        raise NotImplementedError

    def outcome(self, state: GameState) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        raise NotImplementedError

    def tally(self, state: GameState) -> list[str]:
        """Lines summarising the state for the gamemaster (beads, points, rooms...)."""
        return []

    # -- optional hooks (the defaults are safe) --------------------------------------
    def hint(self, state: GameState, request: Request) -> list[str]:
        """Reminders for the gamemaster at a prompt (parley points, keep/reroll...)."""
        return []

    def turns(self, state: GameState) -> int | None:
        """The game's own turn count so far, or None when it does not count turns."""
        return None

    # -- shared behaviour ------------------------------------------------------------
    def player_counts(self) -> range:
        players = self.db.meta.players
        return range(players.min, players.max + 1)

    def is_over(self, state: GameState) -> bool:
        return self.outcome(state) is not None

    def load_state(self, data: dict[str, Any]) -> GameState:
        """Rebuild a state from `GameState.to_json()` data."""
        return self.state_type.from_json(data)

    def replay(self, players: list[str], options: dict[str, Any] | None,
               answers: Iterable[Any]) -> GameState:
        """The state reached by a new game followed by `answers`, each checked by `apply`."""
        state = self.new_game(players, options)
        for answer in answers:
            self.apply(state, answer)
        return state


def request_kind(request: Request) -> str:
    """`decision`, `roll`, `draw` or `shuffle`: what a journal records about a request."""
    return "decision" if isinstance(request, Decision) else request.kind


# -- JSON round-trip of dataclass trees ------------------------------------------------

def to_jsonable(value: Any) -> Any:
    """Convert a dataclass tree to JSON-compatible data (dict keys become strings)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    return value


def from_jsonable(cls: Any, data: Any) -> Any:
    """Rebuild a value of type `cls` (dataclass, list[...], dict[...], scalar) from JSON data."""
    import typing

    origin = typing.get_origin(cls)
    args = typing.get_args(cls)
    if dataclasses.is_dataclass(cls):
        return cls(**{name: from_jsonable(hint, data[name]) for name, hint in _init_fields(cls) if name in data})
    if origin in (list, tuple) and args:
        items = [from_jsonable(args[0], v) for v in data]
        return tuple(items) if origin is tuple else items
    if origin is dict and args:
        key_type, value_type = args
        return {from_jsonable(key_type, k): from_jsonable(value_type, v) for k, v in data.items()}
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        if data is None:
            return None
        non_none = [a for a in args if a is not type(None)]
        return from_jsonable(non_none[0], data) if len(non_none) == 1 else data
    if cls is int and isinstance(data, str):
        return int(data)
    return data


@functools.cache
def _init_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """(name, type) of a dataclass's init fields; cached because resolving hints is slow."""
    import typing

    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)
