"""`deckwright lint`: validate card databases and report every problem, located."""

from __future__ import annotations

import re
import shlex
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from cards import CardsError, Database, DatabaseInvalid, Problem, cards_root, game_ids, load_game
from cards.paths import unread_game_notes

from .common import DataProblem, format_problems, get_context
from .screen import wrap_lines

if TYPE_CHECKING:
    from ..smoke import SmokeFailure


@click.command("lint")
@click.argument("games", nargs=-1)
def command(games: tuple[str, ...]) -> None:
    """Check the card database of GAMES (all games when none is given).

    Exits 0 when clean, 1 when any problem is found; every problem is listed
    with its file, line, column and field path.

    \b
    Example:
      deckwright lint heartstrings
    """
    root = cards_root(get_context().cards_dir)
    chosen = list(games) or game_ids(root)
    unread = [] if games else unread_game_notes(root)  # a named one is checked by check_game
    if not chosen and not unread:
        raise DataProblem(f"no games found in {root}")
    for gid in games:
        get_context().check_game(gid)
    failures = []
    for gid in chosen:
        db = None
        try:
            db = load_game(gid, root)
            notes = _check_kit(db)
        except DatabaseInvalid as exc:
            if db is None:  # the cards did not load: what the layout files say, in the same run
                exc = DatabaseInvalid([*exc.problems, *_layout_problems(root / gid, exc.rules)])
            else:  # rendering stops at a template's first unknown name: the others too, in this run
                exc = DatabaseInvalid([*exc.problems, *_other_rule_names(exc.problems, db)])
            failures.append(f"{gid}: {format_problems(exc)}" + "".join(f"\n{note}" for note in _empty_notes(db)))
            continue
        except CardsError as exc:
            failures.append(f"{gid}: {exc}")
            continue
        click.echo(f"{gid}: ok ({_version_label(db)})")  # as the pages print it, and which version it is (audits)
        for note in [*_empty_notes(db), *notes]:  # audit: an emptied card file, missing art passed without a word
            click.echo(note)
        if db.id != db.folder.name:
            click.echo(f"  note: folder {db.folder.name!r} holds game id {db.id!r}; commands find a game\n"
                       f"  by its folder: set `id: {db.folder.name}` in game.yaml or rename the folder")
    if failures or unread:
        raise DataProblem("\n".join([*failures, *unread]))


def _layout_problems(folder: Path, rules: Mapping[str, Any] | None) -> list[Problem]:
    """What the game's layout files say wrong, and, when its rules were read, the names its
    templates and layouts look up in them that are not there."""
    from generator.layoutlint import game_layout_problems
    from generator.templaterules import game_rule_name_problems

    return game_layout_problems(folder) + (game_rule_name_problems(folder, rules) if rules is not None else [])


def _other_rule_names(found: list[Problem], db: Database) -> list[Problem]:
    """The rules names the game's templates and layouts misspell that `found` (what rendering
    reported) does not name at their line."""
    from generator.templaterules import game_rule_name_problems

    def key(problem: Problem) -> tuple[str, int | None, str] | None:
        name = _UNKNOWN_RULE.search(problem.message)
        return (str(problem.file), problem.line, name.group(1)) if name else None

    known = {key(problem) for problem in found}
    return [problem for problem in game_rule_name_problems(db.folder, db.rules) if key(problem) not in known]


_UNKNOWN_RULE = re.compile(r"no rules parameter '([^']+)'")


def _version_label(db: Database) -> str:
    from generator.stamps import version_label

    return version_label(db)


def _empty_notes(db: Database | None) -> list[str]:
    """A note for each file that holds nothing: the reason a deck went missing, when one did."""
    return [f"  note: {name} holds nothing (it is empty or only comments)" for name in _empty_files(db)] if db else []


def _empty_files(db: Database) -> list[str]:
    """The database's YAML files that hold no value at all, by their names in the game's folder."""
    from cards.yamlsrc import load_yaml

    found = []
    for file in db.files:
        if file.suffix in (".yaml", ".yml"):
            doc, problems = load_yaml(file)
            if not problems and doc.data is None:
                found.append(file.relative_to(db.folder).as_posix())
    return found


