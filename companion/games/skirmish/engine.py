"""The skirmish engine: the step table, setup options, the outcome and the gamemaster's tally."""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine.core import Engine, Outcome, SetupOption
from ...engine.options import DEALT_OPENLY
from ...engine.requests import Request
from ...engine.steps import step
from ...errors import SetupError
from .board import Board
from .damage import foreseen
from .state import Fighter, Side, SkirmishState
from .steps import TABLE
from .tiers import Tiers
from .view import map_lines, side_lines


def _check_factions(engine: Any, value: list[str]) -> list[str]:
    if value and len(value) != 2:
        raise SetupError(f"option factions: give one faction per player (two), got {len(value)}")
    return value


class SkirmishEngine(Engine):
    """Two players, three fielded characters each, skill-card decks, a tiled map."""

    game_id = "skirmish"
    state_type = SkirmishState
    table = TABLE
    options: ClassVar[tuple[SetupOption, ...]] = (
        SetupOption("factions", "list[str]", [], "each player's faction team, in seat order (asked when not given)",
                    choices=lambda engine: list(engine.faction_teams()), check=_check_factions),
        SetupOption("hidden", "bool", True, "hands are secret: the gamemaster names cards only when played; "
                    + DEALT_OPENLY),
    )

    def __init__(self, db: Any):
        super().__init__(db)
        self.tiers = Tiers.from_rules(self.rules)
        self.board = Board.from_rules(self.rules)
        self.characters: dict[str, dict[str, Any]] = {c.id: {"id": c.id, "name": c.name, **c.fields} for c in db.deck("characters").cards}
        self.skills: dict[str, dict[str, Any]] = {c.id: {"id": c.id, "name": c.name, "count": c.count, **c.fields}
                       for c in db.deck("skills").cards}
        self.effect_kinds = {c.id: c.fields["kind"] for c in db.deck("effects").cards}
        self._pools = {cid: [s for s, card in self.skills.items() for _ in range(card["count"])
                             if card["character"] == cid] for cid in self.characters}

    # -- data lookups --------------------------------------------------------------------------
    def faction_teams(self) -> dict[str, list[str]]:
        """Each faction's team: its characters plus the neutral ones (ruling marksman-neutral)."""
        neutral = [c for c, d in self.characters.items() if d["faction"] in self.rules["neutral_factions"]]
        return {f: [c for c, d in self.characters.items() if d["faction"] == f] + neutral
                for f in self.rules["factions"] if f not in self.rules["neutral_factions"]}

    def pool(self, cid: str) -> list[str]:
        """Every copy of a character's skill cards."""
        return list(self._pools[cid])

    def card_name(self, cid: str) -> str:
        """A skill card's printed name."""
        return str(self.skills[cid]["name"])

    def character_name(self, cid: str) -> str:
        """A character's printed name."""
        return str(self.characters[cid]["name"])

    def character_label(self, cid: str) -> str:
        """`Sera Quill (Duelist)`."""
        return f"{self.character_name(cid)} ({self.rules['classes'][self.characters[cid]['class']]['name']})"

    def tile_label(self, tile: str) -> str:
        """`B3 (Brazier)`, or the bare name of a plain tile."""
        kind = self.board.special.get(tile)
        return f"{tile} ({self.rules['tile_kinds'][kind]['name']})" if kind else tile

    def kind(self, fighter: Fighter) -> str:
        """`ranged` or `melee`, from the class."""
        return "ranged" if self.rules["classes"][fighter.cls]["ranged"] else "melee"

    def speed(self, fighter: Fighter) -> int:
        """Tiles the character may walk."""
        return int(self.rules["speed"][self.kind(fighter)])

    def reach(self, fighter: Fighter) -> int:
        """The exact distance the character attacks at."""
        return int(self.rules["reach"][self.kind(fighter)])

    # -- the game's hooks ---------------------------------------------------------------------
    def setup(self, players: list[str], options: dict[str, Any]) -> SkirmishState:
        """Teams from the `factions` option (or asked), then the starting player's roll."""
        state = SkirmishState(players=players, hidden=options["hidden"],
                              sides=[Side(max_ap=self.rules["start_ap"]) for _ in players])
        teams = self.faction_teams()
        for seat, faction in enumerate(options["factions"]):
            state.sides[seat].faction, state.sides[seat].team = faction, teams[faction]
        if not options["factions"]:
            state.queue += [step("faction", seat=s) for s in range(len(players))]
        state.queue.append(step("starter"))
        return state

    def outcome(self, state: SkirmishState) -> Outcome | None:
        """Forfeit, deck-out, or every character of a side fainted (both at once: a draw)."""
        for seat, why in ((state.forfeited, "forfeit"), (state.decked_out, "deck-out")):
            if seat is not None:
                return Outcome(why, state.opponent(seat), f"{state.players[seat]} loses by {why}")
        if len(state.fighters) < len(self.rules["draft_order"]) or any(f.tile is None and not f.fainted
                                                                       for f in state.fighters):
            return None
        beaten = [s for s in range(len(state.players)) if all(f.fainted for f in state.team_of(s))]
        if len(beaten) == 2:
            return Outcome("all fainted", None, "both sides faint at once: a draw")
        if beaten:
            return Outcome("all fainted", state.opponent(beaten[0]),
                           f"all of {state.players[beaten[0]]}'s characters have fainted")
        return None

    def is_decided(self, state: SkirmishState) -> bool:
        """The match ends the moment an outcome exists."""
        return self.outcome(state) is not None

    def round_number(self, state: SkirmishState) -> int | None:
        """Both players' turns of one number make a round (ruling turn-numbers)."""
        return state.turn or None

    def turns(self, state: SkirmishState) -> int | None:
        """The round number (ruling turn-numbers)."""
        return state.turn or None

    def tally(self, state: SkirmishState) -> list[str]:
        """The map with the discs, then each side; hands are only counted."""
        return map_lines(self, state) + side_lines(self, state)

    def hint(self, state: SkirmishState, request: Request) -> list[str]:
        """Reminders at an action choice: doubled keywords, Ignite about to burn; the leftmost card."""
        kind = getattr(request, "kind", "")
        if kind == "discard":
            return ["The leftmost card is the one held longest."]
        if kind != "act":
            return []
        seat = state.active
        hints = []
        if state.turn % 2 == 0:
            hints.append(f"Turn {state.turn} is even: Resonance skills act twice.")
        if any(f.leader and f.fainted for f in state.team_of(state.opponent(seat))):
            hints.append("The opposing leader has fainted: Bounty skills act twice.")
        burning = [f"{f.label} ({foreseen(self, None, f, f.effects['ignite'] * self.rules['ignite_damage'])})"
                   for f in state.team_of(seat) if f.is_active and f.effects.get("ignite")]  # Fortify counted
        if burning:
            hints.append(f"Ignite at the end of this turn: {', '.join(burning)}.")
        return hints
