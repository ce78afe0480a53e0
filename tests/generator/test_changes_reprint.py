"""Issue 13 part 2: per-card stamps, the build manifest, `deckwright changes` and the reprint sheet.

Issue 13: "Each card prints its own content stamp ... so a card whose content did not change keeps
its stamp"; "Every build writes a manifest (OUT/<game>/manifest.json)"; "A test edits one card,
builds with --reprint-since, and checks with pypdf that the reprint holds exactly that card."
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from halfwish_copy import edit, stamps
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from cards import load_game
from cards.units import parse_length, parse_size
from companion.cli import cli
from generator import manifest
from generator.geometry import page_margin
from generator.imposition import plan_sheet
from generator.manifest import build_manifest

CORNER = re.compile(r"HW-[A-Z]+ \d\d/\d\d")


def _build(runner, root: Path, out: Path, *args: str):
    result = runner.invoke(cli, ["--cards", str(root), "build", "halfwish", "--paper", "a4",
                                 "--only", "cards", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return result


def test_a_text_edit_changes_only_that_cards_stamp(halfwish):
    before = stamps(halfwish)
    edit(halfwish, "actions.yaml", "Strike for DV.", "Strike for DV plus one.")
    after = stamps(halfwish)
    assert {card for card in before if before[card] != after[card]} == {"strike"}
    assert load_game("halfwish", halfwish).version != ""  # the database version changed meanwhile


def test_renaming_a_card_changes_only_the_stamps_of_the_cards_that_print_its_name(runner, halfwish, tmp_path):
    """Issue 13: "a card whose content did not change keeps its stamp and need not be reprinted".
    A class card lists its actions by name and an upgrade names the action it replaces
    (`db.card(id).name` in their layouts): renaming Long Strike restamps those that print it,
    renaming a map card no class or upgrade."""
    db = load_game("halfwish", halfwish)
    printers = {c.id for c in db.deck("classes").cards if "long-strike" in c.get("deck_list")}
    printers |= {c.id for c in db.deck("upgrades").cards if c.get("replaces") == "long-strike"}
    assert 0 < len(printers) < len(db.deck("classes").cards) + len(db.deck("upgrades").cards)
    out = tmp_path / "out"
    _build(runner, halfwish, out)
    before = stamps(halfwish)
    edit(halfwish, "map.yaml", "name: Healing Spring", "name: Healing Springs")
    after = stamps(halfwish)
    assert {card for card in before if before[card] != after[card]} == {"healing-spring"}
    edit(halfwish, "actions.yaml", "name: Long Strike", "name: Longer Strike")
    renamed = stamps(halfwish)
    assert {card for card in after if after[card] != renamed[card]} == {"long-strike"} | printers
    # the pages of the cards that kept their stamps are replayed: they must show what a fresh build shows
    _build(runner, halfwish, out)
    _build(runner, halfwish, tmp_path / "fresh", "--no-cache")
    fresh = (tmp_path / "fresh" / "halfwish" / "cards-a4.pdf").read_bytes()
    assert (out / "halfwish" / "cards-a4.pdf").read_bytes() == fresh
    assert "Longer Strike" in "".join(page.extract_text() for page in PdfReader(out / "halfwish" / "cards-a4.pdf").pages)


def test_a_rules_number_changes_only_the_cards_that_print_it(tmp_path, cards_copy):
    db = load_game("which-witch", cards_copy)
    users = {c.id for d in db.decks for c in d.cards if "rules.hearts_per_spell" in (c.get("text") or "")}
    before = {c["id"]: c["stamp"] for c in build_manifest(db)["cards"]}
    path = cards_copy / "which-witch" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.strip().startswith("hearts_per_spell:"))
    path.write_text(text.replace(line, line.split(":")[0] + ": 7", 1), encoding="utf-8")
    after = {c["id"]: c["stamp"] for c in build_manifest(load_game("which-witch", cards_copy))["cards"]}
    assert users and {card for card in before if before[card] != after[card]} == users


def test_a_rule_looked_up_by_a_cards_value_restamps_only_the_cards_that_look_it_up(halfwish):
    """Audit: an upgrade's layout draws the icon of the action it replaces
    (`rules.actions[card.replaces].kind`); a change to Long Strike's DV restamped all 19 upgrades,
    and the reprint sheet told the designer to throw away 18 cards that had not changed."""
    db = load_game("halfwish", halfwish)
    replacing = {c.id for c in db.deck("upgrades").cards if c.get("replaces") == "long-strike"}
    printing = {c.id for d in db.decks for c in d.cards if "rules.actions['long-strike']" in (c.get("text") or "")}
    assert replacing and len(replacing) < len(db.deck("upgrades").cards)
    before = stamps(halfwish)
    edit(halfwish, "game.yaml", "long-strike:  {kind: strike, dv: -2", "long-strike:  {kind: strike, dv: -3")
    after = stamps(halfwish)
    assert {card for card in before if before[card] != after[card]} == replacing | printing
    edit(halfwish, "game.yaml", "heavy-strike:", "heavy-strike: ")  # a spelling with the same value
    assert stamps(halfwish) == after


def test_every_printed_card_carries_its_own_stamp(runner, halfwish, tmp_path):
    _build(runner, halfwish, tmp_path / "out")
    manifest = json.loads((tmp_path / "out" / "halfwish" / "manifest.json").read_text())
    text = "".join(p.extract_text() or "" for p in PdfReader(tmp_path / "out" / "halfwish" / "cards-a4.pdf").pages)
    for card in (c for c in manifest["cards"] if c["deck"] == "actions"):
        assert text.count(f"v {card['stamp']}") == card["count"], card["id"]
        assert re.fullmatch(r"actions\.yaml:\d+", card["source"])


def test_the_manifest_locates_each_card_at_its_line(halfwish):
    manifest = build_manifest(load_game("halfwish", halfwish))
    for card in manifest["cards"]:
        file, line = card["source"].rsplit(":", 1)
        assert f"id: {card['id']}" in (halfwish / "halfwish" / file).read_text().splitlines()[int(line) - 1]
    assert manifest["rules"]["health"] == 25
    assert {"kind": "deck", "id": "actions"}.items() <= next(c for c in manifest["components"] if c["id"] == "actions").items()


def test_changes_since_a_manifest_shows_fields_and_rules_old_to_new(runner, halfwish, tmp_path):
    _build(runner, halfwish, tmp_path / "out")
    earlier = tmp_path / "earlier.json"
    shutil.copy(tmp_path / "out" / "halfwish" / "manifest.json", earlier)
    edit(halfwish, "actions.yaml", "Strike for DV.", "Strike for DV plus one.")
    edit(halfwish, "game.yaml", "  rounds: 3", "  rounds: 4")
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", str(earlier), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [c["id"] for c in report["cards"]["changed"]] == ["strike"]
    assert report["cards"]["changed"][0]["fields"] == [
        {"field": "text", "old": "Strike for DV.", "new": "Strike for DV plus one."}]
    assert report["rules"] == [{"rule": "rounds", "old": 3, "new": 4}]
    text = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", str(earlier)]).output
    assert '      text: "Strike for DV." -> "Strike for DV plus one."' in text.splitlines()


def test_changes_since_a_git_revision_lists_added_and_removed_cards(runner, halfwish):
    git = ["git", "-C", str(halfwish), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "cards"], check=True)
    edit(halfwish, "map.yaml", "id: mimic", "id: mimic-two")
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", "HEAD", "--json"])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.output)["cards"]
    assert [c["id"] for c in cards["added"]] == ["mimic-two"]
    assert [c["id"] for c in cards["removed"]] == ["mimic"]
    # class and upgrade faces look cards up by id (db.card(id).name), so they restamp; map cards do not
    assert [c["id"] for c in cards["changed"] if c["deck"] == "map"] == []


def test_a_game_not_yet_committed_is_said_so_not_that_the_revision_is_unknown(runner, halfwish):
    """Designer audit: `--since HEAD` of a game added after the last commit said `'HEAD' is not a
    manifest file and not a git revision`."""
    git = ["git", "-C", str(halfwish), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    (halfwish / "notes.txt").write_text("an earlier commit without the game\n")
    subprocess.run([*git, "add", "notes.txt"], check=True)
    subprocess.run([*git, "commit", "-qm", "notes"], check=True)
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", "HEAD"])
    assert result.exit_code == 2
    assert "halfwish has no files at revision 'HEAD' (not committed then?)" in result.output
    assert "not a git revision" not in result.output and "manifest.json instead" in result.output


def test_a_revision_with_problems_names_its_files_at_that_revision(runner, halfwish):
    """Audit: a committed card with `count: five`, fixed since, was blamed on
    /tmp/deckwright-since-.../halfwish/actions.yaml, a folder the designer never saw."""
    git = ["git", "-C", str(halfwish), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    edit(halfwish, "actions.yaml", "        count: 8\n", "        count: eight\n")
    line = (halfwish / "halfwish" / "actions.yaml").read_text().splitlines().index("        count: eight") + 1
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "cards"], check=True)
    edit(halfwish, "actions.yaml", "        count: eight\n", "        count: 8\n")
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", "HEAD"])
    assert result.exit_code == 2, result.output
    shown = " ".join(result.output.split())
    assert "the card folder at revision 'HEAD' has problems, so it cannot be compared" in shown
    assert f"HEAD:halfwish/actions.yaml:{line}:9: decks[actions].cards[strike].count: expected int, got 'eight'" in shown
    assert "deckwright-since" not in result.output


def test_an_unknown_ref_is_a_usage_error_and_a_build_writes_nothing(runner, halfwish, tmp_path):
    """Audit: a wrong REF exited 1, where a wrong game exits 2 (a usage error), and a build with a
    wrong --reprint-since left an empty OUT folder behind."""
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", "no-such-rev"])
    assert result.exit_code == 2
    assert "Invalid value for --since" in result.output and "not a manifest file and not a git revision" in result.output
    out = tmp_path / "out"
    built = runner.invoke(cli, ["--cards", str(halfwish), "build", "halfwish", "--paper", "a4", "--only", "cards",
                                "--out", str(out), "--reprint-since", "no-such-rev"])
    assert built.exit_code == 2 and "Invalid value for --reprint-since" in built.output
    assert not out.exists()


def test_a_pdf_given_as_the_manifest_says_so_not_a_codec_error(runner, halfwish, tmp_path):
    pdf = tmp_path / "cards-a4.pdf"
    pdf.write_bytes(b"%PDF-1.4\n%\x93\x8c\x8b\x9e\n")
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", str(pdf)])
    assert result.exit_code == 2 and "is not a manifest: a build's manifest.json is JSON text" in result.output
    assert "codec" not in result.output


@pytest.mark.parametrize("manifest, why", [
    ({"cards": 5}, "'cards' is not a list"),
    ({"cards": [1, 2]}, "card 1 has no id"),
    ({"cards": [], "rules": "x"}, "'rules' is not a mapping"),
    ({"cards": [{"id": "strike", "fields": None}]}, "'fields' is not a mapping"),
    ({"cards": [], "game": "heartstrings"}, "is the manifest of 'heartstrings', not of 'halfwish'"),
])
def test_a_manifest_of_the_wrong_shape_or_game_is_a_clear_error(runner, halfwish, tmp_path, manifest, why):
    """Valid JSON of another shape crashed `changes` and `--reprint-since` with a TypeError; another
    game's manifest was taken as it was, and every card came out changed."""
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(manifest))
    for args in (["changes", "halfwish", "--since", str(path)],
                 ["build", "halfwish", "--paper", "a4", "--only", "cards", "--out", str(tmp_path / "out"),
                  "--reprint-since", str(path)]):
        result = runner.invoke(cli, ["--cards", str(halfwish), *args])
        assert result.exit_code == 2 and why in result.output, result.output


