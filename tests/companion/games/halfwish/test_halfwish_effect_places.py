"""What an effect may say depends on where it is (session 27): a wish is offered by its op and
amount at the end of a turn, and only a card's own effects say `when` they happen, each deck at
its own moments. Lint refuses the rest at its line, instead of `sim`/`play` crashing or an effect
never happening."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import cli
from tests.companion.games.halfwish.test_halfwish_typed_database import lint_with

WISH = "    - {op: mana, who: self, amount: 1}"
READ_IN = "nothing reads it here, only the effects of decks map, basic-powers, powers, upgrades"


def test_the_shipped_database_lints_clean() -> None:
    result = CliRunner().invoke(cli, ["lint", "halfwish"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("halfwish: ok")


@pytest.mark.parametrize(("new", "where"), [
    ("    - {op: reroll_dv}",
     (r"game\.yaml:45:\d+: rules\.wish_options\[2\]: missing required key 'amount'\n(.*\n)*"
     r".*game\.yaml:45:\d+: rules\.wish_options\[2\]\.op: 'reroll_dv' is not one of points, heal, mana\n")),
    ("    - {op: mana, who: self}", r"game\.yaml:45:\d+: rules\.wish_options\[2\]: missing required key 'amount'\n"),
    ("    - {op: draw, who: self, amount: 2}",
     r"game\.yaml:45:\d+: rules\.wish_options\[2\]\.op: 'draw' is not one of points, heal, mana\n"),
], ids=["reroll-without-amount", "mana-without-amount", "draw"])
def test_a_wish_is_an_op_and_amount_the_wish_prompt_names(tmp_path: Path, new: str, where: str) -> None:
    """`{op: reroll_dv}` as a wish passed lint, and every game that reached a wish failed in
    flow._wish_label with KeyError: 'amount' (lint's smoke game said so at flow.py, not at the
    option); a DV, a reroll or a strike bonus claimed at the end of the turn would end with it."""
    output = lint_with(tmp_path, "game.yaml", WISH, new)
    assert re.search(where, output), output


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("map.yaml", "reward: [{op: lamps, who: bid_winner, amount: 1}]",
     "reward: [{op: lamps, who: bid_winner, amount: 1, when: duel_end}]",
     (r"map\.yaml:66:\d+: decks\[map\]\.cards\[genie-market\]\.effects\[0\]\.reward\[0\]\.when: unknown key "
     rf"'when': {READ_IN}; accepted: op, who, amount \(with op: lamps\)\n")),
    ("upgrades.yaml", "on_hit: [{op: points, who: self, amount: 1}]",
     "on_hit: [{op: points, who: self, amount: 1, when: win}]",
     (r"upgrades\.yaml:34:\d+: decks\[upgrades\]\.cards\[cheap-shot\]\.profile\.on_hit\[0\]\.when: unknown key "
     rf"'when': {READ_IN}; accepted: op, who, amount \(with op: points\)\n")),
    ("game.yaml", "status: exposed, amount: 2}]}", "status: exposed, amount: 2, when: reveal}]}",
     (r"game\.yaml:58:\d+: rules\.actions\.heavy-strike\.on_reveal\[0\]\.when: unknown key "
     rf"'when': {READ_IN}; accepted: op, who, status, amount \(with op: status\)\n")),
    ("game.yaml", WISH, "    - {op: mana, who: self, amount: 1, when: win}",
     (rf"game\.yaml:45:\d+: rules\.wish_options\[2\]\.when: unknown key 'when': {READ_IN}; accepted: op, who, "
     r"amount\n")),
], ids=["bid-reward", "upgrade-on-hit", "action-on-reveal", "wish"])
def test_when_is_refused_where_nothing_reads_it(tmp_path: Path, file: str, old: str, new: str, where: str) -> None:
    """A bid's reward, an action's on_reveal/on_hit/on_win and a wish run when they are reached:
    their `when` was accepted and ignored, so a designer believed it applied."""
    output = lint_with(tmp_path, file, old, new)
    assert re.search(where, output), output


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("map.yaml", "[{op: lamps, who: winner, amount: 1, when: duel_end}]",
     "[{op: lamps, who: winner, amount: 1, when: round_end}]",
     (r"map\.yaml:138:\d+: decks\[map\]\.cards\[golden-lamp\]\.effects\[0\]\.when: 'round_end' is not one of "
     r"reveal, scout, showdown, parley, duel_end, win, lose \(with op: lamps\)\n")),
    ("map.yaml", "[{op: lamps, who: winner, amount: 1, when: duel_end}]",
     "[{op: lamps, who: winner, amount: 1, when: play}]",
     r"map\.yaml:138:\d+: decks\[map\]\.cards\[golden-lamp\]\.effects\[0\]\.when: 'play' is not one of "),
    ("powers.yaml", "{op: hook, name: swap_actions, who: opponent, when: showdown}",
     "{op: hook, name: swap_actions, who: opponent, when: reveal}",
     (r"powers\.yaml:157:\d+: decks\[powers\]\.cards\[earthquake\]\.effects\[1\]\.when: 'reveal' is not one of play, "
     r"preparation, showdown, duel_end, win, win_or_tie, concede \(with op: hook, name: swap_actions\)\n")),
    ("upgrades.yaml", "{op: hook, name: downgrade, into: strike, when: duel_end}",
     "{op: hook, name: downgrade, into: strike}",
     (r"upgrades\.yaml:188:\d+: decks\[upgrades\]\.cards\[cursed-blade\]\.effects\[0\]: missing required key "
     r"'when' \(with op: hook, name: downgrade\)\n")),
], ids=["location-round-end", "location-play", "power-reveal", "upgrade-without-when"])
def test_a_card_effect_says_a_moment_its_deck_reads(tmp_path: Path, file: str, old: str, new: str,
                                                    where: str) -> None:
    """Each deck's effects run at the moments the engine queues them for (triggers.effects_at):
    a location's `when: round_end` or `when: play` passed lint and never happened in 100 seeded
    games (Golden Lamp gave no lamp); Cursed Blade's downgrade without `when: duel_end` (an
    upgrade's default, `reveal`, is read by nothing) passed lint and never happened either."""
    output = lint_with(tmp_path, file, old, new)
    assert re.search(where, output), output


