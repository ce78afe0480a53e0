"""Preparation (the Preparation section; rulings `marksman-neutral`, `team-and-draft`,
`talents-timing`, `special-tiles`): teams, the starting player, the draft with placement, the
decks, the opening hands with one mulligan, and the leaders' talents."""

from __future__ import annotations

from ...engine.requests import Chance, Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_back, push_front, step
from .damage import shift
from .effects import apply_effect
from .game import Game
from .state import Fighter, SkirmishState


def ask_faction(engine: Game, state: SkirmishState, item: StepCall) -> Decision:
    """A player without a team chooses a faction team."""
    options = tuple(Option(f, engine.rules["factions"][f]["name"]) for f in engine.faction_teams())
    return Decision(item["seat"], "Which faction's team do you bring?", options, kind="faction")


def answer_faction(engine: Game, state: SkirmishState, item: StepCall, faction: str) -> list[Event]:
    """The team is the faction's characters (with the neutral Free Companies)."""
    side = state.sides[item["seat"]]
    side.faction, side.team = faction, engine.faction_teams()[faction]
    return [Event("team", f"{state.players[item['seat']]} brings {engine.rules['factions'][faction]['name']} "
                          f"({len(side.team)} characters)", {"seat": item["seat"]})]


def ask_starter(engine: Game, state: SkirmishState, item: StepCall) -> Chance:
    """The starting player is chosen at random: a d2 names the seat."""
    return Chance("roll", f"Who starts? d2: 1 = {state.players[0]}, 2 = {state.players[1]}", None, dice=(2,))


def answer_starter(engine: Game, state: SkirmishState, item: StepCall, faces: list[int]) -> list[Event]:
    """Queue the draft in the draft order, then the rest of the preparation."""
    starter = faces[0] - 1
    state.starter = state.active = starter
    seats = {"S": starter, "O": state.opponent(starter)}
    for index, who in enumerate(engine.rules["draft_order"]):
        push_back(state, step("pick", seat=seats[who], index=index))
    order = (starter, state.opponent(starter))
    push_back(state, step("build_decks"))
    push_back(state, *(step("draw", seat=s, count=engine.rules["opening_hand"]) for s in order))
    push_back(state, *(step("mulligan", seat=s) for s in order for _ in range(engine.rules["mulligans"])))
    push_back(state, *(step("talent", seat=s) for s in order))
    push_back(state, step("start_turn", seat=starter))
    return [Event("starter", f"{state.players[starter]} is the starting player (S) and owns rows 1 to "
                             f"{engine.board.rows // 2}", {"seat": starter})]


def picked(state: SkirmishState) -> set[str]:
    """Characters already in the match."""
    return {f.id for f in state.fighters}


def ask_pick(engine: Game, state: SkirmishState, item: StepCall) -> Decision:
    """Choose one of your team not yet picked by anyone."""
    seat = item["seat"]
    taken = picked(state)
    options = tuple(Option(c, engine.character_label(c)) for c in state.sides[seat].team if c not in taken)
    lead = " (your leader)" if not state.team_of(seat) else ""
    return Decision(seat, f"Draft pick {item['index'] + 1}: pick a character{lead}",
                    options, kind="pick")


def answer_pick(engine: Game, state: SkirmishState, item: StepCall, cid: str) -> list[Event]:
    """The character joins the field; its placement comes next."""
    seat = item["seat"]
    cls = engine.characters[cid]["class"]
    klass = engine.rules["classes"][cls]
    fighter = Fighter(cid, seat, cls, power=engine.tiers.index(klass["power"]),
                      armor=engine.tiers.index(klass["armor"]), leader=not state.team_of(seat),
                      name=engine.character_name(cid))
    state.fighters.append(fighter)
    push_front(state, step("place", fighter=cid))
    lead = ", the leader" if fighter.leader else ""
    return [Event("pick", f"{state.players[seat]} picks {engine.character_name(cid)}{lead}", {"fighter": cid})]


def ask_place(engine: Game, state: SkirmishState, item: StepCall) -> Decision:
    """An empty tile of the owner's half."""
    fighter = state.fighter(item["fighter"])
    starter_half = fighter.owner == state.starter
    occupied = {f.tile for f in state.fighters if f.tile}
    tiles = [t for t in engine.board.tiles() if engine.board.half(t, starter_half)
             and t not in occupied and not engine.board.is_blocked(t)]
    options = tuple(Option(t, engine.tile_label(t)) for t in tiles)
    return Decision(fighter.owner, f"Place {engine.character_name(fighter.id)} on a tile of your half",
                    options, kind="place")


def answer_place(engine: Game, state: SkirmishState, item: StepCall, tile: str) -> list[Event]:
    """Stand there; a special tile applies its effect."""
    fighter = state.fighter(item["fighter"])
    fighter.tile = tile
    events = [Event("place", f"{engine.character_name(fighter.id)} is placed on {tile}", {"fighter": fighter.id})]
    return events + [apply_effect(fighter, e, n) for e, n in engine.board.tile_effects(tile).items()]


def run_build_decks(engine: Game, state: SkirmishState, item: StepCall) -> list[Event]:
    """Each player's deck: every copy of the skill cards of their fielded characters."""
    for seat, side in enumerate(state.sides):
        side.unseen = [card for f in state.team_of(seat) for card in engine.pool(f.id)]
    return [Event("decks", " / ".join(f"{state.players[s]}: {len(side.unseen)} cards"
                                      for s, side in enumerate(state.sides)), {})]


def run_talent(engine: Game, state: SkirmishState, item: StepCall) -> list[Event]:
    """The leader's class talent acts once, before the first turn: one of `TALENTS`, else an effect
    applied to every active ally."""
    seat = item["seat"]
    leader = next(f for f in state.team_of(seat) if f.leader)
    talent = engine.rules["classes"][leader.cls]["talent"]
    allies = [f for f in state.team_of(seat) if f.is_active]
    events = [Event("talent", f"{state.players[seat]}'s leader talent: "
                              f"{engine.rules['classes'][leader.cls]['talent_text']}", {"seat": seat})]
    for name, amount in talent.items():
        if name in TALENTS:
            events += TALENTS[name](engine, state, seat, allies, amount)
        else:
            events += [apply_effect(f, name, amount) for f in allies]
    return events


def _raise_power(engine: Game, state: SkirmishState, seat: int, allies: list[Fighter], amount: int) -> list[Event]:
    return [e for f in allies for e in shift(engine, state, f, "power", amount)]


def _raise_armor(engine: Game, state: SkirmishState, seat: int, allies: list[Fighter], amount: int) -> list[Event]:
    return [e for f in allies for e in shift(engine, state, f, "armor", amount)]


def _max_ap(engine: Game, state: SkirmishState, seat: int, allies: list[Fighter], amount: int) -> list[Event]:
    state.sides[seat].max_ap += amount
    return []


def _draw(engine: Game, state: SkirmishState, seat: int, allies: list[Fighter], amount: int) -> list[Event]:
    push_front(state, step("draw", seat=seat, count=amount))
    return []


# The talents that are not an effect applied to every ally; the game's rule type for `classes`
# names the same (cards/skirmish/game.yaml; a test keeps the two together).
TALENTS = {"raise_power": _raise_power, "raise_armor": _raise_armor, "max_ap": _max_ap, "draw": _draw}


STEPS = StepTable(
    questions={
        "faction": Question(ask_faction, answer_faction),
        "starter": Question(ask_starter, answer_starter),
        "pick": Question(ask_pick, answer_pick),
        "place": Question(ask_place, answer_place),
    },
    automatic={"build_decks": run_build_decks, "talent": run_talent},
)
