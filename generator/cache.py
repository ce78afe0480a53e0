"""A content-addressed cache of rendered kit files (`OUT/.cache/`; `deckwright build --no-cache` skips it).

Each component PDF is stored under a hash of exactly what its bytes come from: the tool (the
source of `cards`, `generator`, `companion` and the reportlab version), the fonts and images the
game may use (by content; its Jinja2 templates and layouts only where they are read,
`fingerprints.assets_fingerprint`; read again only when a file's size, time or name changed,
`fingerprints.assets_signature`), the component's own inputs
(`generator.dependencies`: a card file its cards' content stamps, the rulebook the whole
database), the file's name (component and paper) and the user's duplex setting. The printed
version does not change when a card does (`generator.stamps.printed_version`), so a one-card
edit draws again only the files that print that card. PDFs are deterministic, so a hit gives
the very bytes a fresh render would (a test compares them). Components whose files all hit are
not drawn again to check them either: the same inputs passed the check before.

After each build, `prune` records the entries each file it wrote used (`index.json`) and removes
every entry no kit file uses any more, so the folder holds the last kit of each game and paper,
not every kit ever drawn.

Every entry ends with a CRC-32 of its bytes, checked whenever it is read: an entry damaged on
disk (a full disk, a bad copy, a stray edit) counts as missing and is drawn and stored again,
never copied into a kit.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import shutil
import stat
import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from cards import Database

from .build import Job, Renderer, temp_beside
from .dependencies import whole_database
from .fingerprints import (
    asset_files,
    assets_fingerprint,
    assets_signature,
    engine_fingerprint,
    tool_fingerprint,
)
from .pagecache import pages_from
from .userconfig import duplex_setting

CACHE_FOLDER = ".cache"
INDEX = "index.json"  # which entries each kit file used in its last build


class RenderCache:
    """Rendered files by key, one file each in `folder`."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._root = os.fspath(folder)
        self.rendered: list[str] = []  # the files drawn (not served from the cache), by name
        self._inputs: dict[int, tuple[Database, str]] = {}  # by database object, for one build
        self._templates: dict[int, tuple[Database, str]] = {}  # the same, of the templates alone
        self._used: dict[str, set[str]] = {}  # the keys each kit file (`game/file`) used in this build
        self._served: set[str] = set()  # the kit files served whole from the cache in this build
        self._pending: dict[str, bytes] = {}  # entries stored only once the build succeeded (`prune`)
        # what a killed build left while storing an entry or the index
        top = [entry.path for entry in _listing(self._root) if entry.name.startswith(".")]
        entries, hidden = self._entries()
        for leftover in [*hidden, *top]:
            _remove(Path(leftover))
        # the entries stored, as listed now and kept up to date by `_store` and `prune` (one listing
        # of the folder per cache, not one per build: a `--watch` session prunes after every
        # rebuild); one another process stores meanwhile is left for a later listing to find
        self._stored = set(entries)

    def start(self) -> None:
        """Forget the previous build (its drawn files and input hashes): a watch calls this per rebuild."""
        self.rendered.clear()
        self._inputs.clear()
        self._templates.clear()
        self._used.clear()
        self._served.clear()
        self._pending.clear()

    def use(self, slot: str, key: str) -> None:
        """Note that kit file `slot` (`game/file name`) used the entry `key` in this build."""
        self._used.setdefault(slot, set()).add(key)

    def prune(self) -> list[Path]:
        """After a build: each kit file it wrote now refers to the entries it used (`index.json`),
        and every entry no kit file refers to any more is removed; the entries removed.

        A file of another game, or of a paper or kind this build did not write, keeps its entries."""
        for key, data in self._pending.items():
            self._store(self.path(key), data, _check(data))
        index_path = self.folder / INDEX
        previous = self._read_index(index_path)
        # a file served whole from the cache keeps the pages it was assembled from, for the next edit
        used = {slot: keys | set(previous.get(slot, ())) if slot in self._served else keys
                for slot, keys in self._used.items()}
        index = {**previous, **{slot: sorted(keys) for slot, keys in used.items()}}
        # on one line: indented, `json` encodes in Python, not C (a millisecond of each rebuild)
        self._store(index_path, json.dumps(index, sort_keys=True, separators=(",", ":")).encode())
        referred = {key for keys in index.values() for key in keys}
        removed = sorted(entry for entry in self._stored if os.path.basename(entry) not in referred)
        for entry in removed:
            _remove(Path(entry))
        self._stored.difference_update(removed)
        return [Path(entry) for entry in removed]

    def _entries(self) -> tuple[list[str], list[str]]:
        """Every stored entry's path, and every file a killed build left while storing one.
        (`os.scandir`: a glob over thousands of entries costs as much as a whole cached rebuild.)"""
        entries: list[str] = []
        hidden: list[str] = []
        for folder in _listing(self._root):
            if len(folder.name) == 2 and folder.is_dir(follow_symlinks=False):
                for entry in _listing(folder.path):
                    (hidden if entry.name.startswith(".") else entries).append(entry.path)
        return entries, hidden

    @staticmethod
    def _read_index(path: Path) -> dict[str, list[str]]:
        try:
            index = json.loads(path.read_text())
        except (OSError, ValueError):
            return {}  # none yet, or unreadable: the entries this build used are kept, the rest go
        return index if isinstance(index, dict) else {}

    def base(self, db: Database) -> str:
        """What every entry of a game depends on: the tool, the game's assets and the user's duplex setting."""
        if id(db) not in self._inputs:
            duplex = duplex_setting()
            assets, templates = self._assets(db)
            text = f"{tool_fingerprint()}{engine_fingerprint(db.id)}\0{assets}\0{db.id}\0{duplex.flip}\0{duplex.offset_mm}\0{duplex.landscape_mm}"
            self._inputs[id(db)] = (db, hashlib.sha256(text.encode()).hexdigest())
            self._templates[id(db)] = (db, templates)
        return self._inputs[id(db)][1]

    def _assets(self, db: Database) -> tuple[str, str]:
        """`assets_fingerprint(db)`, remembered under the files' signature (`assets_signature`):
        files that kept their size and time are not read again."""
        files = asset_files(db)
        signature = assets_signature(files)
        if signature is None:  # a file changed just now: its time alone is not trusted
            return assets_fingerprint(db, files)
        self.use(f"{db.id}/#assets", signature)
        stored = self.read(signature)
        if stored is not None and len(parts := stored.decode("ascii", "replace").split()) == 2:
            return parts[0], parts[1]
        assets, templates = assets_fingerprint(db, files)
        self._pending[signature] = f"{assets} {templates}".encode()  # stored once the build succeeded
        return assets, templates

    def templates(self, db: Database) -> str:
        """The hash of the game's templates and layouts (`assets_fingerprint`), found with `base`."""
        self.base(db)
        return self._templates[id(db)][1]

    def key(self, db: Database, job: Job) -> str:
        """The key of one kit file: `base`, the component's inputs and the file's name (component and paper).

        A component's inputs can cost more to hash than a whole rebuild from the cache (the rulebook
        renders its text): the key found for the same database files is remembered under a quick
        key (`db.version`), so a build where nothing changed hashes no component."""
        quick = self._hash(self.base(db), self.templates(db), "quick", job.kind, job.path.name, db.version)
        self.use(f"{db.id}/{job.path.name}#quick", quick)  # replaced every build, never carried over
        remembered = self.read(quick)
        if remembered is not None:
            precise = remembered.decode("ascii", "replace")
            if self.has(precise):
                return precise
        depends = job.depends() if job.depends is not None else whole_database(db) + self.templates(db)
        precise = self._hash(self.base(db), job.kind, job.path.name, depends)
        self._pending[quick] = precise.encode()  # stored once the build succeeded: a failed one writes nothing
        return precise

    def text(self, db: Database, name: str, make: Callable[[Database], str]) -> str:
        """`make(db)`, remembered under the database's files and the game's `base`: the build
        manifest, made again only when something it can show changed."""
        key = self._hash(self.base(db), self.templates(db), "text", name, db.version)  # its stamps read the layouts
        store = self.pieces(f"{db.id}/{name}", deferred=True)
        stored = store.get_piece(key)
        if stored is not None:
            return stored.decode("utf-8")
        text = make(db)
        store.put_piece(key, text.encode("utf-8"))
        return text

    @staticmethod
    def _hash(*parts: str) -> str:
        return hashlib.sha256("\0".join(parts).encode()).hexdigest()

    def checked_faces(self, db: Database) -> Callable[[str], bool]:
        """Is a card face with this content stamp on a page of one of the game's kit files (so
        it drew without an error)? Each file drawn records the stamps of its faces (`renderer`)."""
        base = self.base(db)
        stamps: set[str] = set()
        for slot in self._read_index(self.folder / INDEX):
            if slot.startswith(f"{db.id}/"):
                # read, not used: the file that records them keeps its record (`prune`)
                recorded = self.read(_faces_key(base, slot))
                if recorded is not None:  # else none recorded yet
                    stamps.update(recorded.decode("ascii", "replace").split())
        return stamps.__contains__

    def pieces(self, slot: str, deferred: bool = False) -> _Pieces:
        """The page store of kit file `slot` (`generator.pagecache`): its pages are entries too.
        `deferred`: what is put is written only once the build succeeded (`prune`), so a build
        refused before drawing (a broken database) writes nothing at all."""
        return _Pieces(self, slot, deferred)

    def path(self, key: str) -> Path:
        return Path(self.file(key))

    def file(self, key: str) -> str:
        """`path` as text: a rebuild looks up thousands of entries, and `os.path` is far quicker than `Path`."""
        return os.path.join(self._root, key[:2], key)

    def has(self, key: str) -> bool:
        return os.path.isfile(self.file(key))

    def read(self, key: str) -> bytes | None:
        """The bytes stored under `key`; None when there are none, or they are damaged. Only a
        regular file is read (never through a link: one to /dev/zero would never end)."""
        try:
            fd = os.open(self.file(key), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:  # not stored (or a link, or not ours to read)
            return None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):  # a folder, a device
                return None
            parts, left = [], info.st_size
            while left > 0 and (part := os.read(fd, left)):
                parts.append(part)
                left -= len(part)
            return _unframed(b"".join(parts))
        except OSError:
            return None
        finally:
            os.close(fd)

    def renderer(self, key: str, render: Renderer, name: str = "", slot: str = "", base: str = "") -> Renderer:
        """`render`, but served from the cache when it holds `key`, and stored there when not;
        `slot` (`game/file name`) is the kit file that uses it (see `prune`). Drawn again, its card
        pages are looked up one by one (`base`: the game's `base`)."""
        def cached(out: BinaryIO) -> None:
            self.use(slot or name or key, key)
            stored = self.read(key)
            if stored is not None:
                out.write(stored)
                self._served.add(slot or name or key)
                return
            buffer = io.BytesIO()
            pieces = self.pieces(slot or name or key)
            with pages_from(pieces, base or key, slot or name or key, key) as faces:
                render(buffer)
            if faces:
                pieces.replace_piece(_faces_key(base or key, slot or name or key), "\n".join(sorted(faces)).encode())
            self.rendered.append(name or key[:8])
            data = buffer.getvalue()
            out.write(data)
            self._store(self.path(key), data, _check(data))
        return cached

    def _store(self, path: Path, data: bytes, check: bytes = b"") -> None:
        """Write `data`, then `check` (an entry's CRC, `_check`), as the file at `path`, in one rename."""
        tmp = ""
        try:
            fd, tmp = temp_beside(path)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.write(check)
            if path.is_dir() and not path.is_symlink():  # not an entry: nothing of ours to keep
                _remove(path)
            os.replace(tmp, path)
            if path.parent != self.folder:  # an entry, not the index (named as a listing names it)
                self._stored.add(self.file(path.name))
        except BaseException:  # Ctrl-C included: a half-stored entry is never left
            if tmp:
                Path(tmp).unlink(missing_ok=True)
            raise