SLOT_HOOK = "alignment_strike, even: 2, odd: -2"
UPGRADES_ONLY = "rules.actions.*, the profile of deck upgrades, the effects of deck upgrades"


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("powers.yaml", "{op: hook, name: feint}", f"{{op: hook, name: {SLOT_HOOK}}}",
     (r"powers\.yaml:37:\d+: decks\[basic-powers\]\.cards\[feint\]\.effects\[0\]\.name: 'alignment_strike' is not one"
      rf" of .*swap_actions \(did you mean 'alignment_dv'\?\); it may be used only in {re.escape(UPGRADES_ONLY)} ")),
    ("upgrades.yaml", "on_hit: [{op: points, who: self, amount: 1}]", "on_hit: [{op: hook, name: first_blood_bonus, amount: 1}]",
     (r"upgrades\.yaml:34:\d+: decks\[upgrades\]\.cards\[cheap-shot\]\.profile\.on_hit\[0\]\.name: "
                     r"'first_blood_bonus' is not one of .*, downgrade; it may be used only in rules\.actions\.\*, ")),
    ("map.yaml", "{op: hook, name: set_dv_to_halfwish, who: both}", "{op: hook, name: lock_dv}",
     (r"map\.yaml:77:\d+: decks\[map\]\.cards\[still-waters\]\.effects\[0\]\.name: 'lock_dv' is not one of .*; "
      r"it may be used only in rules\.actions\.\*, the effects of decks basic-powers, powers, upgrades, the profile "
      r"of deck upgrades ")),
    ("powers.yaml", "{op: hook, name: feint}", "{op: hook, name: downgrade, into: strike}",
     r"powers\.yaml:37:\d+: decks\[basic-powers\]\.cards\[feint\]\.effects\[0\]\.name: 'downgrade' is not one of "),
], ids=["slot-hook-on-a-power", "slot-hook-on-hit", "duel-hook-on-a-location", "downgrade-on-a-power"])
def test_a_hook_is_refused_where_what_it_reads_is_not_given(tmp_path: Path, file: str, old: str, new: str,
                                                            where: str) -> None:
    """`alignment_strike` on a power passed lint and crashed the table with KeyError: 'slot' (only an
    action's on_reveal and an upgrade's effects give a slot); `lock_dv` on a location crashed a scout
    or a parley (no duel under way); `downgrade` on a power downgraded nothing. Lint says where each
    may be used."""
    output = lint_with(tmp_path, file, old, new)
    assert re.search(where, output), output


def test_the_duel_calculator_lists_the_moments_play_applies_a_power_at_after_the_duel() -> None:
    """The calculator listed `round_end` and `lose` for powers, which play never applies (and lint
    refuses): its moments are play's (`duels.POWER_AFTER_DUEL`), and those the power type accepts."""
    import yaml

    from cards.paths import DEFAULT_CARDS
    from companion.games.halfwish.calculators import AFTER_DUEL

    types = yaml.safe_load((DEFAULT_CARDS / "halfwish" / "game.yaml").read_text())["types"]
    accepted = re.search(r"when\?: str in \(([^)]*)\)", types["power_effect"]).group(1).split(", ")  # type: ignore[union-attr]
    assert sorted(AFTER_DUEL) == sorted(set(accepted) - {"play", "preparation", "showdown"})
