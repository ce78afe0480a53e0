"""What an engine asks for and what it reports: requests, answers, events, outcomes.

A `Decision` (a player picks one of the listed legal options) or a `Chance` event (dice to
roll, a card to draw, a deck to shuffle) is what the engine needs next; a driver answers.

Answers are JSON values so a session can journal them:
  - a Decision is answered with the option's id (a string);
  - a Chance roll with a list of die faces (ints);
  - a Chance draw with one of `options` (a card id);
  - a Chance shuffle with a permutation of `options`.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import IllegalAction

Answer = str | int | list[int] | list[str]
ENGINE_ID = re.compile(r"[\d:]")  # a number or a colon: a piece, a room, a kind of answer, not a name
_NOT_A_NAME = re.compile(r"[^a-z0-9]+")  # what a label's words are joined by in an id: `Long Strike` -> long-strike


@dataclass(frozen=True)
class Option:
    """One legal choice in a Decision; `id` is what the driver answers with."""

    id: str
    label: str = ""
    # the number a menu shows and takes for it, kept from menu to menu ("": numbered in turn): a
    # piece keeps its number while others die (play audit: a secret selection typed by the old
    # number chose another piece, and nobody saw it until the reveal)
    number: str = ""
    # taking it gives the match away at once (a forfeit): a bot never takes it, and the search
    # never tries it (audit s25: the search's random playouts forfeited, and so did the bot)
    concedes: bool = False

    def __str__(self) -> str:
        return self.label or self.id

    @property
    def typed_id(self) -> str | None:
        """The id, where a person may want it beside the label as a shorter name to type (`Potion
        of Giant Strength [giant-strength]`, `Pick first (publicly) [first]`); None where the label
        starts with it (`Long Strike`, `Duel: start a duel`, `B6 (Frost Pool)`: session 28's play,
        `1) Pass  [pass]`) or the id is an engine's, no name to type (`1-d6`, `act:0`, `marker:0`;
        audit s27: menus and `sessions log` showed them)."""
        if not self.label or ENGINE_ID.search(self.id):
            return None
        slug, ident = _NOT_A_NAME.sub("-", self.label.lower()).strip("-"), self.id.lower()
        return None if slug == ident or slug.startswith(f"{ident}-") else self.id


@dataclass(frozen=True)
class Decision:
    """A player must choose one of `options`."""

    player: int
    prompt: str
    options: tuple[Option, ...]
    kind: str = "choice"  # a game-specific tag (e.g. "sacrifice") bots and UIs can key on
    secret: bool = False  # hidden from the other players: asked without echo, hidden in logs until the end
    # The option ids a screen everyone sees may list (None: all). The others are a player's secret
    # cards, which the gamemaster types by name once the player reveals one (a Halfwish power).
    shown: tuple[str, ...] | None = None
    # Why a name typed for an unlisted option may not be a choice, with no secret in it (a power
    # is played once, with the mana for it): said when the gamemaster types one that is not.
    unlisted: str = ""
    default: str | None = None  # the option Enter takes: the obvious answer (pass, no item, keep)
    # asked of the whole table (who starts), not of `player`, who answers it for bots and records
    table: bool = False

    @functools.cached_property
    def ids(self) -> tuple[str, ...]:
        """The option ids, in order (worked out once: bots and `check` read them at every answer)."""
        return tuple(o.id for o in self.options)

    @functools.cached_property
    def playable_ids(self) -> tuple[str, ...]:
        """The option ids a bot chooses from: every option but one that gives the match away
        (`Option.concedes`), unless nothing else is offered."""
        kept = tuple(o.id for o in self.options if not o.concedes)
        return kept or self.ids

    def listed(self) -> tuple[Option, ...]:
        """The options a shared screen lists (`shown`), in order."""
        if self.shown is None:
            return self.options
        return tuple(o for o in self.options if o.id in self.shown)

    def option_ids(self) -> list[str]:
        return list(self.ids)

    def check(self, answer: Any) -> str:
        """Return the answer if it is a legal option id, else raise IllegalAction."""
        if isinstance(answer, str) and answer in self.ids:
            return answer
        legal = ", ".join(self.option_ids())
        raise IllegalAction(f"{answer!r} is not a legal choice here; choose one of: {legal}")


@dataclass(frozen=True)
class Chance:
    """Something random happens: dice are rolled, a card is drawn, a deck is shuffled."""

    kind: Literal["roll", "draw", "shuffle"]
    prompt: str
    player: int | None = None       # whose dice or deck, if anyone's
    dice: tuple[int, ...] = ()      # for rolls: the sides of each die, e.g. (6, 6) for 2d6
    options: tuple[str, ...] = ()   # for draws and shuffles: the possible items
    secret: bool = False            # seen by `player` alone (a hidden roll): like a secret Decision

    def check(self, answer: Any, names: Mapping[str, str] | None = None) -> Any:
        """Return the answer if the chance event could have produced it, else raise IllegalAction;
        a draw's refusal lists the possible cards by the `names` printed on them (`card_names`)."""
        if self.kind == "roll":
            if type(answer) is list and len(answer) == 1 == len(self.dice):  # the common case, kept cheap
                face = answer[0]
                if type(face) is int and 1 <= face <= self.dice[0]:
                    return answer
            return _check_roll(self.dice, answer)
        if self.kind == "draw":
            if answer not in self.options:
                names = names or {}
                raise IllegalAction(f"{names.get(answer, answer)!r} cannot be drawn here; "
                                    f"possible: {possible_cards(self.options, names)}")
            return answer
        if not isinstance(answer, list) or sorted(answer) != sorted(self.options):
            raise IllegalAction("a shuffle must list exactly the cards being shuffled")
        return answer


