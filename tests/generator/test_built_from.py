"""A build that writes only some of a kit's files names the others that are older than the
database (`generator.builtfrom`): after a card edit, `--paper a4` leaves the letter files as
they were, and a designer must not print them unknowingly."""

from __future__ import annotations

import json

from companion.cli import cli
from generator.builtfrom import RECORD, note_built

OLDER = "Not rebuilt, older than the database (a full build updates them):"


def _build(runner, cards, out, *args: str):
    result = runner.invoke(cli, ["--cards", str(cards), "build", "heartstrings", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return result.output


def _edit(cards) -> None:
    rules = cards / "heartstrings" / "game.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")


def test_a_one_paper_build_after_an_edit_names_the_other_papers_files(runner, cards_copy, tmp_path):
    out = tmp_path / "out"
    assert OLDER not in _build(runner, cards_copy, out)  # both papers: everything is up to date
    _edit(cards_copy)
    output = _build(runner, cards_copy, out, "--paper", "a4")
    older = output[output.index(OLDER):].splitlines()[1:]
    letter = sorted(p.name for p in (out / "heartstrings").glob("*-letter.pdf"))
    assert letter and [line.strip() for line in older] == [f"heartstrings/{name}" for name in letter]
    assert all(len(line) <= 80 for line in output.splitlines())
    as_json = json.loads(runner.invoke(cli, ["--cards", str(cards_copy), "build", "heartstrings", "--paper", "a4",
                                             "--out", str(out), "--json"]).output)
    assert as_json["older"] == [str(out / "heartstrings" / name) for name in letter]
    assert OLDER not in _build(runner, cards_copy, out)  # a full build: nothing older is left
    assert json.loads(runner.invoke(cli, ["--cards", str(cards_copy), "build", "heartstrings", "--out", str(out),
                                          "--json"]).output)["older"] == []


def test_without_an_edit_the_other_papers_files_are_not_older(runner, cards_copy, tmp_path):
    out = tmp_path / "out"
    _build(runner, cards_copy, out)
    assert OLDER not in _build(runner, cards_copy, out, "--paper", "a4")


def test_only_one_kind_names_the_other_kinds_after_an_edit(runner, cards_copy, tmp_path):
    out = tmp_path / "out"
    _build(runner, cards_copy, out, "--paper", "a4")
    _edit(cards_copy)
    output = _build(runner, cards_copy, out, "--paper", "a4", "--only", "tokens")
    assert "  heartstrings/rulebook-a4.pdf" in output[output.index(OLDER):]
    assert "tokens-a4.pdf" not in output[output.index(OLDER):]


def test_the_record_survives_the_staged_swap_and_ignores_files_it_never_saw(tmp_path):
    kit = tmp_path / "kit"
    kit.mkdir()
    for name in ("cards-a4.pdf", "cards-letter.pdf", "my-notes.pdf"):
        (kit / name).write_bytes(b"%PDF")
    assert note_built(kit, "v1", [kit / "cards-a4.pdf", kit / "cards-letter.pdf"]) == []
    assert note_built(kit, "v2", [kit / "cards-a4.pdf"]) == [kit / "cards-letter.pdf"]  # never my-notes.pdf
    (kit / "cards-letter.pdf").unlink()
    assert note_built(kit, "v2", []) == []
    assert json.loads((kit / RECORD).read_text()) == {"cards-a4.pdf": "v2"}


def test_a_damaged_record_is_started_again(tmp_path):
    (tmp_path / "cards-a4.pdf").write_bytes(b"%PDF")
    for damage in ("{not json", "[1, 2]", json.dumps({"../cards-a4.pdf": "v0", "cards-a4.pdf": 3})):
        (tmp_path / RECORD).write_text(damage)
        assert note_built(tmp_path, "v1", []) == []


def test_a_print_shops_folder_is_named_after_an_edit(runner, cards_copy, tmp_path):
    """Audit: after `--for tgc` and a card edit, a home build named only the other paper's files;
    `tgc/` still held the old card's PNG, ready to upload and order."""
    def build(*args: str) -> str:
        result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "which-witch", "--out", str(out), *args])
        assert result.exit_code == 0, result.output
        return result.output

    out = tmp_path / "out"
    build("--for", "tgc")
    assert OLDER not in build()  # the shop's folder was built from this very database
    cards = cards_copy / "which-witch" / "game-cards.yaml"
    cards.write_text(cards.read_text().replace("Look at their whole hand", "Look at all of their hand", 1))
    output = build()
    older = [line.strip() for line in output[output.index(OLDER):].splitlines()[1:]]
    assert older == ["which-witch/tgc/ (built by --for tgc)"]
    build("--for", "tgc")
    assert OLDER not in build()
    assert json.loads((out / "which-witch" / RECORD).read_text())["tgc/"]
