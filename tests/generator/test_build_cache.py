"""Issue 13 part 1: "Output is byte-identical with and without the cache (a test builds both and
compares bytes, with a fixed creation date so builds are reproducible)"; `--no-cache` turns it off."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from cards import load_game
from companion.cli import cli
from generator.build import kit_jobs
from generator.cache import RenderCache


def _build(runner, root: Path, out: Path, *args: str) -> None:
    result = runner.invoke(cli, ["--cards", str(root), "build", "halfwish", "--paper", "a4",
                                 "--only", "cards", "--only", "sheets", "--out", str(out), *args])
    assert result.exit_code == 0, result.output


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_cached_and_uncached_builds_are_byte_identical(runner, cards_copy, tmp_path):
    cached, fresh = tmp_path / "cached", tmp_path / "fresh"
    _build(runner, cards_copy, cached)
    first = _files(cached / "halfwish")
    assert any((cached / ".cache").rglob("*")), "the first build fills the cache"
    _build(runner, cards_copy, cached)  # every file served from the cache
    _build(runner, cards_copy, fresh, "--no-cache")
    assert _files(cached / "halfwish") == first == _files(fresh / "halfwish")
    assert not (fresh / ".cache").exists()


def test_an_edit_misses_the_cache_and_the_new_file_shows_it(runner, cards_copy, tmp_path):
    out = tmp_path / "out"
    _build(runner, cards_copy, out)
    before = (out / "halfwish" / "cards-a4.pdf").read_bytes()
    path = cards_copy / "halfwish" / "actions.yaml"
    path.write_text(path.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
    _build(runner, cards_copy, out)
    after = (out / "halfwish" / "cards-a4.pdf").read_bytes()
    assert after != before
    _build(runner, cards_copy, tmp_path / "fresh", "--no-cache")
    assert (tmp_path / "fresh" / "halfwish" / "cards-a4.pdf").read_bytes() == after


def test_a_borrowed_back_follows_the_deck_it_comes_from(runner, cards_copy, tmp_path):
    """The upgrades print the Basic Actions' back (`back: {like: actions}`): a new colour for the
    actions is a new back on the upgrades too, never an old page replayed from the cache (the
    upgrades on sheets of their own, where no action card's change redraws their pages)."""
    upgrades = cards_copy / "halfwish" / "upgrades.yaml"
    upgrades.write_text(upgrades.read_text().replace("    face_down: true\n", "    face_down: true\n    sheets: own\n", 1))
    out = tmp_path / "out"
    _build(runner, cards_copy, out)
    path = cards_copy / "halfwish" / "actions.yaml"
    path.write_text(path.read_text().replace('    color: "#b03a2e"', '    color: "#a02a1e"', 1))
    _build(runner, cards_copy, out)
    _build(runner, cards_copy, tmp_path / "fresh", "--no-cache")
    built = (out / "halfwish" / "upgrades-a4.pdf").read_bytes()
    assert (tmp_path / "fresh" / "halfwish" / "upgrades-a4.pdf").read_bytes() == built


def test_a_layout_edit_changes_the_key(cards_copy, tmp_path):
    db = load_game("halfwish", cards_copy)
    key = RenderCache(tmp_path / ".cache").key(db, next(kit_jobs(db, "a4", tmp_path, ("cards",))))
    own = cards_copy / "halfwish" / "templates"
    own.mkdir()
    (own / "card-back.yaml").write_text("elements: []\n")
    db = load_game("halfwish", cards_copy)  # as a build after the edit: its jobs are the new database's
    assert RenderCache(tmp_path / ".cache").key(db, next(kit_jobs(db, "a4", tmp_path, ("cards",)))) != key


def test_a_designers_note_in_the_game_folder_is_no_input_unless_a_template_names_it(cards_copy, tmp_path):
    """Audit: editing notes.txt beside the cards while watching redrew 4 of 5 files, every one of
    them identical to the last: every file of the folder counted as an asset of every component."""
    db = load_game("halfwish", cards_copy)
    job = next(kit_jobs(db, "a4", tmp_path, ("cards",)))
    key = RenderCache(tmp_path / ".cache").key(db, job)
    (cards_copy / "halfwish" / "notes.txt").write_text("try DV -3 for Long Strike\n")
    (cards_copy / "halfwish" / "RULINGS.md").write_text("# my own list\n")
    assert RenderCache(tmp_path / ".cache").key(load_game("halfwish", cards_copy), job) == key
    (cards_copy / "halfwish" / "icon.png").write_bytes(b"\x89PNG not yet a picture")  # art counts
    assert RenderCache(tmp_path / ".cache").key(load_game("halfwish", cards_copy), job) != key
    (cards_copy / "halfwish" / "intro.md.j2").write_text('{% include "notes.txt" %}\n')  # a note a template reads
    named = RenderCache(tmp_path / ".cache").key(load_game("halfwish", cards_copy), job)
    (cards_copy / "halfwish" / "notes.txt").write_text("try DV -4\n")
    assert RenderCache(tmp_path / ".cache").key(load_game("halfwish", cards_copy), job) != named


def test_watch_says_what_it_redrew_and_how_long_in_80_columns(runner, cards_copy, tmp_path, monkeypatch):
    import generator.watch

    actions = cards_copy / "halfwish" / "actions.yaml"

    def edit_once(folders, rebuild, on_error):
        rebuild([])
        actions.write_text(actions.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
        rebuild([actions])

    monkeypatch.setattr(generator.watch, "watch", edit_once)
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4", "--only", "cards",
                                 "--out", str(tmp_path), "--watch"])
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("rebuilt "))
    assert len(line) <= 80
    assert line.startswith("rebuilt ") and "cards-a4.pdf" in line


