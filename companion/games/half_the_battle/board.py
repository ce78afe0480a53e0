"""The board as text for the gamemaster, within 80 columns: one line per lane with its
indicators and pieces (HP / maximum, facing), then each player's items, Rage and tokens.

A piece's selection stays hidden until both players have chosen.
"""

from __future__ import annotations

from .pieces import Rules, side_of
from .state import HalfTheBattleState, Piece

WIDTH = 80


def piece_text(engine: Rules, state: HalfTheBattleState, piece: Piece) -> str:
    side = side_of(engine, piece)
    arrow = ">" if piece.seat == 0 else "<"
    tags = "".join(f" {m.kind[:3].title()}" for m in state.markers if m.piece == piece.id)
    dying = " +dies" if piece.dying else ""
    return f"{state.players[piece.seat].name[:3]}:{side.name[:5]} {piece.hp}/{side.max_hp}{arrow}{tags}{dying}"


def lane_lines(engine: Rules, state: HalfTheBattleState) -> list[str]:
    lines = []
    for lane in range(1, engine.rules["lanes"] + 1):
        marks = [f"[{m.kind[:3].title()} r{m.until}]" for m in state.markers if m.lane == lane and not m.piece]
        pieces = [piece_text(engine, state, p) for p in state.alive() if p.lane == lane]
        text = f"L{lane:<2}| " + " ".join(marks + pieces)
        lines.append(text if len(text) <= WIDTH else text[: WIDTH - 3] + "...")
    return lines


def player_lines(engine: Rules, state: HalfTheBattleState) -> list[str]:
    lines = []
    for seat, player in enumerate(state.players):
        items = ", ".join(engine.catalog.items[c].name for c in player.items) or "none"
        rage = ",".join(player.rage_dice) or "-"
        tag = " (initiative)" if seat == state.initiative and state.round else ""
        lines.append(f"{player.name}{tag}: items {items}; Rage dice {rage}; tokens {player.tokens}"[:WIDTH])
    return lines


def board_lines(engine: Rules, state: HalfTheBattleState) -> list[str]:
    """The whole tally: round, lanes, players."""
    head = f"Round {state.round}" if state.round else "Setup"
    if all(state.selected):
        head += " · selected: " + ", ".join(side_of(engine, state.piece(s)).name for s in state.selected)
    return [head[:WIDTH], *lane_lines(engine, state), *player_lines(engine, state)]