def card_names(db: Any) -> dict[str, str]:
    """The name printed on each card of a game's database, by card id: what a gamemaster holding
    the card drawn reads (audit s26: "Cave Eel" was refused where only its id `eel` was taken)."""
    return {card.id: card.name for deck in getattr(db, "decks", ()) for card in deck.cards}


def possible_cards(options: Iterable[str], names: Mapping[str, str]) -> str:
    """The cards a draw may give as printed (`names`; the id of a card without a name), each once,
    in the deck's order (session 27: the prompt and the refusal listed ids, which no card prints)."""
    return ", ".join(dict.fromkeys(names.get(option) or option for option in options))


def roll_chance(chance: Chance, rng: random.Random) -> Any:
    """Answer a Chance request from a seeded RNG."""
    if chance.kind == "roll":
        dice = chance.dice
        if len(dice) == 1:  # the common case, kept cheap for simulation
            return [rng.randint(1, dice[0])]
        return [rng.randint(1, sides) for sides in dice]
    if chance.kind == "draw":
        return rng.choice(chance.options)
    order = list(chance.options)
    rng.shuffle(order)
    return order


def _check_roll(dice: tuple[int, ...], answer: Any) -> list[int]:
    faces = [answer] if isinstance(answer, int) and not isinstance(answer, bool) else answer
    if isinstance(faces, list) and len(faces) != len(dice) and all(type(face) is int for face in faces):
        wanted = f"{len(dice)} number" + ("s" if len(dice) > 1 else "")  # typed faces, not a Python list
        raise IllegalAction(f"{dice_label(dice)} needs {_dice_count(len(dice))}, got {len(faces)}: "
                            f"{' '.join(map(str, faces))}; type {wanted}")
    if not isinstance(faces, list) or len(faces) != len(dice):
        raise IllegalAction(f"{dice_label(dice)} needs {_dice_count(len(dice))}, got {answer!r}")
    for face, sides in zip(faces, dice):
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
            raise IllegalAction(f"a d{sides} cannot show {face!r}: type a number from 1 to {sides}")
    return list(faces)


def _dice_count(count: int) -> str:
    return f"{count} die" if count == 1 else f"{count} dice"


def dice_label(dice: tuple[int, ...]) -> str:
    """`(6, 6)` -> `2d6`; `(20, 6)` -> `d20+d6`."""
    if dice and all(d == dice[0] for d in dice):
        return f"{len(dice)}d{dice[0]}" if len(dice) > 1 else f"d{dice[0]}"
    return "+".join(f"d{d}" for d in dice)


Request = Decision | Chance


@dataclass(slots=True)
class Event:
    """Something that happened, with a one-line explanation for people.

    Not frozen: engines create one per step in simulations, and a frozen dataclass's
    __init__ costs several times more (bench/sim.py).
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    # it gives a secret answer away ("Ben keeps their DV"): shown to nobody at the table, and left
    # out of session logs until the game has ended. Everything else, a reveal of secret answers
    # included ("bids: Ann 2, Ben 1"), is everyone's to see.
    private: bool = False

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a termination reason and the winner's seat (None for a draw)."""

    termination: str
    winner: int | None
    text: str = ""


def request_kind(request: Request) -> str:
    """`decision`, `secret`, `roll`, `draw` or `shuffle`: what a journal records about a request.
    A secret roll or draw is journalled as `secret`, so that logs hide it until the game is over
    (replay reads only the answers, so the kind never changes how a session resumes)."""
    if request.secret:
        return "secret"
    return "decision" if isinstance(request, Decision) else request.kind