def _entries(out: Path) -> set[str]:
    return {p.name for p in (out / ".cache").glob("??/*")}


def test_the_cache_keeps_only_the_entries_the_last_build_of_each_file_used(runner, cards_copy, tmp_path):
    """Issue 13 (left over): "The render cache (`OUT/.cache`) is never pruned"."""
    out = tmp_path / "out"
    _build(runner, cards_copy, out)
    first = _entries(out)
    stale = out / ".cache" / "00" / ("0" * 64)  # an entry no kit file uses (an older tool's, say)
    stale.parent.mkdir(exist_ok=True)
    stale.write_bytes(b"old")
    path = cards_copy / "halfwish" / "actions.yaml"
    path.write_text(path.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
    _build(runner, cards_copy, out)
    second = _entries(out)
    assert not stale.exists()
    # the card file, the edited card's page and its compressed operators were replaced, each
    # file's quick key (by the database's files), the edited file's stored parse, the manifest
    # and the print warning (kept by the database's files): the old entries are gone (the record
    # of the card file's faces, and of the cards that read well, are rewritten in place)
    assert len(second) == len(first) and len(first - second) == 8
    _build(runner, cards_copy, out, "--paper", "letter")  # another paper keeps the A4 entries
    assert second < _entries(out)


def test_watch_redraws_only_the_file_that_depends_on_the_changed_card(runner, cards_copy, tmp_path, monkeypatch):
    """Issue 13 part 1: "`--watch` rebuilds only what depends on the changed file and prints what it
    rebuilt and how long it took, within 80 columns"."""
    import generator.watch

    actions = cards_copy / "halfwish" / "actions.yaml"

    def edit_once(folders, rebuild, on_error):
        rebuild([])
        actions.write_text(actions.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
        rebuild([actions])
        rebuild([actions])  # saved again unchanged: nothing to draw

    monkeypatch.setattr(generator.watch, "watch", edit_once)
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4", "--only", "cards",
                                 "--only", "sheets", "--out", str(tmp_path), "--watch"])
    assert result.exit_code == 0, result.output
    lines = [x for x in result.output.splitlines() if x.startswith("rebuilt ")]
    assert all(len(line) <= 80 for line in lines)
    # of cards-a4.pdf, player-mat-a4.pdf and manifest.json, only the card file is drawn again
    assert lines[0].startswith("rebuilt 1 of 3 files in ") and lines[0].endswith(" s: cards-a4.pdf")
    assert lines[1].startswith("rebuilt 0 of 3 files in ")


