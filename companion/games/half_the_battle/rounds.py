"""Rounds: both players select a piece (initiative player first), then both act; the
initiative token passes; Rage dice for the round's kills arrive and timed markers expire.

Selections stay hidden until both players have chosen, as at the table.
"""

from __future__ import annotations

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_back, push_front, step
from .outcome import count_quiet_round
from .phase import action_choices, move_choices
from .pieces import Rules, label, owned
from .state import HalfTheBattleState, Turn


def start_round(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """A new round: both selections, the reveal, both action phases, the end of the round."""
    state.round += 1
    state.selected = ["", ""]
    first = state.initiative
    order = (first, 1 - first)
    push_back(state, *[step("only-piece" if _only_piece(state, s) else "select", seat=s) for s in order],
              step("reveal"), *[step("phase", seat=s) for s in order], step("end-round"))
    return [Event("round", f"Round {state.round}: {state.players[first].name} has the initiative")]


def _only_piece(state: HalfTheBattleState, seat: int) -> bool:
    """One piece left and no Rage to convert first: nothing to choose, nothing to hide."""
    return len(state.alive(seat)) == 1 and not state.may_convert_rage(seat)


def select_only_piece(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """The selection of a player with one piece left, made for them (play audit: the look-away
    ritual and a one-item secret menu, round after round, chose nothing)."""
    piece = state.alive(item["seat"])[0]
    state.selected[item["seat"]] = piece.id
    return [Event("select", f"{state.players[item['seat']].name} has one piece left: "
                            f"{label(engine, piece)} is selected")]


def ask_select(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """The selection phase, a secret decision (Rage may be converted first): the other player looks
    away and the typed piece is not echoed; ruling secret-selection."""
    seat = item["seat"]
    # each piece keeps the number it had in the first round, while others die (play audit)
    roster = {piece.id: number for number, piece in enumerate((p for p in state.pieces if p.seat == seat), 1)}
    options = [Option(p.id, f"{label(engine, p)} ({p.hp} HP, lane {p.lane})", str(roster[p.id]))
               for p in state.alive(seat)]
    player = state.players[seat]
    if state.may_convert_rage(seat):
        options.append(Option("rage", "convert Rage dice first"))
    return Decision(seat, f"{player.name}: select a piece in secret",
                    tuple(options), kind="select", secret=True)


def answer_select(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Record the selection, unseen until both players have chosen."""
    name = state.players[item["seat"]].name
    if answer == "rage":
        push_front(state, step("convert", seat=item["seat"]), step("select", seat=item["seat"]))
        return []
    state.selected[item["seat"]] = answer
    return [Event("select", f"{name} has selected a piece (hidden until both chose)")]


def reveal(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Both have chosen: both selections are announced together, in one event."""
    shown = [f"{state.players[s].name}: {label(engine, state.piece(state.selected[s]))}"
             for s in (state.initiative, 1 - state.initiative)]
    return [Event("reveal", "Selected: " + "; ".join(shown))]


def begin_phase(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Start an action phase, or miss it when the selected piece was eliminated."""
    seat = item["seat"]
    piece = state.piece(state.selected[seat])
    if not piece.alive or piece.dying:
        state.turn = Turn(seat, "", 0)
        push_front(state, step("turn", seat=seat))
        return [Event("miss", f"{owned(engine, state, piece)} was eliminated: {state.players[seat].name} "
                      "misses the action phase (items and Rage may still be used)")]
    side = engine.catalog.side(piece.card, piece.team)
    state.turn = turn = Turn(seat, piece.id, side.move, allowed=engine.rules["actions_per_phase"])
    push_front(state, step("turn", seat=seat))
    events = [Event("phase", f"{state.players[seat].name}'s action phase: {label(engine, piece)} in lane "
                    f"{piece.lane} on {piece.hp} HP")]
    if not move_choices(engine, state, turn, piece) and not action_choices(engine, state, turn, piece):
        events.append(Event("miss", f"{label(engine, piece)} can neither move nor act: it misses the action "
                            "phase (items and Rage may still be used)"))
    return events


def end_round(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Rage dice arrive, timed markers expire, the stalemate count, the initiative passes."""
    events = []
    for player in state.players:
        if player.pending_dice:
            events.append(Event("rage-gain", f"{player.name} gains Rage dice: {', '.join(player.pending_dice)}"))
            player.rage_dice += player.pending_dice
            player.pending_dice = []
    expired = [m for m in state.markers if m.until <= state.round]
    state.markers = [m for m in state.markers if m.until > state.round]
    events += [Event("expire", f"{m.kind.title()} ({'lane ' + str(m.lane) if m.lane else 'token'}) ends")
               for m in expired]
    events += count_quiet_round(engine, state)
    if state.ending:  # a stalemate ended the game: no next round to take the initiative for (audit s27)
        return events
    state.initiative = 1 - state.initiative
    push_back(state, step("round"))
    return events + [Event("initiative", f"{state.players[state.initiative].name} takes the initiative token")]


STEPS = StepTable(questions={"select": Question(ask_select, answer_select)},
                  automatic={"round": start_round, "only-piece": select_only_piece, "reveal": reveal,
                             "phase": begin_phase, "end-round": end_round})