def _check_kit(db: Database) -> list[str]:
    """Draw every component, render every template, check print legibility and fit; then play the
    game's engine a little. Notes on what prints but is not finished (art still to come)."""
    from generator.check import check_kit
    from generator.images import missing_art_note
    from generator.printlint import lint_print

    _check_engine_builds(db)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_kit(db, pages=True)
    lint_print(db)
    _check_engine(db)
    note = missing_art_note(caught)
    notes = [note] if note else []
    if _rulebook_is_empty(db):  # audit: accepted without a word
        notes.append(f"the rulebook template {db.rulebook.template} is empty: the rulebook prints no rules "
                     "(its title, print guide, components and rulings only)")
    return ["\n".join(wrap_lines(f"  note: {text}", hang=2)) for text in notes]


def _rulebook_is_empty(db: Database) -> bool:
    """Does the game's rulebook template hold nothing but spaces?"""
    from jinja2 import TemplateNotFound

    from generator.rulebook import template_environment

    env = template_environment(db)
    if env.loader is None:  # the environment always has the game's template folders
        return False
    try:
        source, _, _ = env.loader.get_source(env, db.rulebook.template)
    except TemplateNotFound:  # the check has said so already
        return False
    return not source.strip()


def _check_engine_builds(db: Database) -> None:
    """An engine that fails as Python imports it or as it is built, at its own line: the kit's
    checks would meet it in the rulebook's hook and blame the game's id (audit s26: a traceback)."""
    from ..engine.faults import source_line
    from ..engine.registry import build_engine, has_engine
    from ..errors import CompanionError, EngineBroken

    if not has_engine(db.id):
        return
    try:
        build_engine(db.id, db)
    except EngineBroken as exc:
        raise DatabaseInvalid([Problem(Path(exc.file), exc.line, None, "engine", exc.message,
                                       source_line(exc.file, exc.line))]) from None
    except CompanionError:  # an engine not registered rightly, or bad rules values: said below
        pass


def _check_engine(db: Database) -> None:
    """A few seeded games and the start of a table game, so lint refuses what sim or play would."""
    from ..engine.registry import build_engine, game_module, has_engine
    from ..errors import CompanionError
    from ..smoke import smoke_problems

    if not has_engine(db.id):
        return
    own_check = getattr(game_module(db.id), "lint_problems", None)   # rules only the game knows
    found = own_check(db) if own_check else []
    if found:
        raise DatabaseInvalid(found)
    try:
        problems = smoke_problems(build_engine(db.id, db))
    except CompanionError as exc:
        raise DatabaseInvalid([Problem(db.folder / "game.yaml", None, None, "engine", str(exc))]) from None
    if problems:
        raise DatabaseInvalid([_engine_problem(db, failure) for failure in problems])


def _engine_problem(db: Database, failure: SmokeFailure) -> Problem:
    """A smoke game's failure: at the engine's line when the engine's own code failed, with the
    command that replays the game (audit s26: blamed on game.yaml, with no way to replay it);
    else at game.yaml, whose values the engine could not use."""
    from ..engine.faults import then_run

    if failure.fault is None:
        return Problem(db.folder / "game.yaml", None, None, "engine", failure.message)
    return Problem(Path(failure.fault.file), failure.fault.line, None, "engine",
                   then_run(f"{failure.message}; replay it", _replay(db, failure)), failure.fault.source_line())


def _replay(db: Database, failure: SmokeFailure) -> str:
    """The `sim` command that plays the failing smoke game again (`play` for a table game that
    could not start)."""
    from ..engine.faults import replay_command
    from ..smoke import SMOKE_SEED

    cards_dir = get_context().cards_dir
    if failure.index is not None:
        return replay_command(db.id, SMOKE_SEED, failure.players, failure.index + 1, cards_dir=cards_dir)
    cards = f"--cards {shlex.quote(str(cards_dir))} " if cards_dir else ""
    return f"deckwright {cards}play {db.id} --players {','.join(f'P{s + 1}' for s in range(failure.players))}"
