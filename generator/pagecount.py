"""How many pages a PDF holds, without loading a PDF library for the files we write ourselves.

`deckwright build` reports every file's page count. reportlab writes one flat page tree, an
uncompressed `<< /Count N /Kids [...] /Type /Pages >>` dictionary, so the count is read from
the bytes; any other file (a single page-tree dictionary not found) is read with pypdf, whose
import alone costs a tenth of a one-card rebuild through the CLI.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

_PAGE_TREE = re.compile(rb"<<\s*/Count (\d+) /Kids \[[\d R\s]*\] /Type /Pages\s*>>")


def page_count(path: Path) -> int:
    """The number of pages of the PDF file at `path`."""
    found = _PAGE_TREE.findall(path.read_bytes())
    if len(found) == 1:
        return int(found[0])
    from pypdf import PdfReader

    reader: Any = PdfReader(path)  # pypdf types an object read from the file as any PDF object
    return int(reader.trailer["/Root"]["/Pages"]["/Count"])
