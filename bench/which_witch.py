"""Simulation speed of Which Witch Is Best!?: the engine against a minimal hand-written loop.

Both play the whole rules text with real cards (shuffle, deal, seven actions, Spell duels
with Familiars, Shield Crystals, wand dice and re-rolled ties, doubled own-element damage,
hexes, refills with reshuffles, the Infinity Cauldron, elimination rewards) and an
attack-first policy like the engine's HeuristicBot. Their choices differ in details, so games
differ in length: the ratio compares **turns per second** of CPU time, measured side by side.

Usage: .venv/bin/python bench/which_witch.py [--games N] [--players 2..6] [--rounds R]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import load_game
from companion.sim import Player, SimConfig


@dataclass
class Table:
    """Everything on the table, as plain lists indexed by seat."""

    witch: list[str]
    hearts: list[int]
    size: list[int]
    wand: list[str | None]
    alive: list[bool]
    hands: list[list[str]]
    draw: list[str]
    discard: list[str]


class MinimalWhichWitch:
    """The rules as one plain loop over lists and ints; numbers from cards/which-witch/."""

    def __init__(self, db):
        r = db.rules
        self.r = r
        cards = db.deck("game-cards").cards
        self.deck = [c.id for c in cards for _ in range(c.count)]
        self.kind = {c.id: c.get("kind") for c in cards}
        self.element = {c.id: c.get("element") for c in cards}
        self.bonus = {c.id: c.get("bonus") or 0 for c in cards}
        self.die = {c.id: c.get("die") or 0 for c in cards}
        self.spell = {c.get("element"): c.id for c in cards if c.get("kind") == "spell"}
        self.turns = 0

    def play(self, players: int, rng: random.Random) -> int:
        """One game; the winner's seat."""
        r = self.r
        witch = rng.sample(list(r.elements), players)
        hearts = [r.hearts.two_players if players == 2 else r.hearts.three_or_more] * players
        size, wand, alive = [r.hand_size] * players, [None] * players, [True] * players
        draw = list(self.deck)
        rng.shuffle(draw)
        hands = [[] for _ in range(players)]
        for _ in range(r.hand_size):
            for hand in hands:
                hand.append(draw.pop())
        discard, seat, extra = [draw.pop()], 0, 0
        table = Table(witch, hearts, size, wand, alive, hands, draw, discard)
        while alive.count(True) > 1:
            self.turns += 1
            extra += self.turn(seat, table, rng)
            self.refill(seat, table, rng)
            if extra:
                extra -= 1
            else:
                seat = next(s % players for s in range(seat + 1, seat + players + 1) if alive[s % players])
        return alive.index(True)

    def turn(self, me: int, table, rng) -> int:
        """One action; returns extra turns earned."""
        witch, hearts, wand, alive, hands, discard = table.witch, table.hearts, table.wand, table.alive, table.hands, table.discard
        hand, r = hands[me], self.r
        foes = [s for s in range(len(alive)) if alive[s] and s != me]
        spells = Counter(self.element[c] for c in hand if self.kind[c] == "spell")
        targets = [s for s in foes if set(spells) - {witch[s]}]
        if targets:
            return self.attack(me, min(targets, key=lambda s: hearts[s]), spells, table, rng)
        best = max((c for c in hand if self.kind[c] == "wand"), key=self.die.get, default=None)
        if best and self.die[best] > (self.die[wand[me]] if wand[me] else 0):
            hand.remove(best)
            if wand[me]:
                discard.append(wand[me])
            wand[me] = best
            return 0
        for kind in ("heart-potion", "zoom-broom", "wand-hex", "thief-hex"):
            if self.act(me, kind, table):
                return r.zoom_broom_turns if kind == "zoom-broom" else 0
        if hand:
            discard.append(hand.pop(0))
        return 0

    def act(self, me: int, kind: str, table) -> bool:
        hearts, wand, alive, hands, discard = table.hearts, table.wand, table.alive, table.hands, table.discard
        card = next((c for c in hands[me] if self.kind[c] == kind), None)
        foes = [s for s in range(len(alive)) if alive[s] and s != me]
        if card is None or (kind == "heart-potion" and hearts[me] >= self.r.hearts.max):
            return False
        target = next((s for s in foes if (wand[s] if kind == "wand-hex" else hands[s])), None)
        if kind in ("wand-hex", "thief-hex") and target is None:
            return False
        hands[me].remove(card)
        discard.append(card)
        if kind == "heart-potion":
            hearts[me] = min(self.r.hearts.max, hearts[me] + self.r.heart_potion_hearts)
        elif kind in ("wand-hex", "thief-hex") and not self.blocks(target, hands, discard):
            if kind == "wand-hex":
                if wand[me]:
                    discard.append(wand[me])
                wand[me], wand[target] = wand[target], None
            else:
                stolen = hands[target][0]
                hands[target].remove(stolen)
                hands[me].append(stolen)
        return True

    def blocks(self, seat: int, hands, discard) -> bool:
        shield = next((c for c in hands[seat] if self.kind[c] == "shield-crystal"), None)
        if shield:
            hands[seat].remove(shield)
            discard.append(shield)
        return shield is not None

    def attack(self, me: int, target: int, spells: Counter, table, rng) -> int:
        witch, hearts, wand, hands, discard = table.witch, table.hearts, table.wand, table.hands, table.discard
        r = self.r
        element = max((e for e in spells if e != witch[target]),
                      key=lambda e: spells[e] * (2 if e == witch[me] else 1))
        count = min(r.max_spells_per_attack, spells[element])
        for _ in range(count):
            hands[me].remove(self.spell[element])
        played = [self.spell[element]] * count + self.familiars(hands[me])
        discard.extend(played)
        if self.blocks(target, hands, discard):
            return 0
        defended = self.familiars(hands[target])
        discard.extend(defended)
        a_die = self.die[wand[me]] if wand[me] else r.default_die
        d_die = self.die[wand[target]] if wand[target] else r.default_die
        a_bonus, d_bonus = sum(self.bonus[c] for c in played), sum(self.bonus[c] for c in defended)
        while True:
            a, d = rng.randint(1, a_die) + a_bonus, rng.randint(1, d_die) + d_bonus
            if a != d:
                break
        if a > d:
            damage = count * r.hearts_per_spell * (r.own_element_multiplier if element == witch[me] else 1)
            hearts[target] = max(0, hearts[target] - damage)
            if hearts[target] == 0:
                self.fall(me, target, table)
        return 0

    def familiars(self, hand: list[str]) -> list[str]:
        found = [c for c in hand if self.kind[c] == "familiar"]
        for c in found:
            hand.remove(c)
        return found

    def fall(self, me: int, target: int, table) -> None:
        hearts, size, wand, alive, hands, discard = table.hearts, table.size, table.wand, table.alive, table.hands, table.discard
        cauldron = next((c for c in hands[target] if self.kind[c] == "infinity-cauldron"), None)
        if cauldron:
            hands[target].remove(cauldron)
            discard.append(cauldron)
            hearts[target] = self.r.cauldron_hearts
            return
        alive[target] = False
        discard.extend(hands[target] + ([wand[target]] if wand[target] else []))
        hands[target], wand[target] = [], None
        if hearts[me] < self.r.hearts.max - 1:
            hearts[me] = min(self.r.hearts.max, hearts[me] + self.r.elimination_rewards.heart)
        else:
            size[me] += self.r.elimination_rewards.hand_size

    def refill(self, first: int, table, rng) -> None:
        size, alive, hands, draw, discard = table.size, table.alive, table.hands, table.draw, table.discard
        n = len(alive)
        for seat in [(first + k) % n for k in range(n)]:
            while alive[seat] and len(hands[seat]) < size[seat]:
                if not draw:
                    if len(discard) <= self.r.reshuffle_top_discard:
                        break
                    rng.shuffle(discard)
                    top = self.r.reshuffle_top_discard
                    draw[:], discard[:] = discard[top:], discard[:top]
                hands[seat].append(draw.pop())


