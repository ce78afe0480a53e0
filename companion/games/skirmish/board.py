"""The battlefield: tile names, orthogonal distance, halves, walks and targets (rulings `distance`,
`special-tiles`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Board:
    """The map of rules.map: its size and its special tiles by name."""

    columns: int
    rows: int
    special: dict[str, str]
    kinds: dict[str, Any]

    @classmethod
    def from_rules(cls, rules: Any) -> Board:
        """The board the rules describe."""
        m = rules["map"]
        return cls(int(m["columns"]), int(m["rows"]), dict(m["special"]), dict(rules["tile_kinds"]))

    def tiles(self) -> list[str]:
        """Every tile name, row by row."""
        return [tile_name(c, r) for r in range(1, self.rows + 1) for c in range(self.columns)]

    def is_blocked(self, tile: str) -> bool:
        """Rocks: no walking through, no standing on."""
        kind = self.special.get(tile)
        return bool(kind and self.kinds[kind].get("blocks"))

    def half(self, tile: str, starter_half: bool) -> bool:
        """Is the tile in the starting player's half (rows 1..rows/2), or the other's?"""
        return (position(tile)[1] <= self.rows // 2) == starter_half

    def tile_effects(self, tile: str) -> dict[str, int]:
        """The effects a special tile applies to a character that ends a walk or is placed on it."""
        kind = self.special.get(tile)
        return dict(self.kinds[kind].get("apply", {})) if kind else {}

    def neighbours(self, tile: str) -> Iterable[str]:
        """The orthogonal neighbours inside the board."""
        col, row = position(tile)
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            c, r = col + dc, row + dr
            if 0 <= c < self.columns and 1 <= r <= self.rows:
                yield tile_name(c, r)

    def walks(self, start: str, speed: int, occupied: set[str]) -> list[str]:
        """Tiles reachable in 1..speed orthogonal steps through empty tiles, never Rocks or characters."""
        seen = {start: 0}
        frontier = deque([start])
        while frontier:
            tile = frontier.popleft()
            if seen[tile] == speed:
                continue
            for nxt in self.neighbours(tile):
                if nxt not in seen and nxt not in occupied and not self.is_blocked(nxt):
                    seen[nxt] = seen[tile] + 1
                    frontier.append(nxt)
        return [t for t in self.tiles() if t in seen and t != start]


def tile_name(column: int, row: int) -> str:
    """(0, 3) -> 'A3'."""
    return f"{LETTERS[column]}{row}"


def position(tile: str) -> tuple[int, int]:
    """'B3' -> (1, 3)."""
    return LETTERS.index(tile[0]), int(tile[1:])


def distance(a: str, b: str) -> int:
    """Orthogonal steps between two tiles, whatever lies between."""
    (ca, ra), (cb, rb) = position(a), position(b)
    return abs(ca - cb) + abs(ra - rb)
