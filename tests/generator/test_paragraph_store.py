"""The paragraphs a build parsed and broke into lines, kept for the next process
(`generator.paragraph_store`): a new `deckwright build` after a one-card edit breaks the lines of
the edited paragraphs only, and draws the very bytes of a `--no-cache` build."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.platypus import paragraph

from cards.paths import cache_dir
from companion.cli import cli
from generator import paragraph_store, paragraphs


@pytest.fixture
def line_breaks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times reportlab broke a paragraph's lines (one entry per call)."""
    calls: list[int] = []
    real = paragraph.Paragraph.breakLines

    def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(paragraph.Paragraph, "breakLines", counted)
    return calls


def _as_a_new_process() -> None:
    paragraphs.forget()
    paragraph_store.forget_restored()


def _build(runner, cards: Path, out: Path, *args: str) -> bytes:  # type: ignore[no-untyped-def]
    result = runner.invoke(cli, ["--cards", str(cards), "build", "halfwish", "--paper", "a4",
                                 "--only", "rulebook", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return (out / "halfwish" / "rulebook-a4.pdf").read_bytes()


def _edit(cards: Path) -> None:
    actions = cards / "halfwish" / "actions.yaml"
    actions.write_text(actions.read_text().replace("Strike for DV", "Strike hard for DV", 1))


def test_a_new_process_breaks_only_the_edited_paragraphs_and_draws_the_same_bytes(
        runner, cards_copy, tmp_path, line_breaks):
    _as_a_new_process()
    _build(runner, cards_copy, tmp_path / "out")
    cold = len(line_breaks)
    kept = paragraph_store.stored_file(["halfwish"], cards_copy)
    assert kept.is_file() and kept.is_relative_to(cache_dir())
    assert not list(tmp_path.rglob("*.pickle")) and not list(cards_copy.rglob("*.pickle"))  # never in a kit or game
    _edit(cards_copy)
    _as_a_new_process()
    line_breaks.clear()
    rebuilt = _build(runner, cards_copy, tmp_path / "out")
    # 109 of 1,130 here: the edited card's and the parts of paragraphs split across pages or cells,
    # which a `--watch` process breaks again as well
    assert 0 < len(line_breaks) < cold / 5, (len(line_breaks), cold)
    _as_a_new_process()
    assert rebuilt == _build(runner, cards_copy, tmp_path / "fresh", "--no-cache")


def test_no_cache_neither_reads_nor_keeps_paragraphs(runner, cards_copy, tmp_path, line_breaks):
    _as_a_new_process()
    _build(runner, cards_copy, tmp_path / "out")
    kept = paragraph_store.stored_file(["halfwish"], cards_copy)
    assert kept.is_file()
    counts = []
    for present in (True, True, False):  # the first build fills memos of this process the others keep
        if not present:
            kept.unlink()
        _as_a_new_process()
        line_breaks.clear()
        _build(runner, cards_copy, tmp_path / "fresh", "--no-cache")
        counts.append(len(line_breaks))
    assert counts[1] == counts[2] > 1000 and not kept.exists()


@pytest.mark.parametrize("spoil", ["damaged", "another reportlab"])
def test_a_damaged_file_or_one_kept_under_another_reportlab_is_passed_over(
        runner, cards_copy, tmp_path, line_breaks, monkeypatch, spoil):
    _as_a_new_process()
    _build(runner, cards_copy, tmp_path / "out")
    cold = len(line_breaks)
    kept = paragraph_store.stored_file(["halfwish"], cards_copy)
    if spoil == "damaged":
        kept.write_bytes(kept.read_bytes()[: kept.stat().st_size // 2])
    else:
        monkeypatch.setattr(paragraph_store.reportlab, "Version", "0.0-other")
    _edit(cards_copy)
    _as_a_new_process()
    taken: list[object] = []
    monkeypatch.setattr(paragraph_store.paragraphs, "take", lambda *entries: taken.append(entries))
    line_breaks.clear()
    rebuilt = _build(runner, cards_copy, tmp_path / "out")
    assert taken == []  # started from nothing: no entry of the spoilt file was used
    assert len(line_breaks) > cold / 2  # and broke the lines of the whole rulebook again
    _as_a_new_process()
    assert rebuilt == _build(runner, cards_copy, tmp_path / "fresh", "--no-cache")


def test_the_kept_paragraphs_are_read_only_by_a_build_that_lays_out_text(runner, cards_copy, tmp_path, monkeypatch):
    """A rebuild served from the cache (or drawing only card sheets) does not read the file."""
    _as_a_new_process()
    _build(runner, cards_copy, tmp_path / "out")
    reads: list[str] = []
    real = paragraph_store._restore
    monkeypatch.setattr(paragraph_store, "_restore", lambda name, fingerprint: (reads.append(name), real(name, fingerprint)))
    _as_a_new_process()
    _build(runner, cards_copy, tmp_path / "out")  # nothing changed: served from the cache
    assert reads == []
    _edit(cards_copy)
    _as_a_new_process()
    _build(runner, cards_copy, tmp_path / "out")
    assert [paragraph_store.kept_file(name) for name in reads] == [paragraph_store.stored_file(["halfwish"], cards_copy)]


def test_each_paper_choice_keeps_its_own_paragraphs(runner, cards_copy, tmp_path, monkeypatch):
    """An A4 build read what the last build kept, of both papers when that build made both: lines
    broken to Letter's width it had no use for (twice the file to read)."""
    _as_a_new_process()
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "both",
                                 "--only", "rulebook", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    both = paragraph_store.stored_file(["halfwish"], cards_copy, "both")
    assert both.is_file() and not paragraph_store.stored_file(["halfwish"], cards_copy, "a4").exists()
    reads: list[str] = []
    real = paragraph_store._restore
    monkeypatch.setattr(paragraph_store, "_restore", lambda name, fingerprint: (reads.append(name), real(name, fingerprint)))
    _edit(cards_copy)
    _as_a_new_process()
    _build(runner, cards_copy, tmp_path / "out")  # A4 only
    assert [paragraph_store.kept_file(name) for name in reads] == [paragraph_store.stored_file(["halfwish"], cards_copy, "a4")]
    assert paragraph_store.stored_file(["halfwish"], cards_copy, "a4").is_file()


def test_a_small_edit_leaves_the_kept_file_and_edits_that_pile_up_write_it(runner, cards_copy, tmp_path, line_breaks):
    """Writing the file costs a one-card rebuild a tenth of its time; the next build makes the
    few paragraphs an edit changed again instead (`paragraph_store.KEEP_AFTER`)."""
    _as_a_new_process()
    _build(runner, cards_copy, tmp_path / "out")
    cold = len(line_breaks)
    kept = paragraph_store.stored_file(["halfwish"], cards_copy)
    before = kept.read_bytes()
    _edit(cards_copy)
    _as_a_new_process()
    _build(runner, cards_copy, tmp_path / "out")
    assert kept.read_bytes() == before  # one card's paragraphs: not written
    _as_a_new_process()
    line_breaks.clear()
    again = _build(runner, cards_copy, tmp_path / "out2")  # a new kit folder: laid out again
    # the edited card's, made again, and the split parts (new paragraphs each layout: a fifth of a
    # cold build's, which lays the rulebook out twice and so splits twice)
    assert 0 < len(line_breaks) < cold / 4
    _as_a_new_process()
    assert again == _build(runner, cards_copy, tmp_path / "fresh", "--no-cache")
    for deck in ("actions", "upgrades", "powers", "classes"):  # most card texts of the rulebook's lists
        path = cards_copy / "halfwish" / f"{deck}.yaml"
        path.write_text(path.read_text().replace(" the ", " THE "))
    _as_a_new_process()
    _build(runner, cards_copy, tmp_path / "out")
    assert kept.read_bytes() != before
