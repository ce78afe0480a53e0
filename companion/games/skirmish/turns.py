"""Turns (the Combat, Cards and Defeat sections; rulings `turn-numbers`, `character-turn`,
`first-turn-draw`, `forfeit`): action points, the draw, the player's actions, the end of turn."""

from __future__ import annotations

from ...engine.requests import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .actions import attack_cost, can_attack, can_walk, walk_cost
from .damage import strike
from .effects import tick_timed
from .game import Game
from .skills import play_skill, playable, skill_cost, user_of
from .state import SkirmishState
from .view import disc

END, FORFEIT = "end", "forfeit"


def run_start_turn(engine: Game, state: SkirmishState, item: StepCall) -> list[Event]:
    """Maximum AP up by one (capped), AP refilled, once-per-turn actions reset, then the draw."""
    seat = item["seat"]
    side = state.sides[seat]
    state.active = seat
    if seat == state.starter:
        state.turn += 1
    side.max_ap = min(engine.rules["ap_cap"], side.max_ap + engine.rules["ap_gain_per_turn"])
    side.ap = side.max_ap
    for fighter in state.team_of(seat):
        fighter.walked = fighter.attacked = False
    push_front(state, step("draw", seat=seat, count=engine.rules["draw_per_turn"]), step("act", seat=seat))
    return [Event("turn", f"Turn {state.turn}: {state.players[seat]} has {side.ap} AP", {"seat": seat,
                                                                                         "turn": state.turn})]


def ask_act(engine: Game, state: SkirmishState, item: StepCall) -> Decision:
    """Every legal action of the player now, then end the turn or forfeit."""
    seat = item["seat"]
    options: list[Option] = []
    for fighter in state.team_of(seat):
        name = engine.character_name(fighter.id)
        if can_walk(engine, state, fighter):
            options.append(Option(f"walk:{fighter.id}", f"walk {name} ({walk_cost(engine, fighter)} AP)"))
        if can_attack(engine, state, fighter):
            options.append(Option(f"attack:{fighter.id}", f"attack with {name} ({attack_cost(engine, fighter)} AP)"))
    for cid in playable(engine, state, seat):
        user = user_of(engine, state, engine.skills[cid])
        assert user is not None
        # the user by its disc, as the map and the roster show it: with the full name two columns
        # did not fit 80 (audit s27: `Burning Treatise (2 AP, Magister O…`)
        options.append(Option(f"skill:{cid}", f"{engine.card_name(cid)} ({skill_cost(engine, user, engine.skills[cid])}"
                                              f" AP, {disc(state, user)})"))
    options += [Option(END, "end the turn"), Option(FORFEIT, "forfeit the match", concedes=True)]
    return Decision(seat, f"{state.sides[seat].ap} AP left: your action?", tuple(options),
                    kind="act", default=END if state.sides[seat].ap == 0 else None)


def answer_act(engine: Game, state: SkirmishState, item: StepCall, answer: str) -> list[Event]:
    """Queue what the chosen action needs, and ask again after it."""
    seat = item["seat"]
    if answer == FORFEIT:  # asked again first: the game ends at once (play audit: a stale number did it)
        push_front(state, step("confirm_forfeit", seat=seat))
        return []
    if answer == END:
        push_front(state, step("end_turn", seat=seat))
        return []
    kind, _, what = answer.partition(":")
    again = step("act", seat=seat)
    if kind == "skill":
        push_front(state, again)
        return play_skill(engine, state, seat, what)
    push_front(state, step(kind, fighter=what), again)
    return []


def ask_confirm_forfeit(engine: Game, state: SkirmishState, item: StepCall) -> Decision:
    """Forfeiting ends the match: the player says so twice; Enter goes back to the turn."""
    seat = item["seat"]
    winner = state.players[state.opponent(seat)]
    return Decision(seat, f"Forfeit the match? {winner} wins at once",
                    (Option("no", "no: back to the turn"), Option("yes", "yes: forfeit the match", concedes=True)),
                    kind="confirm", default="no")


def answer_confirm_forfeit(engine: Game, state: SkirmishState, item: StepCall, answer: str) -> list[Event]:
    """A forfeit ends the match; otherwise the player acts on."""
    seat = item["seat"]
    if answer != "yes":
        push_front(state, step("act", seat=seat))
        return []
    state.forfeited = seat
    return [Event("forfeit", f"{state.players[seat]} forfeits the match", {"seat": seat})]


def run_end_turn(engine: Game, state: SkirmishState, item: StepCall) -> list[Event]:
    """Each of the player's characters takes its Ignite damage, then its Timed effects tick; the
    opponent's turn begins."""
    seat = item["seat"]
    events = [Event("end", f"{state.players[seat]} ends the turn", {"seat": seat})]
    # 'Unused action points will not carry over': the tally shows 0 until the next turn refills
    # them (play audit: 'AP 4/8' stayed on screen through the opponent's turn)
    state.sides[seat].ap = 0
    for fighter in state.team_of(seat):
        stacks = fighter.effects.get("ignite", 0) if fighter.is_active else 0
        if stacks:
            events += strike(engine, state, None, fighter, stacks * engine.rules["ignite_damage"],
                             f"Ignite {stacks}")
        if fighter.is_active:
            events += tick_timed(fighter, engine.effect_kinds)
    state.turns_taken += 1
    push_front(state, step("start_turn", seat=state.opponent(seat)))
    return events


STEPS = StepTable(
    questions={"act": Question(ask_act, answer_act),
               "confirm_forfeit": Question(ask_confirm_forfeit, answer_confirm_forfeit)},
    automatic={"start_turn": run_start_turn, "end_turn": run_end_turn},
)
