"""What the gamemaster is told: the tally after each step and reminders at each prompt.

Seed: "The Game Master should remind players if they are the aggressor or defender before
the duel and how they can score points." and "As a GM, it's important to remind players to
reroll or keep their DV if a parley is accepted, and to warn players about the potential for
parley points during the turn if applicable."
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from cards.wording import plural

from ...engine.core import Chance, Decision, Request
from . import ledger
from .context import Game
from .duels import calculate, is_as_revealed, role_text
from .state import Duel, HalfwishState, Player


def tally_lines(engine: Game, state: HalfwishState) -> list[str]:
    """One line for the game, one per player."""
    if not state.started:
        chosen = ", ".join(f"{p.name}: {engine.catalog.name(p.cls) if p.cls else 'choosing a class'}"
                           for p in state.players)
        return [f"Setting up ({chosen}); powers are chosen in secret after seeing both classes"]
    blood = state.players[state.first_blood].name if state.first_blood >= 0 else "nobody yet"
    location = engine.catalog.name(state.location) if state.location else ("face down" if state.map_slots else "-")
    # one line on a play screen: the parley streak only once there is one (session 26: a
    # showdown's screen took 33-37 lines of an 80x30 terminal)
    streak = f"; parleys in a row: {state.parley_streak}" if state.parley_streak else ""
    where = (f"Round {state.round}/{engine.rules.rounds} over: upgrade phase" if state.upgrading is not None else
             f"Round {state.round}/{engine.rules.rounds}, turn {state.turn}/{engine.rules.turns_per_round} "
             f"({state.players[state.turn_player].name}); location: {location}")
    lines = [f"{where}; first blood: {blood}{streak}"]
    duel = _duel_under_way(engine, state)
    lines += [_player_line(engine, p, duel.actions[seat] if duel else None, bool(duel and duel.revealed))
              for seat, p in enumerate(state.players)]
    if duel is not None:
        names = [p.name for p in state.players]
        lines.append(f"Duel ({duel.stage}): {names[duel.aggressor]} aggressor, {names[duel.defender]} defender")
    return lines


def _duel_under_way(engine: Game, state: HalfwishState) -> Duel | None:
    duel = state.duel
    return None if duel is None or duel.stage == "done" or engine.outcome(state) is not None else duel


def _player_line(engine: Game, player: Player, actions: list[str] | None, face_up: bool) -> str:
    """Two lines of an 80-column play screen (session 26: three each made a showdown's screen
    33-36 lines): the statuses beside the health they bear on; the powers' names are secret (the
    count is what the table may know). In a duel, the player's actions (face up once revealed)
    take the place of the discard's and the upgrades' names: those cards do not change until the
    duel is over, and the turn's first screen listed them."""
    statuses = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(player.statuses.items()) if v)
    lamps = f", {plural(player.lamps, 'lamp')}" if player.lamps else ""  # as a status: said once held
    powers_left = len([p for p in player.powers if p not in player.spent_powers])
    parts = [(f"{player.name} ({engine.catalog.name(player.cls) if player.cls else 'no class yet'}): "
             f"{player.health} HP, {plural(player.points, 'pt')}, {player.mana} mana{lamps}"
             + (f", {statuses}" if statuses else "")),
             f"powers left {powers_left}, {_basics_ready(engine, player)}"]
    cards = f"hand {player.hand_size}, deck {len(player.pile) - player.hidden}, discard "
    if actions is not None:
        shown = " | ".join(engine.catalog.name(c) for c in actions) if face_up else f"{len(actions)} face down"
        return "; ".join([*parts, cards + str(len(player.discard)), f"actions {shown or 'none yet'}"])
    parts.append(cards + (_cards(engine, player.discard) if player.discard else "empty"))
    upgraded = _upgrades_shown(engine, player)
    if upgraded:
        parts.append(f"upgrades: {', '.join(upgraded)}")
    return "; ".join(parts)


def _basics_ready(engine: Game, player: Player) -> str:
    """`basics ready`, `basic ready: feint` or `basics spent`: the basic powers left this round."""
    every = engine.catalog.basic_powers()
    ready = [b for b in every if player.spent_basics.count(b) < engine.rules.basic_power_uses_per_round]
    if not ready:
        return "basics spent"
    return "basics ready" if len(ready) == len(every) else f"basic ready: {', '.join(ready)}"


def _upgrades_shown(engine: Game, player: Player) -> list[str]:
    """The player's upgrades by name; those picked in secret are only counted (the screen is seen
    by both players; `sessions show --reveal` names them once the game is over)."""
    upgrades = [c for c in player.deck if engine.catalog.card(c).deck == "upgrades"]
    public = list(upgrades)
    for card in player.secret_upgrades:
        if card in public:
            public.remove(card)
    secret = len(upgrades) - len(public)
    return [engine.catalog.name(c) for c in public] + ([f"{secret} secret"] if secret else [])


def secret_lines(engine: Game, state: HalfwishState) -> list[str]:
    """What `tally_lines` keeps secret: each player's powers (spent or not) and secret upgrades."""
    lines = []
    for player in state.players:
        left = [engine.catalog.name(p) for p in player.powers if p not in player.spent_powers]
        spent = [engine.catalog.name(p) for p in player.spent_powers]
        line = f"{player.name}: powers left {', '.join(left) or 'none'}; spent {', '.join(spent) or 'none'}"
        if player.secret_upgrades:
            line += f"; upgrades picked in secret {_cards(engine, player.secret_upgrades)}"
        lines.append(line)
    return lines


