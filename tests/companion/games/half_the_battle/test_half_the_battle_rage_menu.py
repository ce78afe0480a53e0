"""The Rage purchase menu as the shared screen shows it (play audit s27: in two columns its labels
were cut, `9) damage Ann's Dragon d20 (6 Rage a…`, losing the price, and the buyer's own pieces
came first as damage targets)."""

from __future__ import annotations

from htb_table import ANN, BEN, new_game

from companion.cli.requests_shown import menu_lines
from companion.games.half_the_battle.purchases import ask_spend


def spend_menu(engine, seat=ANN, points=12):
    """Ann (or Ben) spends `points` Rage with every piece alive; Ann has turned her Potion of Giant
    Strength face down, Ben holds a Wand of Magic Missiles face up (the longest item names)."""
    state = new_game(engine, ann_items=("giant-strength", "vial-of-poison"),
                     ben_items=("wand-of-magic-missiles", "potion-of-healing"))
    state.players[ANN].items.remove("giant-strength")
    state.players[ANN].spent.append("giant-strength")
    return ask_spend(engine, state, {"seat": seat, "points": points})


def test_no_label_of_the_two_column_menu_is_cut(engine):
    lines = menu_lines(spend_menu(engine), "Ann")
    assert len(lines) == 10 and not any("…" in line for line in lines), "\n".join(lines)
    assert all(len(line) <= 80 for line in lines)


def test_the_prompt_says_the_prices_the_labels_leave_out(engine):
    decision = spend_menu(engine)
    assert decision.prompt == "Ann: spend 12 Rage (flip 12, damage 7 each)"
    assert "face up: Potion of Giant Strength" in [o.label for o in decision.options]


def test_enemy_pieces_come_first_as_damage_targets(engine):
    for seat, enemy in ((ANN, "Ben's"), (BEN, "Ann's")):
        damage = [o.label for o in spend_menu(engine, seat).options if o.id.startswith("damage:")]
        assert [label.startswith(f"damage {enemy}") for label in damage] == [True] * 7 + [False] * 7
