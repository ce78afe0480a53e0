"""A minimal Halfwish loop for bench/halfwish.py: the rules every simulated game plays, in plain
Python over lists and ints, reading the same numbers and card lists from cards/halfwish/.

`MinimalHalfwish.play(rng)` plays one game between two random players, as the engine's random
bots do (every choice uniform among the legal ones):

- setup: a class per seat, three secret powers, the first player, drawn from the seed exactly as
  `companion.games.halfwish.sim_setup` draws them (so both sides set up the same game);
- rounds and turns: round starters (the first player, the other, whoever is losing), turn players
  alternating, secret 2d6 DVs (or a DV kept after a parley or an Ice Beam), the draw schedule with
  Innate cards in hand at the start of each round, discards down to the hand limit;
- encounters: Duel, Scout or Parley; the opponent accepts or declines and duels as the aggressor;
  an accepted parley lets both keep their DV one turn and pays the parley streak compensation;
- duels: one or two actions committed from the hand, a powers window in the preparation and in the
  showdown (bench/halfwish_minimal_powers.py: Halfwish, Feint and the ten powers, mana, one
  non-basic power a turn, Challenge and concede, M'nka Giga's DV lock, Scry's parley offer); the
  clash rules (First Strike, ignores block, block for DV+2, evade at DV 8, Heavy Strike's Exposed
  on reveal, strike bonus, Exposed and Toughness), aggressor and defender scoring, First Blood,
  knockout at 0 health;
- locations (bench/halfwish_minimal_map.py): one flipped from the map deck at the showdown of each
  duel, or when a scout or a parley is accepted, its effects applied as its context allows, its
  duel rewards to the winner; Poisoned, Stunned, no powers, no healing, Exposed as the statuses work;
- between rounds: five upgrades dealt, the loser picks first, each player takes one that replaces
  a basic action they hold (its profile merged over the action: strike value, First Strike,
  ignores block, kind) or skips it to heal, and one more from a new deal per extra upgrade;
  mana; healing between rounds; statuses end;
- the end: points, then lamps, health and First Blood.

Not played (the engine plays them; this loop does not): upgrades' effects beyond their profile (on
hit, on win, reveal effects other than Exposed, hooks), wishes, damage from a location or a power
counted as a hit in the duel's scoring, the rewards of a conceded duel's location, and a kept DV
keeping its changes after a parley. The random choices are not made in the engine's order, so the
two cannot play the same game from one seed: over 400 seeds both last 12.66 turns a game on average
and end by knockout in 49% (loop) and 46% (engine) of games; the loop scores 10.6 points a game to
the engine's 12.0 (the scoring it leaves out).
"""

from __future__ import annotations

import random
from typing import Any

from halfwish_minimal_map import duel_rewards, location_effects, reveal
from halfwish_minimal_powers import FEINT, PASS, Duel, duel_end, power_cards, window

Action = tuple[str, int, bool, bool, int]   # kind, strike change, first strike, ignores block, exposed on reveal


def _action(profile: dict[str, Any]) -> Action:
    exposed = sum(int(e.get("amount", 0)) for e in profile.get("on_reveal", [])
                  if e.get("op") == "status" and e.get("status") == "exposed" and e.get("who", "self") == "self")
    return (str(profile["kind"]), int(profile.get("dv", 0)), bool(profile.get("first_strike")),
            bool(profile.get("ignores_block")), exposed)