def test_a_one_card_edit_draws_one_page_and_replays_the_others_byte_for_byte(runner, cards_copy, tmp_path,
                                                                             monkeypatch):
    """Issue 13 part 1: "each rendered card face, back, sheet, token and page is keyed by a hash of
    exactly what it depends on ... and a component PDF is assembled from cached pieces"."""
    from generator import pagecache

    out = tmp_path / "out"
    _build(runner, cards_copy, out, "--only", "cards")
    drawn: list[int] = []
    recorder = pagecache.PageRecorder

    def counting(canvas):
        drawn.append(1)
        return recorder(canvas)

    monkeypatch.setattr(pagecache, "PageRecorder", counting)
    path = cards_copy / "halfwish" / "actions.yaml"
    path.write_text(path.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
    _build(runner, cards_copy, out, "--only", "cards")
    pages = len(PdfReader(out / "halfwish" / "cards-a4.pdf").pages)
    assert len(drawn) == 1 and pages > 10  # the front of the sheet holding Strike; every other page replayed
    _build(runner, cards_copy, tmp_path / "fresh", "--no-cache")
    assert (out / "halfwish" / "cards-a4.pdf").read_bytes() == (tmp_path / "fresh" / "halfwish" / "cards-a4.pdf").read_bytes()


def test_on_the_page_an_edit_draws_only_the_edited_face_the_others_replay_byte_for_byte(runner, cards_copy,
                                                                                       tmp_path, monkeypatch):
    """Issue 13 part 1: "each rendered card face ... is keyed by a hash of exactly what it depends
    on": the sheet holding the edited card draws that card, and its other faces are replayed."""
    from generator import imposition

    out = tmp_path / "out"
    _build(runner, cards_copy, out, "--only", "cards")
    path = cards_copy / "halfwish" / "upgrades.yaml"  # one copy of each card: faces drawn straight on the page
    path.write_text(path.read_text().replace("True Damage.", "True Damage, always.", 1))
    drawn: list[str] = []
    draw_clipped = imposition._draw_clipped

    def noting(canvas, plan, trim, face, placed):
        drawn.append(getattr(face, "form_name", "face"))
        return draw_clipped(canvas, plan, trim, face, placed)

    monkeypatch.setattr(imposition, "_draw_clipped", noting)
    _build(runner, cards_copy, out, "--only", "cards")  # the same process: its last pages are at hand
    assert drawn == ["face"]  # the edited card alone; its sheet's other faces were replayed
    _build(runner, cards_copy, tmp_path / "fresh", "--no-cache")
    assert len(drawn) > 50  # (drawn whole without the cache)
    assert (out / "halfwish" / "cards-a4.pdf").read_bytes() == (tmp_path / "fresh" / "halfwish" / "cards-a4.pdf").read_bytes()


def test_the_rulebook_is_drawn_again_only_when_an_edit_shows_in_it(runner, cards_copy, tmp_path, monkeypatch):
    """A YAML comment changes the database's files but nothing printed: every file comes from the
    cache. A card's text shows on its card and in the rulebook's card list: those two are drawn."""
    import generator.watch

    actions = cards_copy / "halfwish" / "actions.yaml"

    def edit_twice(folders, rebuild, on_error):
        rebuild([])
        actions.write_text("# a designer's note\n" + actions.read_text())
        rebuild([actions])
        actions.write_text(actions.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
        rebuild([actions])

    monkeypatch.setattr(generator.watch, "watch", edit_twice)
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4", "--only", "cards",
                                 "--only", "sheets", "--only", "rulebook", "--out", str(tmp_path), "--watch"])
    assert result.exit_code == 0, result.output
    comment, text = [x for x in result.output.splitlines() if x.startswith("rebuilt ")]
    assert comment.startswith("rebuilt 0 of 4 files")
    assert text.startswith("rebuilt 2 of 4 files") and text.endswith(": cards-a4.pdf, rulebook-a4.pdf")


