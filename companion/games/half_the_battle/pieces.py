"""Questions about pieces on the board: their side, name, what they may do and whom they reach.

Every rules module reads pieces through these functions, so "can this piece act here" is
answered in one place (Polymorph, Serenaded and Entangled included).
"""

from __future__ import annotations

from typing import Any, Protocol

from .catalog import Action, Catalog, Side
from .lanes import move_lanes, reach_lanes
from .state import HalfTheBattleState, Marker, Piece


class Rules(Protocol):
    """What the rules modules need of the engine: its rules parameters and catalog."""

    rules: dict[str, Any]
    catalog: Catalog


def side_of(engine: Rules, piece: Piece) -> Side:
    """The side (class) a piece plays."""
    return engine.catalog.side(piece.card, piece.team)


def label(engine: Rules, piece: Piece) -> str:
    """`Fighter d12` (the class and die, as on the card)."""
    side = side_of(engine, piece)
    return f"{side.name} {side.die}"


def owned(engine: Rules, state: HalfTheBattleState, piece: Piece) -> str:
    """`Ann's Fighter d12` (just `Fighter d12` in a calculator's nameless state)."""
    name = state.players[piece.seat].name
    return f"{name}'s {label(engine, piece)}" if name else label(engine, piece)


def is_monster(engine: Rules, piece: Piece) -> bool:
    """Is the piece a monster (the d20)?"""
    return side_of(engine, piece).monster


def markers_on(state: HalfTheBattleState, piece: Piece, kind: str) -> list[Marker]:
    """Tokens of `kind` on `piece`."""
    return [m for m in state.markers if m.kind == kind and m.piece == piece.id]


def lane_markers(state: HalfTheBattleState, lane: int, kind: str) -> list[Marker]:
    """Indicators of `kind` in `lane`."""
    return [m for m in state.markers if m.kind == kind and m.lane == lane and not m.piece]


def hostile_indicator(state: HalfTheBattleState, piece: Piece, kind: str) -> bool:
    """Does an indicator of `kind` placed by the other player stand in the piece's lane?"""
    return any(m.owner != piece.seat for m in lane_markers(state, piece.lane, kind))


def can_move(engine: Rules, state: HalfTheBattleState, piece: Piece) -> bool:
    """Not held by an enemy Entangled indicator."""
    return not hostile_indicator(state, piece, "entangled")


def may_act(state: HalfTheBattleState, piece: Piece) -> bool:
    """Not Polymorphed, not in a lane an enemy Serenaded."""
    return not markers_on(state, piece, "polymorph") and not hostile_indicator(state, piece, "serenaded")


def moves(engine: Rules, state: HalfTheBattleState, piece: Piece, budget: int) -> list[int]:
    """The lanes the piece may move to with `budget` lanes of movement."""
    if budget <= 0 or not can_move(engine, state, piece):
        return []
    return move_lanes(piece.lane, budget, engine.rules["lanes"])


def in_reach(engine: Rules, piece: Piece, action: Action) -> list[int]:
    """The lanes `action` of `piece` reaches from where it stands."""
    return reach_lanes(piece.lane, piece.seat, side_of(engine, piece).reach_of(action), engine.rules["lanes"])


def affected(state: HalfTheBattleState, actor: Piece, action: Action, lane: int) -> list[Piece]:
    """The pieces a lane-wide action affects in `lane`: enemies for damage, allies for healing,
    or everyone when the action says so."""
    pieces = [p for p in state.alive() if p.lane == lane]
    if action.who == "everyone":
        return pieces
    if action.who == "allies" or (action.heal and not action.damage):
        return [p for p in pieces if p.seat == actor.seat and p.id != actor.id]
    return [p for p in pieces if p.seat != actor.seat]


def piece_targets(engine: Rules, state: HalfTheBattleState, actor: Piece, action: Action) -> list[Piece]:
    """The pieces `action` may target: in reach, of the right party (self-only actions: the actor)."""
    if action.who == "self":
        return [actor]
    lanes = set(in_reach(engine, actor, action))
    found = [p for p in state.alive() if p.lane in lanes and p.id != actor.id]
    if action.who == "everyone":
        return found
    if action.who == "allies" or (action.heal and not action.damage):
        return [p for p in found if p.seat == actor.seat]
    enemies = [p for p in found if p.seat != actor.seat]
    if action.effect == "polymorph":
        return [p for p in enemies if not is_monster(engine, p)]
    return enemies


def lane_targets(engine: Rules, state: HalfTheBattleState, actor: Piece, action: Action) -> list[int]:
    """The lanes a lane action may target: every lane in reach (an indicator may go in an empty lane);
    a damage or healing action needs someone there to affect."""
    lanes = in_reach(engine, actor, action)
    if action.effect:
        return lanes
    return [lane for lane in lanes if affected(state, actor, action, lane)]


def has_targets(engine: Rules, state: HalfTheBattleState, actor: Piece, action: Action) -> bool:
    """Has the action anything to affect from where the piece stands?"""
    if action.lanes:
        return bool(lane_targets(engine, state, actor, action))
    return bool(piece_targets(engine, state, actor, action))


def usable_actions(engine: Rules, state: HalfTheBattleState, actor: Piece,
                   uses: dict[str, int]) -> list[tuple[int, Action]]:
    """The actions the piece may use now: HP requirement met, uses left, token in hand, targets in reach."""
    if actor.dying or not may_act(state, actor):
        return []
    side = side_of(engine, actor)
    tokens = state.players[actor.seat].tokens
    return [(i, a) for i, a in enumerate(side.actions)
            if a.hp.allows(actor.hp) and uses.get(a.name, 0) < a.uses and (not a.ability or tokens > 0)
            and has_targets(engine, state, actor, a)]
