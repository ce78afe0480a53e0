"""Nothing outside the game's folders, and nothing that is not a regular file (issue 15, section 2).

Layouts, templates, includes and images resolve inside `cards/<game>/`, `templates/<game>/` and
`templates/common/` only, after following symlinks; a FIFO would block the reader for good."""

from __future__ import annotations

import os
from pathlib import Path

from harness import run_cli, written_files

SECRET = "elements:\n  - {id: leak, type: text, x: 1, y: 1, w: 40, h: 10, text: SECRET-OUTSIDE}\n"


def test_layout_name_climbing_out_of_the_folders_is_refused(tiny, tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text(SECRET)
    climb = os.path.relpath(outside.with_suffix(""), tiny.folder / "templates")
    tiny.edit("deck.yaml", r"layout: tiny-card", f"layout: {climb}")
    result = tiny.refused()
    assert "not found" in result.output and "SECRET" not in result.output
    assert tiny.build(tmp_path / "out").exit_code == 1
    assert written_files(tmp_path / "out") == []


def test_layout_symlink_leading_outside_is_refused(tiny, tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text(SECRET)
    (tiny.folder / "templates" / "leak.yaml").symlink_to(outside)
    tiny.edit("deck.yaml", r"layout: tiny-card", "layout: leak")
    result = tiny.refused()
    assert "layout 'leak' not found" in result.output


def test_rulebook_symlink_leading_outside_is_refused(tiny, tmp_path: Path) -> None:
    outside = tmp_path / "book.md.j2"
    outside.write_text("# SECRET-OUTSIDE\n")
    rulebook = tiny.folder / "templates" / "rulebook.md.j2"
    rulebook.unlink()
    rulebook.symlink_to(outside)
    result = tiny.refused()
    assert "a link leading outside the template folders" in result.output


def test_database_file_symlink_leading_outside_is_refused(tiny, tmp_path: Path) -> None:
    outside = tmp_path / "more.yaml"
    outside.write_text("rulings: []\n")
    (tiny.folder / "more.yaml").symlink_to(outside)
    result = tiny.refused()
    assert "more.yaml: a link pointing outside the game's folder; refused" in result.output


def test_a_link_loop_or_a_dangling_link_is_refused_by_its_own_name_and_reason(tiny, tmp_path: Path) -> None:
    """Audit: a link leading back to itself gave a Python traceback in lint, build, changes, export
    and games; a dangling link was reported under its missing target's name, as leading outside."""
    (tiny.folder / "loop.yaml").symlink_to("loop.yaml")
    (tiny.folder / "a.yaml").symlink_to("b.yaml")
    (tiny.folder / "b.yaml").symlink_to("a.yaml")
    (tiny.folder / "x.yaml").symlink_to("gone.yaml")
    result = tiny.refused()
    assert "Traceback" not in result.output
    for name in ("loop.yaml", "a.yaml", "b.yaml"):
        assert f"{name}: a link that leads back to itself (a loop); refused" in result.output
    assert "x.yaml: a link to gone.yaml that does not exist; refused" in result.output
    assert "gone.yaml:" not in result.output
    changes = run_cli(["--cards", str(tiny.root), "changes", tiny.game, "--since", str(tmp_path / "none.json")])
    assert "Traceback" not in changes.output and changes.exit_code in (1, 2)


def test_fifo_in_the_database_is_refused_without_blocking(tiny, tmp_path: Path) -> None:
    os.mkfifo(tiny.folder / "pipe.yaml")
    result = tiny.refused()
    assert "pipe.yaml: not a regular file; refused" in result.output
    assert tiny.build(tmp_path / "out").exit_code == 1
    assert written_files(tmp_path / "out") == []


def test_fifo_as_a_layout_is_refused_without_blocking(tiny) -> None:
    os.mkfifo(tiny.folder / "templates" / "pipe.yaml")
    tiny.edit("deck.yaml", r"layout: tiny-card", "layout: pipe")
    result = tiny.refused()
    assert "layout 'pipe' not found" in result.output


def test_fifo_as_the_rulebook_is_refused_without_blocking(tiny) -> None:
    rulebook = tiny.folder / "templates" / "rulebook.md.j2"
    rulebook.unlink()
    os.mkfifo(rulebook)
    result = tiny.refused()
    assert "rulebook.md.j2 (not a regular file)" in result.output


def test_fifo_as_the_rulebook_is_refused_without_blocking_when_the_cards_do_not_load_either(tiny) -> None:
    """The templates' rules names are read even when the cards fail (`generator.templaterules`):
    a template that is not a regular file is left to rendering, never opened."""
    tiny.edit("deck.yaml", r"name: Spark, suit: fire, points: 1,", "name: Spark, suit: fire, points: one,")
    rulebook = tiny.folder / "templates" / "rulebook.md.j2"
    rulebook.unlink()
    os.mkfifo(rulebook)
    result = tiny.refused()
    assert "points: expected int, got 'one'" in result.output


def test_image_path_leaving_the_game_folder_is_refused(tiny) -> None:
    tiny.edit("templates/tiny-card.yaml", r"^elements:$",
              "elements:\n  - {id: art, type: image, x: 1, y: 1, w: 20, h: 20, src: ../../../../etc/hostname}")
    result = tiny.refused()
    assert "leaves the game folder" in result.output
