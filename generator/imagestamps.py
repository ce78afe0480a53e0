"""What a card's content stamp takes from the images its layouts draw: each file's content.

A layout's image names its file by a fixed path (`src: art/frame.png`, the same on every card)
or one filled in per card (`src: "art/{{ card.id }}.png"`). A fixed image is part of what every
card of the deck shows (`stamps.layout_inputs`); a filled-in one is part of that card's own
stamp (`generator.kit`). So new art restamps the cards that show it, and `changes` and
`build --reprint-since` find them (designer audit: a picture replaced left every stamp as it was,
and the reprint said nothing had changed). A layout without images stamps as it did before.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from .errors import ImageProblem, LayoutError
from .images import resolve_image
from .layoutfile import EXPRESSION

MISSING = "missing"  # a file not there: the card prints a placeholder, and restamps when it comes


def image_sources(layouts: list[Any]) -> tuple[list[str], list[str]]:
    """The `src` of every image the layouts draw (in repeats and groups too): (the fixed paths,
    those filled in per card), each list in order and without repeats."""
    found: list[str] = []
    for layout in layouts:
        _collect(layout.elements, found)
    unique = list(dict.fromkeys(found))
    return [s for s in unique if "{" not in s], [s for s in unique if "{" in s]


def _collect(value: Any, found: list[str]) -> None:
    if isinstance(value, dict):
        if value.get("type") == "image" and isinstance(value.get("src"), str) and value["src"].strip():
            found.append(value["src"].strip())
        for item in value.values():
            _collect(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _collect(item, found)


def fixed_images(folder: Path, sources: list[str]) -> dict[str, str]:
    """{path: its content's hash} of the fixed image paths (`image_sources`)."""
    return {src: file_digest(folder, src) for src in sources}


def card_images(folder: Path, sources: list[str], context: dict[str, Any]) -> dict[str, str]:
    """{path: its content's hash} of the images one card's layouts fill in (`image_sources`)
    with the card's bindings (its back's included). A path that cannot be filled in here (it
    needs a repeat's counter, or fails: the draw-check reports that) takes every file it could
    name: `art/pip-{{ i }}.png` those matching `art/pip-*.png` (review: it was kept as written,
    so new art there restamped nothing)."""
    from .bindings import bind

    images: dict[str, str] = {}
    for source in sources:
        try:
            path = str(bind(source, context, "an image path")).strip()
        except LayoutError:
            images[source] = _matching_digest(folder, source)
            continue
        if path:
            images[path] = file_digest(folder, path)
    return images




def _matching_digest(folder: Path, source: str) -> str:
    """One hash of the content of every file inside the game folder that `source`, its
    expressions read as wildcards, could name."""
    pattern = EXPRESSION.sub("*", source)
    root = folder.resolve()
    try:
        found = sorted(p for p in root.glob(pattern) if p.is_file() and p.resolve().is_relative_to(root))
    except (ValueError, NotImplementedError, OSError):  # an absolute or malformed pattern: the build refuses it
        return MISSING
    hashed = hashlib.sha256()
    for path in found:
        relative = path.relative_to(root).as_posix()
        hashed.update(f"{relative}\0{file_digest(folder, relative)}\0".encode())
    return hashed.hexdigest()[:16]


_DIGESTS: dict[tuple[str, int, int], str] = {}  # by path, size and time of change: read once per edit


def file_digest(folder: Path, src: str) -> str:
    """A short hash of the content of the image `src` names in the game folder, `MISSING` when
    there is none (a path leaving the folder counts as missing here: the build refuses it)."""
    try:
        path = resolve_image(folder, src)
    except ImageProblem:
        return MISSING
    if path is None:
        return MISSING
    status = path.stat()
    key = (str(path), status.st_size, status.st_mtime_ns)
    if key not in _DIGESTS:
        if len(_DIGESTS) > 4096:
            _DIGESTS.clear()
        _DIGESTS[key] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return _DIGESTS[key]


def changed_images(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """The images two manifest entries of a card show differently (added, removed or new content);
    none when one of them records no images (a layout that drew none, or an older manifest)."""
    if "images" not in old or "images" not in new:
        return []
    before, after = old["images"], new["images"]
    return sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))
