"""A card file written from its last build's bytes when only some pages' operators changed.

After a one-card edit the page store (`generator.pagecache`) replays every page of a card file
but the edited card's, yet reportlab still formats the whole file again: every page dictionary,
the fonts, the forms (a fifth of such a rebuild for a 500-card deck). A file drawn within a
named page store is written by `KitCanvas.save`, which notes a *record* of the file: for each
page its key, the document's state before it, a fingerprint of its page dictionary, and where
its operators (its content stream object) lie in the file's bytes; and for the whole document
the state after the last page and a fingerprint of what else it holds (metadata, object names).

The next build of the same file is *spliced* when it can only differ in some pages' streams:
the same number of pages, the same document fingerprint and final state, and every page whose
key changed was drawn in this build without defining a form, starts from the same state and
has the same page dictionary fingerprint. Fonts, their subsets, forms and page dictionaries are
then what reportlab would write again, byte for byte, so the file is the last one with the
changed content streams replaced, the cross-reference offsets moved and `startxref` updated
(a test compares spliced files with fresh builds). Otherwise the file is written as usual.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from .pagecache import PageEntry, PieceStore, active_file, page_entries
from .pagerecord import document_state

_FORMAT = 1  # of the record; a record of another format is not used


class KitCanvas(Canvas):  # type: ignore[misc]  # reportlab has no type hints
    """A canvas whose file is spliced from its last build's bytes when that gives the same bytes."""

    def save(self) -> None:
        if len(self._code):
            self.showPage()
        found = active_file()
        entries = page_entries(self)
        if found is None or len(entries) != len(self._doc.Pages.pages) or not hasattr(self._filename, "write"):
            super().save()
            return
        store, base, name, file = found
        facts = _Facts.of(self)
        old = _last_record(store, base, name)
        spliced = _splice(self, old, facts, entries, store) if old is not None else None
        record: dict[str, Any] | None
        if spliced is not None:
            data, record = spliced
        else:
            fingerprints = [facts.page(number) for number in range(len(entries))]  # before formatting adds to them
            data = self._doc.GetPDFData(self)  # what `Canvas.save` writes
            record = _record(self, data, facts, fingerprints, entries)
        self._doc._savedToFile = True
        self._filename.write(data)
        if record is not None:
            store.replace_piece(_record_key(base, name), json.dumps({**record, "file": file}).encode())


class _Facts:
    """What the document holds besides its page streams, and each page's dictionary."""

    def __init__(self, document: str, final: str, canvas: Canvas):
        self.document, self.final, self.canvas = document, final, canvas

    @classmethod
    def of(cls, canvas: Canvas) -> _Facts:
        doc = canvas._doc
        info = {k: v for k, v in vars(doc.info).items() if isinstance(v, (str, int, float, type(None)))}
        described = [info, sorted(doc.idToObject), canvas._pageCompression, rl_config.useA85,
                     bool(doc.Outlines.buildtree), doc._pdfVersion]
        return cls(_digest(described), document_state(canvas), canvas)

    def page(self, number: int) -> str:
        """A fingerprint of page `number`'s dictionary (everything of it but its operators)."""
        page = self.canvas._doc.Pages.pages[number]
        return _digest({name: _described(value) for name, value in sorted(vars(page).items()) if name != "stream"})


def _splice(canvas: Canvas, old: dict[str, Any], facts: _Facts, entries: Sequence[PageEntry | None],
            store: PieceStore) -> tuple[bytes, dict[str, Any]] | None:
    """The file's bytes from the last build's and the record of them, or None when they may differ."""
    pages = old["pages"]
    if old["document"] != facts.document or old["final"] != facts.final or len(pages) != len(entries):
        return None
    changed = [number for number, entry in enumerate(entries) if entry is None or entry.key != pages[number][0]]
    for number in changed:
        entry, (_, state, fingerprint, *_span) = entries[number], pages[number]
        if entry is None or not entry.drawn or entry.defines_forms or entry.state != state:
            return None
        if facts.page(number) != fingerprint or not canvas._doc.Pages.pages[number].compression:
            return None
    last = store.get_piece(old["file"])
    if last is None or len(last) != old["size"]:
        return None
    parts, moves, at = [], [], 0
    new_pages = [list(page) for page in pages]
    for number in sorted(changed, key=lambda n: pages[n][4]):
        entry, (_, _, _, object_number, start, end) = entries[number], pages[number]
        stream = _stream_object(canvas._doc.Pages.pages[number], object_number)
        parts += [last[at:start], stream]
        moves.append((start, len(stream) - (end - start)))
        at = end
        new_pages[number][0] = entry.key  # type: ignore[union-attr]  # checked above
    parts.append(last[at:old["xref"]])
    xref = sum(map(len, parts))
    parts.append(_moved_xref(last[old["xref"]:], moves, xref))
    data = b"".join(parts)
    for page in new_pages:
        page[4], page[5] = _moved(page[4], moves), _moved(page[5], moves)
        if not data.startswith(f"{page[3]} 0 obj\n".encode(), page[4]):
            return None  # never expected: the file is written as usual
    return data, {**old, "pages": new_pages, "xref": xref, "size": len(data)}


