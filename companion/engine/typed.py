"""What a gamemaster types, read as an answer to a request.

A Decision takes the option's number (1-based, as listed), its id or name, or a unique prefix. A roll takes the faces
of the physical dice (`5`, `3 4`, `3,4`); a draw takes a card id or the name printed on the card
(`Engine.card_names`), or a unique prefix of either; a shuffle takes every id in order. An empty line
means "let the tool do it" for chance events (`None` is returned).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ..dice import parse_faces
from ..errors import DiceError, IllegalAction
from .core import Chance, Decision, Request, dice_label
from .requests import ENGINE_ID

TOOL_WORDS = {"", "r", "roll", "draw", "shuffle"}


def parse_typed(request: Request, text: str, names: Mapping[str, str] | None = None) -> Any | None:
    """The answer `text` gives to `request`, or None when the tool should roll or draw; `names` are
    the names printed on the cards a draw may give, by id (`Engine.card_names`)."""
    text = text.strip()
    if isinstance(request, Decision):
        return parse_choice(request, text)
    if text.lower() in TOOL_WORDS:
        return None
    if request.kind == "roll":
        return parse_roll(request, text)
    if request.kind == "draw":
        return parse_draw(request, text, names or {})
    return request.check([_matching(request.options, t) for t in re.split(r"[\s,]+", text) if t])


def parse_draw(chance: Chance, text: str, names: Mapping[str, str]) -> str:
    """The card `text` names among a draw's options: its id or printed name, or a unique prefix of
    one (any case). The refusal lists nothing: the prompt lists the possible cards again."""
    found = _named({option: [option, names.get(option, "")] for option in chance.options}, text,
                   shown=lambda option: names.get(option) or option)
    if found is None:
        raise IllegalAction(f"{text!r} cannot be drawn here: type a possible card's name or id")
    drawn: str = chance.check(found, names)
    return drawn


def enter_choice(decision: Decision) -> str | None:
    """The option Enter takes: the only option, or the decision's `default`; None when Enter
    takes nothing (a menu marks the option `(Enter)`)."""
    ids = decision.ids
    if len(ids) == 1:
        return ids[0]
    return decision.default if decision.default in ids else None


def menu_numbers(decision: Decision) -> list[str]:
    """What a menu numbers the listed options by: 1, 2, 3...; but options with a number of their own
    (`Option.number`) keep it, the others following the highest; and when some option ids are
    numbers, a typed number must mean that id, so those options are numbered by their ids (a bid
    of 0 to 5 is typed as 0 to 5) and any others take the lowest numbers no id uses (a mulligan's
    `keep` beside `1`, `2`, `3` is 0)."""
    options = decision.listed()
    own = [int(option.number) for option in options if option.number]
    if own:  # options with numbers of their own keep them; the others follow the highest
        after = iter(range(max(own) + 1, max(own) + len(options) + 1))
        return [option.number or str(next(after)) for option in options]
    listed = [option.id for option in options]
    taken = {option_id for option_id in decision.ids if option_id.isdigit()}
    if not taken:
        return [str(number) for number in range(1, len(listed) + 1)]
    free = (str(number) for number in range(len(decision.ids) + len(taken) + 1) if str(number) not in taken)
    return [option_id if option_id in taken else next(free) for option_id in listed]


def parse_choice(decision: Decision, text: str) -> str:
    """A menu number (`menu_numbers`), or an option's id or label or a unique prefix of one (any
    case) -> the option id; Enter takes the only option, or the decision's `default`. Options a shared
    screen does not list (`Decision.shown`) are taken by name and never named in an error."""
    ids = decision.option_ids()
    enter = enter_choice(decision)
    if not text and enter is not None:
        return enter
    numbers = menu_numbers(decision)
    listed = [option.id for option in decision.listed()]
    if not text:
        raise IllegalAction("Enter takes no answer here: type a number from the list "
                            "or a name")
    if text in numbers:
        return listed[numbers.index(text)]
    names = {option.id: [option.id, option.label] for option in decision.options}
    found = _named(names, text, hidden=decision.shown is not None)
    if found is not None:
        return found
    if decision.shown is not None and decision.unlisted:
        raise IllegalAction(f"{text!r} cannot be played here: {decision.unlisted}; or type a number "
                            "from the list")
    if decision.shown is not None:
        raise IllegalAction(f"{text!r} is not one of the choices: type a number from the list, or the "
                            "name of what the player reveals")
    if numbers == listed:
        raise IllegalAction(f"{text!r} is not one of the choices: type one of {', '.join(ids)}")
    words = [option_id for option_id in ids if not ENGINE_ID.search(option_id)]  # audit s27: `type one of ... 1-d6`
    if numbers != [str(number) for number in range(1, len(numbers) + 1)]:
        named = f" or a name: {', '.join(words)}" if words else ""
        raise IllegalAction(f"{text!r} is not one of the choices: type one of {', '.join(numbers)}{named}")
    numbered = "type 1" if len(ids) == 1 else f"type a number from 1 to {len(ids)}"
    named = f" or one of: {', '.join(words)}" if words else ""
    raise IllegalAction(f"{text!r} is not one of the choices: {numbered}{named}")


def _named(names: dict[str, list[str]], text: str, hidden: bool = False,
           shown: Callable[[str], str] = str) -> str | None:
    """The key whose name is `text` (any case), else the only key with a name starting with it; when
    more start with it, the refusal lists them as `shown` says (a card by its printed name)."""
    wanted = text.lower()
    if not wanted:
        return None
    for position in range(2):  # an exact id first, then an exact name
        exact = [key for key, spellings in names.items()
                 if len(spellings) > position and spellings[position] and spellings[position].lower() == wanted]
        if exact:
            return exact[0]
    starting = [key for key, spellings in names.items() if any(s.lower().startswith(wanted) for s in spellings if s)]
    if len(starting) > 1:
        could = "" if hidden else f" could be any of: {', '.join(map(shown, starting))};"  # never a secret card's name
        raise IllegalAction(f"{text!r}{could or ' fits more than one choice:'} type more of the name")
    return starting[0] if starting else None


def parse_roll(chance: Chance, text: str) -> list[int]:
    """Typed die faces, checked against the dice being rolled."""
    try:
        faces = parse_faces(text)
    except DiceError:
        # the example has as many numbers as there are dice (play audit: '3 4' for a d6 was refused)
        example = " ".join(str(min(sides, n + 3)) for n, sides in enumerate(chance.dice, 1))
        shown = "a number" if len(chance.dice) == 1 else "numbers"
        raise IllegalAction(f"type the {dice_label(chance.dice)} as {shown} (like '{example}'), "
                            f"not {text!r}, or press Enter to let the tool roll") from None
    checked: list[int] = chance.check(faces)
    return checked


def _matching(options: tuple[str, ...], text: str) -> str:
    """The option spelled like `text` or starting with it, ignoring case; `text` itself when none is."""
    found = _named({option: [option] for option in options}, text)
    return text if found is None else found
