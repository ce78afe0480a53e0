"""Every card of the Halfwish database is executed by the engine (no card is text-only)."""

from __future__ import annotations

from typing import Any

import pytest
from halfwish_table import Table, commit_and_reveal, duel_table, engine, resolve, showdown

from companion.games.halfwish.effects import OPS
from companion.games.halfwish.hooks import HOOKS

KNOWN_WHENS = {"reveal", "showdown", "duel_end", "win", "lose", "hit", "play", "round_end", "parley",
               "scout", "win_or_tie", "concede", "preparation"}


def all_effects() -> list[tuple[str, dict[str, Any]]]:
    """(card id, effect) for every effect a card or a profile carries, bid rewards included."""
    found = []
    for card_id, info in engine().catalog.cards.items():
        nested = list(info.effects)
        for key in ("on_reveal", "on_hit", "on_win"):
            nested += list((info.get("profile") or {}).get(key) or [])
        for effect in nested:
            found += [(card_id, effect)] + [(card_id, r) for r in effect.get("reward") or []]
    return found


def ids_of(deck: str) -> list[str]:
    return engine().catalog.ids(deck)


def test_every_effect_op_and_hook_is_implemented():
    missing = [(card, e) for card, e in all_effects()
               if e["op"] not in OPS or (e["op"] == "hook" and e["name"] not in HOOKS)]
    assert missing == []


def test_every_effect_timing_is_one_the_engine_runs():
    assert [(c, e) for c, e in all_effects() if e.get("when", "reveal") not in KNOWN_WHENS] == []


@pytest.mark.parametrize("deck", ["map", "powers", "basic-powers"])
def test_every_location_and_power_has_effects(deck):
    assert [c for c in ids_of(deck) if not engine().catalog.card(c).effects] == []


def test_every_upgrade_has_a_profile():
    assert [u for u in ids_of("upgrades") if not engine().catalog.card(u).get("profile")] == []


@pytest.mark.parametrize("location", ids_of("map"))
def test_every_location_resolves_when_scouted_and_in_a_duel(location):
    scouted = Table().to_turn(1, 1)
    scouted.answer("scout")
    scouted.until("respond").answer("accept")
    scouted.answer(location)
    scouted.to_turn(1, 2)
    assert scouted.state.map_slots[0] == location
    dueled = duel_table(["strike"], ["defend"], 9, 4)
    commit_and_reveal(dueled, ["strike"], ["defend"], location=location)
    dueled.until("encounter")
    assert dueled.state.map_slots[0] == location


@pytest.mark.parametrize("upgrade", ids_of("upgrades"))
def test_every_upgrade_fights_a_duel(upgrade):
    table = showdown([upgrade], ["strike"], 9, 6)
    resolve(table)
    table.until("encounter")
    assert upgrade in table.player(0).discard or "strike" in table.player(0).discard


@pytest.mark.parametrize("power", ids_of("powers"))
def test_every_power_can_be_played_in_a_duel(power):
    table = duel_table(["strike"], ["strike"], 5, 9, powers=[[power, "roar", "ignite"]] * 2)
    table.player(0).discard = ["evade"]
    assert power in table.request.option_ids()
    table.answer(power)
    table.until("encounter", challenge="proceed", avarice="steal", scry="duel", recover_card="evade")
    assert power in table.player(0).spent_powers


def test_poison_swamp_poisons_the_revealer():
    """Map card Poison Swamp: "The revealer is Poisoned." (the scout reveals)"""
    table = Table().to_turn(1, 1)
    table.answer("scout")
    table.until("respond").answer("accept")
    table.answer("poison-swamp")
    assert table.player(0).has_status("poisoned") and not table.player(1).has_status("poisoned")


def test_poisoned_twice_deals_damage_at_once():
    """Seed: "If already poisoned, they take 1 damage immediately instead." """
    table = Table().to_turn(1, 1)
    table.player(0).statuses["poisoned"] = 1
    table.answer("scout")
    table.until("respond").answer("accept")
    events = table.answer("poison-swamp")
    damage = table.rules.poison_damage
    assert f"Ann takes {damage} damage from Poison Swamp (already Poisoned): health " \
           f"{table.rules.health - damage}" in [e.text for e in events]


