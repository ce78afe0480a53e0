"""Card sheets cached page by page: a one-card edit draws again only the sheet holding that card.

A card file is drawn page by page (`generator.imposition`). With a page store active (the render
cache sets one while it draws a kit file, `pages_from`), each page whose faces all carry a content
stamp is keyed by those stamps, the form each face is placed through, the sheet plan, the footer,
and the state of the PDF document the page is drawn into: the fonts registered so far, the
characters each font has encoded so far (reportlab numbers a font's characters in the order a
document first uses them), and the forms defined so far. A page found in the store is *replayed*:
the fonts, characters and forms it added to the document are added again in the same order, and
its recorded drawing operators are appended, so the file's bytes are exactly those of drawing it
(a test compares cached and uncached builds; the recording and replaying: `generator.pagerecord`).
A page that uses images, transparency, colour separations, shadings or annotations is always drawn.

A page that must be drawn (one of its faces changed) is drawn face by face: a face the pages
recorded before showed with the same stamp, in the same slot, on a document in the same state is
replayed from that page's operators (`cached_slot`), so a one-card edit draws one face, not the
nine of its sheet.

While a file is drawn, the stamps of the faces on its pages (drawn or replayed) are collected
(`pages_from` yields them): the render cache records them per kit file, and a face known to
have been drawn need not be draw-checked before a build (`is_checked`): the same stamp drew
without an error before.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from reportlab.pdfgen.canvas import Canvas

from .pagerecord import (
    PagePiece,
    PageRecorder,
    Watch,
    document_state,
    replay,
    replay_added,
    uses_only_replayed_resources,
)


class PieceStore(Protocol):
    """Where page pieces live (the render cache): bytes by key, and keys noted as used."""

    def get_piece(self, key: str) -> bytes | None: ...

    def put_piece(self, key: str, data: bytes) -> None: ...

    def replace_piece(self, key: str, data: bytes) -> None: ...


@dataclass
class _Active:
    store: PieceStore
    base: str  # a hash of the tool, the game's assets and the user's settings
    name: str = ""  # the kit file being drawn (`game/file name`)
    file: str = ""  # the store key its bytes will be kept under
    faces: set[str] = field(default_factory=set)  # the stamps of the faces on the pages drawn so far


@dataclass(frozen=True)
class PageEntry:
    """What the page store knows of one page of the file being drawn (`generator.filesplice`)."""

    key: str  # the page's key: its faces, forms, layout and the document's state before it
    state: str  # the document's state before it
    drawn: bool  # drawn in this build (not replayed)
    defines_forms: bool


_ACTIVE: contextvars.ContextVar[_Active | None] = contextvars.ContextVar("deckwright_pages", default=None)


@contextlib.contextmanager
def pages_from(store: PieceStore, base: str, name: str = "", file: str = "") -> Iterator[set[str]]:
    """Within the block, card pages are looked up in and stored into `store`; yields the set the
    stamps of the faces on those pages are collected in (each face drew without an error).
    `name` is the kit file being drawn and `file` the key its bytes are kept under: with both,
    the file may be written from the bytes of its last build (`generator.filesplice`)."""
    active = _Active(store, base, name, file)
    token = _ACTIVE.set(active)
    try:
        yield active.faces
    finally:
        _ACTIVE.reset(token)


def active_store() -> PieceStore | None:
    """The page store of the kit file being drawn; None when there is none (`--no-cache`)."""
    active = _ACTIVE.get()
    return None if active is None else active.store


def active_file() -> tuple[PieceStore, str, str, str] | None:
    """The page store, the game's base, the kit file's name and the key of its bytes, while a
    named kit file is drawn; otherwise None."""
    active = _ACTIVE.get()
    if active is None or not (active.name and active.file):
        return None
    return active.store, active.base, active.name, active.file


def page_entries(canvas: Canvas) -> list[PageEntry | None]:
    """What the page store knows of each page drawn on `canvas` so far, in order (None: a page
    drawn without it: unstamped faces, or what cannot be replayed)."""
    entries: list[PageEntry | None] = canvas.__dict__.setdefault("_deckwright_pages", [])
    return entries


def recalled(name: str) -> bytes | None:
    """What the last build noted under `name` (`note`) in the active store; None when nothing was
    noted or no store is active (`--no-cache`). A hint to start from, never an output."""
    active = _ACTIVE.get()
    return None if active is None else active.store.get_piece(_note_key(active.base, name))


def note(name: str, data: bytes) -> None:
    """Note `data` under `name` for the next build (replacing what was noted), when a store is active."""
    active = _ACTIVE.get()
    if active is not None:
        active.store.replace_piece(_note_key(active.base, name), data)


def _note_key(base: str, name: str) -> str:
    return hashlib.sha256(f"note\0{base}\0{name}".encode()).hexdigest()


def face_stamp(face: Any) -> str | None:
    """The content stamp a face carries (`stamped`), None when it has none."""
    return getattr(face, "stamp", None)


def stamped(face: Callable[..., None], stamp: str) -> Callable[..., None]:
    """`face`, carrying its content stamp so its pages can be cached."""
    face.stamp = stamp  # type: ignore[attr-defined]
    return face


# ------------------------------------------------------------------------------------ a page


def cached_page(canvas: Canvas, faces: Sequence[Any], names: Sequence[str | None], layout: Any,
                draw: Callable[[], None]) -> None:
    """Draw one page with `draw()` (no showPage), or replay it from the active page store.

    `faces` are the faces on the page and `names` the form each is placed through (None: drawn
    directly); `layout` is everything else the page shows (plan, boxes, footer), JSON-able."""
    active = _ACTIVE.get()
    stamps = [stamp for stamp in map(face_stamp, faces) if stamp is not None]
    entries = page_entries(canvas)
    if active is None or len(stamps) < len(faces):
        draw()
        entries.append(None)
        return
    state = document_state(canvas)
    key = _page_key(active.base, stamps, names, layout, state)
    data = None
    piece = _recalled_piece(active.store, key)
    if piece is None:
        data = active.store.get_piece(key)
        piece = PagePiece.from_bytes(data) if data is not None else None
        if piece is not None:
            _recall(active.store, key, piece)
    if piece is not None:
        replay(canvas, piece)
        active.faces.update(stamps)
        entries.append(PageEntry(key, state, False, bool(piece.forms)))
        return
    recorder = PageRecorder(canvas)
    try:
        draw()
    finally:
        canvas._deckwright_recorder = None
    active.faces.update(stamps)
    found = recorder.finish(canvas)
    if found is not None:  # (a damaged entry under the key is replaced)
        (active.store.put_piece if data is None else active.store.replace_piece)(key, found.to_bytes())
        _recall(active.store, key, found)
    entries.append(PageEntry(key, state, True, bool(found.forms)) if found is not None else None)


# Pages of a render cache folder, by key, as this process replayed or drew them: a page's key
# names its content (faces, forms, layout, the document's state), so what it holds never changes,
# and a rebuild in the same process (`build --watch`) replays the unchanged sheets without reading
# and decoding them again (111 of a 500-card deck's 112 pages after a one-card edit: 3 ms). Only
# for a store that names its folder (`where`); the store is told the page was used, and given
# it again if its entry has gone (a cache folder emptied meanwhile).
_RECALLED: dict[tuple[str, str], PagePiece] = {}
MAX_RECALLED = 4096


def _recalled_piece(store: PieceStore, key: str) -> PagePiece | None:
    where = getattr(store, "where", None)
    piece = _RECALLED.get((where, key)) if where is not None else None
    if piece is not None:
        if store.has_piece(key):  # type: ignore[attr-defined]  # a store with `where` has both
            store.keep_piece(key)  # type: ignore[attr-defined]
        else:
            store.put_piece(key, piece.to_bytes())
    return piece


def _recall(store: PieceStore, key: str, piece: PagePiece) -> None:
    where = getattr(store, "where", None)
    if where is None:
        return
    if len(_RECALLED) >= MAX_RECALLED:
        forget_recalled()
    _RECALLED[(where, key)] = piece
    for number, slot in enumerate(piece.slots):
        _SLOTS[where, slot[0]] = (piece, number)


def forget_recalled() -> None:
    """Forget the pages this process replayed or drew (tests: a new process, in effect)."""
    _RECALLED.clear()
    _SLOTS.clear()


def _page_key(base: str, stamps: Sequence[str], names: Sequence[str | None], layout: Any, state: str) -> str:
    text = json.dumps([base, list(stamps), list(names), layout, state], default=str)
    return hashlib.sha256(text.encode()).hexdigest()


# ---------------------------------------------------------------------------- a face on a page

# The faces of the pages this process replayed or drew, by slot key: (the page, which of its slots).
_SLOTS: dict[tuple[str, bytes], tuple[PagePiece, int]] = {}


def cached_slot(canvas: Canvas, face: Any, place: Any, draw: Callable[[], None]) -> None:
    """Draw one face of a page being drawn for the page store, or replay it from a page that showed it.

    `place` names the slot, JSON-able (the sheet plan, the boxes of the page's faces, which one);
    `draw()` draws the face there inside a saved graphics state, so that what follows it depends
    only on the document's state. A face placed through a form, one with no stamp, and one drawn
    outside a recorded page are simply drawn; so is one whose drawing added anything but fonts
    and characters to the document (a form, an image), or used transparency, separations,
    shadings or links (then it is not recorded either)."""
    recorder: PageRecorder | None = getattr(canvas, "_deckwright_recorder", None)
    active = _ACTIVE.get()
    stamp = face_stamp(face)
    if recorder is None or active is None or stamp is None or getattr(face, "form_name", None):
        draw()
        return
    doc = canvas._doc
    key = hashlib.sha256(json.dumps([active.base, stamp, place, document_state(canvas)]).encode()).digest()
    where = getattr(active.store, "where", None)
    found = _SLOTS.get((where, key)) if where is not None else None
    start = len(canvas._code)
    if found is not None:
        piece, number = found
        _, first, last, fonts, codes, used, version = piece.slots[number]
        replay_added(canvas, fonts, codes, piece.ops[first:last], used, version)
        recorder.slots.append([key, start, len(canvas._code), fonts, codes, used, version])
        return
    objects, forms = len(doc.idToObject), len(recorder.forms)
    watch = Watch(canvas)
    draw()
    added = watch.added(canvas)
    if len(doc.idToObject) != objects or len(recorder.forms) != forms or not uses_only_replayed_resources(canvas):
        return
    recorder.slots.append([key, start, len(canvas._code), added.fonts, added.codes, added.forms_used, added.version])
