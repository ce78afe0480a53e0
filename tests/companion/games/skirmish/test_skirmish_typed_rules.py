"""Every name and table the Skirmish engine looks up in its rules is typed (audit s25, D2b;
session 27): a misspelt or missing one is refused by lint at its item, not met by a seeded game's
error with no line, by a layout that cannot fill it in, or not at all."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.paths import DEFAULT_CARDS
from companion.cli import cli


def lint_with(tmp_path: Path, old: str, new: str) -> str:
    """`lint skirmish` on a copy whose game.yaml has `old` written `new`: exit 1, its output."""
    shutil.copytree(DEFAULT_CARDS / "skirmish", tmp_path / "skirmish")
    game = tmp_path / "skirmish" / "game.yaml"
    assert game.read_text().count(old) == 1, old
    game.write_text(game.read_text().replace(old, new))
    result = CliRunner().invoke(cli, ["--cards", str(tmp_path), "lint", "skirmish"])
    assert result.exit_code == 1, result.output
    return result.output


def test_a_misspelt_draft_seat_is_refused_at_its_item(tmp_path: Path) -> None:
    output = lint_with(tmp_path, "  draft_order: [O, S, S, O, O, S]", "  draft_order: [O, S, S, O, O, X]")
    assert "game.yaml:16:32: rules.draft_order[5]: 'X' is not one of S, O" in output, output
    assert "engine:" not in output


def test_the_shipped_rules_lint_clean() -> None:
    result = CliRunner().invoke(cli, ["lint", "skirmish"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("old", "new", "where"), [
    ("  hand_limit: 9 ", "  hand_limit: 0 ", r"game\.yaml:19:\d+: rules\.hand_limit: expected int >= 1, got 0\n"),
    ("critical_fraction: [1, 3]", "critical_fraction: [1, 0]",
     r"game\.yaml:28:\d+: rules\.critical_fraction\[1\]: expected at least 1, got 0\n"),
    ("critical_fraction: [1, 3]", "critical_fraction: [1]",
     r"game\.yaml:28:\d+: rules\.critical_fraction: expected list\[int >= 1\] len in 2\.\.2, got \[1\]\n"),
    ("damage_max_tier: gargantuan ", "damage_max_tier: colossal ",
     (r"game\.yaml:30:\d+: rules\.damage_max_tier: 'colossal' is not one of tiny, small, medium, large, huge, "
     r"gargantuan\n")),
    ("huge: Huge, gargantuan: Gargantuan}", "gargantuan: Gargantuan}",
     r"game\.yaml:32:\d+: rules\.tier_names: missing key 'huge' \(the keys must cover rules\.tiers\): add it\n"),
    ("huge: 18, gargantuan: 20}", "gargantuan: 20}",
     r"game\.yaml:33:\d+: rules\.power: missing key 'huge' \(the keys must cover rules\.tiers\): add it\n"),
    ("design_claim: {same_tier_hits: 6, gargantuan_hits: 3}", "design_claim: {same_tier_hits: 6}",
     r"game\.yaml:35:\d+: rules\.design_claim: missing required key 'gargantuan_hits'\n"),
    ("reach: {ranged: 2, melee: 1}", "reach: {ranged: 2, mele: 1}",
     r"game\.yaml:36:\d+: rules\.reach: missing key 'melee' \(the keys must cover \(ranged, melee\)\): add it\n"),
    ("marksman: {name: Marksman, ranged: true,", "marksman: {name: Marksman, range: true,",
     r"game\.yaml:39:\d+: rules\.classes\.marksman: missing required key 'ranged'\n"),
    ("power: large, armor: tiny, icon: target", "power: lage, armor: tiny, icon: target",
     (r"game\.yaml:39:\d+: rules\.classes\.marksman\.power: 'lage' is not one of tiny, small, medium, large, huge, "
     r"gargantuan \(did you mean 'large'\?\)\n")),
    ("classes: [duelist, specialist]}", "classes: [dueist, specialist]}",
     (r"game\.yaml:50:\d+: rules\.factions\.ivory-tower\.classes\[0\]: 'dueist' is not one of marksman, duelist, "
     r"enchanter, vanguard, specialist \(did you mean 'duelist'\?\)\n")),
    ("neutral_factions: [free-companies]", "neutral_factions: [free-company]",
     (r"game\.yaml:54:\d+: rules\.neutral_factions\[0\]: 'free-company' is not one of ivory-tower, fairy-kingdom, "
     r"temple-order, free-companies \(did you mean 'free-companies'\?\)\n")),
    ("    columns: 6", "    columns: 30", r"game\.yaml:62:\d+: rules\.map\.columns: expected at most 26, got 30\n"),
    ("special: {B3: brazier,", "special: {B3: brasier,",
     (r"game\.yaml:65:\d+: rules\.map\.special\.B3: 'brasier' is not one of brazier, frost, shrine, rocks "
     r"\(did you mean 'brazier'\?\)\n")),
    ("brazier: {name: Brazier, apply: {ignite: 1}", "brazier: {name: Brazier, apply: {ignight: 1}",
     r"game\.yaml:67:\d+: rules\.tile_kinds\.brazier\.apply\.ignight: the key 'ignight' is not one of ignite, "),
], ids=["hand-limit", "critical-of-nothing", "critical-one-number", "damage-max-tier", "tier-name",
        "tier-power", "design-claim", "reach", "class-ranged", "class-tier", "faction-class",
        "neutral-faction", "map-columns", "special-tile", "tile-effect"])
def test_a_rules_value_the_engine_looks_up_is_refused_at_its_item(
        tmp_path: Path, old: str, new: str, where: str) -> None:
    """Session 27, on the old code: lint passed critical_fraction [1, 0] (every character, even
    unhurt, was critically wounded: Tiers.is_critical(72, 0)), a faction's misspelt class (printed
    in the rulebook) and a tile's misspelt effect (the Brazier applied nothing that is read).
    hand_limit: 0, a misspelt neutral faction and a design claim without a key were refused only
    by lint's seeded game or at game.id, with no line, and `sim` failed (the neutral faction with a
    traceback). The rest lint refused only where a layout or the rulebook could not fill them in
    (`no rules parameter 'lage'` at rulebook.md.j2:100), and `sim` failed with KeyError, ValueError
    or IndexError."""
    output = lint_with(tmp_path, old, new)
    assert re.search(where, output), output
    assert "engine:" not in output and "cannot use this database" not in output


@pytest.mark.parametrize(("old", "new", "where"), [
    ("talent: {fortify: 1}", "talent: {fortfy: 1}",
     (r"game\.yaml:48:\d+: rules\.classes\.specialist\.talent\.fortfy: the key 'fortfy' is not one of raise_power, "
      r"raise_armor, max_ap, draw, ignite, .*fortify.* \(did you mean 'fortify'\?\)\n")),
    ("talent: {raise_power: 1}", "talent: {raise_powr: 1}",
     r"game\.yaml:40:\d+: rules\.classes\.marksman\.talent\.raise_powr: the key 'raise_powr' is not one of "),
    ("talent: {draw: 2}", "talent: {draw: two}",
     r"game\.yaml:44:\d+: rules\.classes\.enchanter\.talent\.draw: expected int, got 'two'\n"),
], ids=["misspelt-effect", "misspelt-fixed-talent", "not-a-number"])
def test_a_talent_names_what_setup_applies(tmp_path: Path, old: str, new: str, where: str) -> None:
    """A talent's key is a fixed talent (setup.run_talent) or an effect a skill card applies; a
    misspelt `fortfy: 1` passed lint and was applied as an effect nobody reads."""
    output = lint_with(tmp_path, old, new)
    assert re.search(where, output), output


def test_the_talents_lint_accepts_are_those_setup_runs():
    """A class's talent is one `setup.run_talent` handles by name, or an effect it applies to every
    ally: the rule type in game.yaml lists the same names (two places, kept together here)."""
    import yaml

    from companion.games.skirmish.setup import TALENTS

    written = yaml.safe_load((DEFAULT_CARDS / "skirmish" / "game.yaml").read_text())["rule_types"]["classes"]
    listed = re.search(r"talent: dict\[str in \(([^)]*)\)", written)
    assert listed is not None
    assert [name.strip() for name in listed.group(1).split(",")] == [*TALENTS, "decks.effects"]  # the names setup.run_talent runs
