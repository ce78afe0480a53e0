"""Reference cards: Markdown + Jinja2 at card size, shrunk to fit, imposed two-sided."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from cards import Database, load_game
from cards.units import MM, parse_length, parse_size
from generator.geometry import landscape, page_size
from generator.imposition import plan_sheet
from generator.markdown import Theme
from generator.reference import (
    FLOOR_SIZE,
    START_SIZE,
    ReferenceOverflow,
    fitted_flowables,
    render_references,
)
from generator.rulebook import RulebookError
from generator.stamps import printed_version

POKER_SAFE = (57 * MM, 76 * MM)  # a poker card less its safe zone and footer, roughly


def render(db: Database, paper: str = "a4") -> bytes:
    out = io.BytesIO()
    render_references(db, paper, out)
    return out.getvalue()


def pages_text(pdf: bytes) -> list[str]:
    return [" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def only_turn_summary(cards: Path, **changes: object) -> None:
    """Keep just the turn-summary reference in a copied database, with some fields changed."""
    components = cards / "heartstrings" / "components.yaml"
    if components.exists():
        data = yaml.safe_load(components.read_text())
        data.pop("references", None)
        components.write_text(yaml.safe_dump(data, sort_keys=False))
    path = cards / "heartstrings" / "reference.yaml"
    data = yaml.safe_load(path.read_text())
    data["references"][0].update(changes)
    data["references"][0] = {k: v for k, v in data["references"][0].items() if v is not None}
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def write_template(cards: Path, name: str, text: str) -> None:
    folder = cards / "heartstrings" / "templates"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text)


@pytest.fixture(scope="module")
def heartstrings() -> Database:
    return load_game("heartstrings")


@pytest.fixture(scope="module")
def a4_pdf(heartstrings: Database) -> bytes:
    return render(heartstrings)


@pytest.fixture
def summary_only(cards_copy: Path) -> Path:
    only_turn_summary(cards_copy)
    return cards_copy


def test_heartstrings_has_a_two_sided_turn_summary(heartstrings: Database) -> None:
    summary = next(r for r in heartstrings.references if r.id == "turn-summary")
    assert summary.back is not None
    assert parse_size(summary.size) == pytest.approx((63 * MM, 88 * MM))


def test_front_prints_the_turn_with_numbers_from_rules(heartstrings: Database, summary_only: Path) -> None:
    front = pages_text(render(load_game("heartstrings", summary_only)))[0]
    rules = heartstrings.rules
    assert f"Roll the Room Selector (d{rules.room_die})" in front
    assert f"difference / {rules.damage_divisor}, rounded up" in front
    assert f"{rules.sacrifice_min_tokens} or more of your tokens" in front
    assert front.count("Your turn") == 3  # one card per seat


def test_back_prints_special_rooms_and_the_damage_table(heartstrings: Database, summary_only: Path) -> None:
    """Seed: "Rooms 4 and 8 have Defender Buffs of +1 and +2 respectively, and rooms 3, 6, and 9
    carry an Attacker Buff of +1, +2, and +3." """
    pages = pages_text(render(load_game("heartstrings", summary_only)))
    assert len(pages) == 2  # three poker cards fit one sheet; their backs fill the next page
    back = pages[1]
    rules = heartstrings.rules
    for room, buff in rules.defender_buffs.items():
        assert f"{room} Defender +{buff}" in back
    for room, buff in rules.attacker_buffs.items():
        assert f"{room} Attacker +{buff}" in back
    # every difference buffed rolls can reach: up to the die plus the biggest attacker buff, less 1
    reach = rules.combat_die + max(rules.attacker_buffs.values()) - 1
    damages = " ".join(str(math.ceil(d / rules.damage_divisor)) for d in range(1, reach + 1))
    assert f"Damage {damages} " in back + " "


def test_a_rules_edit_changes_the_card(summary_only: Path) -> None:
    path = summary_only / "heartstrings" / "game.yaml"
    data = yaml.safe_load(path.read_text())
    data["rules"]["combat_die"] = 8
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    back = pages_text(render(load_game("heartstrings", summary_only)))[1]
    # an 8-sided die plus the +3 attacker buff reaches 10, under a header short enough for ten columns
    assert "Diff. 1 2 3 4 5 6 7 8 9 10 Damage 1 1 2 2 3 3 4 4 5 5" in back


def test_a_card_without_a_back_prints_no_back_page(summary_only: Path) -> None:
    only_turn_summary(summary_only, back=None)
    assert len(pages_text(render(load_game("heartstrings", summary_only)))) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheets_are_the_chosen_paper(heartstrings: Database, paper: str) -> None:
    for page in PdfReader(io.BytesIO(render(heartstrings, paper))).pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size in (pytest.approx(page_size(paper), abs=0.5), pytest.approx(landscape(page_size(paper)), abs=0.5))


def test_reference_cards_are_deterministic(heartstrings: Database, a4_pdf: bytes) -> None:
    assert render(heartstrings) == a4_pdf


def test_every_card_stamps_the_version(heartstrings: Database, a4_pdf: bytes) -> None:
    for page in pages_text(a4_pdf):
        assert f"v {printed_version(heartstrings)}" in page


def test_card_face_is_drawn_inside_its_trim_box(heartstrings: Database, summary_only: Path) -> None:
    """Rasterised: the first card's trim box holds the accent-coloured heading and dark text."""
    pdf = render(load_game("heartstrings", summary_only))
    image = pdfium.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("RGB")
    trim = plan_sheet(parse_size("poker"), parse_length(heartstrings.print.bleed), "a4").trim_box(0)
    top = image.height - trim.top
    card = image.crop((int(trim.x), int(top), int(trim.right), int(top + trim.h)))
    colours = {colour for _, colour in card.getcolors(maxcolors=1 << 16)}
    accent = tuple(int(Theme().accent[i:i + 2], 16) for i in (1, 3, 5))
    assert any(_near(colour, accent) for colour in colours)
    assert any(sum(colour) < 3 * 80 for colour in colours)


def _near(colour: tuple[int, int, int], target: tuple[int, ...]) -> bool:
    return all(abs(a - b) <= 8 for a, b in zip(colour, target, strict=True))


# --- fitting text to the card ---------------------------------------------------------------


def test_short_text_keeps_the_starting_size() -> None:
    flowables = fitted_flowables("# Turn\n\nRoll.\n", *POKER_SAFE, "reference 'x' (front)")
    assert flowables[1].style.fontSize == START_SIZE


def test_long_text_shrinks_but_not_below_the_floor() -> None:
    text = "# Turn\n\n" + "Roll the die and move your token to the room it shows. " * 14
    flowables = fitted_flowables(text, *POKER_SAFE, "reference 'x' (front)")
    assert FLOOR_SIZE <= flowables[1].style.fontSize < START_SIZE


def test_text_that_never_fits_names_the_reference_and_side(summary_only: Path) -> None:
    write_template(summary_only, "turn-summary-back.md.j2", "# Too long\n\n" + "word " * 900)
    with pytest.raises(ReferenceOverflow, match=r"reference 'turn-summary' \(back\).*7 pt"):
        render(load_game("heartstrings", summary_only))


def test_reference_template_escaping_the_sandbox_fails(summary_only: Path) -> None:
    write_template(summary_only, "turn-summary.md.j2", "{{ ''.__class__.__mro__ }}\n")
    with pytest.raises(RulebookError, match=r"turn-summary\.md\.j2.*unsafe"):
        render(load_game("heartstrings", summary_only))
