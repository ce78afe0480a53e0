"""The Which Witch Is Best!? rules engine: the rotation, the seven actions, duels, elimination.

Every number comes from `cards/which-witch/` (`db.rules` and the Game Cards' fields).
An action is asked for step by step (action, target, element, count, Familiars...), so
the same requests serve a gamemaster typing what was played and a bot choosing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...engine.core import Chance, Decision, Engine, Event, Option, Outcome, Request
from ...errors import IllegalAction
from . import catalogue as cat
from .attack import AttackOdds, Side, attack_odds, hearts_if_hit
from .catalogue import Catalogue, normalise_witch
from .state import ACTION, DEAL, HIDDEN, OVER, PICK, RESHUFFLE, STEP, Action, Witch, WitchState

DONE = "done"

ACTION_LABELS = {
    "potion": "Use 1 Heart Potion",
    "broom": "Use 1 Zoom Broom",
    "spell": "Attack one player using Spell Cards",
    "thief": "Attack one player using 1 Thief Hex",
    "wand-hex": "Attack one player using 1 Wand Hex",
    "wand": "Put 1 Wand Card in play",
    "discard": "Discard identical Game Cards",
    "pass": "Pass (no legal action)",
}


class WhichWitchEngine(Engine):
    """Rules of Which Witch Is Best!? for 2 to 6 players."""

    game_id = "which-witch"
    state_type = WitchState

    def __init__(self, db: Any):
        super().__init__(db)
        self.catalogue = Catalogue(db)

    # -- setup ------------------------------------------------------------------------
    def new_game(self, players: list[str], options: dict[str, Any] | None = None) -> WitchState:
        """Seat the players in rotation order (youngest first).

        `options`: `hidden` (default True: cards are secret at the table; False deals real
        cards for simulation) and `witches` (one element per seat; when absent each player
        picks a witch as the game's first Decisions).
        """
        options = options or {}
        self._check_players(players)
        chosen = options.get("witches")
        witches = self._choose_witches(players, chosen) if chosen else [""] * len(players)
        hearts = self.rules.hearts.two_players if len(players) == 2 else self.rules.hearts.three_or_more
        seats = [Witch(name, element, hearts, self.rules.hand_size) for name, element in zip(players, witches)]
        state = WitchState(seats=seats, draw=list(self.catalogue.deck_list), discard=[],
                           hidden=bool(options.get("hidden", True)), phase=PICK if not chosen else DEAL)
        if state.phase == DEAL and state.hidden:
            self._deal(state, [HIDDEN] * len(self.catalogue.deck_list))
        return state

    def _check_players(self, players: list[str]) -> None:
        counts = self.player_counts()
        if len(players) not in counts:
            raise IllegalAction(f"Which Witch Is Best!? is for {counts.start} to {counts.stop - 1} players, "
                                f"got {len(players)}")
        if len(set(players)) != len(players) or not all(p.strip() for p in players):
            raise IllegalAction(f"player names must be distinct and not empty, got {players!r}")

    def _choose_witches(self, players: list[str], chosen: Any) -> list[str]:
        elements = list(self.rules.elements)
        names = chosen.split(",") if isinstance(chosen, str) else list(chosen)
        witches = [normalise_witch(name, elements) for name in names]
        if len(witches) != len(players) or len(set(witches)) != len(witches):
            raise IllegalAction(f"give one different witch per player ({len(players)}), got {names!r}")
        return witches

    def _deal(self, state: WitchState, order: list[str]) -> list[Event]:
        """Deal a hand to each player, one card at a time, then turn up the first discard."""
        state.draw = list(order)
        for _ in range(self.rules.hand_size):
            for witch in state.seats:
                witch.hand.append(state.draw.pop(0))
        state.discard = [state.draw.pop(0)]
        state.phase = ACTION
        top = self._card_name(state.discard[0])
        return [Event("deal", f"Dealt {self.rules.hand_size} cards to each of {len(state.seats)} players; "
                              f"{top} starts the Discard Pile.")]

    def _pick_request(self, state: WitchState) -> Decision:
        seat = next(s for s, w in enumerate(state.seats) if not w.element)
        taken = {w.element for w in state.seats}
        options = tuple(Option(e, f"{e.title()} Witch") for e in self.rules.elements if e not in taken)
        return Decision(seat, f"{state.seats[seat].name} picks a Witch Card (and its die)", options, kind="witch")

    def _apply_pick(self, state: WitchState, element: str) -> list[Event]:
        seat = next(s for s, w in enumerate(state.seats) if not w.element)
        state.seats[seat].element = element
        events = [Event("witch", f"{state.seats[seat].describe()} sets their tracker to "
                                 f"{state.seats[seat].hearts} Life Hearts.")]
        if all(w.element for w in state.seats):
            state.phase = DEAL
            if state.hidden:
                events += self._deal(state, [HIDDEN] * len(self.catalogue.deck_list))
        return events

    # -- the engine protocol ------------------------------------------------------------
    def request(self, state: WitchState) -> Request | None:
        """What the engine needs next, or None when one witch is left."""
        if self.outcome(state) is not None:
            return None
        if state.phase == PICK:
            return self._pick_request(state)
        if state.phase == DEAL:
            return Chance("shuffle", f"Shuffle the {len(state.draw)} Game Cards", options=tuple(state.draw))
        if state.phase == RESHUFFLE:
            return Chance("shuffle", "The Draw Pile is empty: shuffle the Discard Pile into a new Draw Pile",
                          options=tuple(state.discard))
        if state.phase == ACTION:
            return self._action_request(state)
        return self._step_requests()[state.action.step](state)

    def apply(self, state: WitchState, answer: Any) -> list[Event]:
        """Check the answer against the current request and play it out."""
        request = self.request(state)
        if request is None:
            raise IllegalAction("the game is over; nothing more can be played")
        answer = request.check(answer)
        if state.phase == PICK:
            return self._apply_pick(state, answer)
        if state.phase == DEAL:
            return self._deal(state, answer)
        if state.phase == RESHUFFLE:
            return self._apply_reshuffle(state, answer) + self._continue_refill(state)
        if state.phase == ACTION:
            return self._apply_action(state, answer)
        return self._step_handlers()[state.action.step](state, answer)

    def outcome(self, state: WitchState) -> Outcome | None:
        """The game ends when only one witch has any Life Hearts."""
        alive = state.alive()
        if len(alive) > 1:
            return None
        winner = state.seats[alive[0]]
        return Outcome("last-witch", alive[0], f"{winner.describe()} is the last witch standing: "
                                                f"{winner.witch_name} is best!")

    def turns(self, state: WitchState) -> int:
        """Turns started so far, Zoom Broom turns included."""
        return state.turn

    def tally(self, state: WitchState) -> list[str]:
        """Hearts, hands, Wands in play and piles, with whose turn it is."""
        lines = [self._seat_line(state, seat) for seat in range(len(state.seats))]
        lines.append(f"Draw Pile {len(state.draw)}, Discard Pile {len(state.discard)}"
                     + (f" (top: {self._card_name(state.discard[-1])})" if state.discard else ""))
        return lines

    def hint(self, state: WitchState, request: Request) -> list[str]:
        """Before a duel roll: the exact chance the attack lands, what a hit costs, and elimination odds."""
        if state.phase != STEP or state.action is None or state.action.step != "roll":
            return []
        odds = self.duel_odds(state)
        lost = min(odds.hearts_if_hit, odds.defender_hearts or odds.hearts_if_hit)
        line = f"P(hit) {float(odds.p_hit):.1%}; a hit costs {_hearts(lost)}"
        return [line + (f"; P(eliminated) {float(odds.p_eliminate):.1%}" if odds.p_eliminate else "")]

    # -- whole-state helpers --------------------------------------------------------------
    def _seat_line(self, state: WitchState, seat: int) -> str:
        witch = state.seats[seat]
        marker = ">" if seat == state.current and not witch.eliminated else " "
        if witch.eliminated:
            return f"{marker} {witch.describe()}: eliminated"
        wand = f", wand d{self.catalogue.die(witch.wand)}" if witch.wand else ""
        return (f"{marker} {witch.describe()}: {_hearts(witch.hearts)}, hand {len(witch.hand)}/{witch.hand_size}"
                f"{wand}")

    def _card_name(self, card_id: str) -> str:
        return "a face-down card" if card_id == HIDDEN else self.catalogue.name(card_id)

    def die_of(self, witch: Witch) -> int:
        """The die a witch rolls: their Wand's, else the default die."""
        return self.catalogue.die(witch.wand) if witch.wand else self.rules.default_die

    def playable(self, state: WitchState, seat: int) -> Counter[str]:
        """How many of each card the player could play now.

        At the table a hand is face-down cards: any card could be among them, up to the hand's
        size and the copies not already face up on the table (discard pile, in play).
        """
        hand = state.seats[seat].hand
        if not state.hidden:
            return Counter(hand)
        unknown = hand.count(HIDDEN)
        seen = Counter(state.discard + state.in_play())
        spare = {cid: min(unknown, n - seen[cid]) for cid, n in self.catalogue.copies.items()}
        return Counter({cid: n for cid, n in spare.items() if n > 0})

    def holds(self, state: WitchState, seat: int, kind: str) -> list[str]:
        """Card ids of one kind that the player could play now."""
        return self.hand_by_kind(state, seat).get(kind, [])

    def hand_by_kind(self, state: WitchState, seat: int) -> dict[str, list[str]]:
        """The distinct card ids the player could play now, grouped by kind."""
        hand = state.seats[seat].hand
        ids = self.playable(state, seat) if state.hidden else dict.fromkeys(hand)
        grouped: dict[str, list[str]] = {}
        for cid in ids:
            grouped.setdefault(self.catalogue.kind(cid), []).append(cid)
        return grouped

    def _take(self, state: WitchState, seat: int, card_id: str) -> str:
        """Remove a played card from a hand (a face-down card at the table)."""
        hand = state.seats[seat].hand
        if card_id in hand:
            hand.remove(card_id)
        elif state.hidden and HIDDEN in hand:
            hand.remove(HIDDEN)
        else:
            raise IllegalAction(f"{state.seats[seat].name} holds no {self._card_name(card_id)}")
        return card_id

    def opponents(self, state: WitchState, seat: int) -> list[int]:
        """Seats still in the game other than `seat`, in rotation order from `seat`."""
        n = len(state.seats)
        order = [(seat + step) % n for step in range(1, n)]
        return [s for s in order if not state.seats[s].eliminated]

    # -- the turn action ----------------------------------------------------------------
    def legal_actions(self, state: WitchState) -> list[str]:
        """The seven actions the current player can take now (or `pass` when none)."""
        seat = state.current
        witch = state.seats[seat]
        held = self.hand_by_kind(state, seat)
        checks = {
            "potion": cat.POTION in held and witch.hearts < self.rules.hearts.max,
            "broom": cat.BROOM in held,
            "spell": cat.SPELL in held and bool(self._spell_targets(state, seat)),
            "thief": cat.THIEF in held and bool(self._thief_targets(state, seat)),
            "wand-hex": cat.WAND_HEX in held and bool(self._wand_targets(state, seat)),
            "wand": cat.WAND in held and bool(self._better_wands(state, seat)),
            "discard": bool(witch.hand),
        }
        legal = [name for name, ok in checks.items() if ok]
        return legal or ["pass"]

    def _action_request(self, state: WitchState) -> Decision:
        witch = state.seats[state.current]
        extra = f" (Zoom Broom: {state.extra_turns} more after this)" if state.extra_turns else ""
        options = tuple(Option(a, ACTION_LABELS[a]) for a in self.legal_actions(state))
        return Decision(state.current, f"{witch.describe()} takes one action{extra}",
                        options, kind="action")

    def _apply_action(self, state: WitchState, answer: str) -> list[Event]:
        seat, witch = state.current, state.seats[state.current]
        if answer == "potion":
            return self._use_potion(state, seat)
        if answer == "broom":
            return self._use_broom(state, seat)
        if answer == "pass":
            return [Event("pass", f"{witch.describe()} has no card to play and passes.")] + self._finish(state)
        first_step = {"spell": "target", "thief": "target", "wand-hex": "target",
                      "wand": "wand", "discard": "discard-card"}[answer]
        state.action = Action(kind=answer, step=first_step)
        state.phase = STEP
        hex_card = {"thief": cat.THIEF, "wand-hex": cat.WAND_HEX}.get(answer)
        if hex_card:
            state.action.played.append(self._take(state, seat, self.holds(state, seat, hex_card)[0]))
        return []

    def _use_potion(self, state: WitchState, seat: int) -> list[Event]:
        witch = state.seats[seat]
        state.action = Action(kind="potion", step=DONE)
        state.action.played.append(self._take(state, seat, self.holds(state, seat, cat.POTION)[0]))
        witch.hearts = min(self.rules.hearts.max, witch.hearts + self.rules.heart_potion_hearts)
        return [Event("potion", f"{witch.describe()} drinks a Heart Potion: {witch.hearts} Life Hearts.")] \
            + self._finish(state)

    def _use_broom(self, state: WitchState, seat: int) -> list[Event]:
        witch = state.seats[seat]
        state.action = Action(kind="broom", step=DONE)
        state.action.played.append(self._take(state, seat, self.holds(state, seat, cat.BROOM)[0]))
        state.extra_turns += self.rules.zoom_broom_turns
        return [Event("broom", f"{witch.describe()} rides a Zoom Broom: {state.extra_turns} extra turns to come.")] \
            + self._finish(state)

    # -- steps of an action ---------------------------------------------------------------
    def _step_requests(self) -> dict[str, Callable[[WitchState], Request]]:
        return {
            "target": self._target_request, "element": self._element_request, "count": self._count_request,
            "familiar": self._familiar_request, "defend": self._defend_request,
            "defend-familiar": self._familiar_request, "roll": self._roll_request,
            "cauldron": self._cauldron_request, "reward": self._reward_request,
            "steal": self._steal_request, "take-wand": self._take_wand_request,
            "wand": self._wand_request, "discard-card": self._discard_card_request,
            "discard-count": self._count_request,
        }

    def _step_handlers(self) -> dict[str, Callable[[WitchState, Any], list[Event]]]:
        return {
            "target": self._apply_target, "element": self._apply_element, "count": self._apply_count,
            "familiar": self._apply_familiar, "defend": self._apply_defend,
            "defend-familiar": self._apply_familiar, "roll": self._apply_roll,
            "cauldron": self._apply_cauldron, "reward": self._apply_reward,
            "steal": self._apply_steal, "take-wand": self._apply_take_wand,
            "wand": self._apply_wand, "discard-card": self._apply_discard_card,
            "discard-count": self._apply_discard_count,
        }

    # targets
    def _spell_targets(self, state: WitchState, seat: int) -> list[int]:
        elements = {self.catalogue.element(c) for c in self.holds(state, seat, cat.SPELL)}
        return [s for s in self.opponents(state, seat) if elements - {state.seats[s].element}]

    def _thief_targets(self, state: WitchState, seat: int) -> list[int]:
        return [s for s in self.opponents(state, seat) if state.seats[s].hand]

    def _wand_targets(self, state: WitchState, seat: int) -> list[int]:
        return [s for s in self.opponents(state, seat) if state.seats[s].wand]

    def _targets(self, state: WitchState) -> list[int]:
        finder = {"spell": self._spell_targets, "thief": self._thief_targets, "wand-hex": self._wand_targets}
        return finder[state.action.kind](state, state.current)

    def _target_request(self, state: WitchState) -> Decision:
        options = tuple(Option(state.seats[s].name, self._target_label(state, s)) for s in self._targets(state))
        what = {"spell": "Spell attack", "thief": "Thief Hex", "wand-hex": "Wand Hex"}[state.action.kind]
        return Decision(state.current, f"{what}: whom does {state.seats[state.current].name} attack?",
                        options, kind="target")

    def _target_label(self, state: WitchState, seat: int) -> str:
        witch = state.seats[seat]
        wand = f", wand d{self.catalogue.die(witch.wand)}" if witch.wand else ""
        return f"{witch.describe()}: {_hearts(witch.hearts)}, {len(witch.hand)} cards{wand}"

    def _apply_target(self, state: WitchState, answer: str) -> list[Event]:
        action = state.action
        action.target = next(s for s, w in enumerate(state.seats) if w.name == answer)
        action.step = {"spell": "element", "thief": "defend", "wand-hex": "defend"}[action.kind]
        if action.kind == "spell":
            return []
        hexed = "Thief Hex" if action.kind == "thief" else "Wand Hex"
        return [Event("hex", f"{state.seats[state.current].describe()} casts a {hexed} on "
                             f"{state.seats[action.target].describe()}.")] + self._skip_defence_if_unable(state)

    # spells
    def _element_request(self, state: WitchState) -> Decision:
        target = state.seats[state.action.target]
        elements = [self.catalogue.element(c) for c in self.holds(state, state.current, cat.SPELL)]
        options = tuple(Option(e, f"{e.title()} Spells") for e in self.rules.elements
                        if e in elements and e != target.element)
        return Decision(state.current, f"Which element of Spells against the {target.witch_name}?",
                        options, kind="element")

    def _apply_element(self, state: WitchState, answer: str) -> list[Event]:
        state.action.element = answer
        state.action.step = "count"
        return []

    def _count_request(self, state: WitchState) -> Decision:
        action = state.action
        if action.kind == "spell":
            card = self.catalogue.spell_of(action.element)
            most = min(self.rules.max_spells_per_attack, self.playable(state, state.current)[card])
            prompt = f"How many {action.element.title()} Spells (up to {most})?"
        else:
            most = self.playable(state, state.current)[action.element]
            prompt = f"How many {self._card_name(action.element)} cards to discard (up to {most})?"
        return Decision(state.current, prompt, tuple(Option(str(n)) for n in range(1, most + 1)), kind="count")

    def _apply_count(self, state: WitchState, answer: str) -> list[Event]:
        action, seat = state.action, state.current
        action.count = int(answer)
        card = self.catalogue.spell_of(action.element)
        action.played.extend(self._take(state, seat, card) for _ in range(action.count))
        action.step = "familiar"
        attacker, target = state.seats[seat], state.seats[action.target]
        spells = f"{action.count} {action.element.title()} Spell{'s' if action.count > 1 else ''}"
        return [Event("attack", f"{attacker.describe()} attacks {target.describe()} with {spells}.",
                      {"attacker": seat, "target": action.target, "element": action.element,
                       "count": action.count})] + self._skip_familiars_if_none(state)

    # familiars
    def _familiar_owner(self, state: WitchState) -> int:
        return state.current if state.action.step == "familiar" else state.action.target

    def _familiar_pile(self, state: WitchState) -> list[str]:
        return state.action.played if state.action.step == "familiar" else state.action.defended

    def _familiar_request(self, state: WitchState) -> Decision:
        seat = self._familiar_owner(state)
        bonus = self.catalogue.bonus(self._familiar_pile(state))
        options = [Option(DONE, f"No more Familiars (bonus +{bonus})")]
        options += [Option(c, f"{self.catalogue.name(c)} (+{self.catalogue.bonus([c])})")
                    for c in self.holds(state, seat, cat.FAMILIAR)]
        return Decision(seat, f"{state.seats[seat].name}: play Familiars face up?", tuple(options), kind="familiar")

    def _apply_familiar(self, state: WitchState, answer: str) -> list[Event]:
        seat = self._familiar_owner(state)
        if answer != DONE:
            self._familiar_pile(state).append(self._take(state, seat, answer))
            return self._skip_familiars_if_none(state)
        state.action.step = "defend" if state.action.step == "familiar" else "roll"
        return self._skip_defence_if_unable(state) if state.action.step == "defend" else []

    def _skip_familiars_if_none(self, state: WitchState) -> list[Event]:
        """No prompt for Familiars when the player holds none."""
        if self.holds(state, self._familiar_owner(state), cat.FAMILIAR):
            return []
        return self._apply_familiar(state, DONE)

    # defence
    def _defend_request(self, state: WitchState) -> Decision:
        action = state.action
        defender, attacker = state.seats[action.target], state.seats[state.current]
        block = Option("shield", "Block with a Shield Crystal")
        if action.kind == "spell":
            odds = self.duel_odds(state)
            accept = Option("roll", f"Roll to defend (attack lands {float(odds.p_hit):.0%} before your Familiars)")
            prompt = (f"{defender.describe()}: {attacker.name} attacks with {action.count} "
                      f"{action.element.title()} Spell(s), rolling {odds.attacker.label()}")
        else:
            accept = Option("allow", "Let the hex take effect")
            prompt = f"{defender.describe()}: block {attacker.name}'s hex with a Shield Crystal?"
        return Decision(action.target, prompt, (block, accept), kind="defend")

    def _skip_defence_if_unable(self, state: WitchState) -> list[Event]:
        """A defender without a Shield Crystal goes straight to the roll (or the hex)."""
        if self.holds(state, state.action.target, cat.SHIELD):
            return []
        return self._apply_defend(state, "roll" if state.action.kind == "spell" else "allow")

    def _apply_defend(self, state: WitchState, answer: str) -> list[Event]:
        action = state.action
        defender = state.seats[action.target]
        if answer == "shield":
            action.defended.append(self._take(state, action.target, self.holds(state, action.target, cat.SHIELD)[0]))
            return [Event("block", f"{defender.describe()} blocks the attack with a Shield Crystal.")] \
                + self._finish(state)
        if action.kind == "spell":
            action.step = "defend-familiar"
            return self._skip_familiars_if_none(state)
        action.step = "steal" if action.kind == "thief" else "take-wand"
        return self._steal_hidden(state) if action.kind == "thief" and state.hidden else []

    # the roll
    def duel_sides(self, state: WitchState) -> tuple[Side, Side]:
        """Attacker and defender of the duel in progress: witch, die, Familiars' bonus."""
        action = state.action
        attacker, defender = state.seats[state.current], state.seats[action.target]
        return (Side(attacker.element, self.die_of(attacker), self.catalogue.bonus(action.played)),
                Side(defender.element, self.die_of(defender), self.catalogue.bonus(action.defended)))

    def duel_odds(self, state: WitchState) -> AttackOdds:
        """The exact odds of the duel in progress (see attack.py)."""
        attacker, defender = self.duel_sides(state)
        hearts = state.seats[state.action.target].hearts
        return attack_odds(self.rules, attacker, defender, state.action.element, state.action.count, hearts)

    def _roll_request(self, state: WitchState) -> Chance:
        attacker, defender = self.duel_sides(state)
        names = state.seats[state.current].name, state.seats[state.action.target].name
        again = " again (tie)" if state.action.rolls else ""
        return Chance("roll", f"Roll{again}: {names[0]} rolls {attacker.label()}, then {names[1]} "
                              f"rolls {defender.label()}", dice=(attacker.die, defender.die))

    def _apply_roll(self, state: WitchState, faces: list[int]) -> list[Event]:
        action = state.action
        attacker, defender = self.duel_sides(state)
        action.rolls.append(list(faces))
        a_total, d_total = faces[0] + attacker.bonus, faces[1] + defender.bonus
        names = state.seats[state.current].name, state.seats[action.target].name
        line = (f"{names[0]} {attacker.label()} rolls {faces[0]} = {a_total}, "
                f"{names[1]} {defender.label()} rolls {faces[1]} = {d_total}")
        if a_total == d_total:
            return [Event("tie", f"{line}: a tie, roll again.")]
        if d_total > a_total:
            return [Event("defended", f"{line}: {names[1]} is safe.")] + self._finish(state)
        return [Event("hit", f"{line}: the attack lands.")] + self._hit(state)

    def _hit(self, state: WitchState) -> list[Event]:
        action = state.action
        attacker, defender = state.seats[state.current], state.seats[action.target]
        damage = hearts_if_hit(self.rules, attacker.element, action.element, action.count)
        lost = min(damage, defender.hearts)
        defender.hearts -= lost
        doubled = " (doubled: the Spells match the attacker's witch)" if action.element == attacker.element else ""
        events = [Event("hearts", f"{defender.describe()} loses {lost} Life Heart{'s' if lost != 1 else ''}"
                                  f"{doubled}: {defender.hearts} left.", {"seat": action.target, "lost": lost})]
        if defender.hearts > 0:
            return events + self._finish(state)
        if self.holds(state, action.target, cat.CAULDRON):
            action.step = "cauldron"
            return events
        return events + self._eliminate(state)

    # elimination
    def _cauldron_request(self, state: WitchState) -> Decision:
        defender = state.seats[state.action.target]
        options = (Option("cauldron", f"Use the Infinity Cauldron (back to {self.rules.cauldron_hearts})"),
                   Option("fall", "Do not use it: eliminated"))
        return Decision(state.action.target, f"{defender.describe()} has lost their final Life Heart",
                        options, kind="cauldron")

    def _apply_cauldron(self, state: WitchState, answer: str) -> list[Event]:
        action = state.action
        if answer == "fall":
            return self._eliminate(state)
        defender = state.seats[action.target]
        action.defended.append(self._take(state, action.target, self.holds(state, action.target, cat.CAULDRON)[0]))
        defender.hearts = self.rules.cauldron_hearts
        return [Event("cauldron", f"{defender.describe()} drinks from the Infinity Cauldron: back to "
                                  f"{defender.hearts} Life Heart(s).")] + self._finish(state)

    def _eliminate(self, state: WitchState) -> list[Event]:
        seat = state.action.target
        witch = state.seats[seat]
        witch.eliminated = True
        state.discard.extend(witch.hand + ([witch.wand] if witch.wand else []))
        witch.hand, witch.wand = [], None
        events = [Event("eliminated", f"{witch.describe()} is eliminated; their cards go to the Discard Pile.",
                        {"seat": seat})]
        if len(state.alive()) == 1:
            return events + self._finish(state)
        state.action.step = "reward"
        return events

    def _reward_request(self, state: WitchState) -> Decision:
        rewards = self.rules.elimination_rewards
        options = (Option("heart", f"Regain {rewards.heart} Life Heart"),
                   Option("hand", f"Hand size +{rewards.hand_size} for the rest of the game"))
        return Decision(state.current, f"{state.seats[state.current].describe()} chooses an elimination reward",
                        options, kind="reward")

    def _apply_reward(self, state: WitchState, answer: str) -> list[Event]:
        witch = state.seats[state.current]
        rewards = self.rules.elimination_rewards
        if answer == "heart":
            witch.hearts = min(self.rules.hearts.max, witch.hearts + rewards.heart)
            text = f"{witch.describe()} regains a Life Heart: {witch.hearts}."
        else:
            witch.hand_size += rewards.hand_size
            text = f"{witch.describe()} now holds {witch.hand_size} cards."
        return [Event("reward", text)] + self._finish(state)

    # hexes
    def _steal_request(self, state: WitchState) -> Decision:
        target = state.seats[state.action.target]
        options = tuple(Option(c, self.catalogue.name(c)) for c in sorted(set(target.hand)))
        return Decision(state.current, f"{state.seats[state.current].name} looks at {target.name}'s hand: "
                                       f"take which card?", options, kind="steal")

    def _apply_steal(self, state: WitchState, answer: str) -> list[Event]:
        target = state.seats[state.action.target]
        target.hand.remove(answer)
        state.seats[state.current].hand.append(answer)
        return [Event("steal", f"{state.seats[state.current].name} takes a {self._card_name(answer)} "
                               f"from {target.name}.")] + self._finish(state)

    def _steal_hidden(self, state: WitchState) -> list[Event]:
        """At the table the stolen card stays secret: a face-down card changes hands."""
        return self._apply_steal(state, state.seats[state.action.target].hand[0])

    def _take_wand_request(self, state: WitchState) -> Decision:
        target = state.seats[state.action.target]
        die = self.catalogue.die(target.wand)
        options = (Option("keep", f"Put the d{die} Wand in play for yourself"), Option("discard", "Discard it"))
        return Decision(state.current, f"{state.seats[state.current].name} takes {target.name}'s d{die} Wand",
                        options, kind="take-wand")

    def _apply_take_wand(self, state: WitchState, answer: str) -> list[Event]:
        attacker, target = state.seats[state.current], state.seats[state.action.target]
        wand, target.wand = target.wand, None
        if answer == "discard":
            state.discard.append(wand)
            return [Event("wand-hex", f"{attacker.name} discards {target.name}'s {self._card_name(wand)}.")] \
                + self._finish(state)
        if attacker.wand:
            state.discard.append(attacker.wand)
        attacker.wand = wand
        return [Event("wand-hex", f"{attacker.name} takes {target.name}'s {self._card_name(wand)} and rolls "
                                  f"d{self.catalogue.die(wand)} now.")] + self._finish(state)

    # wands and discards
    def _better_wands(self, state: WitchState, seat: int) -> list[str]:
        current = self.die_of(state.seats[seat]) if state.seats[seat].wand else 0
        return [c for c in self.holds(state, seat, cat.WAND) if self.catalogue.die(c) > current]

    def _wand_request(self, state: WitchState) -> Decision:
        options = tuple(Option(c, f"{self.catalogue.name(c)} (d{self.catalogue.die(c)})")
                        for c in self._better_wands(state, state.current))
        return Decision(state.current, "Which Wand goes in play?", options, kind="wand")

    def _apply_wand(self, state: WitchState, answer: str) -> list[Event]:
        witch = state.seats[state.current]
        self._take(state, state.current, answer)
        replaced = f", replacing the d{self.catalogue.die(witch.wand)}" if witch.wand else ""
        if witch.wand:
            state.discard.append(witch.wand)
        witch.wand = answer
        return [Event("wand", f"{witch.describe()} puts a {self._card_name(answer)} in play{replaced}: "
                              f"rolls d{self.catalogue.die(answer)}.")] + self._finish(state)

    def _discard_card_request(self, state: WitchState) -> Decision:
        options = tuple(Option(c, self.catalogue.name(c)) for c in self.catalogue.cards
                        if self.playable(state, state.current)[c])
        return Decision(state.current, "Discard which identical cards?", options, kind="discard-card")

    def _apply_discard_card(self, state: WitchState, answer: str) -> list[Event]:
        state.action.element = answer
        state.action.step = "discard-count"
        return []

    def _apply_discard_count(self, state: WitchState, answer: str) -> list[Event]:
        action, seat = state.action, state.current
        action.played.extend(self._take(state, seat, action.element) for _ in range(int(answer)))
        return [Event("discard", f"{state.seats[seat].describe()} discards {answer} x "
                                 f"{self._card_name(action.element)}.")] + self._finish(state)

    # -- the end of a turn: discard, refill, next player --------------------------------
    def _finish(self, state: WitchState) -> list[Event]:
        """Cards used go to the Discard Pile, every player refills, the rotation moves on."""
        if state.action is not None:
            state.discard.extend(state.action.played + state.action.defended)
            state.action = None
        if len(state.alive()) == 1:
            state.phase = OVER
            return []
        state.refill_from, state.refill_left = state.current, len(state.seats)
        return self._continue_refill(state)

    def _continue_refill(self, state: WitchState) -> list[Event]:
        """Refill hands in rotation order; pause for a shuffle when the Draw Pile runs out."""
        events: list[Event] = []
        while state.refill_left:
            witch = state.seats[state.refill_from]
            while not witch.eliminated and len(witch.hand) < witch.hand_size:
                if not state.draw and not self._can_reshuffle(state):
                    break
                if not state.draw and not state.hidden:
                    state.phase = RESHUFFLE
                    return events
                if not state.draw:
                    events += self._apply_reshuffle(state, [HIDDEN] * len(state.discard))
                witch.hand.append(state.draw.pop(0))
            state.refill_from = (state.refill_from + 1) % len(state.seats)
            state.refill_left -= 1
        return events + self._next_turn(state)

    def _can_reshuffle(self, state: WitchState) -> bool:
        return len(state.discard) > self.rules.reshuffle_top_discard

    def _apply_reshuffle(self, state: WitchState, order: list[str]) -> list[Event]:
        top = self.rules.reshuffle_top_discard
        state.discard, state.draw = list(order[:top]), list(order[top:])
        state.phase = STEP if state.action else ACTION
        return [Event("reshuffle", f"The Discard Pile becomes a new Draw Pile of {len(state.draw)} cards; "
                                   f"{self._card_name(state.discard[0])} starts the new Discard Pile.")]

    def _next_turn(self, state: WitchState) -> list[Event]:
        state.phase = ACTION
        state.turn += 1
        witch = state.seats[state.current]
        if state.extra_turns:
            state.extra_turns -= 1
            return [Event("extra-turn", f"Zoom Broom: {witch.name} takes an extra turn.")]
        state.current = state.next_alive(state.current)
        return []


def _hearts(count: int) -> str:
    return f"{count} Life Heart{'s' if count != 1 else ''}"
