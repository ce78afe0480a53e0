"""`packing.card_slots`: decks follow one another on shared card sheets, and a face-down deck is
kept from sharing an edge with any other deck's card (print audit)."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from generator.packing import card_slots


def _decks(flags: list[bool]) -> list[SimpleNamespace]:
    return [SimpleNamespace(id=f"deck-{i}", face_down=flag, back=SimpleNamespace(like=None)) for i, flag in enumerate(flags)]


def test_a_deck_printing_the_others_back_follows_it_with_no_gap():
    """Upgrades print the Basic Actions' back (`back: {like: actions}`): side by side, nothing
    tells them apart, so no row of empty slots between them."""
    actions, upgrades = _decks([True, True])
    upgrades.back.like = actions.id
    assert card_slots([actions, upgrades], [4, 2], cols=3, per_sheet=9) == [0, 0, 0, 0, 1, 1]


def test_open_decks_follow_one_another_slot_after_slot():
    assert card_slots(_decks([False, False]), [4, 3], cols=3, per_sheet=9) == [0, 0, 0, 0, 1, 1, 1]


def test_a_face_down_deck_is_a_row_of_slots_from_the_next():
    # deck 0 ends at slot 3 (row 1, column 0): deck 1 starts 3 slots on, at row 2, column 1
    assert card_slots(_decks([True, False]), [4, 2], cols=3, per_sheet=9) == [0, 0, 0, 0, None, None, None, 1, 1]


def test_a_gap_that_runs_past_the_sheet_starts_the_next_deck_on_the_next_sheet():
    assert card_slots(_decks([False, True]), [7, 1], cols=3, per_sheet=9) == [0] * 7 + [None, None, 1]
    assert card_slots(_decks([False, True]), [9, 1], cols=3, per_sheet=9) == [0] * 9 + [1]  # a new sheet anyway


@given(st.lists(st.tuples(st.integers(1, 14), st.booleans()), min_size=1, max_size=6),
       st.integers(1, 4), st.integers(1, 4))
def test_no_face_down_card_shares_an_edge_with_another_decks(decks, cols, rows):
    per_sheet = cols * rows
    slots = card_slots(_decks([flag for _, flag in decks]), [count for count, _ in decks], cols, per_sheet)
    # every card once, deck after deck, in order
    assert [index for index in slots if index is not None] == [i for i, (count, _) in enumerate(decks) for _ in range(count)]
    for slot, index in enumerate(slots):
        if index is None:
            continue
        sheet, at = divmod(slot, per_sheet)
        row, col = divmod(at, cols)
        for near in ([at + 1] if col + 1 < cols else []) + ([at + cols] if row + 1 < rows else []):
            other = slots[sheet * per_sheet + near] if sheet * per_sheet + near < len(slots) else None
            if other is not None and other != index:
                assert not decks[index][1] and not decks[other][1], (slot, index, other)
