"""The Heartstrings engine: the step table, setup, the outcome and the gamemaster's view.

The rules are the steps (`steps.py`); this class only sets a game up, says how it ended and
describes the table. Every number comes from `cards/heartstrings/game.yaml` through `Board`.
"""

from __future__ import annotations

from typing import Any

from cards.wording import plural

from ...engine.core import Cells, Engine
from ...engine.requests import Decision, Outcome, Request
from .board import PASS, Board, option_room
from .prompts import Prompts
from .rolloff import roll_off_round
from .state import HeartstringsState, Player
from .steps import TABLE
from .turns import last_standing


class HeartstringsEngine(Engine):
    """Heartstrings for 2-3 players: occupy and invade rooms until one Heartstring is left."""

    game_id = "heartstrings"
    state_type = HeartstringsState
    table = TABLE
    options = ()  # the text has no variants: any `-o` key is refused by the core

    def __init__(self, db: Any):
        super().__init__(db)
        self.board = Board(self.rules)
        self.prompts = Prompts(self.board)

    def setup(self, players: list[str], options: dict[str, Any]) -> HeartstringsState:
        """Full Heartstrings, an empty board, and everyone in the first-player roll-off."""
        board = self.board
        seats = [Player(name, board.beads_per_player, board.tokens_per_player) for name in players]
        return HeartstringsState(players=seats, pool=board.bead_pool, rooms={room: [] for room in board.rooms},
                                 queue=roll_off_round(list(range(len(players)))))

    def outcome(self, state: HeartstringsState) -> Outcome | None:
        """The last player with heart beads wins; None while two or more remain."""
        return last_standing(state)

    def turns(self, state: HeartstringsState) -> int:
        """Turns started so far."""
        return state.turn

    # -- for the gamemaster ------------------------------------------------------------------------
    def tally(self, state: HeartstringsState) -> list[str]:
        """Beads and supply per player, the pool, then every room with whose tokens it holds."""
        return [line for group in self.tally_groups(state) for line in group]

    def tally_groups(self, state: HeartstringsState) -> list[list[str]]:
        """The tally with the rooms in one group: on a screen they stand in columns, every room in
        its place (an empty one says so), so the board reads at a glance in 6 lines, not 12."""
        colours, names = self.board.colour_names, self.board.names
        groups = [[_player_line(p, colours[seat])] for seat, p in enumerate(state.players)]
        groups.append([f"Pool: {plural(state.pool, 'bead')}"])
        holder = max([len("empty"), *(len(f"{p.name} x{self.board.tokens_per_player}") for p in state.players)])
        widest = max(len(names[room]) for room in state.rooms) + len(": ") + holder
        groups.append(Cells([f"{names[room].capitalize()}: "
                             + (f"{state.players[tokens[0]].name} x{len(tokens)}" if tokens else "empty")
                             for room, tokens in state.rooms.items()], widest))
        if state.combat is not None:
            fight = state.combat
            groups.append([f"In combat: {state.players[fight.attacker].name}'s token invading room {fight.room}"])
        return groups

    def hint(self, state: HeartstringsState, request: Request) -> list[str]:
        """The text's tip for the decision at hand: take tokens out of attacker-buff rooms."""
        if not isinstance(request, Decision):
            return []
        rooms = [room for o in request.options if o.id != PASS and (room := option_room(o.id)) is not None]
        riskiest, names = self.board.riskiest(rooms), self.board.names
        if riskiest is None:
            return []
        if request.kind == "sacrifice":
            return [f"a token in {names[riskiest]} is likely to lose: sacrificing it gains a bead and removes that risk"]
        return [f"moving the token from {names[riskiest]} takes it out of the most danger"]


def _player_line(player: Player, colour: str) -> str:
    if player.eliminated:
        return f"{player.name} ({colour}): eliminated"
    return f"{player.name} ({colour}): {plural(player.beads, 'bead')}, {plural(player.supply, 'token')} in supply"
