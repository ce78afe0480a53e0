"""A request put to the table in words: its menu, the tail of its prompt, an answer read out.

`deckwright play` (`companion/cli/gamemaster.py`) prints these on the screen every player sees, so a
menu lists only what everyone may see (`Decision.shown`) and marks the answer Enter takes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..engine.core import Decision, Request, dice_label
from ..engine.requests import Option, possible_cards
from ..engine.typed import enter_choice, menu_numbers
from .screen import WIDTH, wrap_lines

# What `help` at a prompt says: the table commands, and how a request is answered.
COMMANDS_HELP = """\
At any prompt:
  undo [N]   take back the last answer (or the last N), e.g. a mistyped die
  redo       give back the answer the last undo took
  state      show the tally again (it is shown by itself whenever it changes)
  note TEXT  keep a playtest note (a rules question, an unclear card), no move
  log [N]    show the last events (10 unless N is given)
  help       show this help
  quit       stop here; the session is kept and can be resumed
Choices: type the number, or the name or its first letters (case does not matter); Enter takes \
the only choice, or the one marked (Enter).
Chance events: type the physical dice (5 or 3 4) or the card drawn (its name or id), or press \
Enter to let the tool do it."""


def menu_lines(request: Request, player: str, names: Mapping[str, str] | None = None) -> list[str]:
    """The lines under a prompt: a decision's numbered options (and, when some are not listed, how
    to type one `player` reveals), or a chance's possible outcomes, cards by the `names` printed on
    them (`Engine.card_names`); nothing for a roll."""
    if isinstance(request, Decision):
        long = len(request.listed()) > LONG_MENU  # in columns, where the number alone is typed
        entries, takes_enter = [], enter_choice(request)
        for number, option in zip(menu_numbers(request), request.listed(), strict=True):
            enter = "  (Enter)" if option.id == takes_enter else ""  # the only option too (audit s26)
            named = long or _names_itself(option, number)
            entries.append(f"{number}) {option}" + ("" if named else f"  [{option.id}]") + enter)
        lines = _in_columns(entries) if long else [f"  {entry}" for entry in entries]
        if request.shown is not None:  # whether or not any is playable now: that is secret too
            lines.append(f"  or type the name of what {player} reveals (not listed here)")
        return lines
    if request.kind == "roll":
        return []
    return [f"  possible: {possible_cards(request.options, names or {})}"]


LONG_MENU = 6  # a longer menu is set in columns, so the tally above it stays on a 30-line screen
COLUMN_GAP = 3


def _names_itself(option: Option, number: str) -> bool:
    """Whether the entry needs no id after it: a bid's `0) bid 0`, a label that starts with its id
    (`Long Strike`, `B6 (Frost Pool)`), an engine's id that is no name to type (`1-d6`, `act:0`;
    `Option.typed_id`). Else the id follows in brackets (`The Ivory Tower  [ivory-tower]`)."""
    return option.id == number or option.typed_id is None


def _in_columns(entries: list[str]) -> list[str]:
    """`entries` down as many columns as fit the play screen's `WIDTH`, read top to bottom (as `ls`
    does); when even two equal columns do not fit, two of unequal width with as few rows as keep
    every entry whole, else one column (audit s27: two columns cut `Burning Treatise (2 AP, Magister
    O…`, losing the character; a screen made too tall waits for Enter first, `Pacing.overflows`)."""
    cell = max(len(entry) for entry in entries) + COLUMN_GAP
    columns = (WIDTH - 2) // cell
    if columns < 2:
        return _two_columns(entries)
    rows = -(-len(entries) // columns)
    return [("  " + "".join(entry.ljust(cell) for entry in entries[row::rows])).rstrip() for row in range(rows)]


def _two_columns(entries: list[str]) -> list[str]:
    """Two columns within `WIDTH`, the left as wide as its longest entry, on the fewest rows that
    cut no entry; one column when none does (an entry is never cut: its cost or its user goes)."""
    half = -(-len(entries) // 2)
    rows = next((rows for rows in range(half, len(entries)) if _fits(entries[:rows], entries[rows:])), len(entries))
    left, right = entries[:rows], entries[rows:]
    left_width = max(map(len, left)) + COLUMN_GAP
    return [("  " + entry.ljust(left_width) + (right[row] if row < len(right) else "")).rstrip()
            for row, entry in enumerate(left)]


def _fits(left: list[str], right: list[str]) -> bool:
    """Do two columns of these entries fit the play screen's `WIDTH` whole?"""
    return 2 + max(map(len, left)) + COLUMN_GAP + max(map(len, right)) <= WIDTH


