"""The board as text for the gamemaster, within 80 columns: one line per lane with its
indicators and pieces (HP / maximum, facing), then each player's items, Rage and tokens.

A piece's selection stays hidden until both players have chosen; in the mixed variant the sides,
and in the placement variant the lanes, stay hidden until both players have chosen every one.
"""

from __future__ import annotations

import textwrap
from collections import Counter

from .pieces import Rules, side_of
from .setup import choosing_sides, placing
from .state import HalfTheBattleState, Piece

WIDTH = 76     # the play loop prefixes each tally line with 4 characters: 80 columns in all


def piece_text(engine: Rules, state: HalfTheBattleState, piece: Piece) -> str:
    """`Ann:Fighter 5/12>` (facing > or <), with its tokens and `dying` when it dies at the end
    of the turn (play audit: the sign `+dies` said nothing)."""
    side = side_of(engine, piece)
    arrow = ">" if piece.seat == 0 else "<"
    if choosing_sides(state):   # mixed variant: the sides are chosen in secret
        return f"{state.players[piece.seat].name[:6]}:{side.die}{arrow}"
    kinds = Counter(m.kind for m in state.markers if m.piece == piece.id)
    tags = "".join(f" {kind.title()}" + (f" x{count}" if count > 1 else "") for kind, count in kinds.items())
    dying = " dying" if piece.dying else f" to {piece.set_hp} HP at end of turn" if piece.set_hp else ""
    # a monster's HP is rolled at set-up: until then `?/20`, lest the gamemaster set its die to 20
    hp = "?" if side.monster and any(i["step"] == "monster-hp" for i in state.queue) else piece.hp
    return f"{state.players[piece.seat].name[:6]}:{side.name} {hp}/{side.max_hp}{arrow}{tags}{dying}"


def placement_lines(engine: Rules, state: HalfTheBattleState) -> list[str]:
    """While pieces are placed in secret: how many each player still has to place, no lanes."""
    left = [sum(1 for i in state.queue if i["step"] == "place" and state.piece(i["piece"]).seat == seat)
            for seat in (0, 1)]
    return [f"{player.name}: {len(state.alive(seat)) - left[seat]} of {len(state.alive(seat))} pieces placed "
            "(lanes hidden until both placed)" for seat, player in enumerate(state.players)]


def lane_lines(engine: Rules, state: HalfTheBattleState) -> list[str]:
    """One line per lane (continued on more lines when a crowded lane does not fit)."""
    if placing(state):
        return placement_lines(engine, state)
    lines = []
    for lane in range(1, engine.rules["lanes"] + 1):
        marks = [f"[{m.kind.title()} to r{m.until}]" for m in state.markers if m.lane == lane and not m.piece]
        parts = marks + [piece_text(engine, state, p) for p in state.alive() if p.lane == lane]
        line = f"L{lane:<2}|"
        for part in parts:
            if len(line) + 1 + len(part) > WIDTH:
                lines.append(line)
                line = "   |"
            line += " " + part
        lines.append(line)
    return lines


def player_lines(engine: Rules, state: HalfTheBattleState) -> list[str]:
    """Per player: Rage dice and ability tokens, then the items face up and face down (a used item
    stays on the table face down, and Rage may turn it face up again: both players weigh it)."""
    lines = []
    for seat, player in enumerate(state.players):
        rage = ",".join(player.rage_dice) or "none"
        tag = " (initiative)" if seat == state.initiative and state.round else ""
        lines.append(f"{player.name}{tag}: Rage dice {rage}; ability tokens {player.tokens}"[:WIDTH])
        for heading, cards in (("items", player.items), ("face down", player.spent)):
            if cards or heading == "items":
                names = ", ".join(engine.catalog.items[c].name for c in cards) or "none"
                lines += textwrap.wrap(f"{heading}: {names}", WIDTH, initial_indent="  ", subsequent_indent="    ")
    return lines


def board_lines(engine: Rules, state: HalfTheBattleState) -> list[str]:
    """The whole tally: round, lanes, players."""
    head = f"Round {state.round}" if state.round else "Setup"
    if all(state.selected):
        head += " · selected: " + ", ".join(f"{state.players[seat].name} {side_of(engine, state.piece(s)).name}"
                                            for seat, s in enumerate(state.selected))
    return [head[:WIDTH], *lane_lines(engine, state), *player_lines(engine, state)]