def turn_rate(run, games: int) -> float:
    """Turns per CPU second of `run(games)` (which returns the turns played)."""
    start = time.process_time()
    turns = run(games)
    return turns / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per measurement")
    parser.add_argument("--players", type=int, default=4, help="players per game (2 to 6)")
    parser.add_argument("--rounds", type=int, default=3, help="measurements per figure (the best counts)")
    args = parser.parse_args()

    minimal = MinimalWhichWitch(load_game("which-witch"))
    player = Player.build(SimConfig("which-witch", args.games, 1, args.players, ("heuristic",)))

    def minimal_run(games: int) -> int:
        before = minimal.turns
        for i in range(games):
            minimal.play(args.players, random.Random(f"1:{i}"))
        return minimal.turns - before

    def engine_run(games: int) -> int:
        return sum(record.length for record in player.play_range(0, games))

    best = {"minimal": 0.0, "engine": 0.0}
    for _ in range(args.rounds):
        best["minimal"] = max(best["minimal"], turn_rate(minimal_run, args.games))
        best["engine"] = max(best["engine"], turn_rate(engine_run, args.games))
    print(f"which-witch, {args.players} players, attack-first bots, {args.games} games per measurement")
    print(f"  minimal loop: {best['minimal']:,.0f} turns/s   engine: {best['engine']:,.0f} turns/s "
          f"(per core, CPU time)")
    print(f"  engine/minimal slowdown: {best['minimal'] / best['engine']:.2f}x per turn   (target: within 4x)")


if __name__ == "__main__":
    main()
