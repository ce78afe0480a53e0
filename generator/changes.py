"""What changed in a game between two builds: cards and rules added, removed and changed, and
decks' settings changed (a new colour restamps the deck's cards: `generator.stamps`).

The earlier state is a manifest (`OUT/<game>/manifest.json` of an earlier build) or a git
revision of the game's card folder, loaded from the repository as it was then and stamped with
today's layouts (so a git revision shows data edits; an earlier manifest shows layout edits too).
"""

from __future__ import annotations

import json
import tempfile
import textwrap
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cards import Database, DatabaseInvalid, load_game
from cards.revisions import NotAtRevision, RevisionError, files_at_revision
from cards.wording import plural

from .errors import GeneratorError
from .imagestamps import changed_images
from .manifest import MANIFEST, build_manifest, flat_rules


class ChangesError(GeneratorError):
    """The earlier state cannot be read (no such manifest or git revision): the REF given is wrong,
    a usage error (exit 2) where a command names it."""


@dataclass
class Changes:
    """The differences between an earlier manifest and the current one."""

    since: str
    added: list[dict[str, Any]] = field(default_factory=list)
    removed: list[dict[str, Any]] = field(default_factory=list)
    changed: list[dict[str, Any]] = field(default_factory=list)
    rules: list[dict[str, Any]] = field(default_factory=list)
    decks: list[dict[str, Any]] = field(default_factory=list)
    # the designer's `game: version:` then and now (None where not declared, or not recorded)
    versions: tuple[str | None, str | None] = (None, None)

    def reprint_ids(self) -> list[str]:
        """Cards to print again: added and changed ones."""
        return [c["id"] for c in self.added + self.changed]

    def as_dict(self) -> dict[str, Any]:
        return {"since": self.since, "cards": {"added": self.added, "removed": self.removed,
                                               "changed": self.changed}, "rules": self.rules,
                "decks": self.decks}


def earlier_manifest(db: Database, ref: str) -> dict[str, Any]:
    """The manifest `ref` names: a manifest file, or a git revision of the game's card folder."""
    path = Path(ref)
    if path.suffix == ".json" or path.is_file():
        if not path.exists():
            raise ChangesError(f"no manifest file {ref!r} (each build writes one: output/{db.id}/manifest.json, "
                               "or OUT/... with --out); copy it aside before you edit")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError:  # a PDF, an image: not the text of a manifest
            raise ChangesError(f"{ref!r} is not a manifest: a build's manifest.json is JSON text") from None
        except (OSError, ValueError) as exc:
            raise ChangesError(f"cannot read the manifest {ref!r}: {exc}") from None
        if not isinstance(data, dict) or "cards" not in data:
            raise ChangesError(f"{ref!r} is not a deckwright manifest (no 'cards')")
        problem = _manifest_problem(data)
        if problem:
            raise ChangesError(f"{ref!r} is not a deckwright manifest: {problem}")
        if data.get("game", db.id) != db.id:
            raise ChangesError(f"{ref!r} is the manifest of {data['game']!r}, not of {db.id!r}")
        return data
    return _manifest_at(db, ref)


def _manifest_problem(data: dict[str, Any]) -> str | None:
    """What is wrong with a manifest's shape (a file edited by hand, another tool's JSON); None if nothing."""
    cards, rules = data["cards"], data.get("rules", {})
    if not isinstance(cards, list):
        return "'cards' is not a list"
    for number, card in enumerate(cards):
        if not isinstance(card, dict) or not isinstance(card.get("id"), str):
            return f"card {number + 1} has no id"
        if not isinstance(card.get("fields", {}), dict):
            return f"card {card['id']!r}: 'fields' is not a mapping"
    if not isinstance(rules, dict):
        return "'rules' is not a mapping"
    return None


def _manifest_at(db: Database, ref: str) -> dict[str, Any]:
    """The manifest of the game's database as its card folder was at git revision `ref`, made while
    the folder is written out: its stamps read its own layouts (audit: made after the folder was
    gone, a game with a templates/ folder of its own found no layout)."""
    try:
        files = files_at_revision(db.folder, ref)
    except NotAtRevision as exc:  # audit: a valid revision was said not to be one
        raise ChangesError(f"{exc}; compare with an earlier build's manifest.json instead") from None
    except RevisionError as exc:
        raise ChangesError(f"{ref!r} is not a manifest file and not a git revision: {exc}") from None
    with tempfile.TemporaryDirectory(prefix="deckwright-since-") as tmp:
        root = Path(tmp) / db.folder.name
        for name, content in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(content)
        if not (root / "game.yaml").is_file():
            raise ChangesError(f"{db.id} has no game.yaml at revision {ref!r}")
        try:
            return build_manifest(load_game(root.name, root.parent))
        except DatabaseInvalid as exc:  # named as git names a file at a revision, not by the folder made for it
            problems = [replace(problem, file=Path(f"{ref}:{_at_revision(problem.file, root)}"))
                        for problem in exc.problems]
            raise ChangesError(f"the card folder at revision {ref!r} has problems, so it cannot be compared:\n"
                               + "\n".join(f"  {problem}" for problem in problems)) from None


