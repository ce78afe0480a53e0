"""Preparation, Turns, Cards and Defeat, each test quoting the line it checks."""

from __future__ import annotations

import pytest
from skirmish_table import act, battle, give, options

from companion.engine.steps import step


def new_game(engine, **options):
    return engine.new_game(["Ann", "Ben"], {"factions": ["ivory-tower", "temple-order"], "hidden": False, **options})


def test_draft_order_and_leaders(engine):
    """'The draft order is defined as "O → S → S → O → O → S"' and 'The first character to be placed in
    the field by each player is designated as their team's leader.'"""
    state = new_game(engine)
    engine.apply(state, [2])                     # d2 = 2: Ben starts
    assert state.starter == 1
    seats = []
    while engine.request(state).kind in ("pick", "place"):
        request = engine.request(state)
        if request.kind == "pick":
            seats.append(request.player)
        engine.apply(state, request.options[0].id)
    assert seats == [0, 1, 1, 0, 0, 1]           # O S S O O S with S = Ben (seat 1)
    assert [f.id for f in state.fighters if f.leader] == [state.team_of(0)[0].id, state.team_of(1)[0].id]


def test_no_character_twice_in_a_mirror_match(engine):
    """'No character may be chosen twice in a match.'"""
    state = engine.new_game(["Ann", "Ben"], {"factions": ["fairy-kingdom", "fairy-kingdom"], "hidden": False})
    engine.apply(state, [1])
    engine.apply(state, "kestrel")               # O = Ben picks Kestrel
    engine.apply(state, engine.request(state).options[0].id)
    assert "kestrel" not in [o.id for o in engine.request(state).options]


def test_placement_only_in_your_half(engine):
    """'allocation of the map halves' by the starting player: S owns rows 1-4 (ruling team-and-draft)."""
    state = new_game(engine)
    engine.apply(state, [1])                     # Ann starts: Ben (O) picks first and places in rows 5-8
    engine.apply(state, engine.request(state).options[0].id)
    rows = {int(o.id[1:]) for o in engine.request(state).options}
    assert rows == {5, 6, 7, 8}
    assert "F5" not in [o.id for o in engine.request(state).options]     # Rocks


def _through_draft(engine, state):
    while engine.request(state).kind in ("pick", "place"):
        engine.apply(state, engine.request(state).options[0].id)


def test_opening_hand_of_three_then_one_mulligan_each(engine):
    """'the player will draw three cards from their deck' / 'They may then shuffle any number of cards
    from their hand back into their deck and draw that many cards as replacements.'"""
    state = new_game(engine)
    engine.apply(state, [1])
    _through_draft(engine, state)
    while engine.request(state).kind == "draw":
        engine.apply(state, engine.request(state).options[0])
    assert [s.hand.size for s in state.sides] == [3, 3]
    assert [len(s.unseen) for s in state.sides] == [27, 27]
    request = engine.request(state)
    assert request.kind == "mulligan" and request.player == 0
    engine.apply(state, "0,2")
    assert state.sides[0].hand.size == 1 and state.sides[0].deck_size == 29
    while engine.request(state).kind == "draw":
        engine.apply(state, engine.request(state).options[0])
    assert state.sides[0].hand.size == 3
    assert engine.request(state).kind == "mulligan" and engine.request(state).player == 1


def test_ap_start_at_zero_rise_by_one_refill_and_cap_at_ten(engine):
    """'Each player starts the match with no action points.' / 'A player will have their maximum action
    points increased by one at the beginning of their turns.' / 'fully restored' / 'up to 10'."""
    state = battle(engine, ("sera-quill", 0, "A1"), ("thistle", 1, "F8"), ap=0,
                   decks=(["riposte-lesson"] * 20, ["pollen-gust"] * 20))
    state.sides[0].max_ap = state.sides[0].ap = engine.rules["start_ap"]
    state.turn = 0
    maxima = []
    for _ in range(12):
        state.queue = [step("start_turn", seat=0)]
        engine.resolve(state)
        maxima.append((state.sides[0].max_ap, state.sides[0].ap))
        state.sides[0].ap = 0
    assert maxima[:3] == [(1, 1), (2, 2), (3, 3)]
    assert maxima[-1] == (10, 10) and max(m for m, _ in maxima) == engine.rules["ap_cap"]