def test_a_ref_that_looks_like_an_option_is_refused_before_git_sees_it(runner, halfwish, tmp_path):
    """`--since=--output=FILE` reached `git archive` as its --output option and emptied FILE."""
    git = ["git", "-C", str(halfwish), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "cards"], check=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("important")
    for args in (["changes", "halfwish", f"--since=--output={victim}"],
                 ["build", "halfwish", "--paper", "a4", "--only", "cards", "--out", str(tmp_path / "out"),
                  f"--reprint-since=--output={victim}"]):
        result = runner.invoke(cli, ["--cards", str(halfwish), *args])
        assert result.exit_code == 2 and "not a manifest file and not a git revision" in result.output
        assert victim.read_text() == "important"


def test_the_reprint_holds_exactly_the_edited_card_with_its_backs(runner, halfwish, tmp_path):
    _build(runner, halfwish, tmp_path / "out")
    earlier = tmp_path / "earlier.json"
    shutil.copy(tmp_path / "out" / "halfwish" / "manifest.json", earlier)
    old_stamp = json.loads(earlier.read_text())["cards"][0]["stamp"]
    edit(halfwish, "actions.yaml", "Strike for DV.", "Strike for DV plus one.")
    _build(runner, halfwish, tmp_path / "out", "--reprint-since", str(earlier))
    new = json.loads((tmp_path / "out" / "halfwish" / "manifest.json").read_text())
    strike = next(c for c in new["cards"] if c["id"] == "strike")
    pages = [p.extract_text() or "" for p in PdfReader(tmp_path / "out" / "halfwish" / "reprint-a4.pdf").pages]
    cover = pages[0].splitlines()
    assert "8 cards to print (1 design) on the pages after this one." in cover[1]
    assert cover[cover.index("Throw away these printed cards"):][2:10] == [
        "Deck", "Card", "Stamp printed", "Copies", "Basic Actions", "Strike", f"v {old_stamp}", "8"]
    assert "2-sided, flipping on the long edge" in pages[0]
    assert "Print the rulebook again too" not in pages[0]  # no rule changed
    fronts, backs = pages[1::2], pages[2::2]
    assert len(fronts) == len(backs) == 1  # eight copies fit one sheet; the backs follow it
    assert CORNER.findall(fronts[0]) == ["HW-ACT 01/05"] * strike["count"]
    assert fronts[0].count(f"v {strike['stamp']}") == strike["count"] == 8
    assert backs[0].count("HW-ACT") == strike["count"]