def _at_revision(file: Path, root: Path) -> str:
    """`file`, written out from a revision into `root`, as the game folder's own name for it."""
    try:
        return (root.name / Path(file).resolve().relative_to(root.resolve())).as_posix()
    except ValueError:
        return str(file)


def compare(old: dict[str, Any], new: dict[str, Any], since: str) -> Changes:
    """Cards (by id) and rules (by dotted path) added, removed and changed from `old` to `new`."""
    changes = Changes(since)
    before = {c["id"]: c for c in old.get("cards", [])}
    after = {c["id"]: c for c in new.get("cards", [])}
    changes.added = [_brief(c) for i, c in after.items() if i not in before]
    changes.removed = [_brief(c) for i, c in before.items() if i not in after]
    for card_id, card in after.items():
        if card_id in before and before[card_id] != card:
            diffs = _field_changes(before[card_id], card)
            if diffs:
                changes.changed.append({**_brief(card), "old_stamp": before[card_id].get("stamp"), "fields": diffs})
    changes.rules = _rule_changes(old.get("rules", {}), new.get("rules", {}))
    changes.decks = _deck_changes(old, new)
    changes.versions = (old.get("game_version"), new.get("game_version"))
    return changes


def unbumped_version(db: Database, changes: Changes) -> str | None:
    """A warning when the rules changed but the declared `game: version:` did not (so the new
    rulebook prints the version the old copies print); None otherwise, or when the earlier
    manifest does not record the version."""
    old, new = changes.versions
    if not changes.rules or old is None or old != new:
        return None
    message = (f"the rules changed since {changes.since} but the version is still {new!r}: bump it "
               "so printed copies can be told apart")
    problem = db.problem_at("game", -1, ("version",), message)
    return str(problem) if problem else f"game.version: {message}"


_MISSING = object()