def _remove(path: Path) -> None:
    """Remove what lies at an entry's place in the cache folder: a file, a link, or a folder."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


_CHECK = struct.Struct(">I")  # the CRC-32 that ends every entry


def _check(data: bytes) -> bytes:
    """The CRC-32 an entry of `data` ends with (`RenderCache._store` writes it after the data)."""
    return _CHECK.pack(zlib.crc32(data))


def _unframed(entry: bytes) -> bytes | None:
    """An entry's bytes without their check; None when the check does not match them."""
    data, check = entry[:-_CHECK.size], entry[-_CHECK.size:]
    if len(check) != _CHECK.size or _CHECK.unpack(check)[0] != zlib.crc32(data):
        return None
    return data


def _faces_key(base: str, slot: str) -> str:
    """The entry recording the stamps of the faces on kit file `slot`'s pages (`checked_faces`)."""
    return hashlib.sha256(f"faces\0{base}\0{slot}".encode()).hexdigest()


def _listing(folder: str) -> list[os.DirEntry[str]]:
    """What `folder` holds; nothing when it cannot be listed (missing, not a folder, not ours to read)."""
    try:
        with os.scandir(folder) as entries:
            return list(entries)
    except OSError:
        return []


def cached_jobs(cache: RenderCache | None, db: Database, jobs: list[Job]) -> list[Job]:
    """The jobs with their renderers served through `cache` (unchanged when there is none)."""
    if cache is None:
        return jobs
    return [dataclasses.replace(job, render=cache.renderer(cache.key(db, job), job.render, job.path.name,
                                                           f"{db.id}/{job.path.name}", cache.base(db))) for job in jobs]


