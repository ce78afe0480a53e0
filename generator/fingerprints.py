"""What every render-cache entry of a game depends on besides its database: the code that draws
(`tool_fingerprint`) and the files of the game's folder and template folders a kit may read
(`assets_fingerprint`: layouts, fonts, images, and apart, the Jinja2 templates), by content."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from cards import Database
from cards.paths import template_dirs

TEMPLATE_SUFFIX = ".j2"  # Jinja2 templates: read only through the text they render (`assets_fingerprint`)
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


def assets_fingerprint(db: Database) -> tuple[str, str]:
    """Hashes of every file a game's kit may read besides its database, in its folder and its
    template folders (the database's own files are read through each component's inputs): of its
    layouts, fonts and images, and of its Jinja2 templates (`*.j2`), read in one pass. A designer's
    note (`NOTE_SUFFIXES`: notes.txt, RULINGS.md, a backup) counts only where a template or a
    layout names it.

    The templates are apart because only the rulebook and the reference cards read them, and their
    inputs are the text the templates render: a rulebook edit must not miss the card sheets' entries.
    Proof sheets (inputs: the whole database) and the quick keys take the templates' hash too."""
    database = {file.resolve() for file in db.files}
    assets, templates = hashlib.sha256(), hashlib.sha256()
    found = [(folder, file, file.read_bytes()) for folder in [db.folder, *template_dirs(db.folder.parent, db.id)]
             for file in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
             if file.resolve() not in database]
    # a designer's notes (notes.txt, RULINGS.md) are read by no part of the kit unless a template or
    # a layout names them (`{% include "intro.md" %}`): left out, an edit to them redraws nothing
    read = b"\n".join(data for _, file, data in found if file.suffix in (TEMPLATE_SUFFIX, ".yaml", ".yml"))
    for folder, file, data in found:
        if _is_note(file) and file.name.encode() not in read:
            continue
        digest = templates if file.suffix == TEMPLATE_SUFFIX else assets
        digest.update(str(file.relative_to(folder)).encode() + b"\0" + data)
    return assets.hexdigest(), templates.hexdigest()


NOTE_SUFFIXES = frozenset({".txt", ".md", ".markdown", ".rst", ".org", ".rtf", ".doc", ".docx", ".odt", ".pdf", ".bak"})


def _is_note(file: Path) -> bool:
    """A file of the designer's own (a note, a document, an editor's backup), not an asset."""
    return file.suffix.lower() in NOTE_SUFFIXES or file.name.endswith("~")