def test_the_reprint_keeps_a_face_down_card_from_the_others(runner, halfwish, tmp_path):
    """A map card (face down) and a class card both edited: on the reprint sheet, as on the kit's,
    a row of empty slots lies between them, so no cut leaves the class's back colour on the map's."""
    _build(runner, halfwish, tmp_path / "out")
    earlier = tmp_path / "earlier.json"
    shutil.copy(tmp_path / "out" / "halfwish" / "manifest.json", earlier)
    edit(halfwish, "map.yaml", "Both players heal", "Both players heal again")
    edit(halfwish, "classes.yaml", "name: Mirror", "name: Mirror Image")
    _build(runner, halfwish, tmp_path / "out", "--reprint-since", str(earlier))
    db = load_game("halfwish", halfwish)
    plan = plan_sheet(parse_size("poker"), parse_length(db.print.bleed), "a4", page_margin(db.print.margin, "a4"))
    page = pdfium.PdfDocument(tmp_path / "out" / "halfwish" / "reprint-a4.pdf")[1]
    slots = {slot: CORNER.findall(page.get_textpage().get_text_bounded(box.x, box.y, box.right, box.top))
             for slot, box in ((slot, plan.trim_box(slot)) for slot in range(plan.per_sheet))}
    decks = {slot: found[0].split()[0] for slot, found in slots.items() if found}
    assert sorted(decks.values()) == ["HW-CLS", "HW-CLS", "HW-MAP"]  # Healing Spring, Mirror twice
    for slot, deck in decks.items():
        row, col = divmod(slot, plan.cols)
        for near in ((row, col + 1), (row + 1, col)):
            other = decks.get(near[0] * plan.cols + near[1]) if near[1] < plan.cols else None
            assert other in (None, deck), (slot, deck, other)