class _Pieces:
    """The cached pages of one kit file, stored as entries of the render cache."""

    def __init__(self, cache: RenderCache, slot: str, deferred: bool = False):
        self.cache, self.slot, self.deferred = cache, slot, deferred
        self.where = cache._root  # the cache folder (`pagecache` keeps this process's pages by it)

    def has_piece(self, key: str) -> bool:
        return key in self.cache._pending or self.cache.has(key)

    def get_piece(self, key: str) -> bytes | None:
        if key in self.cache._pending:
            self.cache.use(self.slot, key)
            return self.cache._pending[key]
        data = self.cache.read(key)
        if data is not None:  # else not stored, or damaged: drawn and stored again
            self.cache.use(self.slot, key)
        return data

    def put_piece(self, key: str, data: bytes) -> None:
        self.cache.use(self.slot, key)
        if self.deferred:
            self.cache._pending[key] = data
            return
        if self.cache.read(key) is None:
            self.cache._store(self.cache.path(key), data, _check(data))

    def keep_piece(self, key: str) -> None:
        """Keep the entry `key` (if there is one) for later builds without reading it."""
        self.cache.use(self.slot, key)

    def replace_piece(self, key: str, data: bytes) -> None:
        """Store `data` under `key` even when the key holds something else (a note, not content)."""
        self.cache.use(self.slot, key)
        if self.deferred:
            self.cache._pending[key] = data
        elif self.get_piece(key) != data:
            self.cache._store(self.cache.path(key), data, _check(data))


def parts_to_check(cache: RenderCache | None, db: Database, jobs: list[Job]) -> set[str] | None:
    """The components `check_kit` must draw before the build: those of the jobs the cache does not
    hold (None: every component, when there is no cache)."""
    if cache is None:
        return None
    parts = {part for job in jobs if not cache.has(cache.key(db, job)) for part in job.checks or ("*",)}
    return None if "*" in parts else parts
