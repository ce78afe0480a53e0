"""`search+<bot>`: a rollout search over one decision, its options compared on paired playouts.

The search tries a few options of the decision (the bot's own choice and up to `CANDIDATES - 1`
others) and lets the bot play each one out from the same sampled worlds: each sample
determinises the state once (`SearchBot.determinise`: the same hidden-information hook, so no
peeking) and plays every option from that world with the same random seed, so the dice a playout
meets after one option are, as far as the game's draws line up, the dice it meets after another.
The difference of two options' rewards on one sample is then mostly the difference the choice
made, not the luck of two different futures (common random numbers), and an option replaces the
bot's choice only when its mean gain over the samples is more than `SWITCH_Z` standard errors
above zero. A playout stops after `HORIZON` steps when the game evaluates positions
(`search_evaluate`), as for the tree search. A game whose turns offer many options may set its
own `search_limits` (companion.engine.search.SearchLimits: fewer options compared, taken from
its move order, and a shorter horizon); every other game keeps these defaults.

`--budget` is the number of playouts a decision may spend, shared by the options compared
(at least two samples each).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Mapping, Sequence

from .core import Decision, Engine, GameState
from .search import SearchBot

CANDIDATES = 6  # options compared at one decision: the bot's own choice and up to five others
MIN_SAMPLES = 2  # paired samples an option needs before its gain can count
SWITCH_Z = 1.0   # how many standard errors above zero a mean gain must be to replace the bot's choice
HORIZON = 40     # playout steps before the game's `search_evaluate` scores the position


class RolloutSearch(SearchBot):
    """The rollout search (see the module docstring); `rollout_class` plays the playouts."""

    horizon = HORIZON

    def choose(self, engine: Engine, state: GameState, decision: Decision, rng: random.Random) -> str:
        """The rollout bot's own choice, unless another option gained clearly more on paired playouts."""
        ids = decision.playable_ids
        if len(ids) == 1:
            return ids[0]
        assert self.rollout is not None, "a rollout search plays its playouts with a bot"
        search_rng = random.Random(rng.getrandbits(64))
        default = str(self.rollout.choose(engine, state, decision, random.Random(search_rng.random())))
        others = self.candidates(engine, state, decision, default, search_rng)
        if not others:
            return default
        samples = max(MIN_SAMPLES, self.budget // (len(others) + 1))
        gains: dict[str, list[float]] = {key: [] for key in others}
        for _ in range(samples):
            world = self.determinise(engine, state, decision.player, search_rng)
            seed = search_rng.getrandbits(64)
            legal = _legal(engine, world)
            if default not in legal:
                continue  # a world where the player's own choice is not offered compares nothing
            kept = self.value(engine, world, default, decision.player, seed)
            for key in others:
                if key in legal:
                    gains[key].append(self.value(engine, world, key, decision.player, seed) - kept)
        return paired_choice(default, gains)

    def candidates(self, engine: Engine, state: GameState, decision: Decision, default: str,
                   rng: random.Random) -> list[str]:
        """The other options compared with the bot's choice: all of them when they are few, else
        the first in the game's move order (`search_order`), else a random few. A game that sets
        its own `search_limits.candidates` compares only options its move order lists: the order
        names the options worth comparing, best first (none: the bot's choice stands unsearched)."""
        hooks = self.hooks_for(engine)
        width = hooks.limits.candidates or CANDIDATES
        others = [key for key in decision.playable_ids if key != default]
        if hooks.order is not None and hooks.limits.candidates is not None:
            return [key for key in dict.fromkeys(hooks.order(engine, state, decision)) if key in others][:width - 1]
        if len(others) < width:
            return others
        if hooks.order is not None:
            ranked = list(dict.fromkeys(key for key in hooks.order(engine, state, decision) if key in others))
            return (ranked + [key for key in others if key not in ranked])[:width - 1]
        return rng.sample(others, width - 1)

    def value(self, engine: Engine, world: GameState, option: str, seat: int, seed: int) -> float:
        """`seat`'s reward for taking `option` in `world` (left unchanged), played out with `seed`."""
        copy = world.clone()
        engine.apply(copy, option)
        rng = random.Random(seed)
        return self.score(engine, copy, self.finish(engine, copy, rng), rng)[seat]


def _legal(engine: Engine, world: GameState) -> set[str]:
    """The options of the decision pending in a sampled world (a redealt hand may differ)."""
    request = engine.request(world)
    return set(request.option_ids()) if isinstance(request, Decision) else set()


def paired_choice(default: str, gains: Mapping[str, Sequence[float]]) -> str:
    """The option with the largest mean gain over `default`, when that gain is more than
    `SWITCH_Z` standard errors above zero (on identical samples, any gain above zero); else `default`."""
    best, best_mean = default, 0.0
    for key, found in sorted(gains.items()):
        if len(found) < MIN_SAMPLES:
            continue
        mean = statistics.fmean(found)
        error = statistics.stdev(found) / math.sqrt(len(found))
        if mean > best_mean and mean > SWITCH_Z * error:
            best, best_mean = key, mean
    return best


def search_with(name: str, rollout_class: type) -> type[RolloutSearch]:
    """The rollout search whose playouts are played by the bot `rollout_class` (`search+<name>`)."""
    attributes = {"name": f"search+{name}", "rollout_class": rollout_class,
                  "description": f"the {name} bot, unless paired playouts by it show a clearly better "
                                 "option (--budget playouts per decision)"}
    return type(f"SearchWith{name.title().replace('-', '')}", (RolloutSearch,), attributes)
