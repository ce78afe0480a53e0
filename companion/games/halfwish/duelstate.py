"""A duel set up from what a calculator is given, and the table's answers to its questions.

The calculators (`calculators`, `odds`) never resolve a duel on their own: they build a state whose
duel holds the committed actions and DVs, queue the duel steps in question (the reveal, a powers
window) and let the engine run them, answering each question the way the table would.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any

from ...engine.core import Chance, Decision, Event, Request
from ...engine.steps import step
from .catalog import Catalog
from .duels import side_of
from .engine import HalfwishEngine
from .powers import DV_LOCKED, unplayable_reason
from .profiles import ActionProfile, DuelError
from .sides import Side, SideKey
from .state import Duel, HalfwishState, Player

NAMES = ("A", "B")
# The calculators do not know who drew First Blood: a seat neither side holds keeps Opening Cut's
# "nobody has First Blood" bonus off (as the calculators have always counted it) without making
# either side lead the First Blood tie-break (Bubble asks who is losing).
FIRST_BLOOD_ELSEWHERE = 2
# the answer a calculator gives to a hook's choice: Halfwish sets the DV (a reroll is typed as the new
# DV), Scry keeps the duel, Avarice steals later, Mirror Guard keeps its action
CHOICE_ANSWERS = {"halfwish": "set", "scry": "duel", "avarice": "steal", "mirror": "keep"}


def duel_engine(rules: Mapping[str, Any] | None = None, profiles: Mapping[str, ActionProfile] | None = None,
                db: Any = None, cls: type[HalfwishEngine] = HalfwishEngine) -> HalfwishEngine:
    """The engine over a card database, or over `rules` and action profiles alone (no cards but actions)."""
    if db is not None:
        return cls(db)
    known = dict(profiles or {})
    catalog = Catalog.of_actions(rules, {pid: p.name for pid, p in known.items()})
    return cls(SimpleNamespace(rules=rules), catalog, known)


def duel_state(engine: HalfwishEngine, actions: Sequence[Sequence[str]], aggressor: int, rolls: Sequence[int],
               mods: Sequence[int] = (0, 0), losing: int | None = None) -> HalfwishState:
    """Two players A and B in a duel of a turn that takes this many actions, A or B attacking on their
    own turn, with these DV rolls (and DV changes); `losing` gives the other player a point."""
    count, per_duel = len(actions[0]), list(engine.rules.actions_per_duel)
    if len(actions[1]) != count or count not in per_duel:
        raise DuelError(f"both sides must commit the same number of actions ({' or '.join(map(str, sorted(set(per_duel))))}); "
                        f"got {len(actions[0])} and {len(actions[1])}")
    turn = per_duel.index(count) + 1
    players = [Player(name, health=engine.rules.health, roll=roll, dv_gain=mod)
               for name, roll, mod in zip(NAMES, rolls, mods)]
    if losing is not None:
        players[1 - losing].points = 1
    starter = aggressor if turn % 2 else 1 - aggressor   # the aggressor is the turn player
    state = HalfwishState(players=players, hidden_hands=False, first_player=starter, turn=turn,
                          round_starter=starter, started=True, first_blood=FIRST_BLOOD_ELSEWHERE)
    state.duel = Duel(aggressor=aggressor, initiative=aggressor, stage="showdown",
                      actions=[list(actions[0]), list(actions[1])], revealed=True)
    return state


def state_of_sides(engine: HalfwishEngine, a: Side, b: Side, aggressor: SideKey) -> HalfwishState:
    """The duel state two resolver sides describe (their DVs, statuses, bonuses and earlier damage)."""
    state = duel_state(engine, ([x.id for x in a.actions], [x.id for x in b.actions]), "ab".index(aggressor),
                       (a.dv, b.dv))
    for seat, side in enumerate((a, b)):
        player = state.players[seat]
        player.strike_bonus = side.strike_bonus
        statuses = {"exposed": side.exposed, "toughness": side.toughness,
                    "invulnerable": int(side.cannot_take_damage)}
        player.statuses = {name: n for name, n in statuses.items() if n}
        state.current_duel.tally[seat] = side.points_from_effects
        state.current_duel.hits[seat] = list(side.hits_before)
    return state


def sides_of_state(engine: HalfwishEngine, state: HalfwishState, a: Side, b: Side) -> tuple[Side, Side]:
    """The resolver's sides after the steps ran; what the state does not hold (health, names) stays."""
    return tuple(replace(side_of(engine, state, seat, bounded=False), health=side.health, name=side.name)
                 for seat, side in enumerate((a, b)))  # type: ignore[return-value]


def revealed_sides(engine: HalfwishEngine, a: Side, b: Side, aggressor: SideKey) -> tuple[Side, Side, list[Event]]:
    """Both sides after the engine's reveal step ran their actions' reveal effects, and its events."""
    state = state_of_sides(engine, a, b, aggressor)
    state.queue = [step("reveal-actions", duel=True)]
    events = drive(engine, state)
    a, b = sides_of_state(engine, state, a, b)
    return a, b, events