def test_turn_numbers_are_shared_per_round(engine):
    """Ruling turn-numbers: S's turn and the O turn after it share a number."""
    state = battle(engine, ("sera-quill", 0, "A1"), ("thistle", 1, "F8"), turn=0,
                   decks=(["riposte-lesson"] * 5, ["pollen-gust"] * 5))
    seen = []
    for seat in (0, 1, 0, 1):
        state.queue = [step("start_turn", seat=seat)]
        engine.resolve(state)
        seen.append(state.turn)
    assert seen == [1, 1, 2, 2]


def test_full_hand_discards_the_leftmost_card(engine):
    """'Drawing a card while having a full hand causes the leftmost card in the hand to be discarded.'"""
    state = battle(engine, ("sera-quill", 0, "A1"), ("thistle", 1, "F8"), decks=(["last-word"], []))
    give(state, 0, "riposte-lesson", *["marginal-cut"] * 8)
    state.queue = [step("draw", seat=0, count=1)]
    engine.resolve(state)
    engine.apply(state, "last-word")
    hand = state.sides[0].hand.cards
    assert len(hand) == engine.rules["hand_limit"] == 9
    assert hand[0] == "marginal-cut" and hand[-1] == "last-word"
    assert state.sides[0].discard == ["riposte-lesson"]


def test_drawing_from_an_empty_deck_loses(engine):
    """'A player will lose the match upon trying to draw from an empty deck.'"""
    state = battle(engine, ("sera-quill", 0, "A1"), ("thistle", 1, "F8"))
    state.queue = [step("draw", seat=1, count=1)]
    engine.resolve(state)
    outcome = engine.outcome(state)
    assert outcome.termination == "deck-out" and outcome.winner == 0


def test_forfeit_at_the_action_prompt(engine):
    """'A player can also choose to forfeit the match at any time.'"""
    state = battle(engine, ("sera-quill", 0, "A1"), ("thistle", 1, "F8"))
    act(engine, state, "forfeit")
    # play audit: the match ended at once on a stale menu number; the player is asked again
    confirm = engine.request(state)
    assert (confirm.kind, confirm.option_ids(), confirm.default) == ("confirm", ["no", "yes"], "no")
    assert engine.outcome(state) is None
    engine.apply(state, "no")
    assert engine.request(state).kind == "act" and engine.outcome(state) is None
    act(engine, state, "forfeit", "yes")
    assert engine.outcome(state).winner == 1 and engine.outcome(state).termination == "forfeit"


def test_unused_action_points_do_not_carry_over(engine):
    """'Unused action points will not carry over to the next turn.'"""
    state = battle(engine, ("sera-quill", 0, "A1"), ("thistle", 1, "F8"), ap=3,
                   decks=(["riposte-lesson"] * 3, ["pollen-gust"] * 3))
    state.queue = [step("start_turn", seat=0)]
    engine.resolve(state)
    assert state.sides[0].ap == 4 == state.sides[0].max_ap
    act(engine, state, "end")  # play audit: the unused 4 stayed on the tally through the other turn
    assert state.sides[0].ap == 0 and "AP 0/4" in " ".join(engine.tally(state))


def test_talents(engine):
    """'Raise the power of all allies.' / 'Gain an action point.' / 'Draw two cards.' / 'Raise the armor of
    all allies.'; the Specialist's is authored (ruling specialist-class). Each leader below is alone
    on its side: "all allies" takes the leader itself (ruling talents-include-the-leader)."""
    cases = {"kestrel": lambda s, f: f.power == engine.tiers.index("huge"),
             "brother-calder": lambda s, f: f.armor == engine.tiers.index("huge"),
             "magister-orrin": lambda s, f: f.effects == {"fortify": 1}}
    for leader, check in cases.items():
        state = battle(engine, (leader, 0, "C2"), ("thistle", 1, "F8"), ap=0)
        state.queue = [step("talent", seat=0)]
        engine.resolve(state)
        assert check(state, state.fighter(leader)), leader
    state = battle(engine, ("sera-quill", 0, "C2"), ("thistle", 1, "F8"), ap=0)
    state.queue = [step("talent", seat=0)]
    engine.resolve(state)
    assert state.sides[0].max_ap == 1
    state = battle(engine, ("thistle", 0, "C2"), ("kestrel", 1, "F8"), decks=(["pollen-gust"] * 5, []))
    state.queue = [step("talent", seat=0)]
    engine.resolve(state)
    engine.apply(state, "pollen-gust")
    engine.apply(state, "pollen-gust")
    assert state.sides[0].hand.size == 2


