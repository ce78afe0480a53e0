"""Counted nouns and articles in what a player or designer reads: `1 point`, `2 points`, `an Evade`.

Every game's events, prompts and state lines, the rulebook templates (`plural`), the CLI's
messages and the kit's printed notes use these, so no text says "1 points", "a Evade" or
"point(s)". The article follows the sound, not the letter: "a unique", "an hour", "an 8".
"""

from __future__ import annotations

import datetime
import difflib
import re
from collections.abc import Iterable
from typing import Any

# Words spelled with a vowel but said with a consonant, and the reverse.
CONSONANT_SOUND = ("one", "once", "uni", "use", "usu", "eu", "ewe")
VOWEL_SOUND = ("hour", "honest", "honour", "heir")
_VOWEL_NUMBER = re.compile(r"^(8|11|18|8\d|8\d\d)(\D|$)")   # an 8, an 11, an 18, an 80
_VOWEL_LETTERS = "AEFHILMNORSX"                               # an HP, an MP, an X: said letter by letter


def plural(count: int, noun: str, many: str | None = None) -> str:
    """`1 point`, `0 points`, `3 points`; `many` is the plural when it is not noun + s."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def span(least: int, most: int) -> str:
    """`2`, `2-4`: a range of counts as messages say it (never `2-2`)."""
    return str(least) if least == most else f"{least}-{most}"


def wants_an(word: str) -> bool:
    """Is `word` said with a vowel sound first (so it takes "an")?"""
    lower = word.lower()
    if word[:1].isdigit():
        return bool(_VOWEL_NUMBER.match(word))
    if lower.startswith(CONSONANT_SOUND):
        return False
    if lower.startswith(VOWEL_SOUND):
        return True
    head = word.split()[0].strip("'\"(") if word.split() else word
    if len(head) > 1 and head.isupper():
        return head[0] in _VOWEL_LETTERS
    return lower[:1] in tuple("aeiou")


def article(word: str) -> str:
    """`an Evade`, `a Strike`, `a face-down card`: `word` with the article its sound takes."""
    return f"{'an' if wants_an(word) else 'a'} {word}"


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known name `word` is probably a misspelling of (`fnot` for `font`), or None."""
    match = difflib.get_close_matches(word, list(known), n=1)
    return match[0] if match else None


def suggestion(word: str, known: Iterable[str]) -> str:
    """` (did you mean 'font'?)` when a known name is close to `word`, else ''."""
    match = closest(word, known)
    return f" (did you mean {match!r}?)" if match else ""


def hint_then(hint: str, rest: str) -> str:
    """A `; did you mean 'x'?` hint (or '') and then `rest`, as a new sentence after the question:
    `; did you mean 'x'? Games: a, b`, or `; games: a, b` with no hint (audit: `?; games:`)."""
    return f"{hint} {rest[:1].upper()}{rest[1:]}" if hint else f"; {rest}"


def quoted(value: Any) -> str:
    """A value as a message quotes it: `'two'`, `3`; a date as the date it is (`a date (2024-03-04)`),
    not Python's `datetime.datetime(2024, 3, 4, 0, 0)` (audit: a spreadsheet's date, a YAML date)."""
    if isinstance(value, datetime.datetime):
        midnight = value.time() == datetime.time()
        return f"a date ({value.date()})" if midnight else f"a date and time ({value.isoformat(sep=' ')})"
    if isinstance(value, datetime.date):
        return f"a date ({value})"
    if isinstance(value, datetime.time):
        return f"a time ({value})"
    return repr(value)
