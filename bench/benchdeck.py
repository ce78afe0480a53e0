"""The benchmark's game: a deck of generated cards, its layouts (a base frame and a card that
extends it) and a back, written as a game folder (`bench/build.py`, `bench/build_cache.py`)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards.units import MM

GAME = "benchgame"
PAPER = "a4"
CARD = (63 * MM, 88 * MM)
BLEED = 3 * MM
DECK_COLOR = "#1f618d"
WORDS = ["ember", "storm", "guard", "rally", "spark", "tide", "oath", "lantern", "raven", "thorn", "hollow", "crown", "bright", "mire", "gale", "anvil", "whisper", "vow", "ash", "drift"]
KINDS = ("Attack", "Defence", "Trick", "Ally")
ICONS = ("sword", "shield", "heart", "star")


def fixture_cards(count: int, seed: int = 2) -> list[dict]:
    """`count` cards with varied names, types and body texts (some long enough to wrap and shrink)."""
    rng = random.Random(seed)
    cards = []
    for n in range(1, count + 1):
        name = " ".join(rng.choice(WORDS).title() for _ in range(rng.randint(1, 3)))
        icon = rng.choice(ICONS)
        body = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 45)))
        text = f"Gain {rng.randint(1, 4)} :{icon}: then {body}."
        cards.append({"id": f"card-{n:03d}", "name": name, "kind": rng.choice(KINDS), "text": text})
    return cards


def write_database(root: Path, cards: list[dict], duplex: bool = True) -> None:
    """A game folder with one deck of `cards`, its layouts (base frame + extending card) and a back."""
    folder = root / GAME
    (folder / "templates").mkdir(parents=True)
    game = {"game": {"id": GAME, "name": "Bench Game", "players": {"min": 2, "max": 4}},
            "rules": {"hand_size": 5}, "print": {"bleed": "3mm", "safe": "3mm"}}
    deck = {"decks": [{"id": "main", "name": "Main Deck", "code": "BG", "color": DECK_COLOR,
                       "layout": "bench-card", "duplex": duplex, "fields": {"kind": {"type": "str"}, "text": {"type": "text"}},
                       "cards": cards}]}
    (folder / "game.yaml").write_text(yaml.safe_dump(game, sort_keys=False))
    (folder / "deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
    (folder / "templates" / "bench-base.yaml").write_text(BASE_LAYOUT)
    (folder / "templates" / "bench-card.yaml").write_text(CARD_LAYOUT)


BASE_LAYOUT = """
description: frame, title, corner code and version stamp
elements:
  - {id: background, type: rect, x: 0, y: 0, w: 63, h: 88, bleed: true, fill: "{{ deck.color }}"}
  - {id: panel, type: rect, x: 3, y: 12, w: 57, h: 66.5, radius: 2, fill: "#ffffff"}
  - {id: title, type: text, x: 4, y: 2.6, w: 55, h: 8.6, text: "{{ card.name }}", font: Helvetica-Bold,
     size: 12, min_size: 9, color: "#ffffff", valign: middle}
  - {id: corner, type: text, x: 4, y: 79.6, w: 30, h: 4, text: "{{ corner }}", font: Helvetica-Bold,
     size: 7, color: "#ffffff"}
  - {id: version, type: text, x: 35, y: 79.6, w: 24, h: 4, text: "v {{ version }}", size: 7,
     align: right, color: "#ffffff"}
"""

CARD_LAYOUT = """
description: the base frame plus a type line and the body text
extends: bench-base
elements:
  - {id: type, type: text, x: 5, y: 14, w: 53, h: 5, text: "{{ card.kind }}", font: Helvetica-Oblique,
     size: 8, color: "#555555"}
  - {id: body, type: text, x: 5, y: 21, w: 53, h: 55, text: "{{ card.text }}", size: 9.5,
     min_size: 7, leading: 1.22, color: "#1a1a1a"}
"""
