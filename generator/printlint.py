"""`lint_print(db)`: the printed-kit checks of `deckwright lint` beyond "can it be drawn":
legibility (`generator.legibility`) and parts that fit each other (`generator.fit`), every
finding a located `cards.Problem` naming the component, card and element."""

from __future__ import annotations

from dataclasses import replace

from cards import Database, DatabaseInvalid, Problem

from .errors import Finding, GeneratorError
from .legibility import Legible, legibility_findings


def print_problems(db: Database, legible: Legible | None = None) -> list[Problem]:
    """Every legibility and fit finding of the game's printed components (the cards and sheets
    `legible` knows read well, skipped)."""
    from .fit import fit_findings

    try:
        findings = [*legibility_findings(db, legible), *fit_findings(db)]
    except GeneratorError as exc:  # what the drawing check let through: a problem, never a traceback
        place = exc.place
        if place is None:
            return [Problem(db.folder / "game.yaml", None, None, "", exc.message)]
        return [Problem(place.file, place.line, place.column, "", exc.message, place.source_line)]
    return [_located(db, f) for f in findings]


def _located(db: Database, finding: Finding) -> Problem:
    """At the layout element the finding is about, or the token sheet's `fits:` key, else game.yaml."""
    place = finding.located
    if place is not None:
        return Problem(place.file, place.line, place.column, finding.where, finding.message, place.source_line)
    tokens = next((i for i, sheet in enumerate(db.tokens) if finding.where == f"tokens[{sheet.id}]"), None)
    found = db.problem_at("tokens", tokens, ("fits",), finding.message) if tokens is not None else None
    if found is not None:
        return replace(found, path=finding.where)
    return Problem(db.folder / "game.yaml", None, None, finding.where, finding.message)


def lint_print(db: Database) -> None:
    """Raise DatabaseInvalid listing every legibility and fit finding."""
    problems = print_problems(db)
    if problems:
        raise DatabaseInvalid(problems)