def test_the_reprint_cover_wraps_a_long_edit_and_says_when_nothing_is_to_print(runner, halfwish, tmp_path):
    from generator.changes import compare
    from generator.reprint import render_reprint

    db = load_game("halfwish", halfwish)
    long = " ".join(["Strike for DV, then strike again for DV unless the defender played a guard."] * 3)
    manifest = build_manifest(db)
    edited = json.loads(json.dumps(manifest))
    strike = next(c for c in edited["cards"] if c["id"] == "strike")
    strike["fields"]["text"] = long
    out = tmp_path / "reprint.pdf"
    render_reprint(db, compare(edited, manifest, "earlier.json"), "a4", out)
    cover = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert json.dumps(long) in cover  # the whole old text, wrapped, none of it cut
    render_reprint(db, compare(manifest, manifest, "HEAD"), "a4", out)
    pages = PdfReader(out).pages
    assert len(pages) == 1
    text = pages[0].extract_text()
    assert "No card to print: nothing on the cards changed." in text
    assert "None: no printed card changed or went." in text


def test_changes_of_a_long_text_fit_80_columns_with_old_and_new_whole(runner, halfwish, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the title names the ref as given: `earlier.json`
    _build(runner, halfwish, tmp_path / "out")
    earlier = tmp_path / "earlier.json"
    shutil.copy(tmp_path / "out" / "halfwish" / "manifest.json", earlier)
    edit(halfwish, "actions.yaml", "Evade fails and you take full damage.", "Evade fails: take full damage.")
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", "earlier.json"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80, result.output
    joined = " ".join(" ".join(lines).split())
    old = next(c for c in json.loads(earlier.read_text())["cards"] if c["id"] == "evade")["fields"]["text"]
    assert f"text: {json.dumps(old)} -> {json.dumps(old.replace('Evade fails and you take', 'Evade fails: take'))}" in joined


def test_a_card_added_to_a_deck_shows_why_the_others_restamp_their_place_in_the_deck(runner, halfwish, tmp_path):
    # every face prints `HW-ACT 01/05`; a sixth card makes it `01/06`, which is why they reprint
    _build(runner, halfwish, tmp_path / "out")
    earlier = tmp_path / "earlier.json"
    shutil.copy(tmp_path / "out" / "halfwish" / "manifest.json", earlier)
    edit(halfwish, "actions.yaml", "      - id: evade\n", "      - id: feint-step\n        name: Feint Step\n"
          "        count: 2\n        kind: evade\n        text: Feint.\n      - id: evade\n")
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", str(earlier), "--json"])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.output)["cards"]
    assert [c["id"] for c in cards["added"]] == ["feint-step"]
    changed = {c["id"]: c["fields"] for c in cards["changed"]}
    assert changed["strike"] == [{"field": "place", "old": "01/05", "new": "01/06"}]
    assert changed["evade"] == [{"field": "place", "old": "05/05", "new": "06/06"}]


def test_a_manifest_written_before_places_were_recorded_still_compares(halfwish):
    from generator.changes import compare

    manifest = build_manifest(load_game("halfwish", halfwish))
    older = json.loads(json.dumps(manifest))
    for card in older["cards"]:
        del card["place"]
    assert compare(older, manifest, "old.json").changed == []


def test_a_deck_whose_layout_prints_no_stamp_is_thrown_away_by_name_not_by_stamp(halfwish, tmp_path):
    """The reprint's first page tells which printed cards to throw away by the stamp at their foot;
    a designer's own layout may print none: then every copy of a changed card goes."""
    from cards.paths import TEMPLATES
    from generator.changes import compare
    from generator.reprint import decks_without_stamp, render_reprint

    assert decks_without_stamp(load_game("halfwish", halfwish)) == frozenset()  # every shipped deck prints one
    own = halfwish / "halfwish" / "templates"
    own.mkdir()
    base = (TEMPLATES / "halfwish" / "card-base.yaml").read_text()
    footer = '  - {id: version, type: text, x: 39, y: 79.6, w: 20, h: 4, text: "v {{ version }}", size: 7, align: right,\n     color: "#ffffff"}\n'
    assert footer in base
    (own / "card-base.yaml").write_text(base.replace(footer, ""))
    earlier = build_manifest(load_game("halfwish", halfwish))  # printed with that layout
    edit(halfwish, "actions.yaml", "Strike for DV.", "Strike for DV plus one.")
    db = load_game("halfwish", halfwish)
    assert "actions" in decks_without_stamp(db)
    out = tmp_path / "reprint.pdf"
    render_reprint(db, compare(earlier, build_manifest(db), "earlier.json"), "a4", out)
    cover = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "Basic Actions Strike none printed 8" in cover
    assert "carries no stamp, since its layout prints none" in cover
    assert "Each card prints its own stamp" not in cover  # no card of this reprint does


def test_a_missing_manifest_file_says_where_manifests_are_written(runner, halfwish, tmp_path):
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", "printed.json"])
    assert result.exit_code == 2
    assert "no manifest file 'printed.json'" in result.output and "Errno" not in result.output
    assert "output/halfwish/manifest.json" in result.output


def test_a_face_changed_only_by_its_layout_or_rules_says_why_its_stamp_changed(halfwish):
    from generator.changes import compare, describe

    manifest = build_manifest(load_game("halfwish", halfwish))
    earlier = json.loads(json.dumps(manifest))
    strike = next(c for c in earlier["cards"] if c["id"] == "strike")
    strike["stamp"] = "0badf00d"  # as printed before a layout edit: same fields, another face
    lines = describe(compare(earlier, manifest, "earlier.json"), "halfwish", width=80)
    assert lines[2] == (f'      stamp: "0badf00d" -> "{manifest["cards"][0]["stamp"]}" '
                        "(its layout, art, deck or a rule changed)"), lines


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5)
    | st.dates() | st.tuples(st.integers()),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=3),
    max_leaves=10)


