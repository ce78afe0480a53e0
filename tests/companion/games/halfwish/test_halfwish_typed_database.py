"""Every name the Halfwish engine looks up in its database is typed (audit s25, D1c and D2b): a
misspelt effect op, hook, tie-break or action kind is refused by lint at its line, not met by `sim`."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cards.paths import DEFAULT_CARDS
from cards.ruletypes import split_top
from companion.cli import cli
from companion.games.halfwish.effects import OPS
from companion.games.halfwish.hooks import HOOKS
from companion.games.halfwish.profiles import KINDS
from companion.games.halfwish.standing import tiebreak_value
from companion.games.halfwish.state import STATUSES


def lint_with(tmp_path: Path, file: str, old: str, new: str) -> str:
    """`lint halfwish` on a copy of the shipped game with one edit; its output (lint must refuse)."""
    shutil.copytree(DEFAULT_CARDS / "halfwish", tmp_path / "halfwish")
    target = tmp_path / "halfwish" / file
    text = target.read_text()
    assert text.count(old) == 1, old
    target.write_text(text.replace(old, new))
    result = CliRunner().invoke(cli, ["--cards", str(tmp_path), "lint", "halfwish"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "engine:" not in result.output
    return result.output


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("game.yaml", "    - {op: points, who: self, amount: 2}", "    - {op: pointz, who: self, amount: 2}",
     r"game\.yaml:43:\d+: rules\.wish_options\[0\]\.op: 'pointz' is not one of points, heal, mana .*'points'\?"),
    ("game.yaml", "  tiebreaks: [lamps, health, first_blood]", "  tiebreaks: [lamps, healt, first_blood]",
     r"game\.yaml:40:\d+: rules\.tiebreaks\[1\]: 'healt' is not one of lamps, health, first_blood"),
    ("game.yaml", "    strike:       {kind: strike, dv: 0}", "    strike:       {kind: strik, dv: 0}",
     r"game\.yaml:56:\d+: rules\.actions\.strike\.kind: 'strik' is not one of strike, block, evade"),
    ("map.yaml", "{op: heal, who: both, amount: 2}", "{op: heel, who: both, amount: 2}",
     r"map\.yaml:26:\d+: decks\[map\]\.cards\[healing-spring\]\.effects\[0\]\.op: 'heel' is not one of"),
    ("map.yaml", "reward: [{op: lamps, who: bid_winner", "reward: [{op: lampz, who: bid_winner",
     r"map\.yaml:\d+:\d+: decks\[map\]\.cards\[[\w-]+\]\.effects\[0\]\.reward\[0\]\.op: 'lampz' is not"),
    ("powers.yaml", "{op: hook, name: lock_dv, when: play}", "{op: hook, name: lockdv, when: play}",
     r"powers\.yaml:\d+:\d+: decks\[powers\]\.cards\[[\w-]+\]\.effects\[1\]\.name: 'lockdv' is not"),
], ids=["wish-op", "tiebreak", "action-kind", "card-op", "bid-reward-op", "hook-name"])
def test_a_misspelt_name_the_engine_looks_up_is_refused_at_its_line(
        tmp_path: Path, file: str, old: str, new: str, where: str) -> None:
    output = lint_with(tmp_path, file, old, new)
    assert re.search(where, output), output
    assert "game.id" not in output and "upgrade-card.yaml" not in output  # one message, at the mistake


def test_an_upgrade_profile_effect_without_op_is_refused_at_its_line(tmp_path: Path) -> None:
    output = lint_with(tmp_path, "upgrades.yaml", "on_hit: [{op: points, who: self", "on_hit: [{who: self")
    assert re.search(r"upgrades\.yaml:\d+:\d+: decks\[upgrades\]\.cards\[[\w-]+\]\.profile\.on_hit\[0\]: "
                     r"missing required key 'op'", output), output


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("map.yaml", "status: poisoned, amount: 1}]", "status: poisonned, amount: 1}]",
     (r"map\.yaml:90:\d+: decks\[map\]\.cards\[[\w-]+\]\.effects\[0\]\.status: 'poisonned' is not one of "
      r"exposed, .* \(did you mean 'poisoned'\?\) \(with op: status\)")),
    ("powers.yaml", "{op: steal, who: self, resource: hp, amount: 5", "{op: steal, who: self, resource: dv, amount: 5",
     (r"powers\.yaml:94:\d+: decks\[powers\]\.cards\[[\w-]+\]\.effects\[\d\]\.resource: 'dv' is not one of "
      r"points, hp, mana, lamps \(with op: steal\)")),
    ("map.yaml", "resource: hp, value: 15", "resource: mana, value: 15",
     (r"map\.yaml:165:\d+: decks\[map\]\.cards\[[\w-]+\]\.effects\[0\]\.resource: 'mana' is not one of "
      r"hp, points, dv \(with op: set\)")),
    ("upgrades.yaml", "          first_strike: true", "          first_strike: 'false'",
     (r"upgrades\.yaml:33:\d+: decks\[upgrades\]\.cards\[[\w-]+\]\.profile\.first_strike: expected bool, "
      r"got 'false'")),
], ids=["status-name", "steal-resource", "set-resource", "profile-bool"])
def test_a_value_one_op_cannot_use_is_refused_at_its_line(
        tmp_path: Path, file: str, old: str, new: str, where: str) -> None:
    """Audit s26 (1): a misspelt status passed `lint` and was added to the player's statuses, never
    read (the card's Poison did nothing in `sim halfwish --games 20`); a steal of `dv` crashed `sim`
    with KeyError: 'dv' (lint's engine check said so with no file or line); `set` of `mana` passed
    lint and set the points; a profile's `first_strike: 'false'` passed lint and was read as
    bool('false'), so the action struck first."""
    output = lint_with(tmp_path, file, old, new)
    assert re.search(where, output), output


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("upgrades.yaml", "          first_strike: true", "          first_strik: true",
     (r"upgrades\.yaml:33:\d+: decks\[upgrades\]\.cards\[cheap-shot\]\.profile\.first_strik: "
      r"unknown key 'first_strik' \(did you mean 'first_strike'\?\)\n")),
    ("game.yaml", "defend:       {kind: block, dv: 2}", "defend:       {kind: block, dv: 2, unevadble: true}",
     (r"game\.yaml:59:\d+: rules\.actions\.defend\.unevadble: unknown key 'unevadble' "
      r"\(did you mean 'unevadable'\?\)\n")),
], ids=["upgrade-profile", "basic-action-profile"])
def test_a_profile_key_the_engine_does_not_know_is_refused_at_its_line(
        tmp_path: Path, file: str, old: str, new: str, where: str) -> None:
    """Session 26: a misspelt profile key passed lint's typing (a mapping's other keys were free);
    lint's engine check refused it at game.id with DuelError and no line, and `sim` crashed."""
    output = lint_with(tmp_path, file, old, new)
    assert re.search(where, output), output
    assert "game.id" not in output and "DuelError" not in output


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("powers.yaml", "{op: hook, name: bubble, toughness: 5}", "{op: hook, name: bubble, toughness: five}",
     (r"powers\.yaml:116:\d+: decks\[powers\]\.cards\[bubble\]\.effects\[0\]\.toughness: expected int, "
      r"got 'five' \(with op: hook, name: bubble\)\n")),
    ("powers.yaml", "{op: hook, name: scry, dv_gain: 4}", "{op: hook, name: scry, dv_gian: 4}",
     (r"powers\.yaml:77:\d+: decks\[powers\]\.cards\[scry\]\.effects\[0\]\.dv_gian: unknown key "
      r"'dv_gian' \(did you mean 'dv_gain'\?\) \(with op: hook, name: scry\)\n")),
    ("map.yaml", "alignment: odd, amount: 2, passive: true", "alignment: od, amount: 2, pasive: true",
     (r"map\.yaml:59:\d+: decks\[map\]\.cards\[moonlit-glade\]\.effects\[0\]\.alignment: 'od' is not "
      r"one of odd, even \(did you mean 'odd'\?\) \(with op: hook, name: alignment_dv\)\n.*"
      r"map\.yaml:59:\d+: decks\[map\]\.cards\[moonlit-glade\]\.effects\[0\]\.pasive: unknown key 'pasive' "
      r"\(did you mean 'passive'\?\)")),
], ids=["bubble-toughness", "scry-dv-gain", "alignment-dv"])
def test_a_hook_parameter_is_typed_for_its_hook(tmp_path: Path, file: str, old: str, new: str, where: str) -> None:
    """Session 26: Bubble's `toughness: five` passed lint's typing and crashed `sim` with
    ValueError (lint's engine check said so with no file or line); a misspelt `dv_gain` crashed
    with KeyError; `alignment: od` read as even and `pasive: true` as a one-time change, silently."""
    output = lint_with(tmp_path, file, old, new)
    assert re.search(where, output, re.DOTALL), output
    assert "missing required key" not in output


