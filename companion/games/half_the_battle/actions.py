"""Actions: declare one, choose its targets (the order chosen is the order of resolution), then
resolve it: spell cost, ability token, damage instances, healing, indicators and tokens, fatal.

"If an action affects multiple pieces, the player taking the action may choose the order of
resolution." Lane-wide damage affects enemies only and lane-wide healing allies only, unless
the action says otherwise.
"""

from __future__ import annotations

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .catalog import INDICATORS, PIECE_TOKENS, Action
from .hits import order_matters
from .pieces import Rules, affected, label, lane_targets, owned, piece_targets, side_of
from .state import HalfTheBattleState, Marker, Piece


def current(engine: Rules, state: HalfTheBattleState) -> tuple[Piece, Action]:
    """The selected piece and the action being resolved."""
    turn = state.turn
    assert turn is not None
    piece = state.piece(turn.piece)
    return piece, side_of(engine, piece).actions[int(turn.action)]


def declare(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Start an action: count it, then queue its target questions and its resolution."""
    turn = state.turn
    assert turn is not None
    piece = state.piece(turn.piece)
    action = side_of(engine, piece).actions[item["action"]]
    used = turn.uses.get(action.name, 0)
    repeat = 0 < used < action.uses and turn.acted >= turn.allowed   # a use the card itself grants
    turn.uses[action.name] = used + 1
    if not repeat:
        turn.acted += 1
    turn.action, turn.targets = str(item["action"]), []
    wanted = action.lanes or action.pieces
    push_front(state, *([step("target", seat=item["seat"], left=wanted)] if action.who != "self" else []),
               step("perform"))
    return [Event("declare", f"{owned(engine, state, piece)} uses {action.name}")]


def target_options(engine: Rules, state: HalfTheBattleState) -> list[Option]:
    """The targets still open for the action being declared."""
    piece, action = current(engine, state)
    turn = state.turn
    assert turn is not None
    if action.lanes:
        return [Option(f"lane:{n}", f"lane {n}") for n in lane_targets(engine, state, piece, action)
                if f"lane:{n}" not in turn.targets]
    return [Option(p.id, f"{owned(engine, state, p)} ({p.hp} HP, lane {p.lane})")
            for p in piece_targets(engine, state, piece, action) if p.id not in turn.targets]


def ask_target(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """Ask for the next target; targets resolve in the order chosen."""
    turn = state.turn
    assert turn is not None
    options = target_options(engine, state)
    if turn.targets:
        options.append(Option("done", "no more targets"))
    _, action = current(engine, state)
    what = "lane" if action.lanes else "piece"
    # a count only where the action takes several (play audit: 'Strike: target piece (1 left, in order)')
    several = f" ({item['left']} left, in order)" if (action.lanes or action.pieces) > 1 else ""
    return Decision(item["seat"], f"{action.name}: target {what}{several}", tuple(options), kind="target")


def answer_target(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Record a target; ask again while more may be chosen."""
    turn = state.turn
    assert turn is not None
    if answer == "done":
        return []
    turn.targets.append(answer)
    if item["left"] > 1 and target_options(engine, state):
        push_front(state, step("target", seat=item["seat"], left=item["left"] - 1))
    return []


def perform(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Resolve the declared action on its chosen targets."""
    piece, action = current(engine, state)
    turn = state.turn
    assert turn is not None
    events = pay_costs(engine, state, piece, action)
    targets = [piece.id] if action.who == "self" else turn.targets
    hits: list[str] = []
    for target in targets:
        if target.startswith("lane:"):
            lane = int(target.partition(":")[2])
            if action.effect in INDICATORS:
                events += place_indicator(engine, state, piece, action, lane)
            hits += [p.id for p in affected(state, piece, action, lane)]
        else:
            hits.append(target)
    later: list[StepCall] = []
    ordered = bool(action.damage and action.lanes and len(hits) > 1)
    if ordered:
        events += lane_damage(engine, state, piece, action, hits, later)
    for target in hits:
        other = state.piece(target)
        if action.damage and not ordered:
            later.append(damage_step(piece, target, action.damage, action.lethal))
        if action.heal:
            events.append(heal(engine, state, other, action.heal))
        if action.effect in PIECE_TOKENS:
            events += place_token(engine, state, piece, action, other)
    if action.self_heal:
        later.append(step("self-heal", piece=piece.id, amount=action.self_heal))
    push_front(state, *later)
    if action.effect == "martyr":
        piece.set_hp = action.set_hp
    if action.fatal:
        piece.fatal, piece.dying = True, True
        events.append(Event("fatal", f"{label(engine, piece)} used a fatal action: it dies at the end of the turn"))
    return events


def damage_step(piece: Piece, target: str, amount: int, lethal: bool) -> StepCall:
    """One instance of an action's damage to `target`."""
    return step("hit", source=piece.id, target=target, amount=amount, lethal=lethal, by="action", seat=piece.seat)


def lane_damage(engine: Rules, state: HalfTheBattleState, piece: Piece, action: Action, hits: list[str],
                later: list[StepCall]) -> list[Event]:
    """Queue a lane-wide action's damage to several pieces: in an order the acting player chooses
    where the order can change the outcome (`order_matters`), else in the listed order, said once
    (play audit s27: the order was asked piece by piece when nothing depended on it)."""
    if order_matters(engine, state, piece, hits, action.lethal):
        later.append(step("order", seat=piece.seat, source=piece.id, pieces=hits, amount=action.damage,
                          lethal=action.lethal))
        return []
    later += [damage_step(piece, target, action.damage, action.lethal) for target in hits]
    return [Event("order", f"{action.name} hits in board order: no item or token makes "
                  "the order matter")]


def ask_order(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """Ask which piece of a lane-wide damage action takes its damage next; Enter takes the first
    listed. Each piece's hit lands (its items answered) before the next is asked: the acting
    player orders them "to their advantage", seeing what each hit brought out."""
    options = tuple(Option(p, owned(engine, state, state.piece(p))) for p in item["pieces"])
    return Decision(item["seat"], f"{item['amount']} damage to each: which piece takes it next?",
                    options, kind="order", default=item["pieces"][0])


def answer_order(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Queue that piece's damage, then ask about the rest (the last one needs no asking)."""
    rest = [p for p in item["pieces"] if p != answer]
    source = state.piece(item["source"])
    after = ([{**item, "pieces": rest}] if len(rest) > 1
             else [damage_step(source, p, item["amount"], item["lethal"]) for p in rest])
    push_front(state, damage_step(source, answer, item["amount"], item["lethal"]), *after)
    return []


def pay_costs(engine: Rules, state: HalfTheBattleState, piece: Piece, action: Action) -> list[Event]:
    """Pay what the action costs before it resolves: the Cleric's spell cost, a monster's token."""
    events = []
    side = side_of(engine, piece)
    if side.spell_cost:
        before = piece.hp
        piece.hp -= side.spell_cost
        if piece.hp <= 0:  # Martyr sets the Cleric's HP at the end of the turn, even from 0: its
            # cost cannot kill it, so it is not shown dying (ruling cleric-card-reading; play audit)
            piece.hp, piece.dying = 0, action.effect != "martyr"
        events.append(Event("spell-cost", f"{owned(engine, state, piece)} casts a spell: {before} HP - "
                            f"{side.spell_cost} -> {piece.hp} HP"))
    if action.ability:
        state.players[piece.seat].tokens -= 1
        events.append(Event("token", f"{state.players[piece.seat].name} spends an ability token ({action.name})"))
    return events


def heal(engine: Rules, state: HalfTheBattleState, piece: Piece, amount: int) -> Event:
    """Heal `piece` by `amount`, never above its maximum; a dying piece is saved unless it chose a fatal action."""
    top = side_of(engine, piece).max_hp
    before = piece.hp
    if piece.fatal:
        return Event("heal", f"{owned(engine, state, piece)} chose a fatal action: healing cannot save it")
    piece.hp = min(top, piece.hp + amount)
    if piece.dying and piece.hp > 0:
        piece.dying, piece.credit = False, -1
    # play audit: 19 -> 20 unexplained, then 'heals 4, up to its 4 HP' read oddly
    capped = f" (capped at its maximum, {top} HP)" if piece.hp - before < amount else ""
    return Event("heal", f"{owned(engine, state, piece)} heals {amount}{capped}: {before} -> {piece.hp} HP")


def self_heal(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Heal the acting piece after its damage (Pact Drain, Drain Life)."""
    piece = state.piece(item["piece"])
    return [heal(engine, state, piece, item["amount"])] if piece.alive else []


def last_round(state: HalfTheBattleState, seat: int, rounds: int) -> int:
    """The last round a marker `seat` places now lasts, "for `rounds` rounds" (ruling durations):
    counting this round as the first, or the next one when it is placed in the round's second
    action phase, so that it lingers through `rounds` of the opponent's action phases (play audit:
    a Sacrifice placed second ended before the opponent could act)."""
    return state.round + rounds - (1 if seat == state.initiative else 0)


def place_indicator(engine: Rules, state: HalfTheBattleState, piece: Piece, action: Action, lane: int) -> list[Event]:
    """Put a lane indicator (Serenaded, Protected, Entangled) on `lane`."""
    until = last_round(state, piece.seat, action.rounds)
    state.markers.append(Marker(str(action.effect), piece.seat, until, lane=lane, amount=action.reduce))
    return [Event("indicator", f"{str(action.effect).title()} on lane {lane} until the end of round {until}")]


def place_token(engine: Rules, state: HalfTheBattleState, piece: Piece, action: Action, other: Piece) -> list[Event]:
    """Put a Hex, Sacrifice or Polymorph token on `other`."""
    until = last_round(state, piece.seat, action.rounds)
    state.markers.append(Marker(str(action.effect), piece.seat, until, piece=other.id, source=piece.id,
                                amount=action.extra))
    return [Event("token", f"{str(action.effect).title()} token on {owned(engine, state, other)} until the end "
                  f"of round {until}")]


STEPS = StepTable(questions={"target": Question(ask_target, answer_target), "order": Question(ask_order, answer_order)},
                  automatic={"declare": declare, "perform": perform, "self-heal": self_heal})
