"""Compressed PDF streams remembered between builds, so a cached rebuild does not deflate again.

When a card file is drawn again (a one-card edit), every page but one is replayed from the page
store (`generator.pagecache`), yet reportlab still deflates each page's operators, the forms and
the embedded font subsets when it writes the file: a fifth of such a rebuild. While a page store
is active, `RememberedFlate` looks the compressed bytes up in that store under a hash of the
uncompressed bytes and the zlib version, and stores what it had to compress. zlib gives the same
output for the same input, level and version, so the file's bytes are those of compressing again
(the cached-against-uncached byte tests cover it). Without a store (`--no-cache`), it is plain
reportlab Flate.
"""

from __future__ import annotations

import hashlib
import zlib

from reportlab.pdfbase import pdfdoc

from .pagecache import active_store

_VERSION = f"flate\0{zlib.ZLIB_RUNTIME_VERSION}\0".encode()


class RememberedFlate(pdfdoc.PDFStreamFilterZCompress):  # type: ignore[misc]  # reportlab has no types
    """reportlab's Flate filter, served from the active page store when it holds the stream."""

    def encode(self, text: str | bytes) -> bytes:
        data = text.encode("utf8") if isinstance(text, str) else text  # as reportlab's filter does
        store = active_store()
        if store is None:
            return zlib.compress(data)
        key = hashlib.sha256(_VERSION + data).hexdigest()
        found = store.get_piece(key)
        if found is not None:
            return found
        compressed = zlib.compress(data)
        store.put_piece(key, compressed)
        return compressed


def install() -> None:
    """Make reportlab's Flate filter (a module global it reads while writing a file) remember streams."""
    if not isinstance(pdfdoc.PDFZCompress, RememberedFlate):
        pdfdoc.PDFZCompress = RememberedFlate()
