"""Simulation speed: our Heartstrings engine against a minimal hand-written loop, and --jobs scaling.

Prints ratios measured in the same run (see bench/README.md):
  - engine/minimal: how many times slower a game is through the step machine (request/apply,
    the game's steps, events with explanations, the simulation driver) than through the plain
    loop below that plays the same rules with the same random bot; target: within 2x;
  - jobs 2 / jobs 1: the speed-up of `deckwright sim --jobs 2` over `--jobs 1` on the same
    games (target: 1.7x for 2,000 games on 2 cores; at most the number of free cores, so on a
    shared machine expect less). Printed with the load average around the measurement and the
    CPU time each run used (this process and its worker processes): when `--jobs 2` costs
    no more CPU than `--jobs 1`, the pool adds no work, and the speed-up is whatever share of
    two cores the machine gives.

Usage: .venv/bin/python bench/sim.py [--games N] [--players 2|3] [--rounds R] [--jobs-games N]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import load_game
from companion.sim import Player, SimConfig, play_games


class MinimalHeartstrings:
    """The whole Heartstrings text as one plain loop: lists and ints, no events, no requests.

    The rules match the engine (roll-off with the Room Selector, occupy or invade, one
    attacker roll against one defender roll per token, ties lose the defender the token,
    half the difference rounded up, bead bonus while the pool has beads, elimination,
    moving a board token when out of tokens, one sacrifice per turn), and every choice is
    made uniformly at random like the engine's RandomBot. Numbers come from game.yaml.
    """

    def __init__(self, rules: dict):
        self.rules = rules
        self.rooms = rules["rooms"]
        self.attack_buff = [rules["attacker_buffs"].get(r, 0) for r in range(self.rooms + 1)]
        self.defend_buff = [rules["defender_buffs"].get(r, 0) for r in range(self.rooms + 1)]
        self.bonus = set(rules["bead_bonus_rooms"])

    turns = 0  # turns played since construction, to compare games with the engine's

    def play(self, players: int, rng: random.Random) -> int:
        """Play one game; return the winner's seat."""
        r = self.rules
        beads, supply = [r["beads_per_player"]] * players, [r["tokens_per_player"]] * players
        alive, pool = [True] * players, r["bead_pool"]
        rooms: list[list[int]] = [[] for _ in range(self.rooms + 1)]
        seat = self.first_player(list(range(players)), rng)
        while alive.count(True) > 1:
            self.turns += 1
            pool = self.turn(seat, beads, supply, alive, rooms, pool, rng)
            seat = next(s % players for s in range(seat + 1, seat + players + 1) if alive[s % players])
        return alive.index(True)

    def first_player(self, contenders: list[int], rng: random.Random) -> int:
        while True:
            rolls = {s: rng.randint(1, self.rules["room_die"]) for s in contenders}
            top = max(rolls.values())
            contenders = [s for s in contenders if rolls[s] == top]
            if len(contenders) == 1:
                return contenders[0]

    def turn(self, seat, beads, supply, alive, rooms, pool, rng) -> int:
        """One turn: place or move a token, fight if invading, maybe sacrifice; returns the pool."""
        r = self.rules
        moved_from = None
        if supply[seat] == 0:
            moved_from = rng.choice([i for i, t in enumerate(rooms) if t and t[0] == seat])
        room = rng.randint(1, r["room_die"])
        if room == moved_from:
            return self.sacrifice(seat, beads, supply, rooms, pool, rng)
        if moved_from is None:
            supply[seat] -= 1
        else:
            rooms[moved_from].remove(seat)
        tokens = rooms[room]
        if not tokens or tokens[0] == seat:
            tokens.append(seat)
            pool = self.bead_bonus(seat, room, beads, pool)
            return self.sacrifice(seat, beads, supply, rooms, pool, rng)
        pool, won = self.combat(seat, tokens[0], room, beads, supply, alive, rooms, pool, rng)
        if won:
            tokens.append(seat)
            pool = self.bead_bonus(seat, room, beads, pool)
            if alive.count(True) == 1:
                return pool
        if not alive[seat]:
            return pool
        return self.sacrifice(seat, beads, supply, rooms, pool, rng)

    def combat(self, attacker, defender, room, beads, supply, alive, rooms, pool, rng):
        """The attacker rolls once; the defender rolls per token until one wins. Returns (pool, won)."""
        r = self.rules
        attack = rng.randint(1, r["combat_die"]) + self.attack_buff[room]
        divisor = r["damage_divisor"]
        while rooms[room]:
            defend = rng.randint(1, r["combat_die"]) + self.defend_buff[room]
            if defend > attack:
                supply[attacker] += 1
                return self.damage(attacker, -(-(defend - attack) // divisor), beads, supply, alive, rooms, pool), False
            rooms[room].pop()
            supply[defender] += 1
            hurt = r["tie_damage"] if defend == attack else -(-(attack - defend) // divisor)
            pool = self.damage(defender, hurt, beads, supply, alive, rooms, pool)
        return pool, True

    def damage(self, seat, amount, beads, supply, alive, rooms, pool) -> int:
        lost = min(amount, beads[seat])
        beads[seat] -= lost
        if lost and beads[seat] == 0:
            alive[seat] = False
            for tokens in rooms:
                if tokens and tokens[0] == seat:
                    supply[seat] += len(tokens)
                    tokens.clear()
        return pool + lost

    def bead_bonus(self, seat, room, beads, pool) -> int:
        gained = min(self.rules["bead_bonus"], pool) if room in self.bonus else 0
        beads[seat] += gained
        return pool - gained

    def sacrifice(self, seat, beads, supply, rooms, pool, rng) -> int:
        r = self.rules
        if pool <= 0:
            return pool
        crowded = [i for i, t in enumerate(rooms) if len(t) >= r["sacrifice_min_tokens"] and t[0] == seat]
        if not crowded:
            return pool
        choice = rng.choice(crowded + [None])  # like RandomBot: every room or pass, uniformly
        if choice is None:
            return pool
        rooms[choice].remove(seat)
        supply[seat] += 1
        gained = min(r["sacrifice_beads"], pool)
        beads[seat] += gained
        return pool - gained


def rate(run, games: int, clock=time.process_time) -> float:
    """Games per second of `run(games)`. CPU time by default: on a shared machine it measures
    per-core speed without counting the time other processes took the core away."""
    start = clock()
    run(games)
    return games / (clock() - start)


def best_rates(runs: dict, games: int, rounds: int, clock=time.process_time) -> dict[str, float]:
    """The best rate of each run over `rounds`, the runs interleaved so load hits them alike."""
    best = dict.fromkeys(runs, 0.0)
    for _ in range(rounds):
        for name, run in runs.items():
            best[name] = max(best[name], rate(run, games, clock))
    return best


def cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes (the pool's workers)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def children_cpu() -> list[float]:
    """CPU seconds used so far by each living child process (Linux `/proc`; empty elsewhere)."""
    me, tick, found = str(os.getpid()), os.sysconf("SC_CLK_TCK"), []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == me:   # ppid; then utime and stime are fields 14 and 15 of the line
            found.append((int(fields[11]) + int(fields[12])) / tick)
    return found


def jobs_runs(run, games: int, rounds: int) -> dict[int, list[tuple[float, float, list[float]]]]:
    """(wall, CPU, CPU of each worker) seconds of `run(games, jobs, progress)` for jobs 1 and 2,
    `rounds` times, interleaved. The workers' CPU is read when the last chunk comes back."""
    times: dict[int, list[tuple[float, float, list[float]]]] = {1: [], 2: []}
    for _ in range(rounds):
        for jobs, measured in times.items():
            done: list[int] = []
            workers: list[float] = []

            def progress(count: int, done: list[int] = done, workers: list[float] = workers) -> None:
                done.append(count)
                if sum(done) == games:
                    workers.extend(children_cpu())

            wall, cpu = time.perf_counter(), cpu_seconds()
            run(games, jobs, progress)
            measured.append((time.perf_counter() - wall, cpu_seconds() - cpu, workers))
    return times


def same_games(minimal: MinimalHeartstrings, player: Player, players: int, games: int) -> int:
    """How many games both loops play identically (winner and turns) from the same seed. Both make
    the same random calls in the same order, so all of them should be: the baseline plays our game."""
    alike = 0
    for record in player.play_range(0, games):
        before = minimal.turns
        winner = minimal.play(players, random.Random(f"1:{record.index}"))
        alike += (winner, minimal.turns - before) == (record.winner, record.length)
    return alike


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per measurement")
    parser.add_argument("--players", type=int, default=2, help="players per game")
    parser.add_argument("--rounds", type=int, default=3, help="measurements per figure (the best counts)")
    parser.add_argument("--jobs-games", type=int, default=2000, help="games per --jobs measurement")
    args = parser.parse_args()

    minimal = MinimalHeartstrings(dict(load_game("heartstrings").rules))
    config = SimConfig("heartstrings", args.games, 1, args.players, ("random",))

    def minimal_run(games: int) -> None:
        for i in range(games):
            minimal.play(args.players, random.Random(f"1:{i}"))

    player = Player.build(config)  # the engine loaded once, as each --jobs worker does

    def engine_run(games: int, jobs: int = 1, progress=None) -> None:
        play_games(SimConfig(config.game, games, config.seed, config.players, config.bots), jobs, progress)

    speed = best_rates({"minimal": minimal_run, "engine": lambda n: player.play_range(0, n)},
                       args.games, args.rounds)
    baseline, ours = speed["minimal"], speed["engine"]
    big = args.jobs_games  # wall-clock time here: the work happens in child processes
    load_before = os.getloadavg()[0]
    jobs = jobs_runs(engine_run, big, max(1, args.rounds - 1))
    load_after = os.getloadavg()[0]
    (wall1, cpu1, _), (wall2, cpu2, workers) = (min(jobs[n]) for n in (1, 2))
    alike = same_games(minimal, player, args.players, args.games)
    print(f"heartstrings, {args.players} players, random bots, {args.games} games per measurement")
    print(f"  minimal loop: {baseline:,.0f} games/s   engine: {ours:,.0f} games/s (per core, CPU time)")
    print(f"  same winner and length from the same seed: {alike}/{args.games} games (the same rules)")
    print(f"  engine/minimal slowdown: {baseline / ours:.2f}x   (target: within 2x)")
    print(f"  --jobs 2 vs --jobs 1 ({big} games): {wall1 / wall2:.2f}x speed-up on {os.cpu_count()} cores "
          f"(target: 1.7x), load average {load_before:.1f} -> {load_after:.1f}")
    print(f"    wall {wall1:.2f} s vs {wall2:.2f} s; CPU {cpu1:.2f} s vs {cpu2:.2f} s "
          f"(--jobs 2 does {cpu2 / cpu1:.2f}x the work of --jobs 1)")
    if len(workers) == 2:   # what two free cores would give: each worker's CPU time plus the parent's own
        parent = cpu2 - sum(workers)
        even, as_run = cpu1 / (sum(workers) / 2 + parent), cpu1 / (max(workers) + parent)
        print(f"    workers' CPU {workers[0]:.2f} s and {workers[1]:.2f} s, parent {parent:.2f} s: on two free "
              f"cores about {even:.2f}x with the chunks shared evenly, {as_run:.2f}x as this run shared them")


if __name__ == "__main__":
    main()
