"""Dice notation: `2d6`, `d12`, `4d6kh3`, `2d20kl1`, `1d8+1d4+2`, `d6-1`.

Rolling takes an explicit `random.Random`; the global `random` is never used.
Physical dice can be typed in instead: `check_faces` refuses any face a die cannot show.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from .errors import DiceError

MAX_DIGITS = 9  # no count, size or modifier a table needs is longer (and Python refuses 4300+)
_TERM = re.compile(r"([+-])?\s*(?:(\d*)d(\d+)(?:k([hl])(\d+))?|(\d+))", re.IGNORECASE)


@dataclass(frozen=True)
class DiceTerm:
    """`count` dice of `sides` sides, keeping the highest/lowest `keep` (all when None)."""

    count: int
    sides: int
    sign: int = 1
    keep: int | None = None
    keep_high: bool = True

    def __str__(self) -> str:
        keep = f"k{'h' if self.keep_high else 'l'}{self.keep}" if self.keep is not None else ""
        return f"{self.count}d{self.sides}{keep}"


@dataclass(frozen=True)
class DiceExpr:
    """A parsed expression: dice terms plus a constant modifier."""

    terms: tuple[DiceTerm, ...]
    modifier: int = 0
    text: str = ""

    @property
    def dice(self) -> tuple[int, ...]:
        """The sides of every physical die, in order."""
        return tuple(t.sides for t in self.terms for _ in range(t.count))

    @property
    def minimum(self) -> int:
        return sum(t.sign * _extreme(t, t.sign < 0) for t in self.terms) + self.modifier

    @property
    def maximum(self) -> int:
        return sum(t.sign * _extreme(t, t.sign > 0) for t in self.terms) + self.modifier


def _extreme(term: DiceTerm, high: bool) -> int:
    kept = term.keep if term.keep is not None else term.count
    return kept * (term.sides if high else 1)


@dataclass(frozen=True)
class TermRoll:
    term: DiceTerm
    faces: tuple[int, ...]
    kept: tuple[int, ...]

    @property
    def subtotal(self) -> int:
        return self.term.sign * sum(self.kept)


@dataclass(frozen=True)
class Roll:
    """A rolled (or typed-in) expression: each die, which were kept, the total."""

    expr: DiceExpr
    terms: tuple[TermRoll, ...] = field(default_factory=tuple)

    @property
    def total(self) -> int:
        return sum(t.subtotal for t in self.terms) + self.expr.modifier

    @property
    def faces(self) -> list[int]:
        return [f for t in self.terms for f in t.faces]

    def explain(self) -> str:
        """`4d6kh3: [6, 5, 3, (1)] = 14`."""
        parts: list[str] = []
        for t in self.terms:
            dropped = list(t.faces)
            for k in t.kept:
                dropped.remove(k)
            shown = [str(f) for f in t.kept] + [f"({f})" for f in dropped]
            sign = "-" if t.term.sign < 0 else ("+" if parts else "")
            parts.append(f"{sign}{t.term}[{', '.join(shown)}]")
        mod = self.expr.modifier
        if mod:
            parts.append(f"{mod:+d}")
        return f"{self.expr.text}: {' '.join(parts)} = {self.total}"

    def to_json(self) -> dict[str, Any]:
        return {
            "expr": self.expr.text,
            "dice": [{"term": str(t.term), "faces": list(t.faces), "kept": list(t.kept)} for t in self.terms],
            "modifier": self.expr.modifier,
            "total": self.total,
        }


def parse(text: str) -> DiceExpr:
    """Parse dice notation; raise DiceError naming what was wrong."""
    if re.search(r"[0-9a-z]\s+[0-9a-z]", text, re.IGNORECASE):  # "2d6 3" must not read as 2d63
        raise DiceError(f"cannot read {text!r}: join terms with + or -, e.g. '2d6+3'")
    source = text.strip().replace(" ", "")
    if not source:
        raise DiceError("empty dice expression; try '2d6', 'd12' or '4d6kh3'")
    pos, terms, modifier = 0, [], 0
    while pos < len(source):
        match = _TERM.match(source, pos)
        if not match or match.end() == pos or (pos > 0 and not match.group(1)):
            raise DiceError(f"cannot read {text!r} at {source[pos:]!r}; try '2d6', 'd12+1' or '4d6kh3'")
        sign = -1 if match.group(1) == "-" else 1
        if any(len(number) > MAX_DIGITS for number in match.groups("") if number.isdigit()):
            raise DiceError(f"cannot read {text!r}: a number of more than {MAX_DIGITS} digits")
        if match.group(6):
            modifier += sign * int(match.group(6))
        else:
            terms.append(_term(match, sign, text))
        pos = match.end()
    if not terms:
        raise DiceError(f"{text!r} has no dice; try '2d6' or 'd12'")
    return DiceExpr(tuple(terms), modifier, source.lower())


def _term(match: re.Match[str], sign: int, text: str) -> DiceTerm:
    count = int(match.group(2)) if match.group(2) else 1
    sides = int(match.group(3))
    if count < 1 or count > 1000:
        raise DiceError(f"{text!r}: roll between 1 and 1000 dice, not {count}")
    if sides < 2 or sides > 1000:
        raise DiceError(f"{text!r}: a die needs 2 to 1000 sides, not {sides}")
    keep = int(match.group(5)) if match.group(5) else None
    if keep is not None and not 1 <= keep <= count:
        raise DiceError(f"{text!r}: can keep 1 to {count} of {count} dice, not {keep}")
    return DiceTerm(count, sides, sign, keep, (match.group(4) or "h").lower() == "h")


def roll(expr: DiceExpr | str, rng: random.Random) -> Roll:
    """Roll every die of the expression with the given RNG."""
    expr = parse(expr) if isinstance(expr, str) else expr
    faces = [rng.randint(1, sides) for sides in expr.dice]
    return from_faces(expr, faces)


def check_faces(expr: DiceExpr | str, faces: list[int]) -> list[int]:
    """Refuse typed-in faces that the expression's dice cannot show."""
    expr = parse(expr) if isinstance(expr, str) else expr
    dice = expr.dice
    if len(faces) != len(dice):
        raise DiceError(f"{expr.text} needs {len(dice)} {'die' if len(dice) == 1 else 'dice'}, got {len(faces)}")
    for face, sides in zip(faces, dice):
        if not 1 <= face <= sides:
            raise DiceError(f"a d{sides} cannot show {face}: type a number from 1 to {sides}")
    return faces


def from_faces(expr: DiceExpr | str, faces: list[int]) -> Roll:
    """Build a Roll from faces rolled elsewhere (checked first)."""
    expr = parse(expr) if isinstance(expr, str) else expr
    check_faces(expr, faces)
    out, i = [], 0
    for term in expr.terms:
        mine = tuple(faces[i:i + term.count])
        i += term.count
        kept = mine
        if term.keep is not None:
            ordered = sorted(mine, reverse=term.keep_high)
            kept = tuple(ordered[:term.keep])
        out.append(TermRoll(term, mine, kept))
    return Roll(expr, tuple(out))


def parse_faces(text: str) -> list[int]:
    """Read typed-in faces: `5`, `3 4`, `3,4`."""
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise DiceError(f"expected die results as numbers like '5' or '3 4', got {text!r}") from None
