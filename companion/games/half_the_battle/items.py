"""Bag of Holding items used on your own turn (the `turn` items). Damage items (`attack`,
`defend`) are used in `hits.py`, the Amulet of Life (`end`) in `phase.py`.
"""

from __future__ import annotations

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .pieces import Rules, label, owned, side_of
from .state import HalfTheBattleState


def item_targets(engine: Rules, state: HalfTheBattleState, seat: int, card: str) -> list[Option]:
    """What a turn item can be used on now (an empty list: not usable now)."""
    effect = engine.catalog.items[card].effect
    turn = state.turn
    selected = state.piece(turn.piece) if turn and turn.piece else None
    active = selected is not None and selected.alive and not selected.dying
    if effect in ("heal", "teleport"):
        return [Option(p.id, owned(engine, state, p)) for p in state.alive(seat)]
    if effect == "zap":
        return [Option(p.id, owned(engine, state, p)) for p in state.alive()]
    if effect == "heal-lane":
        lanes = sorted({p.lane for p in state.alive(seat)})
        return [Option(f"lane:{n}", f"lane {n}") for n in lanes]
    if effect == "clear":
        # the piece named as everywhere else (audit s27: `Hex on 1-d12`, also in `sessions log`)
        return [Option(f"marker:{i}", f"{m.kind.title()} on "
                       + (f"lane {m.lane}" if m.lane else owned(engine, state, state.piece(m.piece))))
                for i, m in enumerate(state.markers)]
    hasty = effect == "extra-action" or (effect == "haste-move" and turn is not None and not turn.moved)
    if hasty and active and selected is not None:
        # the selected piece by its id and named as everywhere else (audit s27: `Warlock d6 [selected]`)
        return [Option(selected.id, owned(engine, state, selected))]
    return []


def turn_items(engine: Rules, state: HalfTheBattleState, seat: int) -> list[str]:
    """The player's face-up `turn` items that can be used now."""
    return [c for c in state.players[seat].items
            if engine.catalog.items[c].when == "turn" and item_targets(engine, state, seat, c)]


def ask_use(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """What a turn item is used on."""
    card = engine.catalog.items[item["item"]]
    options = tuple(item_targets(engine, state, item["seat"], card.id))
    return Decision(item["seat"], f"{card.name}: on what?", options, kind="item")


def answer_use(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Spend the item and apply it."""
    from .actions import heal

    seat, card = item["seat"], engine.catalog.items[item["item"]]
    player = state.players[seat]
    player.items.remove(card.id)
    player.spent.append(card.id)
    events = [Event("item", f"{player.name} uses {card.name}")]
    turn = state.turn
    if card.effect == "heal":
        events.append(heal(engine, state, state.piece(answer), card.amount))
    elif card.effect == "heal-lane":
        lane = int(answer.partition(":")[2])
        events += [heal(engine, state, p, card.amount) for p in state.alive(seat) if p.lane == lane]
    elif card.effect == "zap":
        push_front(state, step("hit", source="", target=answer, amount=card.amount, lethal=False, by="item", seat=seat))
    elif card.effect == "clear":
        gone = state.markers.pop(int(answer.partition(":")[2]))
        events.append(Event("clear", f"{gone.kind.title()} removed"))
    elif card.effect == "teleport":
        push_front(state, step("teleport", seat=seat, piece=answer))
    elif card.effect == "haste-move" and turn is not None:
        turn.move_left += side_of(engine, state.piece(turn.piece)).move
    elif card.effect == "extra-action" and turn is not None:
        turn.allowed += 1
    return events


def ask_teleport(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """Where the Scroll of Teleport sends the piece."""
    piece = state.piece(item["piece"])
    lanes = [n for n in range(1, engine.rules["lanes"] + 1) if n != piece.lane]
    return Decision(item["seat"], f"Teleport {label(engine, piece)} to which lane?",
                    tuple(Option(f"lane:{n}", f"lane {n}") for n in lanes), kind="item")


def answer_teleport(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Move the piece there."""
    piece = state.piece(item["piece"])
    start, piece.lane = piece.lane, int(answer.partition(":")[2])
    return [Event("move", f"{owned(engine, state, piece)} teleports from lane {start} to lane {piece.lane}")]


STEPS = StepTable(questions={"use-item": Question(ask_use, answer_use),
                             "teleport": Question(ask_teleport, answer_teleport)})
