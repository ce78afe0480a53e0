"""Layout files: `<name>.yaml` found in a game's template folders, `extends` resolved, elements checked.

See `generator.cardlayout` for the format; `load_layout` returns the resolved `Layout`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cards.paths import contained_file
from cards.yamlsrc import load_yaml

from .errors import LayoutError

ELEMENT_TYPES = ("rect", "circle", "text", "icon", "image", "line", "track")


@dataclass(frozen=True)
class Layout:
    """A resolved layout: its name, the file it came from and its elements (parents first)."""

    name: str
    source: Path
    elements: tuple[dict[str, Any], ...]
    size: str | None = None


@dataclass
class Box:
    """Where to draw: the trim box's lower-left corner and size, plus the bleed, in points."""

    x: float
    y: float
    w: float
    h: float
    bleed: float = 0.0


def load_layout(name: str, folders: list[Path]) -> Layout:
    """The layout `name` from the first folder that has `<name>.yaml`, with `extends` resolved."""
    return _load(name, tuple(folders), ())


def _load(name: str, folders: tuple[Path, ...], chain: tuple[str, ...]) -> Layout:
    if name in chain:
        raise LayoutError(f"layout {name!r} extends itself: {' -> '.join((*chain, name))}")
    path = _find(name, folders)
    data = _read(path)
    own = tuple(_checked(path, i, e) for i, e in enumerate(data.get("elements") or []))
    parent = data.get("extends")
    if not parent:
        return Layout(name, path, own, data.get("size"))
    base = _load(str(parent), folders, (*chain, name))
    return Layout(name, path, _merge(base.elements, own), data.get("size") or base.size)


def _find(name: str, folders: tuple[Path, ...]) -> Path:
    path = contained_file(list(folders), f"{name}.yaml")  # never outside the folders, never a FIFO
    if path is not None:
        return path
    searched = ", ".join(str(f) for f in folders) or "(no template folders)"
    raise LayoutError(f"layout {name!r} not found; searched: {searched}")


def _read(path: Path) -> dict[str, Any]:
    doc, problems = load_yaml(path)  # safe, with a budget on aliases
    if problems:
        raise LayoutError(f"{problems[0]}")
    data = doc.data or {}
    if not isinstance(data, dict):
        raise LayoutError(f"{path}: expected a mapping with 'elements', got {type(data).__name__}")
    unknown = set(data) - {"extends", "elements", "size", "description"}
    if unknown:
        raise LayoutError(f"{path}: unknown key(s) {', '.join(sorted(unknown))}; accepted: extends, elements, size, description")
    return data


def _checked(path: Path, index: int, element: Any) -> dict[str, Any]:
    if not isinstance(element, dict) or element.get("type") not in ELEMENT_TYPES:
        raise LayoutError(f"{path}: elements[{index}]: expected a mapping with type one of "
                          f"{', '.join(ELEMENT_TYPES)}, got {element!r}")
    return element


def _merge(base: tuple[dict[str, Any], ...], own: tuple[dict[str, Any], ...]) -> tuple[dict[str, Any], ...]:
    """Parent elements in order, each replaced by a child element with the same id; new ones last."""
    replacing = {e["id"]: e for e in own if "id" in e}
    merged = [replacing.pop(e["id"], e) if "id" in e else e for e in base]
    return tuple(merged + [e for e in own if "id" not in e or e["id"] in replacing])

