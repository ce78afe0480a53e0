"""Errors raised while turning a card database into printed pages."""

from __future__ import annotations

from dataclasses import dataclass, field

from cards import Database
from cards.errors import Problem
from cards.wording import suggestion


class GeneratorError(Exception):
    """Base class of every error the `generator` package raises.

    `place`, when known, is where the mistake is written (a layout file's line, a card's cell): a
    `Problem` whose file, line, column and source line locate it (its message is unused)."""

    also: tuple[GeneratorError, ...] = ()  # more mistakes found in the same drawing (`with_also`)

    def __init__(self, message: str = "", place: Problem | None = None):
        super().__init__(message)
        self.place = place

    @property
    def message(self) -> str:
        """What is wrong, without the place."""
        return str(self.args[0]) if self.args else ""

    def __str__(self) -> str:
        """`file:line:column: message` when the place is known (for a command that shows the error
        alone); `deckwright lint` shows the place and the message as a located problem."""
        if self.place is None:
            return self.message
        return str(Problem(self.place.file, self.place.line, self.place.column, "", self.message))

    def located(self, place: Problem | None) -> GeneratorError:
        """This error, placed at `place` unless it already has a place."""
        if self.place is None:
            self.place = place
        return self

    def with_also(self, others: list[GeneratorError]) -> GeneratorError:
        """This error, carrying the other mistakes found in the same drawing: a command that
        stops at an error shows this one, a check lists them all (`every`)."""
        self.also = (*self.also, *others)
        return self

    def every(self) -> list[GeneratorError]:
        """This error and every other one it carries."""
        return [self, *(each for other in self.also for each in other.every())]


class LayoutError(GeneratorError):
    """A layout file is missing, malformed, or binds a value that cannot be drawn."""


class LayoutNotFound(LayoutError):
    """No template folder holds the layout `name` (lint locates it at the key naming it)."""

    def __init__(self, name: str, searched: str):
        super().__init__(f"layout {name!r} not found; searched: {searched}")
        self.name = name


class TextOverflow(GeneratorError):
    """Text does not fit its box even at the smallest allowed font size."""

    def __init__(self, component: str, field: str, floor: float, text: str, shrinks: bool = True):
        """`field`: the element's id (the component names it too); `shrinks`: the element has a
        `min_size`, else the advice says that one lets the text shrink."""
        self.component = component
        self.field = field
        preview = text if len(text) <= 60 else text[:57] + "..."
        advice = ("shorten the text or enlarge the box" if shrinks else
                  f"shorten the text, enlarge the box or give the element a min_size below {floor:g} pt")
        super().__init__(f"{component}: text does not fit its box even at {floor:g} pt ({preview!r}); {advice}")


class UnknownIcon(GeneratorError):
    """An icon name that no icon is registered under."""

    def __init__(self, name: str, known: list[str]):
        # the whole list (90 names) only when no name is close: repeated for each of several
        # misspellings it buried them (sixth-game audit)
        close = suggestion(name, known)
        listed = " (docs/GAME_FORMAT.md lists the icons)" if close else f"; known icons: {', '.join(known)}"
        super().__init__(f"unknown icon {name!r}{close}{listed}")


class EngineCannotUse(GeneratorError):
    """The game's rules engine, asked for what the rulebook prints (`rulebook_context`), cannot use
    the database: a deck or rule it reads was renamed, emptied or given a value of another kind."""


# What a game's rules hook raises on a database it cannot use (a missing deck is a KeyError), and
# the engine's own errors (its CompanionError): a problem of the database, never a traceback.
_HOOK_ERRORS = (TypeError, ValueError, ArithmeticError, LookupError, AttributeError)


def engine_problem(db: Database, exc: Exception) -> EngineCannotUse | None:
    """`exc`, raised by the game's rules engine reading the database, as a database problem at the
    game's id (the id chose the engine); None when it is no such error or the engine did not raise
    it (a bug of ours: raised). A division by zero in the text fitting of a game without an engine
    was blamed on 'the tinygame rules engine' (audit s25)."""
    if not isinstance(exc, _HOOK_ERRORS) and not type(exc).__module__.startswith("companion."):
        return None
    if not is_raised_by_engine(db.id, exc):
        return None
    if isinstance(exc, KeyError) and len(exc.args) == 1 and isinstance(exc.args[0], str) and " " in exc.args[0]:
        reason = exc.args[0]  # a missing key's own words (`no deck 'skills'`), not a KeyError's quoted repr
    else:
        reason = f"{type(exc).__name__}: {exc}"
    return EngineCannotUse(f"the {db.id} rules engine cannot use this database: {reason}",
                           db.problem_at("game", -1, ("id",), ""))


def is_raised_by_engine(game_id: str, exc: BaseException) -> bool:
    """Did `exc` pass through the game's rules engine (its module, or the companion code it calls)?
    Its traceback says: the frames from where it was caught down to where it was raised."""
    from companion.gameids import engine_modules

    module = engine_modules().get(game_id)
    if module is None:
        return False
    frame = exc.__traceback__
    while frame is not None:
        name = str(frame.tb_frame.f_globals.get("__name__", ""))
        if any(name == package or name.startswith(f"{package}.") for package in (module, "companion")):
            return True
        frame = frame.tb_next
    return False


class ImageProblem(GeneratorError):
    """An image path leaves the game folder, or the file cannot be read safely."""


class PaperError(GeneratorError):
    """An unknown paper name, or a component too large to place on the paper."""


@dataclass(frozen=True)
class Finding:
    """A problem a check reports without stopping (legibility lint, print-shop preflight): where it
    is (component, card, element) and what is wrong."""

    where: str
    message: str
    place: tuple[tuple[str, str], ...] = ()  # the same place as data: (("deck", "spells"), ("card", "bolt"), ...)
    located: Problem | None = field(default=None, compare=False)  # where it is written (a layout element's line)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"

    def to_json(self) -> dict[str, str]:
        """The finding for `--json`: where (as printed), its place by part (deck, card, side, file) and the message."""
        return {"where": self.where, **dict(self.place), "message": self.message}
