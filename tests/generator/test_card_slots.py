"""`packing.card_slots`: decks follow one another on shared card sheets, and a face-down deck is
kept from touching any other deck's card, at an edge or a corner (print audit)."""

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


def test_a_face_down_deck_is_a_row_and_a_slot_from_the_next():
    # deck 0 ends at slot 3 (row 1, column 0): at row 2, column 1 deck 1 would touch its corner
    # (each card's bleed painting into the other's trim), so it starts at row 2, column 2
    assert card_slots(_decks([True, False]), [4, 2], cols=3, per_sheet=9) == [0, 0, 0, 0] + [None] * 4 + [1, 1]


def test_a_landscape_sheet_of_two_rows_fills_column_by_column_where_that_saves_a_sheet():
    # row by row, deck 0 fills the first row and its second row stays empty: deck 1 needs two
    # more sheets; column by column a column of two empty slots keeps them apart: one more sheet
    slots = card_slots(_decks([True, False]), [4, 10], cols=4, per_sheet=8)
    assert slots == [0, 0, None, 1, 0, 0, None, 1] + [1] * 8
    # as many sheets either way: row by row
    assert card_slots(_decks([True, False]), [4, 8], cols=4, per_sheet=8) == [0] * 4 + [None] * 4 + [1] * 8


def test_a_gap_that_runs_past_the_sheet_starts_the_next_deck_on_the_next_sheet():
    assert card_slots(_decks([False, True]), [7, 1], cols=3, per_sheet=9) == [0] * 7 + [None, None, 1]
    assert card_slots(_decks([False, True]), [9, 1], cols=3, per_sheet=9) == [0] * 9 + [1]  # a new sheet anyway


@given(st.lists(st.tuples(st.integers(1, 14), st.booleans()), min_size=1, max_size=6),
       st.integers(1, 4), st.integers(1, 4))
def test_no_face_down_card_touches_another_decks(decks, cols, rows):
    per_sheet = cols * rows
    slots = card_slots(_decks([flag for _, flag in decks]), [count for count, _ in decks], cols, per_sheet)
    # every card once, deck after deck (down the columns of a sheet filled column by column)
    assert sorted(index for index in slots if index is not None) == [i for i, (count, _) in enumerate(decks) for _ in range(count)]
    for slot, index in enumerate(slots):
        if index is None:
            continue
        sheet, at = divmod(slot, per_sheet)
        row, col = divmod(at, cols)
        for r, c in ((row + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)):  # edges and corners
            near = sheet * per_sheet + r * cols + c
            other = slots[near] if 0 <= r < rows and 0 <= c < cols and near < len(slots) else None
            if other is not None and other != index:
                assert not decks[index][1] and not decks[other][1], (slot, index, other)
