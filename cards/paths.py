"""Where the card database and templates live."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CARDS = Path(__file__).resolve().parent
TEMPLATES = REPO_ROOT / "templates"
ENV_VAR = "DECKWRIGHT_CARDS"
CACHE_ENV = "DECKWRIGHT_CACHE"


def cards_root(override: str | os.PathLike[str] | None = None) -> Path:
    """The database root: `--cards DIR`, else `$DECKWRIGHT_CARDS`, else the shipped `cards/`."""
    chosen = override or os.environ.get(ENV_VAR)
    return Path(chosen).expanduser().resolve() if chosen else DEFAULT_CARDS


def cache_dir() -> Path:
    """deckwright's own cache folder: `$DECKWRIGHT_CACHE`, else deckwright's folder in the user's
    cache directory (the games index, compiled templates; never inside a game's folder)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV]).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("deckwright"))


def display_path(file: Path) -> Path:
    """Show a path relative to the working directory when it is below it. The file's own name is
    kept as written: a link is shown as the link, not as what it points to (which may be missing,
    or lead back to itself)."""
    try:
        return (file.parent.resolve() / file.name).relative_to(Path.cwd().resolve())
    except (ValueError, OSError, RuntimeError):
        return file


def game_ids(root: Path) -> list[str]:
    """Every folder under `root` that holds a `game.yaml`, sorted."""
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "game.yaml").is_file())


def unread_game_notes(root: Path) -> list[str]:
    """A line for every folder under `root` that holds YAML files but no `game.yaml`, so no command
    reads it as a game (audit: a `game.yml` was skipped without a word)."""
    if not root.is_dir():
        return []
    folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    return [note for note in map(unread_game_note, folders) if note]


def unread_game_note(folder: Path) -> str | None:
    """`folder has no game.yaml, so it is not read as a game`, with the file probably meant as its
    game.yaml (`game.yml`, `Game.yaml`) when there is one; None when it holds game.yaml or no YAML."""
    if (folder / "game.yaml").is_file():
        return None
    try:
        names = sorted(p.name for p in folder.iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.is_file())
    except OSError:  # a folder we may not list is no game either
        return None
    if not names:
        return None
    meant = meant_game_yaml(names)
    fix = f"did you mean to name {meant} game.yaml?" if meant else "a game's folder starts with one"
    return f"{folder} has no game.yaml, so it is not read as a game: {fix}"


def meant_game_yaml(names: list[str]) -> str | None:
    """The one of `names` that was probably meant to be `game.yaml` (`game.yml`, `Game.yaml`,
    `gmae.yaml`), or None. Only a name starting with its g: `name.yaml` is as close."""
    import difflib

    by_lower = {name.lower(): name for name in names}
    exact = [name for lower, name in by_lower.items() if lower.rsplit(".", 1)[0] == "game"]
    close = difflib.get_close_matches("game.yaml", [n for n in by_lower if n.startswith("g")], n=1, cutoff=0.85)
    return exact[0] if exact else by_lower[close[0]] if close else None


def template_dirs(root: Path, game_id: str, folder: Path | None = None) -> list[Path]:
    """Template search path for a game: its own folder's `templates/` (found by folder as well as
    by id, so a copied game works before it is renamed), then `templates/<game>/`, then
    `templates/common/`."""
    own = [folder / "templates"] if folder is not None else []
    dirs = [*own, root / game_id / "templates", TEMPLATES / game_id, TEMPLATES / "common"]
    dirs = list(dict.fromkeys(dirs))
    return [d for d in dirs if d.is_dir()]


def game_own_files(folder: Path, pattern: str) -> dict[str, Path]:
    """The files matching `pattern` in the template folders of the game in `folder` but the shared
    `templates/common`, by their path within their folder, each as the game finds it: a file of
    its own folder before the shipped one of the same name."""
    found: dict[str, Path] = {}
    for each in template_dirs(folder.parent, folder.name, folder):
        if each != TEMPLATES / "common":
            for file in sorted(each.glob(pattern)):
                found.setdefault(file.relative_to(each).as_posix(), file)
    return found


def is_regular_file(path: Path) -> bool:
    """Is `path` (after following symlinks) a regular file? FIFOs, devices and folders are not."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def is_inside(path: Path, folders: list[Path]) -> bool:
    """Is `path`, with every symlink followed, inside one of `folders` (also resolved)?"""
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        return False
    return any(real.is_relative_to(folder.resolve()) for folder in folders)


def refused_link(path: Path, folders: list[Path]) -> str | None:
    """Why `path` cannot be read as a file of `folders` when it is a link that leads nowhere
    usable: a loop, a missing target, or a target outside the folders; None when it may be read."""
    try:
        real = path.resolve(strict=True)
    except RuntimeError:  # Python 3.11 and 3.12 report a loop this way
        return "a link that leads back to itself (a loop); refused"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a link that leads back to itself (a loop); refused"
        return f"a link to {os.readlink(path) if path.is_symlink() else 'a file'} that does not exist; refused"
    if not any(real.is_relative_to(folder.resolve()) for folder in folders):
        return "a link pointing outside the game's folder; refused"
    return None


def contained_file(folders: list[Path], name: str) -> Path | None:
    """The first `folder/name` that is a regular file inside its folder, following symlinks.

    A name that climbs out (`../../../../tmp/x`), a symlink that points out of the folders and
    anything that is not a regular file (a FIFO would block the reader for good) count as absent."""
    for folder in folders:
        candidate = folder / name
        if candidate.exists() and is_inside(candidate, folders) and is_regular_file(candidate):
            return candidate
    return None
