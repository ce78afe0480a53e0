"""Setup options a game declares, checked once by the core for every game.

A game lists its options as `SetupOption`s (name, type, default, allowed values, help). The
core fills in defaults and refuses an unknown key or a bad value with the list of valid
ones, so no game parses options itself and `deckwright games GAME` can list them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cards.wording import hint_then

from ..errors import SetupError

KINDS = ("bool", "int", "str", "list[str]", "json")


# How every game that can keep hands secret says what `false` does (`-o hidden=false`): at the
# table every draw is then printed for all to see, so it is for one person playing every seat.
DEALT_OPENLY = "false: the tool deals real cards and shows every draw (one person playing every seat)"


@dataclass(frozen=True)
class SetupOption:
    """One option of a new game: `-o name=value` on the command line."""

    name: str
    kind: str                      # one of KINDS
    default: Any
    help: str
    choices: Sequence[Any] | Callable[[Any], Sequence[Any]] | None = None  # values, or engine -> values
    # (engine, value) -> value, run before the choices are checked: it may turn a value as typed
    # into the one the game uses (`Wind Witch` -> `wind`) or raise SetupError
    check: Callable[[Any, Any], Any] | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: kind {self.kind!r} is not one of {', '.join(KINDS)}")

    def allowed(self, engine: Any) -> list[Any] | None:
        """The values this option may take (each item's, for a list), or None when any will do."""
        if self.choices is None:
            return None
        return list(self.choices(engine) if callable(self.choices) else self.choices)

    def describe(self, engine: Any) -> str:
        """`name (bool, default true): help; one of a, b` for listings and errors."""
        allowed = self.allowed(engine)
        values = f"; one of: {', '.join(map(str, allowed))}" if allowed else ""
        return f"{self.name} ({self.kind}, default {show_value(self.default)}): {self.help}{values}"


def show_value(value: Any) -> str:
    """A value as a user types it: true, 3, fire,water."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(map(str, value)) or "(none)"
    return "(none)" if value is None else str(value)


def check_options(engine: Any, declared: Sequence[SetupOption],
                  given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every declared option with its default filled in; unknown keys and bad values raise SetupError."""
    by_name = {option.name: option for option in declared}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        valid = ", ".join(by_name) if by_name else "none (this game has no setup options)"
        import difflib

        close = [m for key in unknown for m in difflib.get_close_matches(key, list(by_name), n=1, cutoff=0.5)]
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise SetupError(f"unknown setup option {', '.join(map(repr, unknown))}{hint_then(hint, f'valid options: {valid}')}")
    return {name: _checked(engine, option, given[name]) if name in given else option.default
            for name, option in by_name.items()}


def _checked(engine: Any, option: SetupOption, value: Any) -> Any:
    value = _typed(option, value)
    if option.check:
        value = option.check(engine, value)
    allowed = option.allowed(engine)
    if allowed is not None:
        items = value if option.kind == "list[str]" else [value]
        bad = [item for item in items if item not in allowed]
        if bad:
            one_of = f"one of: {', '.join(map(show_value, allowed))}"
            raise SetupError(f"option {option.name}: {show_value(bad)} is not allowed{hint_then(_close_to(bad, allowed), one_of)}")
    return value


def _close_to(bad: list[Any], allowed: list[Any]) -> str:
    """`; did you mean 'wind'?` for the first refused value close to an allowed one, else ''."""
    import difflib

    close = difflib.get_close_matches(str(bad[0]), [str(a) for a in allowed], n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _typed(option: SetupOption, value: Any) -> Any:
    kind = option.kind
    if kind == "bool" and isinstance(value, str) and value.lower() in ("true", "false", "yes", "no"):
        return value.lower() in ("true", "yes")
    if kind == "list[str]" and isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if kind == "str" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if kind == "json" or _is_kind(kind, value):
        return value
    raise SetupError(f"option {option.name}: expected {kind}, got {show_value(value)!r}")


def _is_kind(kind: str, value: Any) -> bool:
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    return isinstance(value, list) and all(isinstance(item, str) for item in value)
