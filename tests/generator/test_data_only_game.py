"""A game made only of data: `tests/fixtures/tinygame/` lints and builds with no Python of its own.

Issue 2, item 6: "A data-only game under `tests/fixtures/` (a 12-card deck with backs, one token
sheet, a one-page rulebook) that builds with no Python of its own".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from cards import load_game
from companion.cli import cli
from generator.geometry import landscape, page_size
from generator.stamps import printed_version

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GAME = "tinygame"


@pytest.fixture(scope="module")
def db():
    return load_game(GAME, FIXTURES)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """The tinygame kit built once through the CLI, on both papers."""
    from click.testing import CliRunner

    out = tmp_path_factory.mktemp("kit")
    result = CliRunner().invoke(cli, ["--cards", str(FIXTURES), "build", GAME, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / GAME


def _text(path: Path) -> str:
    reader = PdfReader(path)
    return " ".join(" ".join((page.extract_text() or "").split()) for page in reader.pages)


def test_tinygame_has_no_python_of_its_own():
    assert not list((FIXTURES / GAME).rglob("*.py"))


def test_tinygame_database_holds_the_promised_components(db):
    deck = db.deck("race")
    assert sum(card.count for card in deck.cards) == 12
    assert deck.back.layout == "tiny-back"
    assert [sheet.id for sheet in db.tokens] == ["sparks"]
    assert db.rulings


def test_lint_tinygame_exits_zero(runner):
    result = runner.invoke(cli, ["--cards", str(FIXTURES), "lint", GAME])
    assert result.exit_code == 0, result.output
    # the version the pages print (audit: lint showed the database files' hash, which no page prints)
    assert f"{GAME}: ok (rules version {printed_version(load_game(GAME, FIXTURES))})" in result.output


def test_lint_reads_the_database_from_the_environment_variable(runner, monkeypatch):
    monkeypatch.setenv("DECKWRIGHT_CARDS", str(FIXTURES))
    result = runner.invoke(cli, ["lint", GAME])
    assert result.exit_code == 0, result.output


def test_build_from_the_environment_variable_writes_the_deck(runner, monkeypatch, tmp_path):
    monkeypatch.setenv("DECKWRIGHT_CARDS", str(FIXTURES))
    result = runner.invoke(cli, ["build", GAME, "--paper", "a4", "--only", "cards", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / GAME / "race-a4.pdf").is_file()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_build_writes_deck_and_rulebook_on_each_paper(kit, paper):
    for name in ("race", "rulebook"):
        reader = PdfReader(kit / f"{name}-{paper}.pdf")
        size = (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height))
        assert size in (pytest.approx(page_size(paper), abs=0.5), pytest.approx(landscape(page_size(paper)), abs=0.5))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_deck_pdf_prints_twelve_fronts_each_with_a_back(kit, db, paper):
    """Fronts carry the corner code `TD nn/08`; each back page shows the deck's back label once per card."""
    deck = db.deck("race")
    fronts, backs = 0, 0
    for page in PdfReader(kit / f"race-{paper}.pdf").pages:
        lines = [line.strip() for line in (page.extract_text() or "").splitlines()]
        fronts += sum(line.startswith(f"{deck.code} ") and "/" in line for line in lines)
        backs += lines.count(deck.back.label) if lines[-1].endswith("backs") else 0
    assert (fronts, backs) == (12, 12)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_card_name_is_printed(kit, db, paper):
    text = _text(kit / f"race-{paper}.pdf")
    for card in db.deck("race").cards:
        assert text.count(card.name) >= card.count, card.id


def test_card_text_fills_in_rule_numbers_from_the_yaml(kit, db):
    """Heatwave-style texts name `rules.hand_size`; the printed card shows the number."""
    text = _text(kit / "race-a4.pdf")
    assert f"draw back up to {db.rules.hand_size} cards" in text


def test_rulebook_text_comes_from_the_yaml(kit, db):
    text = _text(kit / "rulebook-a4.pdf")
    assert f"score {db.rules.target_score} points" in text
    assert f"deal {db.rules.hand_size} cards" in text
    for ruling in db.rulings:
        assert ruling.topic in text


def test_rulebook_body_is_one_page(kit):
    """Title page, how to print the kit, what you should have, contents, then the rules on a single page."""
    assert len(PdfReader(kit / "rulebook-a4.pdf").pages) == 5