def test_wandering_merchant_bid_winner_pays_and_gains_an_upgrade():
    """Seed: "Bid: Both players bid any amount of points they can afford in secret. The higher
    number wins the bid and pays with the points they bid." """
    table = Table().to_turn(1, 1)
    table.player(0).points, table.player(1).points = 3, 2
    table.answer("scout")
    table.until("respond").answer("accept")
    table.answer("wandering-merchant")
    table.answer("2")
    table.answer("1")
    assert table.player(0).points == 1 and table.player(0).extra_upgrades == 1
    assert table.player(1).points == 2


def test_oracle_pool_rerolls_until_higher():
    """Seed: "Lower/Higher (DV): Reroll until a lower/higher DV from the current roll." """
    table = Table().to_turn(1, 1)
    table.answer("scout")
    table.until("respond").answer("accept")
    table.answer("oracle-pool")
    table.roll(5)
    assert table.next_step == "reroll", "7 rerolled to 5 is not higher: roll again"
    table.roll(9)
    assert table.player(0).roll == 9


def test_cursed_blade_is_downgraded_after_the_duel():
    """Seed: "Downgrade: Cards that are downgraded are permanently transformed for the rest of the game." """
    table = duel_table(["cursed-blade"], ["strike"], 8, 6)
    table.player(0).deck[0] = "cursed-blade"
    commit_and_reveal(table, ["cursed-blade"], ["strike"])
    resolve(table.until("power"))
    table.until("encounter")
    assert "cursed-blade" not in table.player(0).deck and len(table.player(0).deck) == table.rules.deck_size


def test_toll_bridge_payment_is_not_damage():
    """Seed: "Paying HP/points is not considered as taking damage/point loss with regards to scoring." """
    table = duel_table(["defend"], ["defend"], 7, 7)
    commit_and_reveal(table, ["defend"], ["defend"], location="toll-bridge")
    resolve(table.until("power"))
    assert [p.points for p in table.state.players] == [0, 1]
    assert [p.health for p in table.state.players] == [table.rules.health - 2] * 2


def test_null_zone_stops_powers_for_the_rest_of_the_turn_only():
    """Map card Null Zone: "No powers can be played for the rest of this turn." """
    table = duel_table(["strike"], ["strike"], 7, 7)
    commit_and_reveal(table, ["strike"], ["strike"], location="null-zone")
    table.until("power")
    assert table.request.option_ids() == ["pass"]
    resolve(table)
    table.to_turn(1, 2)
    assert not table.player(0).has_status("no_powers")


def test_every_ruling_the_engine_names_is_in_the_database():
    """Code and tests cite rulings by id; each must exist so the rulebook prints it."""
    import re
    from pathlib import Path

    import companion.games.halfwish as package

    cited = set()
    for folder in (Path(package.__file__).parent, Path(__file__).parent):
        for source in folder.glob("*.py"):
            cited |= set(re.findall(r"[Rr]uling\s+([a-z0-9]+(?:-[a-z0-9]+)+)", source.read_text()))
    known = {r.id for r in engine().db.rulings}
    assert cited and cited <= known, cited - known


def test_a_bid_is_paid_in_the_resource_its_effect_names():
    """Session 26: a bid's `resource:` was read by nothing (every bid was paid in points); a bid
    in `hp` now asks for and takes health (never down to 0, as any payment)."""
    table = Table().to_turn(1, 1)
    table.player(0).points, table.player(1).points = 3, 2
    table.answer("scout")
    table.until("respond").answer("accept")
    table.answer("wandering-merchant")
    table.state.queue[0]["effect"] = {**table.state.queue[0]["effect"], "resource": "hp"}
    health = table.player(0).health
    assert [o.id for o in table.request.options][-1] == str(health - 1)  # type: ignore[union-attr]
    table.answer("5")
    table.answer("1")
    assert table.player(0).health == health - 5 and table.player(0).points == 3
    assert table.player(0).extra_upgrades == 1
