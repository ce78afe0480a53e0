"""The rulebook: a Markdown + Jinja2 template rendered with the card database, laid out as a PDF.

The template (`rulebook.template` in the database, default `rulebook.md.j2`) is looked up
in `cards.paths.template_dirs` and rendered in Jinja2's immutable sandbox with
`game, rules, rulings, decks, sheets, tokens, dice, references, db, version`, the helpers
listed in `TEMPLATE_HELPERS`, and whatever the game's optional
the game engine's `rulebook_context(db)` hook returns (found through `companion.engine.registry`) (worked examples computed by the engine).

Every ruling of the database is printed: where the template calls `{{ rulings_section() }}`,
or, if it does not, as a last chapter.
"""

from __future__ import annotations

import math
import re
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import jinja2
from jinja2.exceptions import SecurityError

from cards import Database
from cards.paths import template_dirs
from cards.sandbox import BudgetedSandbox, ContainedLoader, TemplateBudgetError
from cards.texts import card_text, render_text
from cards.undefined import NamingUndefined
from cards.units import MM
from cards.wording import plural
from cards.yamlsrc import not_utf8

from .dbmemo import per_database
from .errors import EngineCannotUse, GeneratorError, engine_problem
from .stamps import printed_version
from .templatesyntax import later_syntax_errors

PRODUCER = "deckwright"
# Rulebook pages: wide side margins keep lines near 90 characters at the body size.
PAGE_MARGINS = {"left": 24 * MM, "right": 24 * MM, "top": 20 * MM, "bottom": 22 * MM}
TOC_LEVELS = 2  # h1 and h2 appear in the contents


class RulebookError(GeneratorError):
    """A rulebook or reference template cannot be found, parsed or rendered."""


class TemplateNotFound(RulebookError):
    """No template folder holds the template `name` (lint locates it at the key naming it)."""

    def __init__(self, name: str, searched: str):
        super().__init__(f"template {name!r} not found; searched: {searched}")
        self.name = name


class TemplateSecurityError(RulebookError):
    """A template tried to reach Python internals the sandbox does not allow."""


# --- rendering the template -------------------------------------------------------------


def signed(value: float) -> str:
    """`+2` for 2, `-1` for -1: how buffs are printed."""
    return f"{value:+g}"


def and_list(items: Iterable[Any], word: str = "and") -> str:
    """`3, 6 and 9`: a list as a phrase."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {word} {words[-1]}"


TEMPLATE_HELPERS: dict[str, Callable[..., Any]] = {
    "ceil": math.ceil, "floor": math.floor, "signed": signed, "and_list": and_list, "plural": plural,
    # card and glossary texts that name rule numbers: `render_text(text, rules)`, `card_text(card, rules)`
    "render_text": render_text, "card_text": card_text,
}


def template_environment(db: Database) -> BudgetedSandbox:
    """A sandboxed Jinja2 environment (with budgets) searching the game's template folders."""
    root = db.folder.parent
    env = BudgetedSandbox(
        loader=ContainedLoader([str(d) for d in template_dirs(root, db.id, db.folder)]),
        undefined=NamingUndefined, autoescape=False, keep_trailing_newline=True,
        trim_blocks=True, lstrip_blocks=True,
    )
    env.filters.update(TEMPLATE_HELPERS)
    env.globals.update(TEMPLATE_HELPERS)
    return env


def base_context(db: Database) -> dict[str, Any]:
    """What every rulebook and reference template sees, plus the game's computed extras."""
    context: dict[str, Any] = {
        "game": db.meta, "rules": db.rules, "rulings": db.rulings, "decks": db.decks,
        "sheets": db.sheets, "tokens": db.tokens, "dice": db.dice, "references": db.references,
        "db": db, "version": printed_version(db),
    }
    context["copies"] = lambda reference: reference_copies(db, reference)
    context.update(game_rulebook_context(db))
    return context


def reference_copies(db: Database, reference: Any) -> int:
    """How many of `reference` the kit prints: its `count`, or one per seat (`players_max`)."""
    return db.meta.players.max if reference.count == "players_max" else int(reference.count)


# A game's hook can be slow (Halfwish's costs about a third of a second) and a kit calls it for
# every rulebook and reference side, so its result is kept per database folder and version.
_HOOK_CONTEXTS: dict[tuple[str, str, str], dict[str, Any]] = {}


