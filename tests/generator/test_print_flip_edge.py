"""Issue 13, part 4: "short-edge and long-edge flip both supported". The print-instructions page
says the edge the user's printer flips on (`print.flip` in the user config that `calibrate`
writes), not always the long edge; a cached kit follows a changed setting too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pypdf import PdfReader

from companion.cli import cli

GAME = "heartstrings"


def _instructions(runner: Any, out: Path) -> str:
    result = runner.invoke(cli, ["build", GAME, "--paper", "a4", "--only", "rulebook", "--out", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out / GAME / "rulebook-a4.pdf")
    return " ".join(" ".join((reader.pages[i].extract_text() or "").split()) for i in range(1, 4))


def _set_flip(runner: Any, flip: str) -> None:
    result = runner.invoke(cli, ["calibrate", "--set", "0", "0", "--flip", flip])
    assert result.exit_code == 0, result.output


def test_instructions_say_short_edge_when_the_user_printer_flips_on_the_short_edge(runner: Any, tmp_path: Path) -> None:
    _set_flip(runner, "short")
    text = _instructions(runner, tmp_path)
    assert "card sheets on the short edge" in text and "2-sided, short edge" in text
    assert "card sheets on the long edge" not in text


def test_a_cached_kit_follows_a_changed_flip_setting(runner: Any, tmp_path: Path) -> None:
    assert "card sheets on the long edge" in _instructions(runner, tmp_path)  # the default, now in the cache
    _set_flip(runner, "short")
    text = _instructions(runner, tmp_path)
    assert "card sheets on the short edge" in text and "card sheets on the long edge" not in text


def test_shared_card_sheets_and_reference_cards_follow_the_flip_setting(runner: Any, tmp_path: Path) -> None:
    """Halfwish prints its decks on shared card sheets: their backs (and the reference cards')
    are placed for the user's flip edge too, as the instructions say."""
    def files(out: Path) -> dict[str, bytes]:
        result = runner.invoke(cli, ["build", "halfwish", "--paper", "a4", "--only", "cards", "--only", "reference",
                                     "--out", str(out), "--no-cache"])
        assert result.exit_code == 0, result.output
        return {name: (out / "halfwish" / name).read_bytes() for name in ("cards-a4.pdf", "reference-a4.pdf")}

    long_edge = files(tmp_path / "long")
    _set_flip(runner, "short")
    short_edge = files(tmp_path / "short")
    assert all(long_edge[name] != short_edge[name] for name in long_edge)
    reader = PdfReader(tmp_path / "short" / "halfwish" / "cards-a4.pdf")
    width, height = float(reader.pages[1].mediabox.width), float(reader.pages[1].mediabox.height)
    front, back = (reader.pages[i].trimbox for i in (0, 1))
    if height > width:  # portrait: a short-edge flip turns the sheet top to bottom, so backs mirror vertically
        assert abs(float(back.bottom) - (height - float(front.top))) < 0.5


def test_token_sheets_are_said_to_flip_on_the_users_edge_too(runner: Any, tmp_path: Path) -> None:
    """Token backs follow the setting as card backs do (tests/generator/test_token_backs_flip.py),
    and the page says so: it once said "token sheets on the long edge" whatever the setting."""
    _set_flip(runner, "short")
    result = runner.invoke(cli, ["build", "half-the-battle", "--paper", "a4", "--only", "rulebook", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "half-the-battle" / "rulebook-a4.pdf")
    text = " ".join(" ".join((reader.pages[i].extract_text() or "").split()) for i in range(1, 4))
    assert "card sheets and token sheets on the short edge, your printer's setting" in text
    assert "long edge" not in text
