"""A generic search bot: information-set Monte Carlo tree search over any engine.

The bot knows a game only through the engine API (`request`, `apply`, `outcome`) and the
state's `clone()`. For every decision it runs `budget` playouts; each one

1. *determinises* the state: a copy in which whatever the deciding player cannot know (the
   other players' hands, the order of a draw pile) is re-dealt from what they could know.
   A game supplies this as the optional hook `determinize(engine, state, seat, rng) -> state`
   on its module; **without the hook the game is treated as having perfect information**: the
   bot searches the real state, which is right for open games (Heartstrings) and means it
   peeks at anything hidden the state holds;
2. walks down one tree shared by all determinisations (single-observer ISMCTS, Cowling,
   Powley and Whitehouse 2012): a node stands for a sequence of decisions, chance events are
   sampled fresh each playout and never branch, every player picks by UCB1 on its own
   reward, and a child's "availability" counts the visits in which it was legal;
3. expands one untried option (in the order of the optional hook
   `search_order(engine, state, decision) -> option ids`, else at random), plays the game out
   with random moves (or with a given rollout bot), and scores the end: 1 for the winner, 0 for
   the others, 1/n each for a draw. A playout cut at `rollout_limit` steps is scored by the
   optional hook `search_evaluate(engine, state, seat) -> float in [0, 1]`, or as a draw.
   When the game has that hook, a playout stops after the bot's `horizon` steps (the game's
   own `search_limits.horizon` when it sets one) and the evaluation scores it: a few random
   moves, then the evaluation, cost a fraction of a whole game and are less noisy than one
   random ending (audit s25: in Half the Battle a random game runs to a stalemate, and one
   search game took 10 s at budget 8). `search+<bot>` (`companion.engine.rollouts`) looks
   further, its bot's play being worth following.
   Neither the tree nor a playout ever takes an option that gives the match away
   (`Decision.playable_ids`, what the random bot plays): a forfeit in a random playout decided
   most of the Skirmish playouts, and the bot forfeited for real.

The answer is the most visited option. Everything random comes from one `random.Random`
seeded from the game's RNG, so a seeded game is repeated exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, TypeVar

from .core import Chance, Decision, Engine, GameState, Outcome
from .drivers import Bot, roll_chance

DEFAULT_BUDGET = 64
EXPLORATION = 0.7          # UCB1's constant for rewards in [0, 1]; the usual sqrt(2) explores too much here
ROLLOUT_LIMIT = 5_000      # steps of one playout before it is scored without an end
PLAYOUT_HORIZON = 10       # random playout steps before the game's `search_evaluate` scores it

Determinize = Callable[[Engine, GameState, int, random.Random], GameState]
Evaluate = Callable[[Engine, GameState, int], float]
Order = Callable[[Engine, GameState, Decision], Sequence[str]]
S = TypeVar("S", bound=GameState)


@dataclass
class Node:
    """A decision taken in the tree: who took it, how often it was tried, legal and how it paid."""

    player: int = -1
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[str, Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        """The UCB1 score of this child, over the visits in which it was available."""
        mean = self.reward / self.visits
        return mean + exploration * math.sqrt(math.log(max(1, self.available)) / self.visits)


@dataclass(frozen=True)
class SearchLimits:
    """A game's own limits for the search bots (the optional hook `search_limits` on its module):
    how many options one decision of `search+<bot>` compares (the bot's choice included) and how
    many steps a playout of either search runs before the evaluation scores it. None keeps the
    search's default."""

    candidates: int | None = None
    horizon: int | None = None


@dataclass(frozen=True)
class SearchHooks:
    """The optional per-game hooks the search uses."""

    determinize: Determinize | None = None
    evaluate: Evaluate | None = None
    order: Order | None = None
    limits: SearchLimits = SearchLimits()

    @classmethod
    def of(cls, module: ModuleType | None) -> SearchHooks:
        """The hooks a game module exports by name (`determinize`, `search_evaluate`, `search_order`,
        `search_limits`)."""
        return cls(determinize_hook(module), getattr(module, "search_evaluate", None),
                   getattr(module, "search_order", None), getattr(module, "search_limits", None) or SearchLimits())


def determinize_hook(module: ModuleType | None) -> Determinize | None:
    """The game's `determinize` hook, exported by its package `__init__` like every other hook."""
    hook: Determinize | None = getattr(module, "determinize", None) if module is not None else None
    return hook


class SearchBot:
    """Information-set MCTS with `budget` playouts per decision (see the module docstring)."""

    name = "search"
    description = "information-set MCTS, random playouts (--budget per decision)"
    takes_budget = True
    rollout_class: type | None = None   # a subclass may play its playouts with one of the game's bots
    horizon: int | None = PLAYOUT_HORIZON  # playout steps before the game's `search_evaluate` scores it

    def __init__(self, budget: int = DEFAULT_BUDGET, hooks: SearchHooks | None = None,
                 rollout: Bot | None = None, exploration: float = EXPLORATION,
                 rollout_limit: int = ROLLOUT_LIMIT):
        if budget < 1:
            raise ValueError(f"a search budget is at least 1 playout, got {budget}")
        self.budget = budget
        self.hooks = hooks
        self.rollout = rollout if rollout is not None or self.rollout_class is None else self.rollout_class()
        self.exploration = exploration
        self.rollout_limit = rollout_limit

    def choose(self, engine: Engine, state: GameState, decision: Decision, rng: random.Random) -> str:
        """After `budget` playouts: the most visited option (never one that gives the match away)."""
        ids = decision.playable_ids
        if len(ids) == 1:
            return ids[0]
        search_rng = random.Random(rng.getrandbits(64))
        root = Node()
        for _ in range(self.budget):
            self.playout(engine, self.determinise(engine, state, decision.player, search_rng), root, search_rng)
        legal = {key: child for key, child in root.children.items() if key in ids and child.visits}
        if not legal:
            return ids[0]
        return max((child.visits, child.reward, key) for key, child in legal.items())[2]

    def hooks_for(self, engine: Engine) -> SearchHooks:
        """The game's hooks, found on its module the first time they are needed."""
        if self.hooks is None:
            from .registry import game_module

            self.hooks = SearchHooks.of(game_module(engine.game_id))
        return self.hooks

    def determinise(self, engine: Engine, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A copy of the state as `seat` could believe it to be (the real state without the hook)."""
        world = state.clone()
        hook = self.hooks_for(engine).determinize
        return hook(engine, world, seat, rng) if hook else world

    def playout(self, engine: Engine, world: GameState, root: Node, rng: random.Random) -> None:
        """One selection, expansion, rollout and back-propagation from the root."""
        path = self.descend(engine, world, root, rng)
        rewards = self.score(engine, world, self.finish(engine, world, rng), rng)
        for node in path:
            node.visits += 1
            node.reward += rewards[node.player]

    def descend(self, engine: Engine, world: GameState, root: Node, rng: random.Random) -> list[Node]:
        """Walk the tree by UCB1 until an option is tried for the first time; return the path."""
        node, path = root, []
        while (request := engine.request(world)) is not None:
            if isinstance(request, Chance):
                engine.apply(world, roll_chance(request, rng))
                continue
            ids = request.playable_ids
            if len(ids) == 1:  # a forced move is no decision: it does not grow the tree
                engine.apply(world, ids[0])
                continue
            key, expanded = self.select(engine, world, request, node, rng)
            engine.apply(world, key)
            node = node.children[key]
            path.append(node)
            if expanded:
                break
        return path

    def select(self, engine: Engine, world: GameState, decision: Decision, node: Node,
               rng: random.Random) -> tuple[str, bool]:
        """The option to take at `node`: an untried one if any (expanding it), else the best by UCB1."""
        ids = decision.playable_ids
        untried = [key for key in ids if key not in node.children]
        for key in ids:
            child = node.children.get(key)
            if child is not None:
                child.available += 1
        if untried:
            key = self.first_untried(engine, world, decision, untried, rng)
            node.children[key] = Node(player=decision.player, available=1)
            return key, True
        best = max(ids, key=lambda k: node.children[k].ucb(self.exploration))
        return best, False

    def first_untried(self, engine: Engine, world: GameState, decision: Decision, untried: list[str],
                      rng: random.Random) -> str:
        """The game's preferred untried option when it orders moves, else the rollout bot's choice
        when it is untried, else a random one."""
        order = self.hooks_for(engine).order
        if order is not None:
            waiting = set(untried)
            for key in order(engine, world, decision):
                if key in waiting:
                    return key
        if self.rollout is not None and len(untried) == len(decision.playable_ids):
            preferred = self.rollout.choose(engine, world, decision, rng)
            if preferred in untried:
                return str(preferred)
        return rng.choice(untried)

    def finish(self, engine: Engine, world: GameState, rng: random.Random) -> Outcome | None:
        """Play the determinised game out (random moves or the rollout bot); None when cut short:
        after `rollout_limit` steps, or after `horizon` steps when the game evaluates positions."""
        rollout = self.rollout
        limit = self.rollout_limit
        hooks = self.hooks_for(engine)
        if self.horizon is not None and hooks.evaluate is not None:
            limit = min(limit, hooks.limits.horizon or self.horizon)
        for _ in range(limit):
            request = engine.request(world)
            if request is None:
                return engine.outcome(world)
            if isinstance(request, Chance):
                answer: Any = roll_chance(request, rng)
            elif rollout is not None:
                answer = rollout.choose(engine, world, request, rng)
            else:
                answer = rng.choice(request.playable_ids)   # as the random bot plays: never a forfeit
            engine.apply(world, answer)
        return None

    def score(self, engine: Engine, world: GameState, outcome: Outcome | None,
              rng: random.Random) -> list[float]:
        """Each seat's reward in [0, 1]: the result, or the game's evaluation of a cut playout."""
        seats = seat_count(engine, world)
        if outcome is None:
            evaluate = self.hooks_for(engine).evaluate
            if evaluate is None:
                return [1 / seats] * seats
            return [min(1.0, max(0.0, float(evaluate(engine, world, s)))) for s in range(seats)]
        if outcome.winner is None:
            return [1 / seats] * seats
        return [1.0 if s == outcome.winner else 0.0 for s in range(seats)]


def seat_count(engine: Engine, state: GameState) -> int:
    """How many seats a state has, as its engine says (`Engine.seats`; code audit: the search
    guessed at a `players` or `seats` list, else took the smallest player count)."""
    return engine.seats(state)


def favoured_seat(engine: Any, state: S, evaluate: Callable[[Any, S, int], float]) -> int | None:
    """The one seat a game's evaluation puts ahead, or None on a tie: a game module's `leader`
    hook (the balance report's lead changes) written in one line from its `search_evaluate`."""
    values = [evaluate(engine, state, seat) for seat in range(seat_count(engine, state))]
    best = max(values)
    return values.index(best) if values.count(best) == 1 else None
