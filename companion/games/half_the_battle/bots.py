"""Bots for simulation: random (any legal option) and greedy (hit hardest, finish the weakest),
and the greedy bot's ranking of the options as the search's move order (`search_order`).

Rules never import this module.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.core import Decision, Option
from ...engine.drivers import RandomBot
from .catalog import Action
from .engine import HalfTheBattleEngine
from .lanes import facing
from .pieces import has_targets, lane_targets, may_act, moves, side_of
from .state import HalfTheBattleState, Piece


class GreedyBot:
    """Acts before moving, with the action that deals the most; moves toward the enemy; targets the weakest."""

    name = "greedy"

    def choose(self, engine: Any, state: Any, decision: Decision, rng: random.Random) -> str:
        """The greedy choice for this kind of decision, else a random calm one."""
        chooser = getattr(self, f"_{decision.kind}", None)
        options = list(decision.options)
        picked = chooser(engine, state, decision.player, options) if chooser else None
        return picked or self._fallback(options, rng)

    @staticmethod
    def _fallback(options: list[Option], rng: random.Random) -> str:
        calm = [o for o in options if o.id not in ("cancel", "nothing", "done")] or options
        return rng.choice(calm).id

    def _select(self, engine: HalfTheBattleEngine, state: HalfTheBattleState, seat: int,
                options: list[Option]) -> str | None:
        enemies = state.alive(1 - seat)
        return max(options, key=lambda option: punch(engine, state, enemies, option.id)).id

    def _turn(self, engine: HalfTheBattleEngine, state: HalfTheBattleState, seat: int,
              options: list[Option]) -> str | None:
        ids = [o.id for o in options]
        if "rage" in ids:
            return "rage"
        turn = state.turn
        if turn is None or not turn.piece:
            return "end"
        piece = state.piece(turn.piece)
        actions = side_of(engine, piece).actions
        acts = [i for i in ids if i.startswith("act:") and actions[int(i[4:])].damage
                and worth(engine, state, piece, actions[int(i[4:])]) > 0]
        if acts:
            return max(acts, key=lambda i: actions[int(i[4:])].damage)
        steps = [i for i in ids if i.startswith("move:")]
        if steps and turn.acted == 0:
            enemies = state.alive(1 - seat)
            target = sum(p.lane for p in enemies) / max(1, len(enemies))
            ahead = facing(seat)   # on a tie, the lane further forward: the same choice for both seats
            # first a lane from which it can hit hardest (move, then act), then the one nearest the enemy
            return min(steps, key=lambda i: (-hit_from(engine, state, piece, int(i[5:])),
                                             abs(int(i[5:]) - target), -ahead * int(i[5:])))
        others = [i for i in ids if i.startswith("act:") and (not actions[int(i[4:])].damage
                                                                or worth(engine, state, piece, actions[int(i[4:])]) > 0)]
        return others[0] if others else "end"

    def _target(self, engine: HalfTheBattleEngine, state: HalfTheBattleState, seat: int,
                options: list[Option]) -> str | None:
        pieces = [o.id for o in options if o.id not in ("done",) and not o.id.startswith("lane:")]
        if pieces:
            return min(pieces, key=lambda i: state.piece(i).hp)
        lanes = [o.id for o in options if o.id.startswith("lane:")]
        if lanes and state.turn is not None:
            action = side_of(engine, state.piece(state.turn.piece)).actions[int(state.turn.action)]
            friendly = action.who == "allies" or (action.heal and not action.damage)
            side = seat if friendly else 1 - seat
            ahead = facing(seat)

            piece = state.piece(state.turn.piece)

            def crowd(i: str) -> tuple[int, int]:
                """Pieces the action is for in a lane (less the allies a hit-everyone action hurts);
                on a tie, the lane further forward."""
                lane = int(i[5:])
                if action.who == "everyone" and action.damage:
                    return _lane_score(state, piece, lane), ahead * lane
                return sum(1 for p in state.alive(side) if p.lane == lane), ahead * lane
            return max(lanes, key=crowd)
        return "done"

    def _interrupt(self, engine: HalfTheBattleEngine, state: HalfTheBattleState, seat: int,
                   options: list[Option]) -> str | None:
        strike = state.strike
        if strike is None or len(options) == 1:
            return "none"
        target = state.piece(strike.target)
        if target.seat == seat:   # defending: only to save a piece
            return options[1].id if strike.amount >= target.hp else "none"
        return options[1].id if strike.amount >= target.hp - 2 else "none"

    def _convert(self, engine: HalfTheBattleEngine, state: HalfTheBattleState, seat: int,
                 options: list[Option]) -> str | None:
        return options[-1].id

    def _spend(self, engine: HalfTheBattleEngine, state: HalfTheBattleState, seat: int,
               options: list[Option]) -> str | None:
        damage = [o.id for o in options if o.id.startswith("damage:") and state.piece(o.id[7:]).seat != seat]
        if damage:
            return min(damage, key=lambda i: state.piece(i[7:]).hp)
        return "token" if any(o.id == "token" for o in options) else options[-1].id

    def _amount(self, engine: HalfTheBattleEngine, state: HalfTheBattleState, seat: int,
                options: list[Option]) -> str | None:
        return options[0].id

    def _save(self, engine: HalfTheBattleEngine, state: HalfTheBattleState, seat: int,
              options: list[Option]) -> str | None:
        return options[-1].id


def punch(engine: HalfTheBattleEngine, state: HalfTheBattleState, enemies: list[Piece], option: str) -> float:
    """How much a piece could hit for this round (the selection's score; Rage first)."""
    if option == "rage":
        return 1000
    piece = state.piece(option)
    now = max(hit_from(engine, state, piece, lane)
              for lane in [piece.lane, *moves(engine, state, piece, side_of(engine, piece).move)])
    could = max((a.damage for a in side_of(engine, piece).actions if a.hp.allows(piece.hp)), default=0)
    near = min((abs(p.lane - piece.lane) for p in enemies), default=0)
    return now * 20 + could * 5 - near + piece.hp / 100


def _lane_score(state: HalfTheBattleState, piece: Piece, lane: int) -> int:
    """Enemies less allies (the actor included) in a lane: what hitting everyone there gains."""
    return sum(1 if p.seat != piece.seat else -1 for p in state.alive() if p.lane == lane)


def hit_from(engine: HalfTheBattleEngine, state: HalfTheBattleState, piece: Piece, lane: int) -> int:
    """The most a piece could deal this phase from `lane` (it may move, then act): the largest
    damage among its usable actions worth using (`usable_actions` with `worth`), asking for
    targets only of an action that would deal more than the best found so far."""
    home, piece.lane = piece.lane, lane
    try:
        if piece.dying or not may_act(state, piece):
            return 0
        tokens, best = state.players[piece.seat].tokens, 0
        for action in side_of(engine, piece).actions:
            if (action.damage > best and action.hp.allows(piece.hp) and action.uses > 0
                    and (not action.ability or tokens > 0) and has_targets(engine, state, piece, action)
                    and worth(engine, state, piece, action) > 0):
                best = action.damage
        return best
    finally:
        piece.lane = home


def worth(engine: HalfTheBattleEngine, state: HalfTheBattleState, piece: Piece, action: Action) -> int:
    """Is a damaging action worth using: a hit-everyone lane action must hit more enemies than allies."""
    if action.lanes and action.who == "everyone":
        return max((_lane_score(state, piece, lane) for lane in lane_targets(engine, state, piece, action)),
                   default=0)
    return 1


UNSEARCHED = frozenset({"convert", "spend", "amount"})   # Rage purchases: the bot's choice stands


def search_order(engine: Any, state: HalfTheBattleState, decision: Decision) -> list[str]:
    """The options worth comparing, most promising first, by the greedy bot's own scores."""
    if decision.kind in UNSEARCHED:
        return []
    ids = [key for key in decision.option_ids() if key != "cancel"]
    if decision.kind == "select":
        enemies = state.alive(1 - decision.player)
        return sorted(ids, key=lambda key: -punch(engine, state, enemies, key))
    if decision.kind == "turn":
        return turn_order(engine, state, ids)
    if decision.kind == "target":
        pieces = [key for key in ids if key != "done" and not key.startswith("lane:")]
        return sorted(pieces, key=lambda key: state.piece(key).hp) + [key for key in ids if key not in pieces]
    return ids


def turn_order(engine: Any, state: HalfTheBattleState, ids: list[str]) -> list[str]:
    """Action-phase options: actions by damage, then moves (to where the piece hits hardest, then
    nearest the enemy), then items, then ending the phase; Rage is left out (the bot takes it first)."""
    turn = state.turn
    acts = [key for key in ids if key.startswith("act:")]
    steps = [key for key in ids if key.startswith("move:")]
    rest = [key for key in ids if key.startswith("item:")] + [key for key in ids if key == "end"]
    if turn is None or not turn.piece:
        return rest
    piece = state.piece(turn.piece)
    actions = side_of(engine, piece).actions
    enemies = state.alive(1 - piece.seat)
    centre = sum(p.lane for p in enemies) / max(1, len(enemies))
    acts.sort(key=lambda key: -actions[int(key[4:])].damage)
    steps.sort(key=lambda key: (-hit_from(engine, state, piece, int(key[5:])), abs(int(key[5:]) - centre)))
    return acts + steps + rest


BOTS = {"random": RandomBot, "greedy": GreedyBot}