@settings(max_examples=300, deadline=None)
@given(_VALUES)
def test_a_manifest_field_reads_back_as_json_reads_it(value):
    """The manifest writes a card's fields as JSON reads them back (a date as text, a tuple as a
    list, a number key as a string); fields that already are skip the round trip."""
    round_trip = json.loads(json.dumps(value, default=str))
    kept = value if manifest._is_json(value) else round_trip
    assert kept == round_trip and json.dumps(kept, sort_keys=True) == json.dumps(round_trip, sort_keys=True)


def test_after_a_rules_edit_the_reprint_says_to_print_the_rulebook_again(runner, halfwish, tmp_path):
    """Sixth-game audit: after a rules edit the reprint named only the card pages; the rulebook,
    whose tables print the new value, went unmentioned."""
    _build(runner, halfwish, tmp_path / "out")
    earlier = tmp_path / "earlier.json"
    shutil.copy(tmp_path / "out" / "halfwish" / "manifest.json", earlier)
    edit(halfwish, "game.yaml", "long-strike:  {kind: strike, dv: -2", "long-strike:  {kind: strike, dv: -3")
    _build(runner, halfwish, tmp_path / "out", "--reprint-since", str(earlier))
    cover = " ".join(PdfReader(tmp_path / "out" / "halfwish" / "reprint-a4.pdf").pages[0].extract_text().split())
    assert "Print these files of the kit again too" in cover and "rulebook-a4.pdf" in cover


