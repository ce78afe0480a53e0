"""The action phase: move (before or after the action), act, use items, spend Rage, end the turn;
then the end of the turn: Martyr, the Amulet of Life, deaths, and the check for a winner.

"Use your chosen piece to move and then take an action, or take an action then optionally move."
"If you cannot move and cannot take an action with your selected piece, you miss the action phase."
"""

from __future__ import annotations

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .items import turn_items
from .outcome import decide
from .pieces import Rules, label, moves, owned, side_of, usable_actions
from .state import HalfTheBattleState, Piece, Turn


def action_choices(engine: Rules, state: HalfTheBattleState, turn: Turn, piece: Piece) -> list[Option]:
    """The actions still open this phase: any usable one while actions remain, or a repeat of an
    action that may be used more than once; none once the piece moved after acting (ruling
    move-once: it moves before or after its actions, not between two of them)."""
    if turn.moved_after_acting:
        return []
    found = []
    fresh = turn.acted < turn.allowed
    for index, action in usable_actions(engine, state, piece, {} if fresh else turn.uses):
        if fresh or 0 < turn.uses.get(action.name, 0) < action.uses:
            found.append(Option(f"act:{index}", f"{action.name} ({action.hp.text})"))
    return found


def move_choices(engine: Rules, state: HalfTheBattleState, turn: Turn, piece: Piece) -> list[Option]:
    """The lanes the selected piece may still move to this phase."""
    if turn.moved and not side_of(engine, piece).split_move:
        return []
    return [Option(f"move:{lane}", f"move to lane {lane}") for lane in moves(engine, state, piece, turn.move_left)]


def menu(engine: Rules, state: HalfTheBattleState, seat: int) -> list[Option]:
    """Everything the player may do now in their action phase."""
    turn = state.turn
    assert turn is not None
    options: list[Option] = []
    if turn.piece:
        piece = state.piece(turn.piece)
        if piece.alive:
            # a piece marked to die at the end of the turn is on the board until then: after its
            # action it may still make its move (seed: "take an action then optionally move"; play
            # audit), but takes no more actions (ruling dying-piece-moves)
            acts = action_choices(engine, state, turn, piece)  # none for a dying piece (`usable_actions`)
            moves_now = move_choices(engine, state, turn, piece)
            if turn.acted and acts:  # a move now ends its actions (ruling move-once): said on the menu
                moves_now = [Option(o.id, f"{o.label} (then no more actions)") for o in moves_now]
            options += moves_now + acts
    options += [Option(f"item:{i}", f"use {engine.catalog.items[i].name}") for i in turn_items(engine, state, seat)]
    if state.may_convert_rage(seat):
        options.append(Option("rage", "convert Rage dice"))
    return options + [Option("end", "end the action phase")]


def ask_turn(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """The action-phase menu: move, act, items, Rage, or end."""
    seat = item["seat"]
    turn = state.turn
    assert turn is not None
    what = label(engine, state.piece(turn.piece)) if turn.piece else "no piece"
    options = tuple(menu(engine, state, seat))
    # Once the piece can no longer act, Enter ends the phase: a move left after its action is
    # optional (play audit: Enter was refused after nearly every action of a game), and items and
    # Rage stay on the menu. Before it acts, there is no obvious answer.
    done = not any(option.id.startswith("act:") for option in options) and (
        turn.acted > 0 or not any(option.id.startswith("move:") for option in options))
    return Decision(seat, f"{state.players[seat].name}, {what}: what now?", options, kind="turn",
                    default="end" if done else None)


def answer_turn(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Do what was chosen, then come back to the menu (unless the phase ends)."""
    seat = item["seat"]
    turn = state.turn
    assert turn is not None
    verb, _, arg = answer.partition(":")
    if verb == "end":
        push_front(state, step("end-phase"))
        return []
    push_front(state, step("turn", seat=seat))
    if verb == "move":
        return move_piece(engine, state, turn, int(arg))
    if verb == "act":
        push_front(state, step("declare", seat=seat, action=int(arg)))
        return []
    if verb == "item":
        push_front(state, step("use-item", seat=seat, item=arg))
        return []
    push_front(state, step("convert", seat=seat))
    return []


def move_piece(engine: Rules, state: HalfTheBattleState, turn: Turn, lane: int) -> list[Event]:
    """Move the selected piece, spending its movement."""
    piece = state.piece(turn.piece)
    start = piece.lane
    piece.lane = lane
    turn.moved = True
    turn.moved_after_acting = turn.acted > 0
    turn.move_left = turn.move_left - abs(lane - start) if side_of(engine, piece).split_move else 0
    return [Event("move", f"{owned(engine, state, piece)} moves from lane {start} to lane {lane}")]


def end_phase(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Martyr's end-of-turn HP, then a chance to save each dying piece, then the deaths."""
    events = []
    for piece in state.alive():
        if piece.set_hp:
            piece.hp = min(piece.set_hp, side_of(engine, piece).max_hp)
            piece.set_hp = 0
            if not piece.fatal:
                piece.dying, piece.credit = False, -1
            events.append(Event("martyr", f"{owned(engine, state, piece)} is set to {piece.hp} HP"))
    saves = [step("save", piece=p.id) for p in state.alive() if p.dying and not p.fatal
             and "amulet-of-life" in state.players[p.seat].items]
    push_front(state, *saves, step("bury"))
    return events


def ask_save(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """Offer the Amulet of Life for a piece about to die."""
    piece = state.piece(item["piece"])
    return Decision(piece.seat, f"{owned(engine, state, piece)} is about to die: use the Amulet of Life?",
                    (Option("no", "let it die"), Option("amulet-of-life", "use the Amulet of Life")), kind="save")


def answer_save(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Use the Amulet: the piece stays on the HP floor instead of dying."""
    piece = state.piece(item["piece"])
    player = state.players[piece.seat]
    if answer == "no" or answer not in player.items:
        return []
    player.items.remove(answer)
    player.spent.append(answer)
    piece.hp, piece.dying, piece.credit = engine.rules["lethal_hp_floor"], False, -1
    return [Event("item", f"{player.name} uses the Amulet of Life: {label(engine, piece)} stays on {piece.hp} HP")]


def bury(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Remove every dying piece, record Rage dice for kills, check for a winner."""
    events = []
    for piece in state.alive():
        if not piece.dying:
            continue
        piece.alive, piece.dying = False, False
        # its tokens, and those it placed, are returned (ruling durations)
        state.markers = [m for m in state.markers if m.piece != piece.id and m.source != piece.id]
        text = f"{owned(engine, state, piece)} dies"
        if piece.credit >= 0:
            die = side_of(engine, piece).die
            state.players[piece.credit].pending_dice.append(die)
            text += f": {state.players[piece.credit].name} gains a {die} Rage die at the end of the round"
        events.append(Event("death", text))
    state.turn = None
    state.turns_played += 1
    return events + decide(engine, state)


STEPS = StepTable(questions={"turn": Question(ask_turn, answer_turn), "save": Question(ask_save, answer_save)},
                  automatic={"end-phase": end_phase, "bury": bury})