def test_special_tile_applies_its_effect_on_a_walk(engine):
    """'Effects may also be applied by the map itself under special circumstances.' (ruling special-tiles)"""
    state = battle(engine, ("sera-quill", 0, "B1"), ("thistle", 1, "F8"))
    act(engine, state, "walk:sera-quill", "B3")
    assert state.fighter("sera-quill").effects == {"ignite": 1}
    assert "end" in options(engine, state)


def test_table_mode_counts_draws_and_names_the_leftmost_card_when_discarded(engine):
    """At the table hands are secret: a draw is counted, and the leftmost card of a full hand is named
    by the player when it is discarded (ruling leftmost-card)."""
    state = battle(engine, ("sera-quill", 0, "A1"), ("thistle", 1, "F8"),
                   decks=(engine.pool("sera-quill"), []))
    state.hidden = True
    state.sides[0].hand.hidden = 9
    state.queue = [step("draw", seat=0, count=1)]
    engine.resolve(state)
    request = engine.request(state)
    assert request.kind == "discard" and set(request.option_ids()) == set(engine.pool("sera-quill"))
    engine.apply(state, "last-word")
    side = state.sides[0]
    assert side.discard == ["last-word"] and side.hand.size == 9 and side.deck_size == 0


@pytest.mark.parametrize("held, deck, said", [
    (3, 10, ["Ann draws 2 cards (5 in hand, 8 in deck)"]),
    (8, 10, ["Ann draws a card (9 in hand, 9 in deck)"]),       # then the full hand discards first
    (3, 1, ["Ann draws a card (4 in hand, 0 in deck)", "Ann must draw from an empty deck and loses"]),
], ids=["room-for-both", "room-for-one", "one-left-in-deck"])
def test_table_mode_draws_at_once_what_needs_no_discard(engine, held, deck, said):
    """Session 27: a leader's "Draw two cards" said each card on a line of its own (a first turn's
    screen took 32 lines); the cards the hand takes and the deck has are one line, the next draw
    still sees to a full hand (it discards first) or an empty deck (it loses)."""
    state = battle(engine, ("sera-quill", 0, "A1"), ("thistle", 1, "F8"),
                   decks=((engine.pool("sera-quill") * 3)[:held + deck], []))
    state.hidden = True
    state.sides[0].hand.hidden = held
    state.queue = [step("draw", seat=0, count=2)]
    assert [event.text for event in engine.resolve(state)] == said
    following = engine.request(state)
    assert (following is not None and following.kind == "discard") == (held == 8)


def test_table_mode_mulligan_asks_how_many(engine):
    state = battle(engine, ("sera-quill", 0, "A1"), ("thistle", 1, "F8"), decks=(engine.pool("sera-quill"), []))
    state.hidden = True
    state.queue = [step("draw", seat=0, count=3), step("mulligan", seat=0)]
    engine.resolve(state)
    assert options(engine, state) == ["keep", "1", "2", "3"]
    engine.apply(state, "2")
    assert state.sides[0].hand.size == 3 and state.sides[0].deck_size == 7


def test_hints_remind_the_gamemaster_of_doubling_and_ignite(engine):
    state = battle(engine, ("sera-quill", 0, "A1"), ("thistle", 1, "F8"), ("kestrel", 1, "F7"), turn=2)
    state.fighter("thistle").fainted, state.fighter("thistle").tile = True, None
    state.fighter("sera-quill").effects["ignite"] = 2
    state.queue = [step("act", seat=0)]
    hints = engine.hint(state, engine.request(state))
    assert hints == ["Turn 2 is even: Resonance skills act twice.",
                     "The opposing leader has fainted: Bounty skills act twice.",
                     "Ignite at the end of this turn: Sera Quill (8)."]
    state.fighter("sera-quill").effects["fortify"] = 1  # play audit: the hint said 4 where Fortify made it 1
    assert engine.hint(state, engine.request(state))[-1] == \
        f"Ignite at the end of this turn: Sera Quill ({engine.rules['damage_min']})."
