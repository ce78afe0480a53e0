"""The kit's files besides the card sheets that print a changed rule: the reprint sheet names them.

A file prints a changed rule when it comes out differently with the earlier values of the rules
put back: the reference cards' text as their templates render it, a sheet's or token sheet's
layout inputs (the rules values it names, `generator.stamps.layout_inputs`). The rulebook prints
the rules, so it is always named. (The sixth-game audit: the sheet said "so may the reference
cards, boards and tokens" where the build can tell which.)
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from cards import Database
from cards.loader import Params

from .changes import Changes
from .errors import GeneratorError

_KINDS = ("cards", "tokens", "sheets", "reference", "rulebook")  # the cards' files only place tokens


def files_printing_changed_rules(db: Database, changes: Changes, paper: str) -> list[str]:
    """The names of the kit files of `paper` other than card files that print a rule `changes`
    lists (none when no rule changed), in build order."""
    if not changes.rules:
        return []
    from .build import kit_jobs

    earlier = _with_earlier_rules(db, changes.rules)
    return [job.path.name for job in kit_jobs(db, paper, Path("."), _KINDS)
            if job.kind == "rulebook" or (job.kind != "cards" and _prints_differently(db, earlier, job))]


def _with_earlier_rules(db: Database, rules: list[dict[str, Any]]) -> Database:
    """`db` with the earlier value of each changed rule (`Changes.rules`) put back."""
    from .manifest import flat_rules

    flat = flat_rules(db.rules)
    for rule in rules:
        if rule["old"] is None:  # added since: it was not there
            flat.pop(rule["rule"], None)
        else:
            flat[rule["rule"]] = rule["old"]
    nested: dict[str, Any] = {}
    for path, value in flat.items():
        *parents, name = path.split(".")
        place = nested
        for parent in parents:
            place = place.setdefault(parent, {})
        place[name] = value
    return replace(db, rules=Params(nested))


def _prints_differently(db: Database, earlier: Database, job: Any) -> bool:
    """Does the file of `job` (reference cards, a sheet, a token file) print differently with the
    earlier rules? Where that cannot be worked out, it counts as changed."""
    try:
        if job.kind == "reference":
            from .reference import reference_markdown

            sides = [side for card in db.references for side in (card.front, card.back) if side]
            return any(reference_markdown(db, side) != reference_markdown(earlier, side) for side in sides)
        from .stamps import layout_inputs

        layouts = _layouts(db, job.checks)
        return layout_inputs(db, layouts) != layout_inputs(earlier, layouts)
    except (GeneratorError, LookupError, ValueError, TypeError):  # the earlier rules do not fit a template
        return True


def _layouts(db: Database, checks: tuple[str, ...]) -> list[Any]:
    """The layouts of the components a file's checks name (`sheets[mat]`, `tokens[oil]`)."""
    from .layoutfile import layout_folders, load_layout

    items: list[Any] = [*db.sheets, *db.tokens]
    components = {item.id: item for item in items}
    names = [components[check.split("[", 1)[1].rstrip("]")].layout for check in checks if "[" in check]
    return [load_layout(name, layout_folders(db)) for name in names if name]