def reveal_rerolls(engine: HalfwishEngine, a: Side, b: Side, aggressor: SideKey) -> dict[SideKey, list[str]]:
    """Whose DV the engine's reveal step rerolls, and which way (Lucky Dodge: its own, Higher): the
    step runs with both DVs in the middle of the dice's range, and the rerolls it queues are noted."""
    middle = (int(engine.rules.dv_min) + int(engine.rules.dv_max)) // 2
    keys: tuple[SideKey, SideKey] = ("a", "b")
    found: dict[SideKey, list[str]] = {"a": [], "b": []}
    state = state_of_sides(engine, replace(a, dv=middle), replace(b, dv=middle), aggressor)
    state.queue = [step("reveal-actions", duel=True)]
    drive(engine, state, on_reroll=lambda item: found[keys[item["seat"]]].append(str(item["direction"])))
    return found


def reroll_outcomes(engine: HalfwishEngine, roll: int, direction: str) -> tuple[tuple[int, int], ...]:
    """Where the engine's own reroll of a DV ends from `roll` (direction "higher", "lower" or "any"):
    each roll it can end on, with how many faces of the dice end there. The `reroll_dv` effect runs on
    a constructed state; where it asks for dice, every face of them is answered in turn, and a face
    the step rolls again from (not higher/lower) ends nowhere. Where it asks nothing (the edge of the
    dice, ruling higher-lower-bounds), the roll stays: `((roll, 1),)`."""
    state = _reroll_state(engine, roll, direction)
    request = engine.request(state)
    if request is None:
        return ((state.players[0].roll, 1),)
    assert isinstance(request, Chance) and request.kind == "roll"
    ends: Counter[int] = Counter()
    for faces in itertools.product(*(range(1, sides + 1) for sides in request.dice)):
        trial = _reroll_state(engine, roll, direction)
        engine.apply(trial, list(faces))
        if not trial.queue:
            ends[trial.players[0].roll] += 1
    return tuple(sorted(ends.items()))


def _reroll_state(engine: HalfwishEngine, roll: int, direction: str) -> HalfwishState:
    """Player A with this roll, a reroll of it queued (as Lucky Dodge's reveal queues it), settled."""
    state = HalfwishState(players=[Player(name, health=engine.rules.health, roll=roll) for name in NAMES],
                          hidden_hands=False, started=True, first_blood=FIRST_BLOOD_ELSEWHERE)
    state.queue = [step("effect", effect={"op": "reroll_dv", "who": "self", "direction": direction},
                        owner=0, source="reroll")]
    engine.settle(state)
    return state


@dataclass
class TableAnswers:
    """How the table answers a calculator's duel: each side plays its listed powers in turn (a power
    token is `id` or `id:ACTION`, the action Feint transforms), then passes; challenges proceed."""

    powers: list[list[tuple[str, int]]] = field(default_factory=lambda: [[], []])
    slots: list[int] = field(default_factory=lambda: [0, 0])
    notes: list[str] = field(default_factory=list)   # powers the table was told change nothing

    def answer(self, engine: HalfwishEngine, state: HalfwishState, item: dict[str, Any], request: Request) -> Any:
        """The answer to the first queued question."""
        name = item["step"]
        if name == "power":
            return self._power(engine, state, item, request)
        if name == "choice":
            handler = item["handler"]
            return str(self.slots[item["seat"]]) if handler == "feint" else CHOICE_ANSWERS[handler]
        if name == "challenge":
            return "proceed"
        if name == "bid":
            return "0"
        raise DuelError(f"the duel calculator cannot answer: {request.prompt}")

    def _power(self, engine: HalfwishEngine, state: HalfwishState, item: dict[str, Any], request: Request) -> str:
        seat = item["seat"]
        if not self.powers[seat]:
            return "pass"
        power, slot = self.powers[int(seat)].pop(0)
        if isinstance(request, Decision) and power not in request.option_ids():
            reason = unplayable_reason(engine, state, seat, power, item["stage"])
            if reason != DV_LOCKED:
                raise DuelError(reason)
            name = engine.catalog.name(power)   # played for nothing: it would change a locked DV
            self.notes.append(f"{state.players[seat].name} plays {name}.")
            self.notes.append(f"{name}: {DV_LOCKED} ({name} ignored).")
            return "pass"
        self.slots[seat] = slot
        return str(power)


def plan_powers(a: Sequence[str], b: Sequence[str]) -> TableAnswers:
    """The table's answers for these power tokens of A and B."""
    def parsed(tokens: Sequence[str]) -> list[tuple[str, int]]:
        return [(pid, int(slot) - 1 if slot else 0) for pid, _, slot in (t.partition(":") for t in tokens)]
    return TableAnswers([parsed(a), parsed(b)])


def drive(engine: HalfwishEngine, state: HalfwishState, answers: TableAnswers | None = None,
          on_reroll: Callable[[dict[str, Any]], None] | None = None) -> list[Event]:
    """Run the queued steps to the end, answering each question as the table would. A DV reroll is not
    rolled: the DV given is the one after any reroll (the odds enumerate the reroll's dice instead);
    `on_reroll` is told of each reroll step skipped."""
    answers = answers or TableAnswers()
    events = engine.resolve(state)
    while state.queue:
        item = state.queue[0]
        if item["step"] == "reroll":
            state.queue.pop(0)
            if on_reroll is not None:
                on_reroll(item)
            name = state.players[item["seat"]].name
            events.append(Event("calc-note", f"{engine.catalog.name(item['source'])}: {name} rerolls the DV "
                                              f"(type the DV after the reroll)."))
            events += engine.resolve(state)
            continue
        request = engine.request(state)
        assert request is not None
        answer = answers.answer(engine, state, item, request)
        events += [Event("calc-note", note) for note in answers.notes]
        answers.notes.clear()
        events += engine.apply(state, answer)
    return events