def game_rulebook_context(db: Database) -> dict[str, Any]:
    """Extra context from the game engine's `rulebook_context(db)` hook, if the game has one.

    Computed once per (game, folder, version) of the database; each call gets its own dict."""
    folder, version = getattr(db, "folder", None), getattr(db, "version", None)
    if folder is None or version is None:
        return _hook_context(db)
    key = (db.id, str(folder), str(version))
    if key not in _HOOK_CONTEXTS:
        _HOOK_CONTEXTS[key] = _hook_context(db)
    return dict(_HOOK_CONTEXTS[key])


def _hook_context(db: Database) -> dict[str, Any]:
    # Through the engine registry, like every other user of a game package (a game kept outside
    # the repository and registered with DECKWRIGHT_ENGINES gets its rulebook context too). A game
    # without an engine is told by its id, without importing the engine core (issue 13).
    from companion.gameids import has_engine

    if not has_engine(db.id):
        return {}
    module = _engine_module(db)
    name = module.__name__
    hook = getattr(module, "rulebook_context", None)
    if hook is None:
        return {}
    try:
        extra = hook(db)
    except Exception as exc:  # raised again unless the engine could not use the database
        problem = engine_problem(db, exc)
        if problem is None:
            raise
        raise problem from None
    if not isinstance(extra, dict):
        raise RulebookError(f"{name}.rulebook_context returned {type(extra).__name__}, expected a dict")
    return extra


def _engine_module(db: Database) -> Any:
    """The game's registered engine module; one that cannot be imported, or registered where no
    ENGINE is (`my_pkg.engine`, whose hook is not there either), is a problem at the game's id."""
    from companion.engine.registry import engine_class, game_module
    from companion.errors import UnknownEngine

    try:
        module = game_module(db.id)
        if not hasattr(module, "rulebook_context") and not hasattr(module, "ENGINE"):
            engine_class(db.id)  # says what to register instead
    except UnknownEngine as exc:
        raise EngineCannotUse(str(exc), db.problem_at("game", -1, ("id",), "")) from None
    return module


def render_template(env: jinja2.Environment, context: dict[str, Any], *, name: str | None = None,
                    source: str | None = None, label: str = "") -> str:
    """Render a template file (`name`) or inline `source`, turning Jinja2 errors into RulebookError."""
    where = name or label or "<inline template>"
    try:
        template = env.get_template(name) if name else env.from_string(source or "")
        return template.render(context)
    except jinja2.TemplateNotFound as exc:
        searched = ", ".join(str(p) for p in getattr(env.loader, "searchpath", [])) or "(no folders)"
        if name is not None and exc.name != name:  # one it includes: at the line that includes it (audit)
            raise RulebookError(f"{_located(where, exc)}: template {exc.name!r} not found; searched: {searched}") from None
        raise TemplateNotFound(str(exc.name), searched) from None
    except jinja2.TemplateSyntaxError as exc:  # with the later chapters' own (audit s26: one a run)
        raise _syntax_error(exc, where).with_also([_syntax_error(later, where)
                                                   for later in later_syntax_errors(env, exc)]) from None
    except TemplateBudgetError as exc:
        raise RulebookError(f"{_located(where, exc)}: {exc}") from None
    except SecurityError as exc:
        raise TemplateSecurityError(
            f"{_located(where, exc)}: the template tried an unsafe operation ({exc}); "
            "templates may read the database but not Python internals") from None
    except jinja2.UndefinedError as exc:
        raise RulebookError(f"{_written_at(where, exc)}: {exc.message}{_unregistered_hint(context, exc)}") from None
    except UnicodeDecodeError as exc:  # a template file saved as Latin-1, say: said as for YAML (audit)
        found = not_utf8(Path(_file_being_read(exc) or where), exc)
        raise RulebookError(f"{found.file.name}:{found.line}: {found.message}") from None
    except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as exc:
        # a bad database value reached an expression: report it where it happened, no traceback
        raise RulebookError(f"{_located(where, exc)}: cannot evaluate: {type(exc).__name__}: {exc}") from None


def _unregistered_hint(context: dict[str, Any], exc: jinja2.UndefinedError) -> str:
    """Why a name may be undefined: the game has no engine registered here, so no `rulebook_context`
    hook supplied its values (audit s26: a co-designer given only the game's folder)."""
    from companion.gameids import ENGINES_ENV, has_engine

    game_id = getattr(context.get("db"), "id", None)
    if not game_id or has_engine(game_id) or not str(exc.message).endswith("' is undefined"):
        return ""
    return (f" (no rules engine is registered for {game_id}, so no rulebook_context hook set it; "
            f"a game kept outside the repository registers one with {ENGINES_ENV})")