def test_the_reprint_places_its_backs_for_the_users_printer(runner, halfwish, tmp_path):
    """Designer audit: the reprint's backs ignored the stored duplex offset (`calibrate --set`) and
    flip edge, while its cover said `flipping on the short edge`: reprinted backs landed behind
    the wrong cards. They are placed as the kit's own sheets place them."""
    import os

    import yaml

    _build(runner, halfwish, tmp_path / "out")
    earlier = tmp_path / "earlier.json"
    shutil.copy(tmp_path / "out" / "halfwish" / "manifest.json", earlier)
    edit(halfwish, "actions.yaml", "Strike for DV.", "Strike for DV plus one.")
    config = Path(os.environ["DECKWRIGHT_CONFIG"])

    def trim_boxes(flip: str, offset: list[float]) -> list[tuple[float, ...]]:
        config.write_text(yaml.safe_dump({"print": {"flip": flip, "duplex_offset": offset}}))
        _build(runner, halfwish, tmp_path / "out", "--reprint-since", str(earlier))
        pages = PdfReader(tmp_path / "out" / "halfwish" / "reprint-a4.pdf").pages
        return [tuple(round(float(v), 2) for v in page.trimbox) for page in pages]

    plain = trim_boxes("long", [0, 0])
    moved = trim_boxes("long", [2, -1])
    short = trim_boxes("short", [0, 0])
    assert moved[1] == plain[1] == short[1]  # the fronts stay
    dx, dy = parse_length("2mm"), parse_length("-1mm")
    x0, y0, x1, y1 = plain[2]
    assert moved[2] == pytest.approx((x0 + dx, y0 + dy, x1 + dx, y1 + dy), abs=0.01)
    height = float(PdfReader(tmp_path / "out" / "halfwish" / "reprint-a4.pdf").pages[0].mediabox.top)
    fx0, fy0, fx1, fy1 = plain[1]
    assert short[2] == pytest.approx((fx0, height - fy1, fx1, height - fy0), abs=0.01)  # turned top to bottom
