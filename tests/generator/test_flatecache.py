"""Compressed streams served from the page store on a cached rebuild (`generator.flatecache`)."""

from __future__ import annotations

import io
import zlib

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from generator.flatecache import RememberedFlate
from generator.pagecache import pages_from


class _Store:
    def __init__(self) -> None:
        self.pieces: dict[str, bytes] = {}
        self.reads: list[str] = []

    def get_piece(self, key: str) -> bytes | None:
        self.reads.append(key)
        return self.pieces.get(key)

    def put_piece(self, key: str, data: bytes) -> None:
        self.pieces[key] = data

    def replace_piece(self, key: str, data: bytes) -> None:
        self.pieces[key] = data


def _pdf() -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out, invariant=True)
    canvas.drawString(72, 720, "Strike for DV.")
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_reportlab_writes_through_the_remembering_filter_once_generator_is_imported():
    assert isinstance(pdfdoc.PDFZCompress, RememberedFlate)


def test_a_stream_is_compressed_once_then_served_from_the_store_with_the_same_bytes():
    flate, store = RememberedFlate(), _Store()
    text = "BT /F1 12 Tf 72 720 Td (Strike for DV.) Tj ET\n" * 40
    with pages_from(store, "base"):
        first = flate.encode(text)
        assert len(store.pieces) == 1 and first == zlib.compress(text.encode())
        (key,) = store.pieces
        store.pieces[key] = b"served"  # what the store holds is what comes back
        assert flate.encode(text) == b"served"
        assert flate.encode(text + " ") == zlib.compress((text + " ").encode())  # another stream: its own entry
    assert len(store.pieces) == 2


def test_without_a_store_it_is_plain_flate_and_stores_nothing():
    store = _Store()
    assert RememberedFlate().encode(b"abc" * 100) == zlib.compress(b"abc" * 100)
    assert store.reads == []


def test_a_pdf_written_with_a_store_has_the_bytes_of_one_written_without():
    store = _Store()
    plain = _pdf()
    with pages_from(store, "base"):
        stored = _pdf()
        again = _pdf()
    assert stored == plain == again
    assert store.pieces and len(store.reads) >= 2 * len(store.pieces)  # the second file read every stream back