def prompt_line(request: Request, label: str | None, players: list[str]) -> str:
    """`Turn 7 · Ben · Roll the Room Selector (d12): type the die or press Enter to roll` (`label`
    is the turn's); the player is not named twice when the prompt starts with the name (`Turn 7 ·
    Ben: walk or sprint?`, session 26: the repeated name made a showdown's prompt wrap to 2 lines)."""
    parts = [label] if label else []
    if request.player is not None and not (isinstance(request, Decision) and request.table):
        player = players[request.player]
        if not starts_with_name(request.prompt, player):
            parts.append(player)
    return " · ".join(parts + [f"{request.prompt}{prompt_tail(request)}"])


def prompt_lines(prompt: str) -> list[str]:
    """A prompt wrapped as it is shown, with room for " > " and what is typed; the numbers to type
    stay together (audit s25: a last line "8) > " read like a menu item)."""
    return wrap_lines(prompt, WIDTH - 16, whole=r"\([^()]*\)$")


def prompt_tail(request: Request) -> str:
    """What follows a request's prompt: the numbers to type, or how to give a chance's outcome."""
    if isinstance(request, Decision):
        span = number_span(menu_numbers(request))
        return f" ({span} or a name)" if request.shown is not None else f" ({span})"
    if request.kind == "roll":
        dice = dice_label(request.dice)  # not said twice: "Who starts? d2: 1 = Ann, 2 = Ben"
        named = re.search(rf"(?<![\w+]){re.escape(dice)}(?![\w+])", request.prompt)
        return f"{'' if named else f' ({dice})'}: type the dice or press Enter to roll"
    if request.kind == "draw":
        return ": type the card drawn or press Enter to draw"
    return ": type the order or press Enter to shuffle"


def secret_refusal(request: Request) -> str:
    """Why a secret answer was refused, without repeating it: the other players may be looking
    before the screen clears."""
    if isinstance(request, Decision):
        how = f"type one of the numbers {number_span(menu_numbers(request))} or a whole name"
    elif request.kind == "roll":
        how = f"type the {dice_label(request.dice)} as numbers (like 5 or 3 4), or press Enter to let the tool roll"
    elif request.kind == "draw":
        how = "type the card drawn, or press Enter to draw"
    else:
        how = "type every card in order, or press Enter to shuffle"
    return f"  ! that answer was not understood (it is secret, so it is not repeated here): {how}"


def number_span(numbers: list[str]) -> str:
    """`1-4` for the numbers of a menu; with gaps, each run of three or more as a range and the
    others one by one: `0, 2, 5` (a menu numbered by ids), `1-5, 7, 8` (pieces keeping their
    numbers while others die)."""
    values = sorted(int(number) for number in numbers)
    runs: list[list[int]] = []
    for value in values:
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    if len(runs) == 1 and len(values) > 1:
        return f"{values[0]}-{values[-1]}"
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) >= 3 else ", ".join(map(str, run)) for run in runs)


def rolled_word(answer: Any) -> str:
    """`rolled` for dice, `drew` for a card or an order."""
    return "rolled" if isinstance(answer, list) and all(isinstance(a, int) for a in answer) else "drew"


def answer_words(answer: Any, names: Mapping[str, str] | None = None) -> str:
    """An answer as read out: dice faces, or cards by the `names` printed on them (an order of
    cards separated by commas)."""
    if isinstance(answer, list) and all(isinstance(a, int) for a in answer):
        return " ".join(map(str, answer))
    cards = answer if isinstance(answer, list) else [answer]
    return ", ".join((names or {}).get(str(card)) or str(card) for card in cards)


def hint_lines(value: str | list[str] | None) -> list[str]:
    """A game's hints for a prompt: a list of lines, one line, or nothing."""
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def starts_with_name(prompt: str, name: str) -> bool:
    """Does `prompt` open with the player's name as a word (`Ann:`, `Ann rolls`, `Ann's`)? The
    prompt line then does not name the player again."""
    return prompt.startswith(name) and prompt[len(name):len(name) + 1] in (":", " ", ",", "'")
