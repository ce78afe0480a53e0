"""A scripted Halfwish table for tests: fixed classes and powers, typed dice and cards.

`Table.until(step)` answers every request with a plain default (DV 7 on every roll, the
first card of the deck, the first option, passing on powers, accepting offers) until
`step` is next, so a test states only the answers that matter to the rule it checks.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.engine.core import Chance, Decision, Event
from companion.engine.registry import make_engine
from companion.games.halfwish.engine import HalfwishEngine
from companion.games.halfwish.state import HalfwishState

DEFAULT_POWERS = ["roar", "ignite", "taunt"]
DEFAULT_DECISIONS = {"encounter": "parley", "respond": "accept", "power": "pass", "keep-dv": "reroll",
                     "challenge": "proceed", "upgrade-order": "first", "halfwish": "set"}


@lru_cache(maxsize=1)
def engine() -> HalfwishEngine:
    """The engine over the shipped database (loaded once per test process)."""
    return make_engine("halfwish")  # type: ignore[return-value]


def faces(total: int) -> list[int]:
    """Two dice that show `total` (2-12)."""
    high = min(6, total - 1)
    return [high, total - high]


class Table:
    """One game and the answers fed to it."""

    def __init__(self, classes: tuple[str, str] = ("mirror", "mirror"), powers: Any = None,
                 first: int = 0, hidden: bool = False, names: tuple[str, str] = ("Ann", "Bob")):
        self.engine = engine()
        chosen = powers or [DEFAULT_POWERS, DEFAULT_POWERS]
        self.state: HalfwishState = self.engine.new_game(
            list(names), {"classes": list(classes), "powers": [list(p) for p in chosen],
                          "first_player": first, "hidden_hands": hidden})
        self.events: list[Event] = []

    @property
    def rules(self) -> Any:
        return self.engine.rules

    @property
    def next_step(self) -> str:
        return self.state.queue[0]["step"] if self.state.queue else ""

    @property
    def request(self) -> Decision | Chance | None:
        return self.engine.request(self.state)

    def player(self, seat: int) -> Any:
        return self.state.players[seat]

    def answer(self, value: Any) -> list[Event]:
        """Answer the next request."""
        happened = self.engine.apply(self.state, value)
        self.events += happened
        return happened

    def roll(self, total: int) -> list[Event]:
        """Answer a roll with dice showing `total`."""
        assert self.next_step in ("roll", "reroll"), f"expected a roll, next is {self.next_step}"
        return self.answer(faces(total))

    def default(self, choices: dict[str, str]) -> Any:
        """The plain answer to the next request."""
        request = self.request
        if self.next_step == "reroll":
            return faces({"higher": 12, "lower": 2}.get(self.state.queue[0]["direction"], 7))
        if isinstance(request, Chance):
            # locations flip from the end of the deck so the first ones stay free for tests
            return faces(7) if request.kind == "roll" else request.options[-1 if self.next_step == "flip" else 0]
        wanted = choices.get(request.kind, DEFAULT_DECISIONS.get(request.kind))
        ids = request.option_ids()
        return wanted if wanted in ids else ids[0]

    def until(self, step: str, limit: int = 2000, **choices: str) -> Table:
        """Answer with defaults until `step` is next (choices override defaults by decision kind)."""
        choices = {k.replace("_", "-"): v for k, v in choices.items()}
        for _ in range(limit):
            if self.next_step == step:
                return self
            if self.request is None:
                raise AssertionError(f"the game ended before step {step!r}")
            self.answer(self.default(choices))
        raise AssertionError(f"step {step!r} never came")

    def to_turn(self, round_: int, turn: int, **choices: str) -> Table:
        """Play with defaults until the given turn has started and its encounter is asked."""
        for _ in range(200):
            self.until("encounter", **choices)
            if (self.state.round, self.state.turn) == (round_, turn):
                return self
            self.answer(self.default({k.replace("_", "-"): v for k, v in choices.items()}))
        raise AssertionError(f"never reached round {round_} turn {turn}")

    def texts(self) -> list[str]:
        return [e.text for e in self.events]

    def finish(self, **choices: str) -> Table:
        """Play to the end with defaults."""
        while self.request is not None:
            self.answer(self.default({k.replace("_", "-"): v for k, v in choices.items()}))
        return self


NEUTRAL_LOCATION = "ancient-shrine"   # the revealer gains 1 mana: changes no duel maths


def duel_table(a: list[str], b: list[str], a_dv: int, b_dv: int, aggressor: int = 0, turn: int = 1,
               **table_options: Any) -> Table:
    """A table at the first powers window of a duel in round 1 (Ann's turn on odd turns):
    hands hold exactly the given cards, DVs are set, Ann is turn player."""
    table = Table(**table_options).to_turn(1, turn)
    assert table.state.turn_player == 0, "duel_table needs Ann's turn (an odd turn)"
    for seat, (cards, dv) in enumerate(((a, a_dv), (b, b_dv))):
        player = table.player(seat)
        player.hand, player.hidden, player.roll, player.dv_gain = list(cards), 0, dv, 0
    if aggressor == 0:
        table.answer("duel")
    else:
        table.answer("parley")
        table.until("respond").answer("decline")
    return table.until("power")


def commit_and_reveal(table: Table, a: list[str], b: list[str], location: str = NEUTRAL_LOCATION) -> Table:
    """Pass the preparation, commit the actions (Ann first), flip the location."""
    table.until("commit")
    for card in a + b:
        table.answer(card)
    if table.next_step == "flip":
        table.answer(location)
    return table


def showdown(a: list[str], b: list[str], a_dv: int, b_dv: int, aggressor: int = 0, turn: int = 1,
             **table_options: Any) -> Table:
    """A duel brought to the showdown's powers window."""
    table = duel_table(a, b, a_dv, b_dv, aggressor, turn, **table_options)
    commit_and_reveal(table, a, b)
    return table.until("power")


def resolve(table: Table) -> Table:
    """Both players pass in the showdown: the duel applies."""
    while table.next_step == "power":
        table.answer("pass")
    return table