class MinimalHalfwish:
    """Halfwish's common rules as one loop (see the module docstring for what it covers)."""

    def __init__(self, db: Any):
        r = db.rules
        self.health, self.rounds, self.turns = r["health"], r["rounds"], r["turns_per_round"]
        self.hand_limit, self.schedule, self.per_duel = r["hand_limit"], r["draw_schedule"], r["actions_per_duel"]
        self.dice, self.dv_floor = list(r["dv_dice"]), r["dv_floor"]
        self.set_dv, self.feint_max, self.feint_evade = r["halfwish_set_dv"], r["feint_max_dv"], r["feint_evade_min_dv"]
        self.heal_round, self.skip_heal, self.dealt = r["heal_between_rounds"], r["skip_upgrade_heal"], r["upgrades_dealt"]
        self.streak_for, self.streak_points = r["parley_streak_for_compensation"], r["parley_compensation_points"]
        self.scoring = (r["aggressor_points_per_hit"], r["defender_points_no_damage"], r["defender_points_aggressor_hit"])
        self.powers_chosen, self.status_step = r["powers_chosen"], r["status_step"]
        self.health_max, self.dv_min, self.dv_max = r["health_max"], r["dv_min"], r["dv_max"]
        self.poison_damage, self.map_per_round = r["poison_damage"], r["map_cards_per_round"]
        self.mana_start, self.mana_rounds, self.mana_gain = r["mana_start"], r["mana_gain_rounds"], r["mana_gain"]
        self.map_deck, self.locations = location_effects(db)
        self.basic_uses, self.nonbasic_per_turn = r["basic_power_uses_per_round"], r["non_basic_powers_per_turn"]
        self.powers = power_cards(db)
        self.is_treasure = {c.id: c.fields.get("category") == "treasure"
                            for d in db.decks if d.id == "map" for c in d.cards}
        basic = dict(r["actions"])
        self.evade_at = {aid: int(p.get("min_dv", 0)) for aid, p in basic.items()}
        self.actions: dict[str, Action] = {aid: _action(p) for aid, p in basic.items()}
        self.replaces: dict[str, str] = {}
        decks = {deck.id: deck for deck in db.decks}
        self.classes = [c.id for c in decks["classes"].cards]
        self.deck_list = {c.id: [a for a, n in c.fields["deck_list"].items() for _ in range(n)] for c in decks["classes"].cards}
        self.innate = {c.id: [a for a, n in (c.fields.get("innate") or {}).items() for _ in range(n)]
                       for c in decks["classes"].cards}
        self.power_ids = [c.id for c in decks["powers"].cards]
        self.upgrade_deck: list[str] = []
        for card in decks["upgrades"].cards:
            base = card.fields["replaces"]
            self.replaces[card.id] = base
            self.actions[card.id] = _action({**basic[base], **card.fields["profile"]})
            self.evade_at[card.id] = int({**basic[base], **card.fields["profile"]}.get("min_dv", 0))
            self.upgrade_deck += [card.id] * card.count

    def setup(self, rng: random.Random) -> tuple[list[str], list[list[str]], int]:
        """Classes, secret powers and the first player, drawn as the engine's `sim_setup` draws them."""
        classes = [rng.choice(self.classes) for _ in range(2)]
        powers = [rng.sample(self.power_ids, self.powers_chosen) for _ in range(2)]
        return classes, powers, rng.randrange(2)

    def play(self, rng: random.Random) -> tuple[int | None, int]:
        """One game: (the winner's seat or None for a draw, turns played)."""
        classes, powers, first = self.setup(rng)
        return _Game(self, rng, classes, powers, first).run()


