"""reportlab's Paragraph module, imported with its one costly pattern compiled on first use.

`reportlab.platypus.paragraph` compiles, as it is imported, a case-insensitive URL pattern over
the whole Basic Multilingual Plane (`uri_pat`), which only its `<a>` link shortening reads: about
20 ms, the largest single cost of importing reportlab and a twentieth of a `deckwright build`
that draws one card (issue 13). No text of ours asks for it. Importing the module through
`import_paragraph()` leaves that one pattern as a stand-in that compiles it, with the same
arguments, the first time it is used; every other pattern is compiled as reportlab asks.
"""

from __future__ import annotations

import re
from typing import Any

# The start of reportlab's URL pattern (reportlab 4.x, `paragraph.uri_pat`).
URI_PATTERN_START = "(^(?:[a-z0-9\\.\\-\\+]*)://)"


class PatternOnFirstUse:
    """Stands in for a compiled pattern: compiles it the first time any attribute is read."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._arguments = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(*self._arguments)
        return getattr(self._compiled, name)


def import_paragraph() -> None:
    """Import `reportlab.platypus.paragraph` (once) with its URL pattern compiled on first use."""
    import sys

    if "reportlab.platypus.paragraph" in sys.modules:
        return
    compile_now = re.compile

    def compile_unless_url(pattern: Any, flags: int = 0) -> Any:
        if isinstance(pattern, str) and pattern.startswith(URI_PATTERN_START):
            return PatternOnFirstUse(pattern, flags)
        return compile_now(pattern, flags)

    re.compile = compile_unless_url
    try:
        import reportlab.platypus.paragraph  # noqa: F401
    finally:
        re.compile = compile_now
