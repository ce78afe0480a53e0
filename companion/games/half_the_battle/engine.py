"""The Half the Battle engine: options, setup, outcome, the board as a tally."""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine.core import Engine, Outcome, Request
from ...engine.options import SetupOption
from ...engine.requests import Decision
from ...errors import SetupError
from .board import board_lines
from .catalog import Catalog, load_catalog
from .lanes import start_lane
from .setup import setup_steps
from .state import HalfTheBattleState, Piece, Player
from .steps import TABLE

TEAMS = ("a", "b", "ab", "ba", "mixed")


def team_matchup(engine: Any, value: Any) -> str:
    """`-o teams=`: a, b, ab, ba or mixed, or the two seats' teams as `A,B` (`B,B`...)."""
    text = "".join(value) if isinstance(value, list) else str(value)
    key = text.replace(",", "").replace(" ", "").lower()
    key = {"aa": "a", "bb": "b"}.get(key, key)
    if key not in TEAMS:
        raise SetupError(f"option teams: {text!r} is not a match-up; one of: {', '.join(TEAMS)} "
                         "(or the two seats' teams, e.g. A,B)")
    return key


class HalfTheBattleEngine(Engine):
    """Two parties of seven dice in a dungeon of ten lanes."""

    game_id: ClassVar[str] = "half-the-battle"
    state_type = HalfTheBattleState
    table = TABLE
    options: ClassVar[tuple[SetupOption, ...]] = (
        SetupOption("teams", "json", "a", "a (both A teams, the first game), b, ab (first player A, second B), "
                    "ba, or mixed (each player picks a side of every card); A,B names both seats' teams",
                    check=team_matchup),
        SetupOption("layout", "str", "standard", "standard starting layout, or placement (each player places "
                    "their pieces anywhere in their half)", choices=("standard", "placement")),
    )

    def __init__(self, db: Any):
        super().__init__(db)
        self.catalog: Catalog = load_catalog(db)

    def setup(self, players: list[str], options: dict[str, Any]) -> HalfTheBattleState:
        """Pieces on their starting lanes at full HP, then the setup steps queued."""
        teams = options["teams"]
        sides = {"a": "aa", "b": "bb", "ab": "ab", "ba": "ba", "mixed": "aa"}[teams]
        layout, lanes = self.rules["starting_layout"], self.rules["lanes"]
        pieces = [Piece(f"{seat}-{card}", seat, card, sides[seat], start_lane(seat, self.catalog.side(card, "a").die,
                                                                              layout, lanes),
                        self.catalog.side(card, "a").max_hp)
                  for seat in (0, 1) for card in self.catalog.cards]
        state = HalfTheBattleState(players=[Player(name) for name in players], pieces=pieces,
                                   options={k: str(v) for k, v in options.items()},
                                   bag=list(self.catalog.items))
        state.queue = setup_steps(state, self.rules, teams == "mixed", options["layout"] == "placement")
        return state

    def is_decided(self, state: HalfTheBattleState) -> bool:
        """Has a winner been decided (the queue is then dropped)?"""
        return state.winner != -2

    def outcome(self, state: HalfTheBattleState) -> Outcome | None:
        """How the game ended, or None."""
        if state.winner == -2:
            return None
        name = state.players[state.winner].name
        return Outcome(state.ending, state.winner, f"{name} wins in round {state.round} ({state.ending})")

    def tally(self, state: HalfTheBattleState) -> list[str]:
        """The board and the players, as the gamemaster sees them."""
        return board_lines(self, state)

    def round_number(self, state: HalfTheBattleState) -> int | None:
        """The round under way; None during setup."""
        return state.round or None

    def turn_label(self, state: HalfTheBattleState) -> str | None:
        """`Round 2` for the selection and both action phases of round 2 (the player's name tells
        the phases apart): a count of action phases repeated its number at the next selection
        (play audit: 'Turn 2' was Ben's first action phase and the round-2 selection)."""
        return f"Round {state.round}" if state.round else None

    def turns(self, state: HalfTheBattleState) -> int | None:
        """Action phases started so far, the one under way included (the first is turn 1); the
        same as those played once the game is over, so game lengths do not change."""
        return state.turns_played + (1 if state.turn is not None else 0)

    def hint(self, state: HalfTheBattleState, request: Request) -> list[str]:
        """A reminder at the action-phase menu, of what its options allow (play audit: items and
        Rage were named on menus that offered neither)."""
        if getattr(request, "kind", "") != "turn":
            return []
        ids = request.option_ids() if isinstance(request, Decision) else []
        parts = []
        if any(i.startswith("move:") for i in ids) and any(i.startswith("act:") for i in ids):
            parts.append("move before or after acting")
        extras = [name for prefix, name in (("item:", "items"), ("rage", "Rage")) if any(i.startswith(prefix) for i in ids)]
        if extras:
            parts.append(f"{' and '.join(extras)} any time in your turn")
        return ["; ".join(parts)] if parts else []


ENGINE = HalfTheBattleEngine