def test_a_build_served_whole_from_the_cache_keeps_the_pages_for_the_next_edit(runner, cards_copy, tmp_path,
                                                                              monkeypatch):
    from generator import pagecache

    out = tmp_path / "out"
    _build(runner, cards_copy, out, "--only", "cards")
    _build(runner, cards_copy, out, "--only", "cards")  # nothing changed: the whole file is a hit
    drawn: list[int] = []
    recorder = pagecache.PageRecorder
    monkeypatch.setattr(pagecache, "PageRecorder", lambda canvas: drawn.append(1) or recorder(canvas))
    path = cards_copy / "halfwish" / "actions.yaml"
    path.write_text(path.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
    _build(runner, cards_copy, out, "--only", "cards")
    assert len(drawn) == 1


def test_the_remembered_manifest_follows_every_edit(runner, cards_copy, tmp_path):
    """The manifest is remembered under the database's files: a build after an edit writes the
    manifest a build without the cache writes, and a build after undoing it the first one again."""
    out, fresh = tmp_path / "out", tmp_path / "fresh"
    _build(runner, cards_copy, out)
    first = (out / "halfwish" / "manifest.json").read_text()
    path = cards_copy / "halfwish" / "actions.yaml"
    original = path.read_text()
    path.write_text(original.replace("Strike for DV.", "Strike for DV plus one.", 1))
    _build(runner, cards_copy, out)
    _build(runner, cards_copy, fresh, "--no-cache")
    edited = (out / "halfwish" / "manifest.json").read_text()
    assert edited == (fresh / "halfwish" / "manifest.json").read_text() != first
    assert "Strike for DV plus one." in edited
    path.write_text(original)
    _build(runner, cards_copy, out)
    assert (out / "halfwish" / "manifest.json").read_text() == first


def test_a_rebuilt_rulebook_starts_from_the_last_contents_and_matches_a_fresh_build(runner, cards_copy, tmp_path,
                                                                                 monkeypatch):
    """After a card edit the rulebook is laid out again; its table of contents starts from the pages
    the last build found for the same headings (`contents_recalled`), so one pass is enough, and
    the file is byte for byte the one a `--no-cache` build lays out from nothing."""
    from reportlab.platypus.doctemplate import BaseDocTemplate

    multibuild = BaseDocTemplate.multiBuild
    passes: list[int] = []

    def counted(self, story, **kwargs):
        passes.append(multibuild(self, story, **kwargs))
        return passes[-1]

    monkeypatch.setattr(BaseDocTemplate, "multiBuild", counted)

    def build(out: Path, *args: str) -> bytes:
        result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4",
                                     "--only", "rulebook", "--out", str(out), *args])
        assert result.exit_code == 0, result.output
        return (out / "halfwish" / "rulebook-a4.pdf").read_bytes()

    first = build(tmp_path / "out")
    path = cards_copy / "halfwish" / "actions.yaml"
    path.write_text(path.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
    passes.clear()
    edited = build(tmp_path / "out")
    assert passes == [1] and edited != first
    passes.clear()
    assert build(tmp_path / "fresh", "--no-cache") == edited
    assert passes == [2]


def test_after_an_edit_only_the_edited_face_is_draw_checked(runner, cards_copy, tmp_path, monkeypatch):
    """A face on a page the cache holds drew without an error before: a build draw-checks only
    the faces it has not drawn (issue 13: a one-card edit costs one card, not the deck)."""
    import generator.check

    out = tmp_path / "out"
    _build(runner, cards_copy, out, "--only", "cards")
    checked: list[str] = []
    face_checks = generator.check.face_checks

    def counting(db, deck, is_checked=None):
        def asked(stamp: str) -> bool:
            known = is_checked is not None and is_checked(stamp)
            checked.extend([] if known else [stamp])
            return known
        return face_checks(db, deck, asked)

    monkeypatch.setattr(generator.check, "face_checks", counting)
    path = cards_copy / "halfwish" / "actions.yaml"
    for edit in ("plus one", "plus two"):
        checked.clear()
        path.write_text(path.read_text().replace("Strike for DV", f"Strike for DV {edit}", 1))
        _build(runner, cards_copy, out, "--only", "cards")
        assert len(checked) == 1, edit  # the edited Strike; every other face and the backs drew before
    checked.clear()
    _build(runner, cards_copy, out, "--only", "cards", "--paper", "letter")  # the same faces on other paper
    assert checked == []


def test_a_damaged_page_entry_is_drawn_again(runner, cards_copy, tmp_path):
    """A page entry that cannot be read (a disk error, a killed copy) is drawn again and replaced,
    never a crash or a wrong page."""
    import marshal

    from generator import pagecache

    out = tmp_path / "out"
    _build(runner, cards_copy, out, "--only", "cards")
    damaged = 0
    for entry in (out / ".cache").rglob("*"):
        try:
            piece = marshal.loads(entry.read_bytes()) if entry.is_file() else None
        except (EOFError, ValueError, TypeError):
            continue
        if isinstance(piece, dict) and "ops" in piece:
            entry.write_bytes(entry.read_bytes()[:20])
            damaged += 1
    assert damaged > 10
    path = cards_copy / "halfwish" / "actions.yaml"
    path.write_text(path.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
    pagecache.forget_recalled()  # a new process: the pages are read from the damaged entries
    _build(runner, cards_copy, out, "--only", "cards")
    _build(runner, cards_copy, tmp_path / "fresh", "--no-cache", "--only", "cards")
    assert (out / "halfwish" / "cards-a4.pdf").read_bytes() == (tmp_path / "fresh" / "halfwish" / "cards-a4.pdf").read_bytes()


def _flip_a_byte_of_every_entry(out: Path) -> int:
    """Damage every cache entry as a bad disk or copy would: one bit of one byte, same size."""
    damaged = 0
    for entry in (out / ".cache").rglob("*"):
        if entry.is_file() and entry.name != "index.json":
            data = bytearray(entry.read_bytes())
            data[len(data) // 2] ^= 0x01
            entry.write_bytes(bytes(data))
            damaged += 1
    return damaged


def test_a_damaged_entry_is_never_copied_into_the_kit(runner, cards_copy, tmp_path):
    """A whole kit file served from the cache is checked as a page is: a damaged one is drawn again."""
    out = tmp_path / "out"
    _build(runner, cards_copy, out)
    assert _flip_a_byte_of_every_entry(out) > 10
    _build(runner, cards_copy, out)  # nothing changed: every file would be served whole
    _build(runner, cards_copy, tmp_path / "fresh", "--no-cache")
    assert _files(out / "halfwish") == _files(tmp_path / "fresh" / "halfwish")
    _build(runner, cards_copy, out)  # and the entries drawn again were stored again, intact
    assert _files(out / "halfwish") == _files(tmp_path / "fresh" / "halfwish")


def test_an_entry_replaced_by_a_link_or_a_folder_is_drawn_again(runner, cards_copy, tmp_path):
    """A link to /dev/zero would be read for ever, a folder not at all: each counts as missing."""
    out = tmp_path / "out"
    _build(runner, cards_copy, out)
    entries = sorted(p for p in (out / ".cache").rglob("*") if p.is_file() and p.name != "index.json")
    for number, entry in enumerate(entries):
        entry.unlink()
        if number % 2:
            entry.symlink_to("/dev/zero")
        else:
            entry.mkdir()
    _build(runner, cards_copy, tmp_path / "fresh", "--no-cache")
    _build(runner, cards_copy, out)
    assert _files(out / "halfwish") == _files(tmp_path / "fresh" / "halfwish")


def test_a_rulebook_template_edit_redraws_the_rulebook_alone(runner, cards_copy, tmp_path, monkeypatch):
    """A rulebook or reference template is read only through the text it renders (part of those
    files' inputs): editing one draws again the files that text shows in, not the card sheets."""
    import shutil

    import generator.watch
    from cards.paths import TEMPLATES

    own = cards_copy / "halfwish" / "templates"
    shutil.copytree(TEMPLATES / "halfwish", own)
    book = own / "rulebook.md.j2"

    def edit_twice(folders, rebuild, on_error):
        rebuild([])
        book.write_text(book.read_text().replace("# Welcome to {{ game.name }}", "# Welcome, {{ game.name }}", 1))
        rebuild([book])
        book.write_text(book.read_text().replace("{# ", "{# a note: ", 1))  # a Jinja comment prints nothing
        rebuild([book])

    monkeypatch.setattr(generator.watch, "watch", edit_twice)
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4", "--only", "cards",
                                 "--only", "sheets", "--only", "rulebook", "--out", str(tmp_path), "--watch"])
    assert result.exit_code == 0, result.output
    heading, comment = [x for x in result.output.splitlines() if x.startswith("rebuilt ")]
    assert heading.startswith("rebuilt 1 of 4 files") and heading.endswith(": rulebook-a4.pdf")
    assert comment.startswith("rebuilt 0 of 4 files")
    fresh = tmp_path / "fresh"
    assert runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4", "--only", "rulebook",
                               "--out", str(fresh), "--no-cache"]).exit_code == 0
    assert (tmp_path / "halfwish" / "rulebook-a4.pdf").read_bytes() == (fresh / "halfwish" / "rulebook-a4.pdf").read_bytes()


