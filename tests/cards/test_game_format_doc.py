"""docs/GAME_FORMAT.md is what docs/make_format.py writes from the schema: a key added to the
schema without a description, or the file left stale, fails here (sixth-game audit: the README
sent designers to Python source for the keys, field types, sizes and icons)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _make_format():
    spec = importlib.util.spec_from_file_location("make_format", DOCS / "make_format.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_game_format_reference_is_up_to_date():
    assert (DOCS / "GAME_FORMAT.md").read_text() == _make_format().reference(), (
        "docs/GAME_FORMAT.md is out of date: run `make docs-format`")


def test_the_reference_names_every_key_type_size_and_icon():
    from cards.schema import Deck, FieldSpec
    from cards.units import CARD_SIZES
    from generator.icons import names

    text = (DOCS / "GAME_FORMAT.md").read_text()
    for key in [*Deck.model_fields, *FieldSpec.model_fields, *CARD_SIZES, *names()]:
        assert f"`{key}`" in text, key
    for kind in ("str", "text", "int", "float", "bool", "list", "map", "counts"):
        assert f"| `{kind}` |" in text
