"""The Half the Battle kit, built from its database on A4 and Letter: double-sided character
cards, guide cards with the rosters, the Bag of Holding, the tiled dungeon, tokens, rulebook."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from shipped import build_with_cli

from cards import load_game
from generator.geometry import landscape, page_size

# the characters and the guides share their sheets (a player's deck: 7 characters and 1 guide)
KIT = ["characters-and-guides", "items", "dungeon", "tokens", "rulebook"]


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """`deckwright build half-the-battle` (both papers) run once through the CLI."""
    return build_with_cli(tmp_path_factory.mktemp("kit"), "half-the-battle")


@pytest.fixture(scope="module")
def db():
    return load_game("half-the-battle")


def _text(path: Path) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(path).pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_component_is_on_the_paper(kit, paper):
    for name in KIT:
        for page in PdfReader(kit / f"{name}-{paper}.pdf").pages:
            size = (float(page.mediabox.width), float(page.mediabox.height))
            assert size in (pytest.approx(page_size(paper), abs=0.01),
                            pytest.approx(landscape(page_size(paper)), abs=0.01)), name


def _names_drawn(page, names: set[str]) -> list[str]:
    """The texts of `page` that are one of `names` whole (a card's title), in drawing order: slot
    after slot (a roster line, `d4 · Wizard · Sorcerer`, is none of them)."""
    found: list[str] = []
    page.extract_text(visitor_text=lambda text, *_: found.append(text.strip()) if text.strip() in names else None)
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_character_card_has_its_a_side_on_the_front_and_b_side_on_the_back(kit, db, paper):
    """Seed: "Give each player their character deck (7 double-sided character cards, plus 1 guide card.)"
    Each sheet's back page shows, slot by slot, the B side of the card whose A side its front shows,
    the guides' roster backs beside them on the sheet they share."""
    sides = {card.get("a")["name"]: card.get("b")["name"] for card in db.deck("characters").cards}
    pages = PdfReader(kit / f"characters-and-guides-{paper}.pdf").pages
    fronts = [name for front in pages[0::2] for name in _names_drawn(front, set(sides))]
    backs = [name for back in pages[1::2] for name in _names_drawn(back, set(sides.values()))]
    assert sorted(set(fronts)) == sorted(sides) and len(fronts) == sum(c.count for c in db.deck("characters").cards)
    assert backs == [sides[name] for name in fronts]
    assert not any(_names_drawn(back, set(sides)) for back in pages[1::2])
    assert not any(_names_drawn(front, set(sides.values())) for front in pages[0::2])


def test_twelve_distinct_classes_and_two_monsters(db):
    sides = [card.get(team) for card in db.deck("characters").cards for team in ("a", "b")]
    classes = [s["class"] for s in sides if not s.get("monster")]
    monsters = [s["class"] for s in sides if s.get("monster")]
    assert len(set(classes)) == len(classes) == 12 and len(set(monsters)) == 2
    assert {"wizard", "rogue", "fighter", "cleric", "ranger", "paladin", "sorcerer", "warlock"} <= set(classes)


def test_the_text_fixed_dice(db):
    """Seed: "a Wizard uses a d4; a Rogue uses a d8." and the Fighter (d12), the Dragon (d20)."""
    dice = {card.get(team)["class"]: card.get("die") for card in db.deck("characters").cards for team in ("a", "b")}
    assert (dice["wizard"], dice["rogue"], dice["fighter"], dice["dragon"]) == ("d4", "d8", "d12", "d20")


def test_component_counts_match_the_rules(db):
    """Seed: "12x Lane Indicator Tokens: 4x Serenaded, 4x Protected, 4x Entangled" "28x Ability Tokens" """
    counts = {t.id: t.count for sheet in db.tokens for t in sheet.tokens}
    components = db.rules["components"]
    for kind, n in {**components["indicators"], **components["ability_tokens"]}.items():
        assert counts[kind] == n, kind
    assert sum(counts[k] for k in components["ability_tokens"]) == 28
    assert sum(t.count for t in db.tokens[0].tokens) == components["character_tokens"]
    assert sum(c.count for c in db.deck("items").cards) == db.rules["items_in_bag"]


def test_the_dungeon_is_tiled_with_every_lane_numbered(kit, db):
    text = _text(kit / "dungeon-a4.pdf")
    assert len(PdfReader(kit / "dungeon-a4.pdf").pages) > 1
    for lane in range(1, db.rules["lanes"] + 1):
        assert str(lane) in text


def test_the_guide_back_lists_both_rosters(kit, db):
    text = _text(kit / "characters-and-guides-letter.pdf")
    for card in db.deck("characters").cards:
        assert card.get("a")["name"] in text and card.get("b")["name"] in text


def test_the_rulebook_prints_every_ruling_and_computed_examples(kit, db):
    text = _text(kit / "rulebook-a4.pdf")
    for ruling in db.rulings:
        assert ruling.topic in text, ruling.id
    assert "Fighter d12: 5 HP - 7 damage (not lethal) -> stays on 1 HP" in text
    assert "12 Rage buys 6 damage" in text


def test_the_starting_layout_picture_is_drawn_from_the_rules(kit, db):
    text = _text(kit / "rulebook-letter.pdf")
    assert "Left" in text and "Right" in text
    for die in db.rules["starting_layout"]:
        assert die in text


def test_the_starting_layout_is_listed_lane_by_lane_not_in_a_ragged_table(kit, db):
    """The layout was a 10-column table whose lanes held 'd10 d6' under uneven columns; it is
    now a sentence per party above the picture, each die named with its lane."""
    text = _text(kit / "rulebook-a4.pdf")
    lanes = db.rules["lanes"]
    left = [f"{die} in lane {lane}" for die, lane in db.rules["starting_layout"].items()]
    assert "Left party (faces \u2192): " in text and "Right party (faces \u2190), the mirror image: " in text
    assert "d10 and d6 in lane 2" in text and f"d10 and d6 in lane {lanes - 1}" in text
    assert all(part.split(" in lane ")[0] in text for part in left)
    assert "Left \u2192 d4" not in text  # the table's row heading before the lane cells


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{v:02x}" for v in rgb)


def test_dungeon_lane_numbers_are_dark_on_their_lanes(kit):
    """The lane numbers (#8a7a6a, 3.3:1) and the indicator-slot numbers (#a89886, 2.2:1) were
    faint on the lane colour; both read at 4.5:1 or better now."""
    import pypdfium2 as pdfium

    from generator.colours import contrast_ratio

    page = pdfium.PdfDocument(kit / "dungeon-a4.pdf")[0]
    image = page.render(scale=4).to_pil().convert("RGB")
    textpage = page.get_textpage()
    found = 0
    for number in "12345":
        searcher = textpage.search(number, match_case=True, match_whole_word=True)
        while (hit := searcher.get_next()) is not None:
            left, bottom, right, top = textpage.get_charbox(hit[0])
            box = image.crop((int(left * 4), int(image.height - top * 4), int(right * 4) + 1,
                              int(image.height - bottom * 4) + 1))
            pixels = [box.getpixel((x, y)) for x in range(box.width) for y in range(box.height)]
            ground, ink = max(pixels, key=sum), min(pixels, key=sum)
            assert contrast_ratio(_hex(ink), _hex(ground)) >= 4.5, (number, ink, ground)
            found += 1
    assert found >= 10  # each lane's number and its indicator slot's


def test_lane_indicators_are_strips_that_fit_the_dungeon_lane_with_2mm_to_spare(db):
    """Lane indicators (Serenaded, Protected, Entangled) are long strips laid across a lane, not
    square tokens; `fits: dungeon` makes lint check them against the board's indicator slots."""
    from cards.units import MM
    from generator.fit import FIT_SPARE, fit_findings, target_cells

    sheet = next(t for t in db.tokens if t.id == "lane-indicators")
    width, height = sheet.extent()
    assert sheet.shape == "strip" and sheet.fits == "dungeon" and width >= 2.5 * height
    cells = {cell for _, cell in target_cells(db, "dungeon")}
    assert len(cells) == 1
    (lane_w, slot_h), = cells
    assert lane_w == pytest.approx(39 * MM)                           # one slot per lane, a lane wide
    assert width + 2 * FIT_SPARE <= lane_w + 1e-6 and height + 2 * FIT_SPARE <= slot_h + 1e-6
    assert width > lane_w / 2                                        # it spans the lane, not a corner of it
    assert fit_findings(db) == []


def test_a_strip_wider_than_the_lane_is_a_lint_finding(runner, cards_copy: Path):
    from companion.cli import cli

    components = cards_copy / "half-the-battle" / "components.yaml"
    components.write_text(components.read_text().replace("size: 35mm x 12mm", "size: 37mm x 12mm"))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "half-the-battle"])
    assert result.exit_code == 1
    assert ("tokens[lane-indicators]: 37 x 12 mm tokens do not fit the 39.0 x 16.0 mm cells of sheet 'dungeon' "
            "element 'indicator-slot' with 2 mm to spare all round (need 41 x 16 mm)") in " ".join(result.output.split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_token_page_prints_each_indicator_as_a_strip(db, paper):
    from cards.units import MM
    from generator.geometry import page_margin
    from generator.packing import pack_tokens

    sheets = tuple(t for t in db.tokens if t.sheets == "shared")
    places = [p for page in pack_tokens(sheets, paper, page_margin(db.print.margin, paper)) for p in page
              if p.sheet.id == "lane-indicators"]
    assert len(places) == 12
    assert {(round(p.box.w / MM, 3), round(p.box.h / MM, 3)) for p in places} == {(35, 12)}
