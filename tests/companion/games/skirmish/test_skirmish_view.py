"""The sides in the state block: a fighter a line, its effects beside it while the line fits the
play screen's 80 columns after the block's `  | `."""

from __future__ import annotations

from skirmish_table import battle

from companion.games.skirmish.view import fighter_lines

BLOCK_INDENT = "  | "   # companion.cli.screen.state_block


def calder(engine, effects: dict[str, int]) -> list[str]:
    state = battle(engine, ("sera-quill", 0, "A1"), ("justicar-vey", 1, "E5"), ("brother-calder", 1, "C5"))
    fighter = state.fighter("brother-calder")
    fighter.damage, fighter.effects = 72, effects
    return fighter_lines(engine, state, fighter)


def test_effects_stay_beside_a_fighter_while_the_line_fits_80_columns(engine):
    """Session 27: 'Brother Calder C5 72/82 Tiny/Large · Fortify 1, Restrain 2, critical' (77 columns
    with the block's `  | `) took two lines: the view kept to 72 columns where the block has 76."""
    lines = calder(engine, {"fortify": 1, "restrain": 2})
    assert lines == ["  O2 Brother Calder C5 72/82 Tiny/Large · Fortify 1, Restrain 2, critical"]
    assert len(BLOCK_INDENT + lines[0]) <= 80


def test_effects_too_long_for_the_line_go_on_the_next(engine):
    lines = calder(engine, {"fortify": 1, "restrain": 2, "glaciate": 3, "tailwind": 1})
    assert lines[1] == "     · Fortify 1, Glaciate 3, Restrain 2, Tailwind 1, critical"
    assert all(len(BLOCK_INDENT + line) <= 80 for line in lines)
