"""What the gamemaster sees between prompts: the map with the discs, and each side in a few lines.

Discs are named as printed: S1..S3 for the starting player's characters in placement order, O1..O3
for the opponent's. Hands are never shown, only counted.
"""

from __future__ import annotations

from .board import LETTERS, tile_name
from .game import Game
from .state import Fighter, SkirmishState

MARKS = {"brazier": "^", "frost": "~", "shrine": "+", "rocks": "#"}
CELL = 6


def disc(state: SkirmishState, fighter: Fighter) -> str:
    """`S2`: the side's letter and the placement order."""
    letter = "S" if fighter.owner == state.starter else "O"
    return f"{letter}{state.team_of(fighter.owner).index(fighter) + 1}"


LEGEND = ["^ Brazier  ~ Frost Pool", "+ Shrine  # Rocks", "S1..S3, O1..O3: the discs", "roster: * leader",
          "20/62: damage taken/armor", "Medium/Small: power/armor"]


def map_lines(engine: Game, state: SkirmishState) -> list[str]:
    """The board, row by row, with special tiles marked and discs on their tiles; the legend
    beside its rows, where it fits, so that the map, the sides and an action menu fit a 30-line
    screen (audit s25)."""
    if state.starter is None:
        return []
    board = engine.board
    at = {f.tile: disc(state, f) for f in state.fighters if f.tile}
    lines = [("    " + "".join(f"{LETTERS[c]:<{CELL}}" for c in range(board.columns))).rstrip()]
    for row in range(1, board.rows + 1):
        cells = []
        for col in range(board.columns):
            tile = tile_name(col, row)
            cells.append(f"{MARKS.get(board.special.get(tile, ''), '.')}{at.get(tile, '')}".ljust(CELL))
        half = "S" if row <= board.rows // 2 else "O"
        lines.append(f"{row:>2}  " + "".join(cells) + f"  {half}")
    if len(lines) > len(LEGEND) and len(lines[1]) + 3 + max(map(len, LEGEND)) <= WIDTH:
        return [line.ljust(len(lines[1]) + 3) + item if item else line
                for line, item in zip(lines, ["", *LEGEND] + [""] * len(lines), strict=False)]
    return lines + [f"    {'  '.join(LEGEND[:2])}  · {LEGEND[2]}", f"    {' · '.join(LEGEND[3:])}"]


WIDTH = 76   # a tally line on the play screen follows `  | ` (companion.cli.screen.state_block): 80 in all


def fighter_lines(engine: Game, state: SkirmishState, f: Fighter) -> list[str]:
    """`S1 Sera Quill* D4 20/62 Medium/Small · Fortify 1, critical`, effects on a second line when long."""
    if f.fainted:
        return [f"  {disc(state, f)} {engine.character_name(f.id)}: fainted"]
    tiers = engine.rules["tier_names"]
    total = engine.tiers.armor[f.armor]
    marks = [f"{e.title()} {n}" for e, n in sorted(f.effects.items())]
    marks += ["critical"] if engine.tiers.is_critical(total, f.damage) else []
    if f.owner == state.active:
        marks += [done for done, flag in (("walked", f.walked), ("attacked", f.attacked)) if flag]
    lead = "*" if f.leader else ""
    base = (f"  {disc(state, f)} {engine.character_name(f.id)}{lead} {f.tile} {f.damage}/{total} "
            f"{tiers[engine.tiers.names[f.power]]}/{tiers[engine.tiers.names[f.armor]]}")
    joined = ", ".join(marks)
    if not marks:
        return [base]
    if len(base) + len(joined) + 3 <= WIDTH:
        return [f"{base} · {joined}"]
    return [base, f"     · {joined}"]


def side_lines(engine: Game, state: SkirmishState) -> list[str]:
    """Each player's AP, hand, deck and discard counts, then their characters (* = leader): damage taken
    over armor, power and armor tiers, effects."""
    lines = []
    for seat, side in enumerate(state.sides):
        if not state.fighters:
            faction = engine.rules["factions"][side.faction]["name"] if side.faction else "no team yet"
            lines.append(f"{state.players[seat]}: {faction}")
            continue
        tag = "" if state.starter is None else (" (S)" if seat == state.starter else " (O)")
        lines.append(f"{state.players[seat]}{tag}: AP {side.ap}/{side.max_ap}, hand {side.hand.size}, "
                     f"deck {side.deck_size}, discard {len(side.discard)}")
        lines += [line for f in state.team_of(seat) if f.tile or f.fainted
                  for line in fighter_lines(engine, state, f)]
    return lines
