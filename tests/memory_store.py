"""A piece store in memory, as the render cache is to a parse or page store (tests)."""

from __future__ import annotations


class MemoryStore:
    """Pieces by key; `entries` shows what was stored."""

    def __init__(self) -> None:
        self.entries: dict[str, bytes] = {}

    def get_piece(self, key: str) -> bytes | None:
        return self.entries.get(key)

    def put_piece(self, key: str, data: bytes) -> None:
        self.entries[key] = data

    def replace_piece(self, key: str, data: bytes) -> None:
        self.entries[key] = data