def _cards(engine: Game, cards: list[str]) -> str:
    counts = Counter(cards)
    return ", ".join(f"{engine.catalog.name(c)}" + (f" x{n}" if n > 1 else "") for c, n in counts.items())


def hints_for(engine: Game, state: HalfwishState, request: Request) -> list[str]:
    """Reminders for the prompt being asked."""
    if not state.queue:
        return []
    kind = state.queue[0]["step"]
    builder = HINTS.get(kind)
    return builder(engine, state, request) if builder else []


def _roll_hint(engine: Game, state: HalfwishState, request: Chance) -> list[str]:
    return ["Players roll their dice in secret: type the faces, or press Enter to let the tool roll."]


def _encounter_hint(engine: Game, state: HalfwishState, request: Decision) -> list[str]:
    player = state.players[request.player]
    hints = [(f"It is {player.name}'s turn: Duel (become the aggressor), Scout (offer to reveal the "
             f"location) or Parley (offer a truce).")]
    if player.has_status("stunned"):
        hints.append(f"{player.name} is Stunned and cannot start a duel.")
    return hints + _parley_warning(engine, state)


def _respond_hint(engine: Game, state: HalfwishState, request: Decision) -> list[str]:
    player = state.players[request.player]
    offer = state.queue[0]["offer"]
    hints = [(f"If {player.name} declines the {offer}, {player.name} starts a duel as the aggressor "
             f"and the location applies at the showdown.")]
    if offer == "parley":
        hints.append("An accepted parley reveals the location with its effect disabled; both may keep their DV.")
        hints += _parley_warning(engine, state)
    if player.has_status("stunned"):
        hints.append(f"{player.name} is Stunned and cannot decline.")
    return hints


def _parley_warning(engine: Game, state: HalfwishState) -> list[str]:
    needed = engine.rules.parley_streak_for_compensation
    if state.parley_streak != needed - 1:
        return []
    p0, p1 = (p.points for p in state.players)
    if p0 == p1:
        return [(f"Parley warning: another accepted parley makes {needed} in a row, but points are tied: "
                f"nobody would score compensation.")]
    behind = state.players[0 if p0 < p1 else 1].name
    return [(f"Parley warning: another accepted parley makes {needed} in a row and {behind} (fewer points) "
            f"scores {engine.rules.parley_compensation_points} compensation point.")]


def _keep_hint(engine: Game, state: HalfwishState, request: Decision) -> list[str]:
    """Shown after the hand-over (the choice is secret), so the player's own DV may be named."""
    player = state.players[request.player]
    return [("Parley accepted: each player keeps their DV for one more turn or rerolls it; "
            "the turn player chooses first."), f"{player.name}, your DV is {ledger.dice_value(engine.rules, player)}."]


def _flip_hint(engine: Game, state: HalfwishState, request: Chance) -> list[str]:
    return ["Flip the face-down location and type its name (or press Enter to let the tool pick one)."]


def _commit_hint(engine: Game, state: HalfwishState, request: Decision) -> list[str]:
    hints = _role_hint(engine, state, request)
    if state.hidden_hands:  # read by the player alone at the screen (audit s25: "shows you" read as the gamemaster)
        hints.append(f"{state.players[request.player].name}, type the card you commit face down. "
                     "The list holds every card your deck could still put in your hand.")
    return hints


def _role_hint(engine: Game, state: HalfwishState, request: Decision) -> list[str]:
    """Each player's role and how it scores (the seed: "remind players if they are the aggressor
    or defender"), for a choice made in secret or a challenge; and the duel's standing."""
    if state.duel is None:
        return []
    roles = [f"{p.name} is the {role_text(engine, state, seat)}." for seat, p in enumerate(state.players)]
    return roles + _standing_hint(engine, state, request)


def _standing_hint(engine: Game, state: HalfwishState, request: Decision) -> list[str]:
    """In the showdown, who wins the duel as things stand, once a power changed it (until then
    the reveal's `Tally:` line says it, just above: session 26). A power played or passed in the
    open needs no reminder of the roles: the duel's first line said them, a few lines above (they
    were repeated at every such choice: sixteen lines a duel)."""
    duel = state.duel
    hints: list[str] = []
    if (duel is not None and duel.stage == "showdown" and ledger.dvs_revealed(state) and all(duel.actions)
            and not is_as_revealed(engine, state)):
        result = calculate(engine, state)
        names = {"a": state.players[0].name, "b": state.players[1].name}
        leader = names.get(result.winner, "nobody (a tie)")
        hints.append(f"As things stand: {names['a']} {plural(result.a.points, 'pt')}, {names['b']} "
                     f"{plural(result.b.points, 'pt')}; "
                     f"winner {leader}.")
    return hints


def _upgrade_hint(engine: Game, state: HalfwishState, request: Decision) -> list[str]:
    item = state.queue[0]
    if item.get("extra"):
        return ["Extra upgrades are picked openly from a new five."]
    if item.get("public"):
        return ["The first pick is public: say it aloud."]
    return ["The second pick is secret: the rest are discarded face down."]


HINTS: dict[str, Callable[[Game, HalfwishState, Any], list[str]]] = {
    "roll": _roll_hint, "encounter": _encounter_hint, "respond": _respond_hint, "keep-dv": _keep_hint,
    "power": _standing_hint, "commit": _commit_hint, "challenge": _role_hint, "upgrade-pick": _upgrade_hint,
    "flip": _flip_hint,
}
