"""Compiled templates shared by environments and kept between runs.

A build renders the same templates many times, each time in a new environment (one per
database): the rulebook and each reference side for their cache keys, then again to lay them
out, per paper. Compiling is the expensive part (Halfwish's templates import 144 macros: 0.3 s
each time). `compiled_for(settings)` gives the Jinja2 bytecode cache of every environment with
those compile settings: in memory for the life of the process, and on disk between runs in
`templates/` of deckwright's own cache folder (`cards.paths.cache_dir`, created owner-only),
never in a game's folder, so a shared game never brings compiled code with it. An entry records
the template's name, file and a hash of its text, and Python's and Jinja2's versions: an edited
template or an upgrade compiles again.
A cache that cannot be read or written is passed over: templates then compile as usual.
"""

from __future__ import annotations

import hashlib
from typing import Any

import jinja2
from jinja2.bccache import Bucket

from .paths import cache_dir


class CompiledTemplates(jinja2.BytecodeCache):
    """The compiled code of templates by name, file and text; `disk` keeps it between runs."""

    def __init__(self, disk: jinja2.FileSystemBytecodeCache | None = None) -> None:
        self.compiled: dict[str, bytes] = {}
        self.disk = disk

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # a stale entry (the text changed) leaves it empty
            return
        if self.disk is None:
            return
        try:
            self.disk.load_bytecode(bucket)
        except (OSError, ValueError, EOFError, TypeError):
            bucket.reset()  # a damaged file: compile again (and write it anew)
        if bucket.code is not None:
            self.compiled[bucket.key] = bucket.bytecode_to_string()

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()
        if self.disk is not None:
            try:
                self.disk.dump_bytecode(bucket)
            except OSError:
                pass  # a full or read-only disk: the process still keeps it


_CACHES: dict[str, CompiledTemplates] = {}


def compiled_for(settings: tuple[Any, ...]) -> CompiledTemplates:
    """The cache of environments whose compile settings are `settings` (see the module docstring)."""
    name = hashlib.sha256(repr(settings).encode()).hexdigest()[:16]
    if name not in _CACHES:
        _CACHES[name] = CompiledTemplates(_disk(name))
    return _CACHES[name]


def _disk(name: str) -> jinja2.FileSystemBytecodeCache | None:
    folder = cache_dir() / "templates"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None  # no cache folder to be had: compile in memory only
    return jinja2.FileSystemBytecodeCache(str(folder), pattern=f"{name}-%s.cache")
