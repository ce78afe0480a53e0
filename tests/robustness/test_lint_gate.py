"""`lint` is the gate: whatever `build`, `sim` or `play` would crash or hang on, lint refuses first,
at the rules key's line (issue 15, section 1), and `build` then writes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import written_files

# (game, key as it stands in game.yaml, the broken value): every case the issue lists
RULE_VALUES = [
    ("heartstrings", "rooms", "-12"),
    ("heartstrings", "tokens_per_player", "0"),
    ("heartstrings", "room_die", "1"),
    ("heartstrings", "damage_divisor", "0"),
    ("heartstrings", "combat_die", "0"),
    ("which-witch", "hand_size", "0"),
    ("which-witch", "hand_size", "100000000000000000000000000"),
    ("which-witch", "default_die", "0"),
    ("which-witch", "default_die", "1"),
    ("which-witch", "max_spells_per_attack", "0"),
    ("which-witch", "hearts.two_players", "0"),
]


@pytest.mark.parametrize(("game", "key", "value"), RULE_VALUES, ids=lambda v: str(v)[:12])
def test_rule_value_out_of_bounds_is_refused_at_its_line(game_copy, tmp_path: Path, game: str, key: str,
                                                        value: str) -> None:
    copy = game_copy(game)
    indent = "  " * (key.count(".") + 1)  # `hearts.two_players` sits under `hearts:`
    name = key.rsplit(".", 1)[-1]
    line = copy.edit("game.yaml", rf"^{indent}{name}: \d+", f"{indent}{name}: {value}")
    result = copy.refused()
    located = re.search(rf"game\.yaml:{line}:\d+: rules\.{re.escape(key)}: (.*)", result.output)
    assert located, result.output
    assert value in located.group(1)
    out = tmp_path / "out"
    built = copy.build(out)
    assert built.exit_code == 1
    assert written_files(out) == []


def test_rulebook_template_error_is_a_lint_error_naming_template_and_line(game_copy) -> None:
    copy = game_copy("heartstrings")
    line = copy.edit("templates/rulebook.md.j2", r"^\{% set colours = (.*)%\}$",
                     r"{% set colours = \g<1>%}{{ db.deck('no-such-deck') }}")
    result = copy.refused()
    assert f"rulebook.md.j2:{line}:" in result.output
    assert "no deck 'no-such-deck'" in result.output


def test_rulebook_include_outside_the_template_folders_is_a_lint_error(game_copy) -> None:
    copy = game_copy("heartstrings")
    copy.edit("templates/rulebook.md.j2", r"^\{% set colours = (.*)%\}$",
              r"{% set colours = \g<1>%}{% include '../../../../../etc/hostname' %}")
    result = copy.refused()
    assert "etc/hostname" in result.output and "not found" in result.output


def test_reference_template_error_is_a_lint_error(game_copy) -> None:
    copy = game_copy("heartstrings")
    copy.edit("templates/turn-summary.md.j2", r"^(# .*)$", r"\g<1> {{ rules.no_such_rule }}")
    result = copy.refused()
    assert "turn-summary.md.j2:" in result.output and "no_such_rule" in result.output