def test_editing_the_yaml_changes_the_built_rulebook(runner, tmp_path):
    import shutil

    root = tmp_path / "db"
    shutil.copytree(FIXTURES / GAME, root / GAME)
    game_yaml = root / GAME / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("target_score: 10", "target_score: 15"))
    result = runner.invoke(cli, ["--cards", str(root), "build", GAME, "--paper", "a4",
                                 "--only", "rulebook", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "score 15 points" in _text(tmp_path / "out" / GAME / "rulebook-a4.pdf")


def test_inline_icon_in_card_text_is_drawn_not_printed_as_a_word(kit):
    """Flare's text says `Gain a :star: spark token`: the star is a vector glyph, the words stay."""
    text = _text(kit / "race-a4.pdf")
    assert "Gain a" in text and "spark token" in text
    assert ":star:" not in text


def test_a_failing_rulebook_leaves_every_file_of_the_previous_kit_untouched(tmp_path):
    """The rulebook renders last; when it fails, the decks rendered before it are not renamed in."""
    import shutil

    from generator.build import build_kit
    from generator.rulebook import RulebookError

    root = tmp_path / "db"
    shutil.copytree(FIXTURES / GAME, root / GAME)
    out = tmp_path / "out"
    first = build_kit(load_game(GAME, root), "a4", out)
    before = {path.name: path.read_bytes() for path in first}
    (root / GAME / "deck.yaml").write_text((root / GAME / "deck.yaml").read_text().replace("Spark", "Ember"))
    (root / GAME / "templates" / "rulebook.md.j2").write_text("{{ rules.no_such_rule }}\n")
    with pytest.raises(RulebookError):
        build_kit(load_game(GAME, root), "a4", out)
    assert {path.name: path.read_bytes() for path in out.iterdir()} == before


def test_a_face_printed_several_times_is_stored_once(kit, db):
    """The back (12 prints) and every design with count 2 are one PDF form each, placed by reference."""
    repeated = sum(card.count > 1 for card in db.deck("race").cards)
    pdf = (kit / "race-a4.pdf").read_bytes()
    assert pdf.count(b"/Subtype /Form") == 1 + repeated


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_build_writes_the_token_sheet_with_every_token(kit, db, paper):
    """tokens.yaml: 4 spark tokens labelled `+1`, on a punch sheet of the chosen paper."""
    sheet = db.tokens[0]
    reader = PdfReader(kit / f"{sheet.id}-{paper}.pdf")
    assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == \
        pytest.approx(page_size(paper), abs=0.5)
    labels = [line.strip() for page in reader.pages for line in (page.extract_text() or "").splitlines()]
    for token in sheet.tokens:
        assert labels.count(token.label) == token.count


def test_a_component_taken_out_of_the_game_leaves_the_kit_with_its_files(runner, tmp_path):
    """A designer drops the token sheet: the next build's kit folder no longer holds its PDF (the
    kit keeps the files of the last build, so --only cards keeps the rulebook, but a removed
    component's file would be printed with the kit)."""
    import shutil

    root = tmp_path / "db"
    shutil.copytree(FIXTURES / GAME, root / GAME)
    out = tmp_path / "out"
    assert runner.invoke(cli, ["--cards", str(root), "build", GAME, "--paper", "a4", "--out", str(out)]).exit_code == 0
    (out / GAME / "notes-a4.pdf").write_bytes(b"%PDF- the designer's own file")  # never ours to remove
    before = {p.name for p in (out / GAME).iterdir()}
    tokens = {name for name in before if name.startswith("sparks")}
    assert tokens, before
    (root / GAME / "tokens.yaml").unlink()
    result = runner.invoke(cli, ["--cards", str(root), "build", GAME, "--paper", "a4", "--only", "cards",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    after = {p.name for p in (out / GAME).iterdir()}
    assert after == before - tokens  # the designer's notes-a4.pdf stays
    assert "rulebook-a4.pdf" in after  # kept, as --only cards keeps it


EMBERS = """\
decks:
  - id: embers
    name: Ember Deck
    code: EM
    color: "#922b21"
    layout: tiny-card
    back: {layout: tiny-back, label: Ember Deck}
    fields:
      suit: {type: str, required: true, choices: [fire, wind]}
      points: {type: int, required: true}
      text: {type: text}
    cards:
      - {id: ember-1, name: Ember, suit: fire, points: 1, count: 2, text: "Score 1 point."}
"""


def _kit_files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_a_reprint_sheet_leaves_the_kit_with_the_next_build_that_does_not_make_it(runner, tmp_path):
    """It lists the cards changed up to the build that wrote it: printed from a later kit, it
    would tell the designer to replace the wrong cards."""
    import shutil

    root = tmp_path / "db"
    shutil.copytree(FIXTURES / GAME, root / GAME)
    out = tmp_path / "out"
    build = ["--cards", str(root), "build", GAME, "--paper", "a4", "--out", str(out)]
    assert runner.invoke(cli, build).exit_code == 0
    result = runner.invoke(cli, [*build, "--reprint-since", str(out / GAME / "manifest.json")])
    assert result.exit_code == 0, result.output
    assert (out / GAME / "reprint-a4.pdf").is_file()
    (out / GAME / "reprint-notes.pdf").write_bytes(b"%PDF- the designer's own file")
    result = runner.invoke(cli, build)
    assert result.exit_code == 0, result.output
    assert not (out / GAME / "reprint-a4.pdf").exists()
    assert (out / GAME / "reprint-notes.pdf").is_file() and (out / GAME / "race-a4.pdf").is_file()


def test_a_deck_taken_out_of_the_game_takes_its_png_tts_and_shop_files_with_it(runner, tmp_path):
    import shutil

    root = tmp_path / "db"
    shutil.copytree(FIXTURES / GAME, root / GAME)
    (root / GAME / "embers.yaml").write_text(EMBERS)
    out = tmp_path / "out"
    kit = out / GAME
    base = ["--cards", str(root), "build", GAME, "--out", str(out)]
    assert runner.invoke(cli, [*base, "--paper", "a4", "--png", "36", "--tts"]).exit_code == 0
    assert runner.invoke(cli, [*base, "--for", "tgc"]).exit_code == 0
    (kit / "png" / "my-sketch.png").write_bytes(b"the designer's own")
    (kit / "tgc" / "order.pdf").write_bytes(b"the designer's own")
    before = _kit_files(kit)
    embers = {name for name in before if "embers" in name}
    assert {"embers-a4.pdf", "png/embers-ember-1.png", "png/embers-back.png", "tts/embers-tts-1.png",
            "tts/embers-tts-back.png", "tgc/embers-ember-1.png", "tgc/embers-back.png"} <= embers, before

    (root / GAME / "embers.yaml").unlink()
    result = runner.invoke(cli, [*base, "--paper", "a4"])  # no --png, --tts or --for this time
    assert result.exit_code == 0, result.output
    assert _kit_files(kit) == before - embers  # the other deck's files and the designer's own stay


def test_a_card_taken_out_of_a_deck_takes_its_files_when_they_are_made_again(runner, tmp_path):
    import shutil

    root = tmp_path / "db"
    shutil.copytree(FIXTURES / GAME, root / GAME)
    out = tmp_path / "out"
    kit = out / GAME
    base = ["--cards", str(root), "build", GAME, "--out", str(out)]
    assert runner.invoke(cli, [*base, "--paper", "a4", "--png", "36"]).exit_code == 0
    assert runner.invoke(cli, [*base, "--for", "mpc"]).exit_code == 0
    assert {"png/race-wind-turn.png", "mpc/race-wind-turn.png"} <= _kit_files(kit)
    deck = root / GAME / "deck.yaml"
    deck.write_text("\n".join(line for line in deck.read_text().splitlines() if "wind-turn" not in line
                              and "Swap scores" not in line).replace("total: 12", "total: 11") + "\n")
    assert runner.invoke(cli, [*base, "--paper", "a4", "--png", "36"]).exit_code == 0
    files = _kit_files(kit)
    assert "png/race-wind-turn.png" not in files and "png/race-wind-3.png" in files
    assert "mpc/race-wind-turn.png" in files  # not made again yet: the shop's folder is as it was
    result = runner.invoke(cli, [*base, "--for", "mpc"])
    assert result.exit_code == 0, result.output
    files = _kit_files(kit)
    assert "mpc/race-wind-turn.png" not in files and "mpc/race-wind-3.png" in files
