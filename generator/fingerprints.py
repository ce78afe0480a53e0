"""What every render-cache entry of a game depends on besides its database: the code that draws
(`tool_fingerprint`) and the files of the game's folder and template folders a kit may read
(`assets_fingerprint`: fonts and images, and apart, the Jinja2 templates and the layouts), by content."""

from __future__ import annotations

import hashlib
import time
from functools import lru_cache
from pathlib import Path

from cards import Database
from cards.paths import template_dirs

TEMPLATE_SUFFIX = ".j2"  # Jinja2 templates: read only through the text they render (`assets_fingerprint`)
LAYOUT_SUFFIXES = (".yaml", ".yml")  # layouts: read only through the components that draw with them
_PACKAGES = ("cards", "generator", "companion")  # companion: a game's rulebook_context hook


@lru_cache(maxsize=1)
def tool_fingerprint() -> str:
    """A hash of the code that draws: our packages' sources (a game's rulebook hook lives in
    `companion`) and the reportlab version."""
    import reportlab

    digest = hashlib.sha256(reportlab.Version.encode())
    root = Path(__file__).resolve().parent.parent
    for package in _PACKAGES:
        for file in sorted((root / package).rglob("*.py")):
            digest.update(file.relative_to(root).as_posix().encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()


def engine_fingerprint(game_id: str) -> str:
    """A hash of the game's engine when it is registered from outside the repository
    (`DECKWRIGHT_ENGINES`), whose `rulebook_context` prints in the rulebook; '' for a shipped
    engine, in `tool_fingerprint` already. Its package's few files are read on every build (audit
    s26: an edited hook left the cached rulebook printing the old odds)."""
    from companion.gameids import engine_sources

    files = engine_sources(game_id)
    if not files:
        return ""
    digest = hashlib.sha256(b"engine")
    for file in files:
        digest.update(file.as_posix().encode() + b"\0" + file.read_bytes())
    return "\0" + digest.hexdigest()


def asset_files(db: Database) -> list[tuple[Path, Path]]:
    """Every file a game's kit may read besides its database, as (its folder, the file): the
    game's folder and its template folders, sorted."""
    database = {file.resolve() for file in db.files}
    return [(folder, file) for folder in [db.folder, *template_dirs(db.folder.parent, db.id)]
            for file in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
            if file.resolve() not in database]


SETTLED_NS = 2_000_000_000  # a file changed this recently is read, whatever its signature says


def assets_signature(files: list[tuple[Path, Path]]) -> str | None:
    """A hash of each file's name, size, modification time and inode: files with the same
    signature hold the same bytes, as make and git judge, so `assets_fingerprint` need not read
    them again (2 MB of fonts and templates for most games, 3 ms a build). None when a file was
    changed in the last two seconds: a file system may keep times only to a few milliseconds, and
    a file saved twice within one such tick, at the same size, would keep its signature."""
    now = time.time_ns()
    signature = hashlib.sha256(b"assets-signature")
    for folder, file in files:
        info = file.stat()
        if now - info.st_mtime_ns < SETTLED_NS:
            return None
        signature.update(f"{file.relative_to(folder)}\0{info.st_size}\0{info.st_mtime_ns}\0{info.st_ino}\0".encode())
    return signature.hexdigest()


def assets_fingerprint(db: Database, files: list[tuple[Path, Path]] | None = None) -> tuple[str, str]:
    """Hashes of every file a game's kit may read besides its database (`asset_files`, or
    `files` when found already), read in one pass: of its layouts, fonts and images, and of its
    Jinja2 templates (`*.j2`). A designer's note (`NOTE_SUFFIXES`: notes.txt, RULINGS.md, a
    backup) counts only where a template or a layout names it.

    The templates are apart because only the rulebook and the reference cards read them, and their
    inputs are the text the templates render: a rulebook edit must not miss the card sheets' entries.
    So are the layouts: each component's inputs take the layouts it draws with (a card's stamp, a
    sheet's or a token sheet's `layout_inputs`), so a board's layout edited redraws the board and
    the rulebook picturing it, not every card file (sixth-game audit: `--watch` redrew 6 of 7).
    Proof sheets (inputs: the whole database), the quick keys and the manifest take this second
    hash too."""
    assets, templates = hashlib.sha256(), hashlib.sha256()
    found = [(folder, file, file.read_bytes()) for folder, file in (asset_files(db) if files is None else files)]
    # a designer's notes (notes.txt, RULINGS.md) are read by no part of the kit unless a template or
    # a layout names them (`{% include "intro.md" %}`): left out, an edit to them redraws nothing
    read = b"\n".join(data for _, file, data in found if file.suffix in (TEMPLATE_SUFFIX, ".yaml", ".yml"))
    for folder, file, data in found:
        if _is_note(file) and file.name.encode() not in read:
            continue
        digest = templates if file.suffix == TEMPLATE_SUFFIX or file.suffix in LAYOUT_SUFFIXES else assets
        digest.update(str(file.relative_to(folder)).encode() + b"\0" + data)
    return assets.hexdigest(), templates.hexdigest()


NOTE_SUFFIXES = frozenset({".txt", ".md", ".markdown", ".rst", ".org", ".rtf", ".doc", ".docx", ".odt", ".pdf", ".bak"})


def _is_note(file: Path) -> bool:
    """A file of the designer's own (a note, a document, an editor's backup), not an asset."""
    return file.suffix.lower() in NOTE_SUFFIXES or file.name.endswith("~")
