"""A card folder read as it was at a git revision (`cards/revisions.py`)."""

from __future__ import annotations

import subprocess

import pytest

from cards.revisions import RevisionError, files_at_revision


@pytest.fixture
def repository(tmp_path):
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    (tmp_path / "cards" / "toy" / "decks").mkdir(parents=True)
    (tmp_path / "cards" / "toy" / "game.yaml").write_text("first\n")
    (tmp_path / "cards" / "toy" / "decks" / "a.yaml").write_text("deck\n")
    (tmp_path / "cards" / "other.yaml").write_text("a sibling, not the game\n")
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "cards"], check=True)
    (tmp_path / "cards" / "toy" / "game.yaml").write_text("edited since\n")
    return tmp_path


def test_the_folder_is_read_as_committed_with_paths_relative_to_it(repository):
    files = files_at_revision(repository / "cards" / "toy", "HEAD")
    assert files == {"game.yaml": b"first\n", "decks/a.yaml": b"deck\n"}


def test_a_folder_at_the_top_of_its_repository(repository):
    assert files_at_revision(repository, "HEAD")["cards/toy/game.yaml"] == b"first\n"


def test_an_unknown_revision_names_what_git_said(repository):
    with pytest.raises(RevisionError, match="nosuchref"):
        files_at_revision(repository / "cards" / "toy", "nosuchref")


def test_a_revision_that_looks_like_an_option_never_reaches_git(repository, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("kept")
    with pytest.raises(RevisionError, match="option"):
        files_at_revision(repository / "cards" / "toy", f"--output={victim}")
    assert victim.read_text() == "kept"


def test_without_git_on_the_path_the_error_says_so(repository, monkeypatch):
    monkeypatch.setenv("PATH", str(repository / "nothing-here"))
    with pytest.raises(RevisionError, match="needs git on the PATH"):
        files_at_revision(repository / "cards" / "toy", "HEAD")


def test_a_folder_outside_any_repository_says_so_and_what_to_use_instead(tmp_path):
    (tmp_path / "mine").mkdir()
    with pytest.raises(RevisionError) as caught:
        files_at_revision(tmp_path / "mine", "HEAD")
    message = str(caught.value)
    assert message.startswith(f"{tmp_path / 'mine'} is not in a git repository")
    assert "manifest.json" in message and "fatal" not in message


def test_a_folder_never_committed_says_so_instead_of_a_pathspec(repository):
    (repository / "cards" / "new").mkdir()
    (repository / "cards" / "new" / "game.yaml").write_text("new\n")
    with pytest.raises(RevisionError) as caught:
        files_at_revision(repository / "cards" / "new", "HEAD")
    assert str(caught.value) == "cards/new has no files at revision 'HEAD' (not committed then?)"