def test_a_template_edit_reaches_the_proof_sheets(cards_copy, tmp_path):
    """Proofs picture the reference cards their templates render: a template is in their key."""
    import shutil

    from cards.paths import TEMPLATES

    own = cards_copy / "halfwish" / "templates"
    shutil.copytree(TEMPLATES / "halfwish", own)
    db = load_game("halfwish", cards_copy)
    job = next(kit_jobs(db, "a4", tmp_path, ("proofs",)))
    key = RenderCache(tmp_path / ".cache").key(db, job)
    front = own / "ref-turn-front.md.j2"
    front.write_text(front.read_text() + "\nOne more line.\n")
    assert RenderCache(tmp_path / ".cache").key(load_game("halfwish", cards_copy), job) != key


def test_a_rebuild_in_the_same_process_replays_pages_it_holds_and_stores_them_if_gone(runner, cards_copy, tmp_path,
                                                                                      monkeypatch):
    """`build --watch` replays the unchanged sheets from the pages it holds (a key names a page's
    content), without reading and decoding each from the cache folder again; a cache folder
    emptied meanwhile gets them back. A new process reads them from the folder."""
    import shutil

    from generator import pagecache

    out = tmp_path / "out"
    _build(runner, cards_copy, out, "--only", "cards")
    decoded: list[int] = []
    real = pagecache.PagePiece.from_bytes
    monkeypatch.setattr(pagecache.PagePiece, "from_bytes", lambda data: decoded.append(1) or real(data))
    path = cards_copy / "halfwish" / "actions.yaml"
    path.write_text(path.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
    _build(runner, cards_copy, out, "--only", "cards")
    assert decoded == []
    shutil.rmtree(out / ".cache")
    path.write_text(path.read_text().replace("Strike for DV plus one.", "Strike for DV plus two.", 1))
    _build(runner, cards_copy, out, "--only", "cards")
    pagecache.forget_recalled()
    path.write_text(path.read_text().replace("Strike for DV plus two.", "Strike for DV plus three.", 1))
    _build(runner, cards_copy, out, "--only", "cards")
    assert len(decoded) > 10  # read back from the folder: stored again after it was emptied
    _build(runner, cards_copy, tmp_path / "fresh", "--no-cache", "--only", "cards")
    assert (out / "halfwish" / "cards-a4.pdf").read_bytes() == (tmp_path / "fresh" / "halfwish" / "cards-a4.pdf").read_bytes()


def test_a_build_lets_go_of_the_last_builds_databases(runner, cards_copy, tmp_path):
    """Each memo of what was worked out from a database kept the last 32 databases alive, faces
    and contexts with them: a `--watch` session grew, and every collection walked them."""
    import gc
    import weakref

    from generator import dbmemo

    _build(runner, cards_copy, tmp_path / "out")
    first = [weakref.ref(db) for memo in dbmemo._MEMOS for db, _ in memo._known.values()]
    assert first
    path = cards_copy / "halfwish" / "actions.yaml"
    path.write_text(path.read_text().replace("Strike for DV.", "Strike for DV plus one.", 1))
    _build(runner, cards_copy, tmp_path / "out")
    gc.collect()
    assert [ref for ref in first if ref() is not None] == []