def _stream_object(page: Any, number: int) -> bytes:
    """Page `page`'s content stream as reportlab writes it as object `number` (as `PDFPage.check_format`
    and `PDFIndirectObject.format` do)."""
    stream = pdfdoc.PDFStream()
    stream.filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85 else [pdfdoc.PDFZCompress]
    stream.content = page.stream
    document = pdfdoc.PDFDocument()
    document.idToObjectNumberAndVersion["stream"] = (number, 0)
    return pdfdoc.PDFIndirectObject("stream", stream).format(document)  # type: ignore[no-any-return]


def _moved(offset: int, moves: Sequence[tuple[int, int]]) -> int:
    """Where a byte at `offset` of the last file is after the spliced streams grew or shrank."""
    return offset + sum(change for start, change in moves if start < offset)


_XREF_ENTRY = re.compile(rb"^(\d{10})( \d{5} n )$", re.MULTILINE)
_STARTXREF = re.compile(rb"\nstartxref\n\d+\n%%EOF\n$")


def _moved_xref(tail: bytes, moves: Sequence[tuple[int, int]], xref: int) -> bytes:
    """The cross-reference table and trailer with each object's offset moved, and `startxref` `xref`."""
    table = _XREF_ENTRY.sub(lambda m: b"%010d%s" % (_moved(int(m.group(1)), moves), m.group(2)), tail)
    return _STARTXREF.sub(b"\nstartxref\n%d\n%%%%EOF\n" % xref, table)


def _record(canvas: Canvas, data: bytes, facts: _Facts, fingerprints: Sequence[str],
            entries: Sequence[PageEntry | None]) -> dict[str, Any] | None:
    """The record of the file reportlab just formatted into `data` (None when a page was drawn
    without the page store, or its stream cannot be found)."""
    doc = canvas._doc
    numbers, offsets = doc.idToObjectNumberAndVersion, doc.idToOffset
    xref = data.rindex(b"\nxref\n") + 1
    pages = []
    for entry, fingerprint, page in zip(entries, fingerprints, doc.Pages.pages, strict=True):
        name = getattr(page.Contents, "__InternalName__", None)
        if entry is None or name not in numbers:
            return None
        number = numbers[name][0]
        following = doc.numberToId.get(number + 1)
        pages.append([entry.key, entry.state, fingerprint, number, offsets[name],
                      offsets[following] if following is not None else xref])
    return {"format": _FORMAT, "document": facts.document, "final": facts.final, "pages": pages,
            "xref": xref, "size": len(data)}


def _last_record(store: PieceStore, base: str, name: str) -> dict[str, Any] | None:
    data = store.get_piece(_record_key(base, name))
    try:
        record = json.loads(data) if data else None
    except ValueError:
        return None
    if not isinstance(record, dict) or record.get("format") != _FORMAT:
        return None
    return record


def _record_key(base: str, name: str) -> str:
    return hashlib.sha256(f"file record\0{base}\0{name}".encode()).hexdigest()


def _described(value: Any) -> Any:
    """A PDF object as plain JSON-able data (references by the name of what they refer to)."""
    if isinstance(value, pdfdoc.PDFObjectReference):
        return ["ref", value.name]
    if isinstance(value, pdfdoc.PDFArray):
        return [_described(item) for item in value.sequence]
    if isinstance(value, pdfdoc.PDFDictionary):
        return {str(k): _described(v) for k, v in value.dict.items()}
    if isinstance(value, (str, int, float, bool, type(None))):
        return value
    if isinstance(value, (list, tuple)):
        return [_described(item) for item in value]
    if isinstance(value, dict):
        return {str(k): _described(v) for k, v in value.items()}
    return [type(value).__name__, repr(value)]


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=repr).encode()).hexdigest()