def _rule_changes(old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """Each rule (dotted path) added, removed or changed, as {rule, old, new}."""
    return [{"rule": path, "old": old.get(path), "new": new.get(path)} for path in sorted(old.keys() | new.keys())
            if old.get(path, _MISSING) != new.get(path, _MISSING)]


def unbumped_since_last_build(db: Database, folder: Path) -> str | None:
    """`unbumped_version` since the build whose manifest is in kit folder `folder` (read before
    this build replaces it); None when the game declares no version or there is no such manifest."""
    if not db.meta.version:
        return None
    try:
        old = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(old, dict) or not isinstance(old.get("rules"), dict):
        return None
    new_rules = json.loads(json.dumps(flat_rules(db.rules), default=str))
    changes = Changes("the last build", rules=_rule_changes(old["rules"], new_rules),
                      versions=(old.get("game_version"), str(db.meta.version)))
    return unbumped_version(db, changes)


def _deck_changes(old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """Each changed setting of a deck in both manifests, as {deck, setting, old, new} (a manifest
    written before decks' settings were recorded has none, and shows none)."""
    def settings(manifest: dict[str, Any]) -> dict[str, dict[str, Any]]:
        return {c["id"]: c["settings"] for c in manifest.get("components", [])
                if c.get("kind") == "deck" and isinstance(c.get("settings"), dict)}

    before, after = settings(old), settings(new)
    return [{"deck": deck, "setting": key, "old": old_value, "new": new_value}
            for deck in after if deck in before
            for key, old_value, new_value in _changed_settings(before[deck], after[deck])]


def _changed_settings(old: dict[str, Any], new: dict[str, Any], within: str = "") -> list[tuple[str, Any, Any]]:
    """(dotted setting, old, new) of every setting that differs; a mapping in both (a deck's `back`)
    by its own keys (designer audit: a new back label was shown as two dumps of the whole back)."""
    found: list[tuple[str, Any, Any]] = []
    for key in sorted(old.keys() | new.keys()):
        was, now = old.get(key, _MISSING), new.get(key, _MISSING)
        if was == now:
            continue
        if isinstance(was, dict) and isinstance(now, dict):
            found += _changed_settings(was, now, f"{within}{key}.")
        else:
            found.append((f"{within}{key}", None if was is _MISSING else was, None if now is _MISSING else now))
    return found


def _brief(card: dict[str, Any]) -> dict[str, Any]:
    return {key: card.get(key) for key in ("id", "deck", "name", "count", "stamp", "source")}


def _field_changes(old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """Each changed field as {field, old, new}; a face changed only by its layout or rules shows as `stamp`.

    `place` (`01/05`, the card's number in its deck and the deck's size, which its corner prints)
    tells why a card restamps when another is added or removed; a manifest written before places
    were recorded has none, and is compared without them."""
    keys = ("name", "count", "deck", *(("place",) if "place" in old and "place" in new else ()))
    diffs = [{"field": key, "old": old.get(key), "new": new.get(key)} for key in keys if old.get(key) != new.get(key)]
    old_fields, new_fields = old.get("fields", {}), new.get("fields", {})
    diffs += [{"field": key, "old": old_fields.get(key), "new": new_fields.get(key)}
              for key in sorted(old_fields.keys() | new_fields.keys()) if old_fields.get(key) != new_fields.get(key)]
    if not diffs and old.get("stamp") != new.get("stamp"):
        diffs.append({"field": "stamp", "old": old.get("stamp"), "new": new.get("stamp")})
        if images := changed_images(old, new):  # new art in a file of the card's own (`imagestamps`)
            diffs[-1]["images"] = images
    return diffs


def changes_since(db: Database, ref: str) -> Changes:
    """What changed in `db` since `ref` (a manifest file or a git revision)."""
    changes = compare(earlier_manifest(db, ref), build_manifest(db), ref)
    if changes.rules:
        _name_rules_of_stamps(db, changes)
    return changes


def _name_rules_of_stamps(db: Database, changes: Changes) -> None:
    """On each card changed only in its stamp, the changed rules its fields or layouts name
    (`rules` of its `stamp` entry): `describe` names them instead of guessing why (audit)."""
    from .stamps import rules_named

    changed = [r["rule"] for r in changes.rules]
    cards = {card.id: (card, deck) for deck in db.decks for card in deck.cards}
    for entry in changes.changed:
        stamp = next((d for d in entry["fields"] if d["field"] == "stamp"), None)
        if stamp is not None and entry["id"] in cards:
            named = rules_named(db, *cards[entry["id"]])
            stamp["rules"] = [rule for rule in changed if any(_same_rule(rule, name) for name in named)]


def _same_rule(changed: str, named: str) -> bool:
    """Does a text naming `rules.<named>` print the changed rule `changed` (either may be the
    other's part: `rules.dice` prints `dice.attack`)?"""
    return changed == named or changed.startswith(named + ".") or named.startswith(changed + ".")


def describe(changes: Changes, game: str, width: int | None = None) -> list[str]:
    """The changes as lines a designer reads, a changed card followed by its fields. With `width`
    (a terminal's 80 columns) a change too long for one line is wrapped, its new value under the
    old one after `->`, and no value is cut."""
    total = len(changes.added) + len(changes.removed) + len(changes.changed) + len(changes.rules) + len(changes.decks)
    lines = [f"{game}: {plural(total, 'change')} since {changes.since}"]
    for d in changes.decks:
        lines += _old_to_new(f"  ~ deck {d['deck']}: {d['setting']}: ", d["old"], d["new"], width)
    for sign, cards in (("+", changes.added), ("-", changes.removed)):
        lines += [_card_heading(sign, c) for c in cards]
    restyled = {d["deck"] for d in changes.decks}  # decks whose settings changed: listed above
    for card in changes.changed:
        lines.append(_card_heading("~", card))
        for d in card["fields"]:
            lines += _old_to_new(f"      {d['field']}: ", d["old"], d["new"], width,
                                 _stamp_reason(d, card.get("deck") in restyled) if d["field"] == "stamp" else "")
    for r in changes.rules:
        lines += _old_to_new(f"  ~ rule {r['rule']}: ", r["old"], r["new"], width)
    return lines


def _card_heading(sign: str, card: dict[str, Any]) -> str:
    """`  + card spark (race) deck.yaml:12`: what a manifest does not say is left out (audit: a
    hand-edited manifest's card printed `(None)`)."""
    deck = f" ({card['deck']})" if card.get("deck") else ""
    return f"  {sign} card {card['id']}{deck} {card.get('source') or ''}".rstrip()


STAMP_REASON = " (its layout, art, deck or a rule changed)"  # a stamp changes with no field for no other reason


def _stamp_reason(change: dict[str, Any], deck_changed: bool = False) -> str:
    """Why a card's stamp changed: the changed rules it prints, its changed art or its deck's
    changed settings, when they are known."""
    rules, images = change.get("rules"), change.get("images")
    if images:
        return f" (its art changed: {', '.join(images)})"
    if deck_changed and not rules:  # designer audit: the reason did not say which it was
        return " (its deck's settings changed)"
    if not rules:
        return STAMP_REASON
    return f" (it prints {'rules' if len(rules) > 1 else 'rule'} {', '.join(rules)}, which changed)"


def _old_to_new(lead: str, old: Any, new: Any, width: int | None, note: str = "") -> list[str]:
    """`lead old -> new note` on one line when it fits `width`, else the old value wrapped after
    `lead` and the new one on the lines below it, after `->`."""
    line = f"{lead}{_show(old)} -> {_show(new)}{note}"
    if width is None or len(line) <= width:
        return [line]
    indent = " " * (len(lead) - len(lead.lstrip()) + 2)
    wrap = textwrap.TextWrapper(width, subsequent_indent=indent + "   ", break_long_words=False,
                                break_on_hyphens=False)
    first = wrap.wrap(f"{lead}{_show(old)}")
    wrap.initial_indent = indent
    return [*first, *wrap.wrap(f"-> {_show(new)}{note}")]


def _show(value: Any) -> str:
    return "(none)" if value is None else json.dumps(value, ensure_ascii=False)
