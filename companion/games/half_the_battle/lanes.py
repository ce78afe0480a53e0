"""Lanes, facing, movement and range: the geometry of the dungeon.

Lanes are numbered 1..lanes from the left. Seat 0 starts on the left and faces right
(forward is +1); seat 1 starts on the right and faces left (forward is -1). Pieces never turn.
"""

from __future__ import annotations

from .catalog import Reach


def facing(seat: int) -> int:
    """+1 (right) for the left player, -1 (left) for the right player."""
    return 1 if seat == 0 else -1


def reach_lanes(lane: int, seat: int, reach: Reach, lanes: int) -> list[int]:
    """The lanes a piece of `seat` in `lane` reaches with `reach`, inside the dungeon."""
    step = facing(seat)
    found = [lane + step * d for d in range(1, reach.forward + 1)]
    found += [lane - step * d for d in range(1, reach.back + 1)]
    if reach.own:
        found.append(lane)
    return sorted(n for n in set(found) if 1 <= n <= lanes)


def move_lanes(lane: int, move: int, lanes: int) -> list[int]:
    """The lanes a piece can move to with up to `move` lanes of movement (never past the ends)."""
    return [n for n in range(max(1, lane - move), min(lanes, lane + move) + 1) if n != lane]


def start_lane(seat: int, die: str, layout: dict[str, int], lanes: int) -> int:
    """The standard starting lane of a die: as listed for the left player, mirrored for the right."""
    return layout[die] if seat == 0 else lanes + 1 - layout[die]


def half_lanes(seat: int, half: int, lanes: int) -> list[int]:
    """The lanes of a player's own half (the placement variant)."""
    return list(range(1, half + 1)) if seat == 0 else list(range(lanes - half + 1, lanes + 1))
