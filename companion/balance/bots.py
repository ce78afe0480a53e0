"""The bots a game offers, each with a one-line description, and how to build one."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..engine.drivers import Bot, RandomBot
from ..engine.rollouts import search_with
from ..engine.search import SearchBot


def bot_classes(module: ModuleType) -> dict[str, type]:
    """Every bot of a game: `random` (the game's own when it ships one: Skirmish's never
    forfeits), the game's other `BOTS`, the generic `search`, and `search+<bot>` (search with
    that bot's playouts) for each of the game's own bots."""
    bots = getattr(module, "BOTS", {})
    own = {name: cls for name, cls in bots.items() if name != "random"}
    return {"random": bots.get("random", RandomBot), **own, "search": SearchBot,
            **{f"search+{name}": search_with(name, cls) for name, cls in own.items()}}


def describe(cls: type) -> str:
    """A bot's one-line description: its `description`, else its docstring's first sentence."""
    text = getattr(cls, "description", None)
    if isinstance(text, str):
        return text
    paragraph = " ".join((cls.__doc__ or "").strip().split("\n\n")[0].split())
    sentence, dot, _ = paragraph.partition(". ")
    return (sentence + ("." if dot else "")) or cls.__name__


def make_bot(cls: type, budget: int | None = None) -> Bot:
    """An instance of a bot class; a search bot gets the playout budget when one is given."""
    if budget is not None and getattr(cls, "takes_budget", False):
        bot: Any = cls(budget=budget)
    else:
        bot = cls()
    return bot  # type: ignore[no-any-return]


def unused_budget(module: ModuleType, names: tuple[str, ...], budget: int | None) -> str | None:
    """Why `--budget` would change nothing (no bot named plays a search), or None. An unknown bot
    name is left to the bot check, which lists the bots."""
    classes = bot_classes(module)
    if budget is None or any(name not in classes for name in names):
        return None
    if any(getattr(classes[name], "takes_budget", False) for name in names):
        return None
    searchers = ", ".join(name for name, cls in classes.items() if getattr(cls, "takes_budget", False))
    return (f"playouts are for a search bot ({searchers}), and --bot names none "
            f"({', '.join(dict.fromkeys(names))}): add one, e.g. --bot {searchers.split(', ')[0]},{names[0]}")


def best_heuristic(module: ModuleType) -> str:
    """The game's own bot to measure against: the first of its `BOTS` that is neither random nor
    search, else `random`."""
    own = [name for name in getattr(module, "BOTS", {}) if name not in ("random", "search")]
    return own[0] if own else "random"


def bot_lines(game: str) -> list[str]:
    """`name  description` for every bot of a game, for `deckwright sim GAME --list-bots`."""
    import textwrap

    from ..engine.registry import game_module

    classes = bot_classes(game_module(game))
    width = max(len(name) for name in classes)
    lines: list[str] = []
    for name, cls in classes.items():  # 80 columns, a long description continued under itself
        lines += textwrap.wrap(f"{name:<{width}}  {describe(cls)}", 80, subsequent_indent=" " * (width + 2),
                               break_on_hyphens=False)
    return lines
