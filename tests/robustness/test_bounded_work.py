"""Bounded work and memory (issue 15, section 3): alias bombs, template budgets, huge images and
huge card texts are refused early with a located error, within the budget of `harness.run_cli`."""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

import pytest

from cards.sandbox import MAX_OUTPUT, MAX_STEPS, MAX_VALUE
from generator.images import MAX_PIXELS


def billion_laughs(levels: int = 9) -> str:
    """The classic alias bomb: each level repeats the previous one nine times (9**9 leaves)."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, levels):
        name, previous = chr(ord("a") + level), chr(ord("a") + level - 1)
        lines.append(f"{name}: &{name} [{', '.join([f'*{previous}'] * 9)}]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused_at_its_line(tiny) -> None:
    (tiny.folder / "bomb.yaml").write_text(billion_laughs())
    result = tiny.refused()
    assert re.search(r"bomb\.yaml:\d+:\d+: the file expands to more than [\d,]+ values", result.output)


def test_recursive_alias_is_refused_at_its_line(tiny) -> None:
    (tiny.folder / "loop.yaml").write_text("rulings: &loop\n  - *loop\n")
    result = tiny.refused()
    assert "loop.yaml:1:10: an alias refers to a value that contains it; refused" in result.output
    assert "RecursionError" not in result.output


def test_alias_bomb_in_a_layout_is_refused(tiny) -> None:
    (tiny.folder / "templates" / "tiny-card.yaml").write_text(billion_laughs())
    result = tiny.refused()
    assert "the file expands to more than" in result.output


@pytest.mark.parametrize(("expression", "said"), [
    ("{{ ('a' * 4000000000) | length }}", f"at most {MAX_VALUE:,}"),
    ("{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}", f"over {MAX_STEPS:,} steps"),
    ("{{ 2 ** 99999999 }}", "too large a number"),
    ("{{ 'a' | center(4000000000) }}", f"at most {MAX_VALUE:,}"),
    ("{% for i in range(30) %}{{ 'a' * 900000 }}{% endfor %}", f"over {MAX_OUTPUT:,} characters"),
], ids=["product", "nested-range", "power", "center", "output"])
def test_template_over_its_budget_is_a_located_error(tiny, expression: str, said: str) -> None:
    book = tiny.folder / "templates" / "rulebook.md.j2"
    lines = book.read_text().split("\n")
    book.write_text("\n".join([*lines[:2], expression, *lines[2:]]))
    result = tiny.refused()
    # the output budget is counted outside the template's own code: it names the template only
    where = "rulebook.md.j2:" if "characters" in said else "rulebook.md.j2:3:"
    assert where in result.output and said in result.output


def test_card_binding_over_its_budget_is_a_located_error(tiny) -> None:
    tiny.edit("templates/tiny-card.yaml", r'text: "\{\{ card.points \}\}"', "text: \"{{ 'x' * 4000000000 }}\"")
    result = tiny.refused()
    assert "points" in result.output and f"at most {MAX_VALUE:,}" in result.output


def huge_png_header(width: int, height: int) -> bytes:
    """A PNG that declares width x height pixels but carries one row: decoding it is the bomb."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * (width + 1))) \
        + chunk(b"IEND", b"")


def test_image_over_the_pixel_budget_is_a_located_error(tiny, tmp_path: Path) -> None:
    (tiny.folder / "art").mkdir()
    (tiny.folder / "art" / "huge.png").write_bytes(huge_png_header(13000, 13000))
    tiny.edit("templates/tiny-card.yaml", r"^elements:$",
              "elements:\n  - {id: art, type: image, x: 1, y: 1, w: 20, h: 20, src: art/huge.png}")
    result = tiny.refused()
    assert f"huge.png: 13000 x 13000 pixels (169 MP) is over the budget of {MAX_PIXELS // 10**6} MP" in result.output
    assert "DecompressionBombWarning" not in result.output


def test_megabyte_card_text_fails_fast(tiny) -> None:
    huge = "Score one point. " * 62_000
    tiny.edit("deck.yaml", r'(id: fire-1, .*)text: "Score 1 point."', r'\g<1>text: "' + huge + '"')
    result = tiny.refused()
    assert "card 'fire-1' field 'text': 1,054,000 characters; a card text holds at most 20,000" in result.output
