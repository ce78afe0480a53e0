"""What a user reads, checked for the slips a reader notices (imported by test_text_audit.py).

Each rule is a regular expression over one line of text, with the few words where the pattern
is right English after all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cards.wording import wants_an

# Nouns that end in s in the singular, or are never counted as "1 x".
SINGULAR_S = {"bonus", "class", "status", "dies", "plus", "pass", "focus", "chaos", "canvas", "gas", "loss", "boss",
              "miss", "access", "cross", "less", "mass", "bless", "kiss", "dress", "process", "press", "always",
              "is", "was", "has", "as", "its", "this", "his", "yes", "us", "lens", "atlas", "thus", "minus",
              "s", "ss", "vs"}
# Verbs that follow a number as its subject ("Round 1 begins", "1 ties 1", "d6 + 1 rolls 5").
VERBS = {"begins", "ends", "ties", "beats", "rolls", "wins", "loses", "takes", "scores", "strikes", "starts",
         "goes", "draws", "plays", "hits", "misses", "is", "was", "has", "remains", "left", "stays"}


@dataclass(frozen=True)
class Slip:
    """One suspicious spot: which rule, the text, where it came from."""

    rule: str
    text: str
    where: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.text!r} ({self.where})"


def _doubled(line: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"\b([A-Za-z]+) \1\b", line, re.IGNORECASE)]  # not across columns


def _article(line: str) -> list[str]:
    found = []
    for match in re.finditer(r"\b(a|an|A|An)\s+([A-Za-z0-9][\w'-]*)", line):
        article, word = match.group(1).lower(), match.group(2)
        if wants_an(word) != (article == "an"):
            found.append(match.group(0))
    return found


def _one_plural(line: str) -> list[str]:
    found = []
    for match in re.finditer(r"(?<![\d.,/:+-])\b1 ([A-Za-z]+)\b(?!['/-])", line):
        word = match.group(1)
        lower = word.lower()
        if lower.endswith("s") and lower not in SINGULAR_S | VERBS and not lower.endswith(("ss", "us")):
            found.append(match.group(0))
    return found


def _many_singular(line: str) -> list[str]:
    counted = r"point|card|answer|heart|token|bead|turn|round|action|step|player|game|die|spell|lamp|time"
    pattern = rf"(?<![\d.,/:d+-])\b(0|[2-9]|\d\d+) (\w+ )?({counted})\b(?![\w'-]|\s+[A-Z])"
    return [m.group(0) for m in re.finditer(pattern, line, re.IGNORECASE)]


def _either_number(line: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"\w+\(s\)", line)]


def _span(line: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"\b(\d+)-\1 players?\b", line)]


def _repr(line: str) -> list[str]:
    found = [m.group(0) for m in re.finditer(r"\[\s*'|'\s*\]|\{\s*'|\[\]|\{\}|\(\)", line)]
    found += [m.group(0) for m in re.finditer(r"\b(None|True|False)\b(?!\s+[A-Z])", line)]  # not "True Edge"
    found += [m.group(0) for m in re.finditer(r"<[a-z_.]+ object at 0x|\b[A-Z]\w+\([a-z_]+=", line)]
    return found


RULES = {"doubled word": _doubled, "a/an": _article, "1 + plural": _one_plural, "plural count + singular":
         _many_singular, "noun(s)": _either_number, "N-N players": _span, "Python repr": _repr}


def slips(line: str, where: str) -> list[Slip]:
    """Every slip in one line of text."""
    return [Slip(rule, hit, where) for rule, find in RULES.items() for hit in find(line)]