class _Game:
    """One game's numbers: health, points, decks, hands, DVs, statuses, powers."""

    def __init__(self, m: MinimalHalfwish, rng: random.Random, classes: list[str], powers: list[list[str]],
                 first: int):
        self.m, self.rng, self.first, self.powers = m, rng, first, powers
        self.health, self.points, self.exposed = [m.health] * 2, [0, 0], [0, 0]
        self.mana, self.lamps, self.extra = [m.mana_start] * 2, [0, 0], [0, 0]
        self.status: list[dict[str, int]] = [{}, {}]
        self.decks = [list(m.deck_list[c]) for c in classes]
        self.innate = [list(m.innate[c]) for c in classes]
        self.piles: list[list[str]] = [[], []]
        self.hands: list[list[str]] = [[], []]
        self.discard: list[list[str]] = [[], []]
        self.spent = [[0, 0], [0, 0]]   # Halfwish, Feint uses this round
        self.spent_powers: list[list[str]] = [[], []]
        self.nonbasic, self.steal_later, self.kept = [0, 0], [0, 0], [False, False]
        self.first_blood, self.turns_played, self.round, self.streak = -1, 0, 1, 0
        self.upgrades, self.map_deck = list(m.upgrade_deck), list(m.map_deck)
        self.map_discard: list[str] = []

    def run(self) -> tuple[int | None, int]:
        m, rng = self.m, self.rng
        rolls = [0, 0]
        for rnd in range(1, m.rounds + 1):
            self.round = rnd
            starter = self.first if rnd == 1 else 1 - self.first if rnd == 2 else self.loser(self.first)
            self._start_round(rnd)
            for turn in range(1, m.turns + 1):
                self.turns_played += 1
                tp = starter if turn % 2 else 1 - starter
                for seat in (tp, 1 - tp):
                    if self.status[seat].get("poisoned"):
                        self.damage(seat, m.poison_damage)
                if min(self.health) <= 0:
                    return self._knockout()
                for seat in (tp, 1 - tp):
                    if not self.kept[seat]:
                        rolls[seat] = sum(rng.randint(1, s) for s in m.dice)
                self.kept = [False, False]
                self._draw(turn, tp)
                offer = rng.choice(("scout", "parley") if self.status[tp].get("stunned") else ("duel", "scout", "parley"))
                self._encounter(turn, tp, offer, rolls)
                if min(self.health) <= 0:
                    return self._knockout()
                self._end_turn()
            if rnd < m.rounds:
                self._upgrade_phase()
                for seat in (0, 1):
                    self.heal(seat, m.heal_round)
            self.status = [{}, {}]
        return self._leader(), self.turns_played

    def _encounter(self, turn: int, tp: int, offer: str, rolls: list[int]) -> None:
        """Duel, or an offer the opponent accepts (scout, parley) or declines and duels."""
        m, rng = self.m, self.rng
        aggressor = tp
        if offer != "duel":
            answers = ("accept",) if self.status[1 - tp].get("stunned") else ("accept", "decline")
            if rng.choice(answers) == "accept":
                reveal(self, self._flip(), offer, tp, list(rolls))
                if offer == "parley":
                    self.streak += 1
                    if self.streak % m.streak_for == 0 and self.points[0] != self.points[1]:
                        self._score(self.points.index(min(self.points)), m.streak_points)
                    for seat in (tp, 1 - tp):
                        self.kept[seat] = rng.choice((False, True))
                else:
                    self.streak = 0
                return
            aggressor = 1 - tp
        self.streak = 0
        cancelled_by = self._duel(turn, tp, aggressor, rolls)
        if cancelled_by >= 0 and min(self.health) > 0:   # Scry: the duel became a parley offer
            self._encounter_offer(turn, tp, cancelled_by, rolls)

    def _encounter_offer(self, turn: int, tp: int, offerer: int, rolls: list[int]) -> None:
        answers = ("accept",) if self.status[1 - offerer].get("stunned") else ("accept", "decline")
        if self.rng.choice(answers) == "decline":
            self._duel(turn, tp, 1 - offerer, rolls)
            return
        reveal(self, self._flip(), "parley", offerer, list(rolls))
        for seat in (tp, 1 - tp):
            self.kept[seat] = self.rng.choice((False, True))

    def _start_round(self, rnd: int) -> None:
        m, rng = self.m, self.rng
        if rnd in m.mana_rounds:
            self.mana = [x + m.mana_gain for x in self.mana]
        if len(self.map_deck) < m.map_per_round:
            self.map_deck, self.map_discard = self.map_deck + self.map_discard, []
        self.spent = [[0, 0], [0, 0]]
        for seat in (0, 1):
            pile = list(self.decks[seat])
            for card in self.innate[seat]:
                pile.remove(card)
            self.piles[seat] = rng.sample(pile, len(pile))
            self.hands[seat] = list(self.innate[seat])
            self.discard[seat] = []

    def _draw(self, turn: int, tp: int) -> None:
        m, piles, hands = self.m, self.piles, self.hands
        for seat in (tp, 1 - tp):
            wanted = m.schedule[turn - 1] - (len(self.innate[seat]) if turn == 1 else 0)
            for _ in range(max(0, min(wanted, len(piles[seat])))):
                hands[seat].append(piles[seat].pop())
            while len(hands[seat]) > m.hand_limit:
                self.discard[seat].append(hands[seat].pop(self.rng.randrange(len(hands[seat]))))

    def _flip(self) -> str:
        card = self.map_deck.pop(self.rng.randrange(len(self.map_deck)))
        self.map_discard.append(card)
        return card

    def _end_turn(self) -> None:
        self.exposed, self.nonbasic = [0, 0], [0, 0]
        for seat, status in enumerate(self.status):
            for name in ("no_powers", "toughness", "invulnerable"):
                status.pop(name, None)
            if status.get("stunned"):
                status["stunned"] -= 1
            if self.steal_later[seat]:   # Avarice: steal at the end of the turn
                taken = min(self.steal_later[seat], self.points[1 - seat])
                self.points[1 - seat] -= taken
                self._score(seat, taken)
        self.steal_later = [0, 0]

    def damage(self, seat: int, amount: int, true_damage: bool = False) -> None:
        if self.status[seat].get("invulnerable"):
            return
        if not true_damage:
            amount += (self.exposed[seat] - self.status[seat].get("toughness", 0)) * self.m.status_step
        self.health[seat] = max(0, self.health[seat] - max(0, amount))

    def heal(self, seat: int, amount: int) -> None:
        if not (self.status[seat].get("poisoned") or self.status[seat].get("no_heal")):
            self.health[seat] = min(self.m.health_max, self.health[seat] + amount)

    # -- duels -----------------------------------------------------------------------------------
    def _duel(self, turn: int, tp: int, aggressor: int, rolls: list[int]) -> int:
        """One duel; returns the seat that cancelled it for a parley offer (Scry), else -1."""
        m, rng, hands = self.m, self.rng, self.hands
        duel = Duel(aggressor, list(rolls))
        window(self, duel, tp, "prep")
        if duel.cancelled_by >= 0:
            return duel.cancelled_by
        if duel.conceded or min(self.health) <= 0:
            return -1
        count = min([m.per_duel[turn - 1]] + [len(h) for h in hands])
        duel.played = [[hands[s].pop(rng.randrange(len(hands[s]))) for _ in range(count)] for s in (0, 1)]
        duel.location = self._flip()
        reveal(self, duel.location, "duel", duel.aggressor, duel.dvs)
        if min(self.health) <= 0:
            return -1
        for seat in (0, 1):
            self.exposed[seat] += sum(m.actions[c][4] for c in duel.played[seat] if c != FEINT)
        window(self, duel, tp, "showdown")
        self._resolve(duel)
        for seat in (0, 1):
            self.discard[seat] += [c for c in duel.played[seat] if c != FEINT]
            if self.kept[seat]:
                rolls[seat] = duel.dvs[seat]
        return -1

    def _resolve(self, duel: Duel) -> None:
        """Clashes, damage, scoring, rewards."""
        m = self.m
        assert duel.played is not None
        hits: list[list[int]] = [[], []]
        for a, b in zip(*duel.played):
            taken = self._clash((a, b), duel.dvs, duel.bonus)
            for seat in (0, 1):
                if taken[seat]:
                    before = self.health[seat]
                    self.damage(seat, taken[seat])
                    if self.health[seat] < before:
                        hits[seat].append(before - self.health[seat])
        per_hit, no_damage, hit_back = m.scoring
        aggressor, defender = duel.aggressor, 1 - duel.aggressor
        gains = [0, 0]
        gains[aggressor] = per_hit * len(hits[defender])
        gains[defender] = (0 if hits[defender] else no_damage) + (hit_back if hits[aggressor] else 0)
        for seat in (aggressor, defender):
            if gains[seat]:
                self._score(seat, gains[seat])
        winner = -1 if gains[0] == gains[1] else 0 if gains[0] > gains[1] else 1
        if not duel.treasure_taken:
            duel_rewards(self, duel.location, aggressor, winner, duel.dvs)
        duel_end(self, duel, winner)

    def _clash(self, cards: tuple[str, str], dvs: list[int], bonus: list[int]) -> tuple[int, int]:
        """Damage to each side from one clash (before Exposed and Toughness)."""
        acts = [self._profile(c) for c in cards]
        kinds = (acts[0][0], acts[1][0])
        values = [max(self.m.dv_floor, dvs[s]) + acts[s][1] + (bonus[s] if acts[s][0] == "strike" else 0)
                  for s in (0, 1)]
        if kinds == ("strike", "strike"):
            fs = (acts[0][2], acts[1][2])
            if fs[0] != fs[1]:
                first = 0 if fs[0] else 1
                other = 1 - first
                both = [0, 0]
                both[other] = values[first]
                if self.health[other] - values[first] > 0:   # the target survives and strikes back
                    both[first] = max(0, values[other] - values[first])
                return both[0], both[1]
            return max(0, values[1] - values[0]), max(0, values[0] - values[1])
        if "strike" not in kinds:
            return 0, 0
        striker = 0 if kinds[0] == "strike" else 1
        other = 1 - striker
        if kinds[other] == "block":
            taken = values[striker] if acts[striker][3] else max(0, values[striker] - values[other])
        else:
            taken = 0 if dvs[other] >= self._evade_at(cards[other]) else values[striker]
        return (taken, 0) if other == 0 else (0, taken)

    def _profile(self, card: str) -> Action:
        return ("evade", 0, False, False, 0) if card == FEINT else self.m.actions[card]

    def _evade_at(self, card: str) -> int:
        return int(self.m.feint_evade) if card == FEINT else self.m.evade_at[card]

    # -- scoring, upgrades, the end ----------------------------------------------------------------
    def _score(self, seat: int, amount: int) -> None:
        self.points[seat] += amount
        if self.first_blood < 0 and amount > 0:
            self.first_blood = seat

    def _upgrade_phase(self) -> None:
        """Each player picks one upgrade (the loser first), then one more per extra upgrade."""
        m, rng = self.m, self.rng
        behind = self.loser(rng.randrange(2))
        picks = [1 + self.extra[0], 1 + self.extra[1]]
        self.extra = [0, 0]
        while max(picks):
            dealt = rng.sample(self.upgrades, min(m.dealt, len(self.upgrades)))
            for seat in (behind, 1 - behind):
                if picks[seat]:
                    picks[seat] -= 1
                    self._pick(seat, dealt)

    def _pick(self, seat: int, dealt: list[str]) -> None:
        m = self.m
        legal = [u for u in dealt if m.replaces[u] in self.decks[seat]]
        choice = self.rng.choice(legal + [PASS])
        if choice == PASS:
            self.heal(seat, m.skip_heal)
            return
        dealt.remove(choice)
        self.upgrades.remove(choice)
        deck = self.decks[seat]
        deck[deck.index(m.replaces[choice])] = choice
        if m.replaces[choice] in self.innate[seat]:
            self.innate[seat][self.innate[seat].index(m.replaces[choice])] = choice

    def loser(self, otherwise: int = -1) -> int:
        leader = self._leader()
        return otherwise if leader is None else 1 - leader

    def _leader(self) -> int | None:
        for key in (self.points, self.lamps, self.health):
            if key[0] != key[1]:
                return 0 if key[0] > key[1] else 1
        return self.first_blood if self.first_blood >= 0 else None

    def _knockout(self) -> tuple[int | None, int]:
        down = [s for s in (0, 1) if self.health[s] <= 0]
        return (self._leader() if len(down) == 2 else 1 - down[0]), self.turns_played
