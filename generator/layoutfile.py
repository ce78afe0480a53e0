"""Layout files: `<name>.yaml` found in a game's template folders, `extends` resolved, elements checked.

See `generator.cardlayout` for the format; `load_layout` returns the resolved `Layout`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cards.errors import Problem
from cards.locations import Loc
from cards.paths import contained_file, template_dirs
from cards.wording import suggestion
from cards.yamlsrc import YamlDoc, load_yaml

from .errors import LayoutError, LayoutNotFound

# a layout value's Jinja2 expressions, `{{ card.name }}` and `{% if ... %}`
EXPRESSION = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)

ELEMENT_TYPES = ("rect", "circle", "text", "icon", "image", "line", "track")


@dataclass(frozen=True)
class Place:
    """Where something of a layout is written: the layout file and the path of its node in it."""

    doc: YamlDoc
    loc: Loc

    @property
    def key(self) -> Loc:
        """The node, known across loads of its file (a layout is read afresh each time it is loaded)."""
        return (str(self.doc.file), *self.loc)

    def problem(self, where: str, message: str, key: str | tuple[str, ...] | None = None) -> Problem:
        """A problem located at this node (or at its `key`, or a path of keys below it), reported under `where`."""
        keys = () if key is None else (key,) if isinstance(key, str) else key
        return replace(self.doc.problem((*self.loc, *keys), message), path=where)


@dataclass(frozen=True)
class Layout:
    """A resolved layout: its name, the file it came from and its elements (parents first), each
    beside the place it is written (`places`, empty for a layout built in code)."""

    name: str
    source: Path
    elements: tuple[dict[str, Any], ...]
    size: str | None = None
    places: tuple[Place, ...] = field(default=(), compare=False, repr=False)
    file_place: Place | None = field(default=None, compare=False, repr=False)
    # the files of the layouts it extends, nearest first (its parent, the parent's parent, ...)
    extended: tuple[Place, ...] = field(default=(), compare=False, repr=False)

    def place_of(self, element: dict[str, Any]) -> Place | None:
        """Where `element` is written (None when unknown)."""
        index = next((i for i, e in enumerate(self.elements) if e is element), None)
        return self.places[index] if index is not None and index < len(self.places) else None


class LayoutProblems(LayoutError):
    """Mistakes in one layout file, each located with its message; `partial` is the file's layout
    of its well-formed elements alone, whose keys a check can still look at."""

    def __init__(self, problems: list[Problem], partial: Layout):
        super().__init__(problems[0].message, problems[0])
        self.problems = problems
        self.partial = partial


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
    doc, elements, found = _read(path)
    own: list[Placed] = []
    for index, element in enumerate(elements):
        problem = _element_problem(doc, index, element)
        if problem:
            found.append(problem)
        else:
            own.append((element, Place(doc, ("elements", index))))
    found += _repeated_ids(doc, own)
    data = doc.data
    alone = Layout(name, path, tuple(e for e, _ in own), data.get("size"), tuple(p for _, p in own), Place(doc, ()))
    if found:  # every mistake of the file at once (audit: each one took a run of its own)
        raise LayoutProblems(found, alone)
    parent = data.get("extends")
    if not parent:
        return alone
    try:
        base = _load(str(parent), folders, (*chain, name))
    except LayoutError as exc:
        raise exc.located(doc.problem(("extends",), "")) from None
    merged = _merge(tuple(zip(base.elements, base.places, strict=True)), tuple(own))
    return Layout(name, path, tuple(e for e, _ in merged), data.get("size") or base.size,
                  tuple(p for _, p in merged), Place(doc, ()), tuple(p for p in (base.file_place, *base.extended) if p))


def _find(name: str, folders: tuple[Path, ...]) -> Path:
    path = contained_file(list(folders), f"{name}.yaml")  # never outside the folders, never a FIFO
    if path is not None:
        return path
    searched = ", ".join(str(f) for f in folders) or "(no template folders)"
    raise LayoutNotFound(name, searched)


def _read(path: Path) -> tuple[YamlDoc, list[Any], list[Problem]]:
    """The file's document, its elements, and what its top level says wrong (each problem with its
    message)."""
    from cards.paths import display_path

    # safe, with a budget on aliases; its problems name the file as the database's do: below the
    # working folder, relative to it (audit: absolute paths)
    doc, problems = load_yaml(path, display_path(path))
    if problems:
        raise LayoutError(problems[0].message, problems[0])
    if doc.data is None:
        doc.data = {}
    if not isinstance(doc.data, dict):
        raise LayoutError(f"expected a mapping with 'elements', got {type(doc.data).__name__}",
                          doc.problem((), ""))
    found = [doc.problem((key,), f"unknown key {key!r}{suggestion(str(key), LAYOUT_KEYS)}; "
                                 f"accepted: {', '.join(LAYOUT_KEYS)}")
             for key in sorted(set(doc.data) - set(LAYOUT_KEYS), key=str)]
    elements = doc.data.get("elements")
    if elements is not None and not isinstance(elements, list):
        found.append(doc.problem(("elements",), f"elements: expected a list of elements, got {type(elements).__name__}"))
        elements = None
    return doc, elements or [], found


LAYOUT_KEYS = ("extends", "elements", "size", "description")


def _element_problem(doc: YamlDoc, index: int, element: Any) -> Problem | None:
    """What makes the element no element of any type, if anything."""
    if not isinstance(element, dict):
        return doc.problem(("elements", index), f"elements[{index}]: expected a mapping with a type, got {element!r}")
    kind = element.get("type")
    if kind in ELEMENT_TYPES:
        return None
    hint = suggestion(str(kind), ELEMENT_TYPES) if kind is not None else ""
    return doc.problem(("elements", index, "type") if "type" in element else ("elements", index),
                       f"elements[{index}]: type {kind!r}{hint}; expected one of {', '.join(ELEMENT_TYPES)}")


Placed = tuple[dict[str, Any], Place]


def _repeated_ids(doc: YamlDoc, own: list[Placed]) -> list[Problem]:
    """Two elements of one file with the same id: only one would be drawn (an id names what a
    child layout replaces)."""
    first: dict[Any, int] = {}
    found = []
    for element, place in own:
        if "id" not in element:
            continue
        index = int(place.loc[-1])
        if element["id"] in first:
            found.append(doc.problem((*place.loc, "id"),
                                     f"elements[{index}]: id {element['id']!r} is already the id of elements"
                                     f"[{first[element['id']]}], and only one of them would be drawn; give each its own id"))
        else:
            first[element["id"]] = index
    return found


def _merge(base: tuple[Placed, ...], own: tuple[Placed, ...]) -> tuple[Placed, ...]:
    """Parent elements in order, each replaced by a child element with the same id; new ones last."""
    replacing = {e["id"]: (e, p) for e, p in own if "id" in e}
    merged = [replacing.pop(e["id"], (e, p)) if "id" in e else (e, p) for e, p in base]
    return tuple(merged + [(e, p) for e, p in own if "id" not in e or e["id"] in replacing])


def layout_folders(db: Any) -> list[Path]:
    """Where a game's layouts are searched, most specific first (a `cards.Database`)."""
    return template_dirs(db.folder.parent, db.id, db.folder)