def _syntax_error(exc: jinja2.TemplateSyntaxError, where: str) -> RulebookError:
    return RulebookError(f"{exc.filename or where}:{exc.lineno}: template syntax error: {exc.message}")


def _file_being_read(exc: BaseException) -> str | None:
    """The template file Jinja2's loader was reading when `exc` was raised (an included one, too)."""
    found = None
    for frame, _ in traceback.walk_tb(exc.__traceback__):
        if frame.f_code.co_name == "get_source" and isinstance(frame.f_locals.get("filename"), str):
            found = frame.f_locals["filename"]
    return found


def _template_line(where: str, exc: BaseException) -> tuple[str | None, int | None]:
    """The template file and line of the innermost template frame Jinja2 puts in the traceback."""
    file, line = None, None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        filename = frame.f_code.co_filename
        if filename.endswith(where) or filename == "<template>":
            file, line = filename, lineno
    return file, line


def _located(where: str, exc: BaseException) -> str:
    """`where:LINE` using the template frame Jinja2 puts in the traceback."""
    line = _template_line(where, exc)[1]
    return f"{where}:{line}" if line else where


def _written_at(where: str, exc: jinja2.UndefinedError) -> str:
    """`where:LINE` of a name that is not there: the line that used it (`_located`), unless that
    line does not show the name and another line writes it (`{% set die = rules.combat_dei %}`,
    used lines later as `{{ die }}`: the sixth-game audit's misspelling was reported where `die` was)."""
    (file, used), missing = _template_line(where, exc), _missing_name(exc)
    if missing is None or file is None or not Path(file).is_file():
        return _located(where, exc)
    lines = Path(file).read_text(encoding="utf-8", errors="replace").splitlines()
    if used is not None and 0 < used <= len(lines) and missing in lines[used - 1]:
        return f"{where}:{used}"
    written = re.compile(rf"\.{re.escape(missing)}\b|\[\s*['\"]{re.escape(missing)}['\"]\s*\]")
    return next((f"{where}:{number}" for number, text in enumerate(lines, 1) if written.search(text)),
                _located(where, exc))


def _missing_name(exc: jinja2.UndefinedError) -> str | None:
    """The name the undefined value that raised `exc` stands for (`combat_dei`): an undefined
    value among the template's variables (Jinja2 keeps them in the frames it puts in the
    traceback) whose name the message quotes."""
    for frame, _ in traceback.walk_tb(exc.__traceback__):
        for value in frame.f_locals.values():
            name = value._undefined_name if isinstance(value, jinja2.Undefined) else None
            if isinstance(name, str) and f"{name!r}" in (exc.message or ""):
                return name
    return None


class RulingsSection:
    """The `rulings_section()` template helper: Markdown for every ruling; remembers the call."""

    def __init__(self, db: Database, heading: str = "Rulings"):
        self.db = db
        self.heading = heading
        self.was_called = False

    def __call__(self, heading: str | None = None) -> str:
        self.was_called = True
        return rulings_markdown(self.db, heading or self.heading)


def rulings_markdown(db: Database, heading: str = "Rulings") -> str:
    """A chapter listing every ruling: its topic, the ruling, and the reason for it."""
    # the topics are numbered sections, but only the chapter goes in the contents
    lines = [f"# {heading}", "", "<!-- contents: off -->", "",
             "Where the rules text is silent or unclear, these rulings decide. Each gives its reason.", ""]
    for ruling in db.rulings:
        lines += [f"## {ruling.topic}", "", " ".join(ruling.ruling.split()), "",
                  f"*Why:* {' '.join(ruling.reason.split())}", ""]
    if not db.rulings:
        lines += ["No rulings: the rules text decides every case.", ""]
    lines += ["<!-- contents: on -->", ""]
    return "\n".join(lines)


@per_database
def rulebook_markdown(db: Database) -> str:
    """The rulebook template rendered with the database; the rulings chapter is always present.
    Rendered once per loaded database: the cache key, the check and each paper's layout share it."""
    env = template_environment(db)
    section = RulingsSection(db)
    context = {**base_context(db), "rulings_section": section}
    text = render_template(env, context, name=db.rulebook.template)
    if not section.was_called:
        text = f"{text.rstrip()}\n\n{rulings_markdown(db)}"
    return text
