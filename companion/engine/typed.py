"""What a gamemaster types, read as an answer to a request.

A Decision takes the option's number (1-based, as listed) or its id. A roll takes the faces
of the physical dice (`5`, `3 4`, `3,4`); a draw takes a card id; a shuffle takes every id in
order. An empty line means "let the tool do it" for chance events (`None` is returned).
"""

from __future__ import annotations

import re
from typing import Any

from ..dice import parse_faces
from ..errors import DiceError, IllegalAction
from .core import Chance, Decision, Request, dice_label

TOOL_WORDS = {"", "r", "roll", "draw", "shuffle"}


def parse_typed(request: Request, text: str) -> Any | None:
    """The answer `text` gives to `request`, or None when the tool should roll or draw."""
    text = text.strip()
    if isinstance(request, Decision):
        return parse_choice(request, text)
    if text.lower() in TOOL_WORDS:
        return None
    if request.kind == "roll":
        return parse_roll(request, text)
    if request.kind == "draw":
        return request.check(_matching(request.options, text))
    return request.check([_matching(request.options, t) for t in re.split(r"[\s,]+", text) if t])


def parse_choice(decision: Decision, text: str) -> str:
    """An option number (1-based) or option id (case-insensitive) -> the option id."""
    ids = decision.option_ids()
    if text.isdigit() and 1 <= int(text) <= len(ids):
        return ids[int(text) - 1]
    for option_id in ids:
        if option_id.lower() == text.lower():
            return option_id
    raise IllegalAction(f"{text!r} is not one of the choices: type a number from 1 to {len(ids)} "
                        f"or one of: {', '.join(ids)}")


def parse_roll(chance: Chance, text: str) -> list[int]:
    """Typed die faces, checked against the dice being rolled."""
    try:
        faces = parse_faces(text)
    except DiceError:
        raise IllegalAction(f"type the {dice_label(chance.dice)} as numbers (like '5' or '3 4'), "
                            f"not {text!r}, or press Enter to let the tool roll") from None
    checked: list[int] = chance.check(faces)
    return checked


def _matching(options: tuple[str, ...], text: str) -> str:
    """The option spelled like `text`, ignoring case; `text` itself when none is."""
    for option in options:
        if option.lower() == text.lower():
            return option
    return text
