"""Per-card backs: `back: {per_card: true}` draws each card's back from its own card.

The lead's brief: "Which Witch's six witch cards all print the identical Life Heart Tracker
back ... Users printing duplex expect each witch's tracker back to name that witch." A
per-card back sees `card`, `number` and `corner`, and is imposed mirrored so a long-edge flip
puts each back behind its own front; a deck without `per_card` keeps its one shared back.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from cards import load_game
from companion.cli import cli
from generator.imposition import plan_sheet
from generator.kit import back_designs, deck_sides, render_deck

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PAPERS = ["a4", "letter"]

OWN_BACK = """\
description: A Race Deck back that names its card (per-card back, for tests).
extends: tiny-back
elements:
  - {id: owner, type: text, x: 6, y: 70, w: 51, h: 8, text: "{{ card.name }}", size: 11, align: center,
     color: "#ffffff"}
"""

NAME_TOO_BIG = """\
description: A per-card back whose name box (34 mm at 14 pt) holds every witch's name but "Lightning Witch".
elements:
  - {id: witch, type: text, x: 4, y: 4, w: 34, h: 6, text: "{{ card.name }}", font: Helvetica-Bold,
     size: 14, min_size: 14}
"""


def text_positions(reader: PdfReader, page: int) -> list[tuple[str, float, float]]:
    """Each text run on `page` with where it starts, in page points."""
    found: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, _font, _size) -> None:
        if text.strip():
            x, y = tm[4], tm[5]
            found.append((text.strip(), x * cm[0] + y * cm[2] + cm[4], x * cm[1] + y * cm[3] + cm[5]))
    reader.pages[page].extract_text(visitor_text=visit)
    return found


def slots_holding(text: str, runs: list[tuple[str, float, float]], boxes: list) -> list[int]:
    """The slots (by index into `boxes`) in which a run reading exactly `text` starts."""
    return sorted(i for name, x, y in runs if name == text
                  for i, box in enumerate(boxes) if box.x <= x <= box.right and box.y <= y <= box.top)


def slot_texts(pdf: bytes, page: int, boxes: list) -> list[str]:
    """The text inside each box of `page`, whitespace collapsed.

    pdfium, not pypdf: repeated faces are PDF forms placed by reference, and pypdf reports
    text inside a form in the form's own coordinates, not where the form is placed.
    """
    import pypdfium2 as pdfium

    text = pdfium.PdfDocument(pdf)[page].get_textpage()
    return [" ".join(text.get_text_bounded(box.x, box.y, box.right, box.top).split()) for box in boxes]


def _pdf(db, deck_id: str, paper: str) -> bytes:
    out = io.BytesIO()
    render_deck(db, db.deck(deck_id), paper, out)
    return out.getvalue()


def _render(db, deck_id: str, paper: str) -> PdfReader:
    return PdfReader(io.BytesIO(_pdf(db, deck_id, paper)))


def _plan(db, deck_id: str, paper: str):
    from cards.units import parse_length, parse_size

    return plan_sheet(parse_size(db.deck(deck_id).size), parse_length(db.print.bleed), paper)


@pytest.fixture(scope="module")
def witch_db():
    return load_game("which-witch")


@pytest.fixture
def own_back_game(tmp_path: Path) -> Path:
    """A copy of the data-only tinygame whose Race Deck back names each card (per_card)."""
    root = tmp_path / "cards"
    shutil.copytree(FIXTURES / "tinygame", root / "tinygame")
    (root / "tinygame" / "templates" / "own-back.yaml").write_text(OWN_BACK)
    deck = root / "tinygame" / "deck.yaml"
    deck.write_text(deck.read_text().replace("back: {layout: tiny-back, label: Race Deck}",
                                             "back: {layout: own-back, label: Race Deck, per_card: true}"))
    return root


@pytest.mark.parametrize("paper", PAPERS)
def test_each_witch_back_names_her_in_the_mirrored_slot_behind_her_front(witch_db, paper):
    """'On the back of each Witch Card is a grid used to represent the amount of "life"': each
    player's grid is her own, so the back behind a witch's front names that witch."""
    reader = _render(witch_db, "witches", paper)
    plan = _plan(witch_db, "witches", paper)
    fronts, backs = text_positions(reader, 0), text_positions(reader, 1)
    front_boxes = [plan.trim_box(slot) for slot in range(plan.per_sheet)]
    back_boxes = [plan.back_box(slot) for slot in range(plan.per_sheet)]
    for witch in witch_db.deck("witches").cards:
        front_slots = slots_holding(witch.name, fronts, front_boxes)
        assert len(front_slots) == 1, f"{witch.name} front found in slots {front_slots}"
        assert slots_holding(witch.name, backs, back_boxes) == front_slots


def test_witch_backs_are_not_all_the_same_back(witch_db):
    faces, backs = deck_sides(witch_db, witch_db.deck("witches"))
    assert len(backs) == len(faces) == len(witch_db.deck("witches").cards)
    assert len(set(backs)) == len(backs), "one back per witch"


def _frame_colour(colour: str) -> tuple[int, ...]:
    from generator.colours import readable_on

    frame = readable_on(colour, "#ffffff")
    return tuple(int(frame[i:i + 2], 16) for i in (1, 3, 5))


def test_witch_back_is_in_her_colour(witch_db):
    """Each tracker back is framed in its witch's colour (the colour of her die), darkened just
    enough under her white name where it is light (`readable_on`)."""
    import pypdfium2 as pdfium

    plan = _plan(witch_db, "witches", "a4")
    image = pdfium.PdfDocument(_pdf(witch_db, "witches", "a4"))[1].render(scale=1).to_pil().convert("RGB")
    for slot, witch in enumerate(witch_db.deck("witches").cards):
        box = plan.back_box(slot)
        # 4 pt inside the trim's top-left corner: the 3 mm frame, not the panel (one pixel per point)
        pixel = image.getpixel((round(box.x + 4), round(plan.page[1] - box.top + 4)))
        expected = _frame_colour(witch.get("color"))
        assert all(abs(a - b) <= 3 for a, b in zip(pixel, expected, strict=True)), (witch.name, pixel, expected)


def test_ordinary_deck_keeps_one_shared_back_drawn_as_a_form(witch_db):
    """'65 Game Cards: These cards have "Game Card" labels written on their backs': one back for all."""
    deck = witch_db.deck("game-cards")
    faces, backs = deck_sides(witch_db, deck)
    assert len(backs) == 1 and len(faces) == 65
    pdf = _pdf(witch_db, "game-cards", "a4")
    plan = _plan(witch_db, "game-cards", "a4")
    forms = PdfReader(io.BytesIO(pdf)).pages[1]["/Resources"]["/XObject"]
    assert len(forms) == 1, "the shared back is one PDF form placed by reference"
    backs_text = slot_texts(pdf, 1, [plan.back_box(slot) for slot in range(plan.per_sheet)])
    assert all("Game Card" in text for text in backs_text), backs_text


@pytest.mark.parametrize("paper", PAPERS)
def test_copies_of_a_card_each_get_its_own_back_behind_them(own_back_game, paper):
    """Spark is printed twice (count 2): each copy has a back naming Spark, behind that copy."""
    db = load_game("tinygame", own_back_game)
    pdf = _pdf(db, "race", paper)
    plan = _plan(db, "race", paper)
    fronts_seen, backs_seen = [], []
    for page in range(0, len(PdfReader(io.BytesIO(pdf)).pages), 2):
        fronts_seen += slot_texts(pdf, page, [plan.trim_box(slot) for slot in range(plan.per_sheet)])
        backs_seen += slot_texts(pdf, page + 1, [plan.back_box(slot) for slot in range(plan.per_sheet)])
    names = [card.name for card in db.deck("race").cards]
    printed = [next(name for name in names if text.startswith(name)) for text in fronts_seen if text]
    behind = [next((name for name in names if text.endswith(name)), None) for text in backs_seen if text]
    assert printed == behind
    assert behind.count("Spark") == 2


def test_copies_of_a_card_share_one_back_face(own_back_game):
    db = load_game("tinygame", own_back_game)
    deck = db.deck("race")
    faces, backs = deck_sides(db, deck)
    assert len(backs) == len(faces) == 12
    assert len(set(backs)) == len(deck.cards), "one back design per card, shared by its copies"


def test_per_card_back_sees_number_and_corner(own_back_game):
    layout = own_back_game / "tinygame" / "templates" / "own-back.yaml"
    layout.write_text(OWN_BACK.replace("{{ card.name }}", "{{ card.name }} {{ number }} {{ corner }}"))
    db = load_game("tinygame", own_back_game)
    text = _render(db, "race", "a4").pages[1].extract_text()
    assert "Spark 1 TD 01/08" in text


def test_lint_checks_every_per_card_back(runner, tmp_path):
    """A back that fits one witch but overflows for another is named by card in `deckwright lint`."""
    root = tmp_path / "cards"
    shutil.copytree(Path(load_game("which-witch").folder), root / "which-witch")
    (root / "which-witch" / "templates").mkdir()
    (root / "which-witch" / "templates" / "tracker.yaml").write_text(NAME_TOO_BIG)
    result = runner.invoke(cli, ["--cards", str(root), "lint", "which-witch"])
    assert result.exit_code == 1, result.output
    assert "lightning-witch" in result.output and "back of card" in result.output
    others = [witch.id for witch in load_game("which-witch").deck("witches").cards if witch.id != "lightning-witch"]
    assert not [other for other in others if f"'{other}'" in result.output], "shorter names fit their box"


def test_lint_passes_the_shipped_per_card_backs(runner):
    result = runner.invoke(cli, ["lint", "which-witch"])
    assert result.exit_code == 0, result.output


def test_proofs_show_each_witch_back(witch_db):
    from generator.proof import proof_pages

    page = next(p for p in proof_pages(witch_db) if p.title.startswith("deck Witch Cards"))
    labels = [item.label for item in page.items]
    assert [f"back of {witch.name}" for witch in witch_db.deck("witches").cards] == labels[-6:]
    assert "back of Witch Cards" not in labels and "6 backs" in page.title


def test_pngs_name_each_per_card_back_and_keep_the_shared_back_name(witch_db):
    from generator.png import components

    names = [name for name, _size, _paint in components(witch_db)]
    assert [f"witches-{witch.id}-back" for witch in witch_db.deck("witches").cards] == \
        [name for name in names if name.startswith("witches-") and name.endswith("-back")]
    assert "game-cards-back" in names and "witches-back" not in names


def test_tts_per_card_backs_are_a_sheet_matching_the_faces(witch_db, tmp_path):
    """TTS "unique backs": the back sheet has each witch's back where her face is."""
    from PIL import Image

    from generator.tts import export_deck, grid_for

    paths = export_deck(witch_db, witch_db.deck("witches"), tmp_path)
    assert [path.name for path in paths] == ["witches-tts-1.png", "witches-tts-back-1.png"]
    with Image.open(paths[0]) as faces, Image.open(paths[1]) as backs:
        assert faces.size == backs.size
        cols, _rows = grid_for(len(witch_db.deck("witches").cards))
        for slot, witch in enumerate(witch_db.deck("witches").cards):
            x = round((slot + 0.5) * backs.size[0] / cols)
            pixel = backs.convert("RGB").getpixel((x, 3))  # the frame's top edge is the witch's colour
            expected = _frame_colour(witch.get("color"))
            assert all(abs(a - b) <= 3 for a, b in zip(pixel, expected, strict=True)), (witch.name, pixel)


def test_a_card_printed_zero_times_gets_no_back(own_back_game):
    deck_file = own_back_game / "tinygame" / "deck.yaml"
    text = deck_file.read_text().replace("total: 12", "total: 11")
    deck_file.write_text(text.replace("name: Flare, suit: fire, points: 0, count: 1", "name: Flare, suit: fire, points: 0, count: 0"))
    db = load_game("tinygame", own_back_game)
    deck = db.deck("race")
    faces, backs = deck_sides(db, deck)
    assert len(faces) == len(backs) == 11
    assert "Flare" not in [card.name for card, _back in back_designs(deck, backs)]
    assert len(back_designs(deck, backs)) == len(deck.cards) - 1
