"""Which card database a tournament plays: the game's folder as it is, with rules overridden
(`--set rules.health=20`), or as it was at a git revision (`--compare REF`).

A changed database travels as a *snapshot*: the text of each YAML file of the game's folder,
by relative path. Whoever plays the games (this process, a local worker, a Dask worker on
another machine) writes the snapshot to a private temporary folder and loads it with the
normal loader, so every override is validated (rule types, deck totals) exactly like an edit.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import yaml

from cards import load_game
from cards.errors import DatabaseInvalid
from cards.loader import Database, resolve_rule
from cards.paths import cards_root
from cards.revisions import NotInGit, RevisionError, files_at_revision

from .errors import BadReference, BalanceError

Snapshot = tuple[tuple[str, str], ...]   # (path relative to the game's folder, file text)
YAML_SUFFIXES = (".yaml", ".yml")


def game_folder(game: str, cards_dir: str | None) -> Path:
    """The folder of a game's card database."""
    return Path(cards_root(cards_dir)) / game


def snapshot_folder(folder: Path) -> Snapshot:
    """The YAML files of a game folder as a snapshot."""
    files = sorted(p for p in folder.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())
    return tuple((str(p.relative_to(folder)), p.read_text(encoding="utf-8")) for p in files)


def parse_value(text: str) -> Any:
    """A `--set` value as YAML reads it: `20` is an int, `0.5` a float, `true` a bool, else text."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


def with_overrides(snapshot: Snapshot, overrides: tuple[tuple[str, Any], ...]) -> Snapshot:
    """The snapshot with rules parameters replaced (`("rules.health", 20)`); an unknown path is a
    BalanceError naming the known top-level parameters."""
    if not overrides:
        return snapshot
    files = dict(snapshot)
    name = rules_file(files)
    data = yaml.safe_load(files[name])
    for path, value in overrides:
        set_rule(data["rules"], path, value)
    files[name] = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return tuple(sorted(files.items()))


def rules_file(files: dict[str, str]) -> str:
    """The file of the snapshot that holds the `rules:` section."""
    for name, text in sorted(files.items(), key=lambda item: item[0] != "game.yaml"):
        data = yaml.safe_load(text)
        if isinstance(data, dict) and isinstance(data.get("rules"), dict):
            return name
    raise BalanceError("this card database has no `rules:` section to change")


def rule_path(path: str) -> str:
    """A parameter's path as `--set` names it, `rules.` first (`health` -> `rules.health`)."""
    return path if path.split(".")[0] == "rules" else f"rules.{path}"


def set_rule(rules: dict[str, Any], path: str, value: Any) -> None:
    """Replace the parameter at a dotted path (`rules.` optional) that must already exist."""
    try:
        resolve_rule(rules, path)
    except KeyError:
        raise BalanceError(f"--set {path}: no such rules parameter; parameters: {', '.join(sorted(rules))}") from None
    parts = [p for p in path.split(".")]
    parts = parts[1:] if parts[0] == "rules" else parts
    holder = rules
    for part in parts[:-1]:
        holder = holder[part]
    holder[parts[-1]] = value


def snapshot_at_revision(folder: Path, revision: str) -> Snapshot:
    """The game folder's YAML files as they were at a git revision."""
    try:
        files = files_at_revision(folder, revision)
    except NotInGit:  # the advice of `changes` (a build's manifest) is not one balance can take
        raise BadReference(f"{revision}: {folder} is not in a git repository; compare with a report saved by "
                           f"`deckwright balance {folder.name} --json > FILE`") from None
    except RevisionError as exc:
        raise BadReference(f"{revision}: not a git revision of {folder}: {exc}") from None
    texts = [(name, content.decode("utf-8")) for name, content in files.items() if name.endswith(YAML_SUFFIXES)]
    if not texts:
        raise BadReference(f"{revision}: {folder.name} holds no card files at that revision")
    return tuple(sorted(texts))


class SnapshotInvalid(DatabaseInvalid):
    """A snapshot that does not load, with the folder its problems are located in (now removed)."""

    def __init__(self, problems: list[Any], root: Path):
        super().__init__(problems)
        self.root = root


def check_snapshot(game: str, snapshot: Snapshot, what: str, located: bool = True) -> None:
    """Load a snapshot now, so a database that does not load is refused before a game is played,
    as a BalanceError headed by `what` (`--set rules.health=abc`, `--compare HEAD~1`). Its problems
    name the file inside the game's folder (`game.yaml:16:3`), never the private folder the
    snapshot was written to; `located=False` leaves the file out (an override's line is in a file
    the designer never wrote)."""
    try:
        load_snapshot(game, snapshot)
    except SnapshotInvalid as exc:
        lines = []
        for problem in exc.problems:
            where = ""
            if located and problem.file.is_relative_to(exc.root):
                where = ":".join(str(x) for x in (problem.file.relative_to(exc.root), problem.line, problem.column)
                                 if x is not None) + ": "
            lines.append(f"{where}{problem.path}: {problem.message}" if problem.path else f"{where}{problem.message}")
        raise BalanceError(f"{what}: " + (lines[0] if len(lines) == 1 else "\n  " + "\n  ".join(lines))) from None


def load_snapshot(game: str, snapshot: Snapshot) -> Database:
    """Write a snapshot to a private folder, load it like any database, and remove the folder: a
    long-lived Dask worker kept one folder for every database it ever played."""
    with tempfile.TemporaryDirectory(prefix="deckwright-balance-") as folder:
        root = Path(folder)
        for name, text in snapshot:
            target = root / game / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        try:
            return load_game(game, root)
        except DatabaseInvalid as exc:
            raise SnapshotInvalid(exc.problems, root / game) from None
