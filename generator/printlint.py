"""`lint_print(db)`: the printed-kit checks of `deckwright lint` beyond "can it be drawn":
legibility (`generator.legibility`) and parts that fit each other (`generator.fit`), every
finding a located `cards.Problem` naming the component, card and element."""

from __future__ import annotations

from cards import Database, DatabaseInvalid, Problem

from .legibility import legibility_findings


def print_problems(db: Database) -> list[Problem]:
    """Every legibility and fit finding of the game's printed components."""
    from .fit import fit_findings

    findings = [*legibility_findings(db), *fit_findings(db)]
    return [Problem(db.folder / "game.yaml", None, None, f.where, f.message) for f in findings]


def lint_print(db: Database) -> None:
    """Raise DatabaseInvalid listing every legibility and fit finding."""
    problems = print_problems(db)
    if problems:
        raise DatabaseInvalid(problems)
