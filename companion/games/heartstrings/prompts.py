"""What the Heartstrings steps ask: the rolls and decisions, each built once and reused.

A request depends only on its kind, the seat asked, that player's name and (for decisions)
the rooms offered, so each is built the first time and then looked up: the core asks a
step for its request twice per answer (`request`, then `apply` checks against it).
"""

from __future__ import annotations

from typing import Protocol

from ...engine.requests import Chance, Decision, Option
from .board import PASS, Board, room_option
from .state import ROLL_ATTACK, ROLL_DEFENCE, ROLL_OFF, ROLL_ROOM


class Heartstrings(Protocol):
    """What the steps read from the engine: the board, the prompts, and whether to explain."""

    board: Board
    prompts: Prompts
    explain: bool   # write events out (off while a simulation runs and nobody reads them)


class Prompts:
    """The requests of one rules set, built on first use."""

    def __init__(self, board: Board):
        self.board = board
        self._rolls: dict[str, dict[str, Chance]] = {ROLL_OFF: {}, ROLL_ROOM: {}, ROLL_ATTACK: {}, ROLL_DEFENCE: {}}
        self._decisions: dict[tuple[str, int, str, tuple[int, ...]], Decision] = {}

    def roll(self, kind: str, seat: int, name: str) -> Chance:
        """The roll a step of this kind asks of the seat: the Room Selector or the Combat Die."""
        built = self._rolls[kind]
        chance = built.get(name)
        if chance is None or chance.player != seat:  # keyed by name: one player, one seat per game
            chance = built[name] = self._make_roll(kind, seat, name)
        return chance

    def _make_roll(self, kind: str, seat: int, name: str) -> Chance:
        room_die, combat_die = self.board.room_die, self.board.combat_die
        prompts = {
            ROLL_OFF: (f"{name} rolls the Room Selector (d{room_die}) to decide who starts", room_die),
            ROLL_ROOM: (f"{name} rolls the Room Selector (d{room_die})", room_die),
            ROLL_ATTACK: (f"{name} attacks: roll the Combat Die (d{combat_die})", combat_die),
            ROLL_DEFENCE: (f"{name} defends one token: roll the Combat Die (d{combat_die})", combat_die),
        }
        prompt, sides = prompts[kind]
        return Chance("roll", prompt, player=seat, dice=(sides,))

    def move(self, seat: int, name: str, rooms: list[int]) -> Decision:
        """Out of tokens: which room to take one of your board tokens from."""
        return self._decision("move", seat, name, rooms)

    def sacrifice(self, seat: int, name: str, rooms: list[int]) -> Decision:
        """Token Sacrifice: a room holding more than one of your tokens, or pass."""
        return self._decision("sacrifice", seat, name, rooms)

    def _decision(self, kind: str, seat: int, name: str, rooms: list[int]) -> Decision:
        key = (kind, seat, name, tuple(rooms))
        decision = self._decisions.get(key)
        if decision is None:
            decision = self._decisions[key] = self._make_decision(kind, seat, name, rooms)
        return decision

    def _make_decision(self, kind: str, seat: int, name: str, rooms: list[int]) -> Decision:
        names = self.board.names
        if kind == "move":
            # `from room 3 (attacker +1)` under the prompt that says what moves: with `move a token`
            # in each, two columns did not fit 80 and a bonus was cut (audit s27)
            moves = tuple(Option(room_option(room), f"from {names[room]}") for room in rooms)
            # Enter takes the move the hint names: the token in the most danger (play audit: a table
            # used to Enter pressed it 50 times here); none when no room is at risk
            riskiest = self.board.riskiest(rooms)
            default = room_option(riskiest) if riskiest is not None else None
            return Decision(seat, f"{name} has no tokens in supply: choose a token on the board to move",
                            moves, kind="move", default=default)
        offers = tuple(Option(room_option(room), f"sacrifice a token from {names[room]} for a bead")
                       for room in rooms)
        return Decision(seat, f"{name} may sacrifice one token for a heart bead",
                        offers + (Option(PASS, "keep every token"),), kind="sacrifice",
                        default=PASS)  # a "may": Enter declines, as it passes elsewhere
