"""The Heartstrings rules engine: the whole seed text as small named steps.

A turn walks through phases (see `state.py`): the out-of-tokens move choice, the
Room Selector roll, then either an occupation or an invasion (the attacker's one
roll, then one defender roll per token), then the Token Sacrifice decision. Every
number comes from `cards/heartstrings/game.yaml`; rulings where the text is silent
are cited by id. `apply` mutates the state in place and builds no copies, so
simulation stays fast.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.core import Chance, Decision, Engine, Event, IllegalAction, Option, Outcome, Request
from . import combat as calc
from .errors import SetupError
from .state import (
    CHOOSE_MOVE,
    OVER,
    ROLL_ATTACK,
    ROLL_DEFENCE,
    ROLL_OFF,
    ROLL_ROOM,
    SACRIFICE,
    Combat,
    HeartstringsState,
    Player,
)

PASS = "pass"
ROOM_PREFIX = "room"  # option ids are `room9`, never a bare number a menu could mistake for its index


def room_option(room: int) -> str:
    """The option id naming a room: `room9`."""
    return f"{ROOM_PREFIX}{room}"


def option_room(option_id: str) -> int | None:
    """The room an option id names (`room9` -> 9), or None for `pass` and anything else."""
    digits = option_id[len(ROOM_PREFIX):] if option_id.startswith(ROOM_PREFIX) else ""
    return int(digits) if digits.isdigit() else None


Events = list[Event]


class HeartstringsEngine(Engine):
    """Heartstrings for 2-3 players: occupy and invade rooms until one Heartstring is left."""

    game_id = "heartstrings"
    state_type = HeartstringsState

    def __init__(self, db: Any):
        super().__init__(db)
        self.rooms = range(1, self.rules.rooms + 1)
        # Rule numbers read once: `apply` runs millions of times in simulation.
        self.bonus_rooms = frozenset(self.rules.bead_bonus_rooms)
        self.bead_bonus = self.rules.bead_bonus
        self.sacrifice_beads = self.rules.sacrifice_beads
        self.sacrifice_min = max(1, self.rules.sacrifice_min_tokens)  # a room to take a token from has one
        self.sacrifices_per_turn = self.rules.sacrifices_per_turn
        self.room_names = {room: self._room_name(room) for room in self.rooms}
        self.option_rooms = {room_option(room): room for room in self.rooms}  # `room9` -> 9
        self.combat_rules = calc.CombatRules(self.rules)
        self._sides = {ROLL_OFF: self.rules.room_die, ROLL_ROOM: self.rules.room_die,
                       ROLL_ATTACK: self.rules.combat_die, ROLL_DEFENCE: self.rules.combat_die}
        self._chances: dict[tuple[str, int, str], Chance] = {}
        self._decisions: dict[tuple[Any, ...], Decision] = {}
        self._apply: dict[str, Callable[[HeartstringsState, Any, Events], None]] = {
            ROLL_OFF: self.roll_off, CHOOSE_MOVE: self.choose_move, ROLL_ROOM: self.select_room,
            ROLL_ATTACK: self.attack, ROLL_DEFENCE: self.resolve_combat, SACRIFICE: self.sacrifice,
        }

    # -- setup ---------------------------------------------------------------------
    def new_game(self, players: list[str], options: dict[str, Any] | None = None) -> HeartstringsState:
        """Full Heartstrings, an empty board, and everyone in the first-player roll-off."""
        if len(players) not in self.player_counts():
            counts = self.player_counts()
            allowed = f"{counts.start}-{counts.stop - 1}"
            raise SetupError(f"Heartstrings is for {allowed} players; got {len(players)}")
        if options:
            raise SetupError(f"Heartstrings has no setup options; got {', '.join(map(str, options))}")
        if len(set(players)) != len(players):
            raise SetupError(f"player names must differ; got {', '.join(players)}")
        seats = [Player(name, self.rules.beads_per_player, self.rules.tokens_per_player) for name in players]
        return HeartstringsState(players=seats, pool=self.rules.bead_pool, rooms={r: [] for r in self.rooms},
                                 contenders=list(range(len(players))))

    # -- what the engine needs next --------------------------------------------------
    def request(self, state: HeartstringsState) -> Request | None:  # type: ignore[override]
        """The roll or decision the current phase needs, or None when the game is over."""
        phase = state.phase  # the phases in order of how often a game reaches them
        if phase == ROLL_ROOM:
            return self._chance(phase, state.current, state)
        if phase == SACRIFICE:
            return self.sacrifice_decision(state)
        if phase == ROLL_DEFENCE:
            return self._chance(phase, state.combat.defender, state)
        if phase == ROLL_ATTACK:
            return self._chance(phase, state.combat.attacker, state)
        if phase == ROLL_OFF:
            return self._chance(phase, self.rolling_off(state), state)
        if phase == CHOOSE_MOVE:
            return self.move_decision(state)
        return None

    def rolling_off(self, state: HeartstringsState) -> int:
        """The next seat to roll in the first-player roll-off."""
        return next(seat for seat in state.contenders if seat not in state.rolloff)

    def _chance(self, phase: str, seat: int, state: HeartstringsState) -> Chance:
        # Chance requests only depend on the phase and the seat: build each once.
        name = state.players[seat].name
        chance = self._chances.get((phase, seat, name))
        if chance is None:
            chance = self._chances[phase, seat, name] = self._make_chance(phase, seat, name)
        return chance

    def _make_chance(self, phase: str, seat: int, name: str) -> Chance:
        room_die, combat_die = (self.rules.room_die,), (self.rules.combat_die,)
        prompts = {
            ROLL_OFF: (f"{name} rolls the Room Selector (d{room_die[0]}) to decide who starts", room_die),
            ROLL_ROOM: (f"{name} rolls the Room Selector (d{room_die[0]})", room_die),
            ROLL_ATTACK: (f"{name} attacks: roll the Combat Die (d{combat_die[0]})", combat_die),
            ROLL_DEFENCE: (f"{name} defends one token: roll the Combat Die (d{combat_die[0]})", combat_die),
        }
        prompt, dice = prompts[phase]
        return Chance("roll", prompt, player=seat, dice=dice)

    def move_decision(self, state: HeartstringsState) -> Decision:
        """Out of tokens: which room to take one of your board tokens from."""
        return self._decision("move", state, state.rooms_of(state.current))

    def sacrifice_decision(self, state: HeartstringsState) -> Decision:
        """Token Sacrifice: a room holding more than one of your tokens, or pass."""
        return self._decision("sacrifice", state, state.offered)

    def _decision(self, kind: str, state: HeartstringsState, rooms: list[int]) -> Decision:
        # A decision depends only on who decides and the rooms offered: build each once.
        seat = state.current
        name = state.players[seat].name
        key = (kind, seat, name, tuple(rooms))
        decision = self._decisions.get(key)
        if decision is None:
            decision = self._decisions[key] = self._make_decision(kind, seat, name, rooms)
        return decision

    def _make_decision(self, kind: str, seat: int, name: str, rooms: list[int]) -> Decision:
        if kind == "move":
            options = tuple(Option(room_option(room), f"move a token from {self.room_names[room]}")
                            for room in rooms)
            return Decision(seat, f"{name} has no tokens in supply: choose a token on the board to move",
                            options, kind="move")
        options = tuple(Option(room_option(room), 
                               f"sacrifice a token from {self.room_names[room]} for a bead")
                        for room in rooms)
        return Decision(seat, f"{name} may sacrifice one token for a heart bead",
                        options + (Option(PASS, "keep every token"),), kind="sacrifice")

    def sacrifice_rooms(self, state: HeartstringsState, seat: int) -> list[int]:
        """Rooms where this player has enough tokens to sacrifice one."""
        # A room holds one player's tokens (ruling rooms-single-owner): counting the seat's is enough.
        least = self.sacrifice_min
        return [room for room, tokens in state.rooms.items() if tokens.count(seat) >= least]

    # -- applying answers --------------------------------------------------------------
    def apply(self, state: HeartstringsState, answer: Any) -> Events:  # type: ignore[override]
        """Check the answer against the current request, play it out, return what happened."""
        play = self._apply.get(state.phase)
        if play is None:
            raise IllegalAction("the game is over; nothing more can be played")
        events: Events = []
        play(state, answer, events)
        return events

    def _face(self, state: HeartstringsState, answer: Any) -> int:
        """The die face answered, checked against the die the current request rolls."""
        face = answer[0] if type(answer) is list and len(answer) == 1 else answer
        if type(face) is int and 1 <= face <= self._sides[state.phase]:
            return face
        return self.request(state).check(answer)[0]  # raises IllegalAction with the reason

    def _choice(self, state: HeartstringsState, answer: Any) -> str:
        return self.request(state).check(answer)

    # -- first player ------------------------------------------------------------------
    def roll_off(self, state: HeartstringsState, answer: Any, events: Events) -> None:
        """Ruling first-player: everyone rolls the Room Selector; the highest starts, ties roll again."""
        seat = self.rolling_off(state)
        state.rolloff[seat] = face = self._face(state, answer)
        events.append(Event("roll-off", f"{state.players[seat].name} rolls {face} to decide who starts",
                            {"player": seat, "roll": face}))
        if len(state.rolloff) < len(state.contenders):
            return
        top = max(state.rolloff.values())
        leaders = [s for s in state.contenders if state.rolloff[s] == top]
        state.rolloff = {}
        if len(leaders) > 1:
            state.contenders = leaders
            names = " and ".join(state.players[s].name for s in leaders)
            events.append(Event("roll-off-tie", f"{names} tie on {top} and roll again", {"players": leaders}))
            return
        state.contenders = []
        state.starter = leaders[0]
        name = state.players[leaders[0]].name
        events.append(Event("first-player", f"{name} rolls highest ({top}) and starts", {"player": leaders[0]}))
        self.start_turn(state, leaders[0], events)

    # -- turn flow ------------------------------------------------------------------------
    def start_turn(self, state: HeartstringsState, seat: int, events: Events) -> None:
        """Begin a seat's turn: a move choice if their supply is empty, else the room roll."""
        state.current = seat
        state.turn += 1
        state.sacrifices = 0
        state.move_from = None
        player = state.players[seat]
        state.phase = CHOOSE_MOVE if player.supply == 0 else ROLL_ROOM
        events.append(Event("turn", f"Turn {state.turn}: {player.name} to play", {"player": seat}))

    def choose_move(self, state: HeartstringsState, answer: Any, events: Events) -> None:
        """Out of tokens: remember which board token will move once the room is rolled."""
        room = self._moved_room(state, answer)
        state.move_from = room
        state.phase = ROLL_ROOM
        events.append(Event("move", f"{state.players[state.current].name} will move a token from "
                                    f"{self.room_name(room)}", {"room": room}))

    def _moved_room(self, state: HeartstringsState, answer: Any) -> int:
        # A legal answer names a room holding the mover's tokens: checked without building the
        # Decision. Anything else goes through the Decision, which names the legal choices.
        room = self.option_rooms.get(answer) if type(answer) is str else None
        if room is not None and state.owner(room) == state.current:
            return room
        return option_room(self._choice(state, answer))

    def select_room(self, state: HeartstringsState, answer: Any, events: Events) -> None:
        """The Room Selector shows a room: occupy it or invade it (or stay, for a moved token)."""
        room = self._face(state, answer)
        seat = state.current
        if state.move_from == room:
            name = state.players[seat].name
            events.append(Event("stay", f"{name} rolls {room}: the token is already there and stays "
                                        "(ruling move-token-same-room)", {"room": room}))
            return self.after_combat(state, events)
        self.lift_token(state, seat)
        owner = state.owner(room)
        if owner is None or owner == seat:
            return self.occupy(state, room, events)
        self.invade(state, room, owner, events)

    def lift_token(self, state: HeartstringsState, seat: int) -> None:
        """Take the token to be placed: from the supply, or from the room chosen to move from."""
        if state.move_from is None:
            state.players[seat].supply -= 1
        else:
            state.rooms[state.move_from].remove(seat)

    def occupy(self, state: HeartstringsState, room: int, events: Events) -> None:
        """Place the token in an empty room or one of your own: no combat."""
        seat = state.current
        state.rooms[room].append(seat)
        events.append(Event("occupy", f"{state.players[seat].name} rolls {room} and occupies "
                                      f"{self.room_names[room]}: {len(state.rooms[room])} of theirs there",
                            {"room": room, "player": seat}))
        self.grant_bead_bonus(state, seat, room, events)
        self.after_combat(state, events)

    def invade(self, state: HeartstringsState, room: int, defender: int, events: Events) -> None:
        """An opponent holds the room: the token goes in as the Attacker and combat begins."""
        state.combat = Combat(room, state.current, defender)
        state.phase = ROLL_ATTACK
        count = len(state.rooms[room])
        events.append(Event("invade", f"{state.players[state.current].name} rolls {room} and invades "
                                      f"{self.room_names[room]}, held by {state.players[defender].name}'s "
                                      f"{count} token{'s' if count > 1 else ''}",
                            {"room": room, "attacker": state.current, "defender": defender}))

    def attack(self, state: HeartstringsState, answer: Any, events: Events) -> None:
        """The attacker rolls the Combat Die once for the whole combat."""
        fight = state.combat
        fight.attacker_roll = face = self._face(state, answer)
        buff = self.combat_rules.attacker_buffs[fight.room]
        events.append(Event("attack", f"{self.combat_rules.labels[fight.room]}: "
                                      f"{state.players[fight.attacker].name} rolls {calc.roll_text(face, buff)}",
                            {"roll": face, "total": face + buff}))
        state.phase = ROLL_DEFENCE

    def resolve_combat(self, state: HeartstringsState, answer: Any, events: Events) -> None:
        """One defending token rolls: the loser of the exchange removes a token and takes damage."""
        fight, players = state.combat, state.players
        face = self._face(state, answer)
        step = self.combat_rules.exchange(fight.room, fight.attacker_roll, face,
                                          players[fight.attacker].name, players[fight.defender].name)
        attacker_lost = step.loser == "attacker"
        loser = fight.attacker if attacker_lost else fight.defender
        beads_left = self.apply_damage(state, loser, step.damage)
        events.append(Event("combat", step.text + beads_left, step.to_json()))
        if players[loser].beads == 0:
            self.eliminate(state, loser, events)
        if attacker_lost:
            return self.repel(state, events)
        tokens = state.rooms[fight.room]
        if not players[loser].eliminated:  # elimination already cleared the room
            tokens.pop()
            players[fight.defender].supply += 1
        if not tokens:
            self.win_room(state, events)

    def repel(self, state: HeartstringsState, events: Events) -> None:
        """The defender beat the attacker: the invading token returns to its owner (ruling)."""
        attacker = state.combat.attacker
        state.combat = None
        state.players[attacker].supply += 1
        if state.players[attacker].eliminated:
            return self.end_turn_or_game(state, events)
        self.after_combat(state, events)

    def win_room(self, state: HeartstringsState, events: Events) -> None:
        """Every defending token is gone: the invader's token holds the room."""
        fight = state.combat
        state.combat = None
        state.rooms[fight.room].append(fight.attacker)
        events.append(Event("conquer", f"{state.players[fight.attacker].name} takes "
                                       f"{self.room_names[fight.room]}", {"room": fight.room}))
        self.grant_bead_bonus(state, fight.attacker, fight.room, events)
        if state.players[fight.defender].eliminated and self.outcome(state) is not None:
            return self.end_turn_or_game(state, events)
        self.after_combat(state, events)

    # -- beads -------------------------------------------------------------------------------
    def apply_damage(self, state: HeartstringsState, seat: int, damage: int) -> str:
        """Move beads from a Heartstring to the pool (never more than it holds); say what is left."""
        player = state.players[seat]
        lost = min(damage, player.beads)
        if lost == 0:
            return ""
        player.beads -= lost
        state.pool += lost
        capped = ", all they had (ruling damage-capped-by-beads)" if lost < damage else ""
        return f"{capped}; {player.name} has {player.beads} beads left, pool {state.pool}"

    def grant_bead_bonus(self, state: HeartstringsState, seat: int, room: int, events: Events) -> None:
        """A token arriving in a Heart Bead Bonus room gains a bead, while the pool has any."""
        if room not in self.bonus_rooms:
            return
        player = state.players[seat]
        gained = min(self.bead_bonus, state.pool)
        if gained == 0:
            events.append(Event("bonus", f"{player.name} gains no bead in {self.room_name(room)}: "
                                         "the pool is empty", {"player": seat, "beads": 0}))
            return
        player.beads += gained
        state.pool -= gained
        events.append(Event("bonus", f"{player.name} gains {gained} bead in {self.room_names[room]}: "
                                     f"{player.beads} on the string, pool {state.pool}",
                            {"player": seat, "beads": gained}))

    def eliminate(self, state: HeartstringsState, seat: int, events: Events) -> None:
        """A player with no beads leaves the game and every one of their tokens leaves the board."""
        player = state.players[seat]
        player.eliminated = True
        removed = 0
        for tokens in state.rooms.values():
            if tokens and tokens[0] == seat:
                removed += len(tokens)
                tokens.clear()
        player.supply += removed
        events.append(Event("eliminate", f"{player.name} has no heart beads left and is eliminated; "
                                         f"{removed} token{'s' if removed != 1 else ''} leave the board",
                            {"player": seat, "tokens": removed}))

    # -- Token Sacrifice ----------------------------------------------------------------------
    def after_combat(self, state: HeartstringsState, events: Events) -> None:
        """Offer the Token Sacrifice while allowed this turn, else pass the turn on."""
        if state.pool > 0 and state.sacrifices < self.sacrifices_per_turn:
            state.offered = self.sacrifice_rooms(state, state.current)
            if state.offered:
                state.phase = SACRIFICE
                return
        self.next_player(state, events)

    def sacrifice(self, state: HeartstringsState, answer: Any, events: Events) -> None:
        """Take one token from a crowded room back to supply and gain a bead from the pool."""
        room = self._sacrificed_room(state, answer)
        state.offered = []
        seat = state.current
        player = state.players[seat]
        if room is None:
            events.append(Event("pass", f"{player.name} keeps every token", {"player": seat}))
            return self.next_player(state, events)
        state.rooms[room].remove(seat)
        player.supply += 1
        gained = min(self.sacrifice_beads, state.pool)
        player.beads += gained
        state.pool -= gained
        state.sacrifices += 1
        events.append(Event("sacrifice", f"{player.name} sacrifices a token from {self.room_names[room]} "
                                         f"and gains {gained} bead ({player.beads} on the string, "
                                         f"pool {state.pool})", {"player": seat, "room": room}))
        self.after_combat(state, events)

    def _sacrificed_room(self, state: HeartstringsState, answer: Any) -> int | None:
        # The legal answers checked without building the Decision (the common, legal case);
        # None is `pass`. Anything else goes through the Decision, which names the legal choices.
        if answer == PASS:
            return None
        room = self.option_rooms.get(answer) if type(answer) is str else None
        if room in state.offered:
            return room
        return option_room(self._choice(state, answer))

    # -- turn order and the end ------------------------------------------------------------
    def next_player(self, state: HeartstringsState, events: Events) -> None:
        """Pass the turn to the next seat still in the game."""
        players = state.players
        count = len(players)
        seat = (state.current + 1) % count
        while players[seat].eliminated:  # outcome() ends the game before all are eliminated
            seat = (seat + 1) % count
        self.start_turn(state, seat, events)

    def end_turn_or_game(self, state: HeartstringsState, events: Events) -> None:
        """After an elimination: the game ends with one player left, else the turn passes."""
        result = self.outcome(state)
        if result is None:
            return self.next_player(state, events)
        state.phase = OVER
        state.combat = None
        events.append(Event("game-over", result.text, {"winner": result.winner}))

    def outcome(self, state: HeartstringsState) -> Outcome | None:  # type: ignore[override]
        """The last player with heart beads wins; None while two or more remain."""
        live = state.live_seats()
        if len(live) != 1:
            return None
        name = state.players[live[0]].name
        return Outcome("last-standing", live[0], f"{name} is the last player with heart beads and wins")

    # -- for the gamemaster ----------------------------------------------------------------
    def room_name(self, room: int) -> str:
        """`room 9 (attacker +3)`, `room 1 (bead bonus)`, `room 5`."""
        return self.room_names[room]

    def _room_name(self, room: int) -> str:
        label = calc.room_label(room, self.rules)
        if room in self.rules.bead_bonus_rooms:
            label += " (bead bonus)"
        return "r" + label[1:]

    def tally(self, state: HeartstringsState) -> list[str]:  # type: ignore[override]
        """Beads and supply per player, the pool, then every room holding tokens."""
        colours = self.rules.player_color_names
        lines = [self._player_line(p, colours[seat]) for seat, p in enumerate(state.players)]
        lines.append(f"Pool: {state.pool} beads")
        for room, tokens in state.rooms.items():
            if tokens:
                lines.append(f"{self.room_name(room).capitalize()}: {state.players[tokens[0]].name} x{len(tokens)}")
        if state.combat is not None:
            fight = state.combat
            lines.append(f"In combat: {state.players[fight.attacker].name}'s token invading room {fight.room}")
        return lines

    def _player_line(self, player: Player, colour: str) -> str:
        if player.eliminated:
            return f"{player.name} ({colour}): eliminated"
        return f"{player.name} ({colour}): {player.beads} beads, {player.supply} tokens in supply"

    def turns(self, state: HeartstringsState) -> int:
        """Turns started so far."""
        return state.turn

    def hint(self, state: HeartstringsState, request: Request) -> list[str]:  # type: ignore[override]
        """The text's tip for the decision at hand: take tokens out of attacker-buff rooms."""
        if not isinstance(request, Decision):
            return []
        from .bots import danger

        rooms = [option_room(o.id) for o in request.options if o.id != PASS]
        if not rooms:
            return []
        riskiest = max(rooms, key=lambda room: danger(room, self.rules))
        if danger(riskiest, self.rules) <= 0:
            return []
        if request.kind == "sacrifice":
            place = self.room_name(riskiest)
            return [f"a token in {place} is likely to lose: sacrificing it gains a bead and removes that risk"]
        return [f"moving the token from {self.room_name(riskiest)} takes it out of the most danger"]