def _choices(type_text: str, key: str) -> list[str]:
    """The names a `key: str in (...)` part of a named type lists (in its common keys or an op's)."""
    flat = "".join(type_text.split())
    found = re.search(rf"[{{,]{key}\??:strin\(([^)]*)\)", flat)
    if not found:
        raise AssertionError(f"no key {key!r} in {type_text!r}")
    return split_top(found.group(1))


def test_the_typed_names_are_the_names_the_engine_knows() -> None:
    """The choices in game.yaml are the engine's registries, so a new op or hook is typed too."""
    game = yaml.safe_load((DEFAULT_CARDS / "halfwish" / "game.yaml").read_text())
    assert _choices(game["types"]["effect"], "op") == list(OPS)
    from cards.ruletypes import choices_of  # session 27: hooks are named per place

    # the widest place (an action's on_reveal) takes every hook; the others fewer (test_halfwish_effect_places)
    assert sorted(choices_of(game["types"]["action_hook"], game["types"])) == sorted(HOOKS)
    assert _choices(game["types"]["action"], "kind") == list(KINDS)
    assert _choices(game["types"]["effect"], "status") == list(STATUSES)
    listed = game["rule_types"]["tiebreaks"].split("(")[1].split(")")[0].replace(" ", "").split(",")
    from companion.games.halfwish.state import HalfwishState, Player
    state = HalfwishState(players=[Player("a"), Player("b")])
    assert all(isinstance(tiebreak_value(state, 0, name), int) for name in listed)


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("map.yaml", "amount: 2, true_damage: true}", "amount: 2, true_damge: true}",
     (r"map\.yaml:185:\d+: decks\[map\]\.cards\[[\w-]+\]\.effects\[0\]\.true_damge: unknown key "
      r"'true_damge' \(did you mean 'true_damage'\?\) \(with op: damage\)\n")),
    ("map.yaml", "{op: bid, resource: points, reward: [{op: lamps", "{op: bid, who: opponent, reward: [{op: lamps",
     (r"map\.yaml:66:\d+: decks\[map\]\.cards\[genie-market\]\.effects\[0\]\.who: unknown key 'who'; "
      r"accepted: op, when, resource, reward \(with op: bid\)\n")),
    ("map.yaml", "resource: hp, value: 15", "resource: hp, amount: 15",
     (r"map\.yaml:165:\d+: decks\[map\]\.cards\[[\w-]+\]\.effects\[0\]\.amount: unknown key 'amount'; "
      r"accepted: op, when, who, resource, value \(with op: set\)\n")),
    ("powers.yaml", "{op: hook, name: bubble, toughness: 5}", "{op: hook, name: bubble, toughness: 5, amount: 2}",
     (r"powers\.yaml:116:\d+: decks\[powers\]\.cards\[bubble\]\.effects\[0\]\.amount: unknown key 'amount'; "
      r"accepted: .*\(with op: hook, name: bubble\)\n")),
], ids=["damage-misspelt", "bid-who", "set-amount", "hook-amount"])
def test_a_key_no_op_reads_is_refused_at_its_line(tmp_path: Path, file: str, old: str, new: str, where: str) -> None:
    """Session 26: an effect's keys other than a hook's were free: `true_damge: true` passed lint
    and `sim halfwish` dealt the card's damage as ordinary damage; a bid's `who`, a set's `amount`
    and Bubble's `amount` (the common `amount?` every op took) were read by nothing, silently."""
    output = lint_with(tmp_path, file, old, new)
    assert re.search(where, output), output


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("upgrades.yaml", "name: downgrade, into: strike,", "name: downgrade, into: strik,",
     (r"upgrades\.yaml:188:\d+: decks\[upgrades\]\.cards\[[\w-]+\]\.effects\[0\]\.into: 'strik' is not one "
      r"of strike, long-strike, heavy-strike, defend, evade \(did you mean 'strike'\?\) "
      r"\(with op: hook, name: downgrade\)\n")),
    ("powers.yaml", "name: refresh_basic_power, power: halfwish}", "name: refresh_basic_power, power: restore}",
     (r"powers\.yaml:105:\d+: decks\[powers\]\.cards\[restore\]\.effects\[2\]\.power: 'restore' is not one "
      r"of halfwish, feint \(with op: hook, name: refresh_basic_power\)\n")),
], ids=["downgrade-into", "refresh-power"])
def test_a_card_a_hook_names_is_one_of_its_deck(tmp_path: Path, file: str, old: str, new: str, where: str) -> None:
    """Session 26: `into: strik` passed lint's typing (a str); lint's smoke games then failed in
    duels.py with KeyError: 'strik' (the engine's line, not the card's). `power: restore` (a power,
    not a basic one) passed lint and `sim halfwish`: Restore refreshed nothing, silently."""
    output = lint_with(tmp_path, file, old, new)
    assert re.search(where, output), output
    assert "duels.py" not in output
