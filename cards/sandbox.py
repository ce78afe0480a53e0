"""The one Jinja2 sandbox every template renders in, with budgets on work and output.

Jinja2's immutable sandbox keeps templates away from Python internals, but not from
asking for too much: `{{ ('a' * 4000000000) | length }}` needs 4 GB and two nested
`range(99999)` loops never end. Here every render gets a budget (output characters,
loop iterations and calls), and the operators that build large values (`*`, `**`) and
the padding filters are checked before they run. Going over a budget raises
`TemplateBudgetError`, a `SecurityError`, so every caller that already reports a
refused template (with its name and line) reports this too.
"""

from __future__ import annotations

import contextvars
import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jinja2
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from jinja2.sandbox import ImmutableSandboxedEnvironment

from .compiled import compiled_for
from .paths import is_inside, is_regular_file

MAX_OUTPUT = 2_000_000      # characters one render may produce (a rulebook is about 60,000)
MAX_VALUE = 1_000_000       # characters or items one `*` may build
MAX_STEPS = 2_000_000       # loop iterations over `range` and calls, per render
MAX_POWER_BITS = 4096       # `**` results larger than this many bits are refused


class TemplateBudgetError(SecurityError):
    """A template asked for more output, memory or work than a render may use."""


class _Budget:
    """The steps left in one render."""

    def __init__(self) -> None:
        self.steps = MAX_STEPS

    def spend(self, what: str) -> None:
        self.steps -= 1
        if self.steps < 0:
            raise TemplateBudgetError(f"the template runs too long: over {MAX_STEPS:,} steps ({what})")


_CURRENT: contextvars.ContextVar[_Budget | None] = contextvars.ContextVar("template_budget", default=None)


def _spend(what: str) -> None:
    budget = _CURRENT.get()
    if budget is not None:
        budget.spend(what)


def budgeted_range(*args: int) -> Iterator[int]:
    """`range` for templates: each iteration costs one step of the render's budget."""
    numbers = range(*args)
    if len(numbers) > MAX_STEPS:
        raise TemplateBudgetError(f"range of {len(numbers):,} numbers; at most {MAX_STEPS:,}")
    for number in numbers:
        _spend("range")
        yield number


def _checked_product(left: Any, right: Any) -> Any:
    for sequence, times in ((left, right), (right, left)):
        is_repeat = isinstance(sequence, str | list | tuple) and isinstance(times, int)
        if is_repeat and len(sequence) * times > MAX_VALUE:
            raise TemplateBudgetError(
                f"{type(sequence).__name__} * {times:,} would hold {len(sequence) * times:,} items; "
                f"at most {MAX_VALUE:,}")
    return left * right


def _checked_power(base: Any, exponent: Any) -> Any:
    is_whole = isinstance(base, int) and isinstance(exponent, int) and abs(base) > 1 and exponent > 0
    if is_whole and exponent * math.log2(abs(base)) > MAX_POWER_BITS:
        raise TemplateBudgetError(f"{base} ** {exponent} is too large a number to compute")
    return base**exponent


def _padded(name: str, filter_func: Callable[..., Any]) -> Callable[..., Any]:
    """A padding filter (`center`, `indent`) that refuses widths over the value budget."""

    def checked(value: Any, width: Any = 80, *args: Any, **kwargs: Any) -> Any:
        if isinstance(width, int) and width > MAX_VALUE:
            raise TemplateBudgetError(f"{name}({width:,}) would build too long a text; at most {MAX_VALUE:,}")
        return filter_func(value, width, *args, **kwargs)

    return checked


class BudgetedTemplate(jinja2.Template):
    """A template whose every render runs under a fresh budget and stops at MAX_OUTPUT characters."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        token = _CURRENT.set(_Budget())
        try:
            pieces, size = [], 0
            for piece in self.generate(*args, **kwargs):
                size += len(piece)
                if size > MAX_OUTPUT:
                    raise TemplateBudgetError(f"the template writes over {MAX_OUTPUT:,} characters")
                pieces.append(piece)
            return "".join(pieces)
        finally:
            _CURRENT.reset(token)


# (type, attribute name) -> may a template read it? (`BudgetedSandbox.is_safe_attribute`)
_SAFE: dict[tuple[type, str], bool] = {}
MAX_SAFE_KEPT = 4096


class BudgetedSandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox with budgets: use it for every template of a game."""

    template_class = BudgetedTemplate
    intercepted_binops = frozenset(["*", "**"])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.bytecode_cache is None:
            self.bytecode_cache = compiled_for(self._compile_settings())
        self.globals["range"] = budgeted_range
        for name in ("center", "indent"):
            self.filters[name] = _padded(name, self.filters[name])

    def _compile_settings(self) -> tuple[Any, ...]:
        """Everything besides the template's text that shapes its compiled code."""
        return (type(self), self.block_start_string, self.block_end_string, self.variable_start_string,
                self.variable_end_string, self.comment_start_string, self.comment_end_string,
                self.line_statement_prefix, self.line_comment_prefix, self.trim_blocks, self.lstrip_blocks,
                self.newline_sequence, self.keep_trailing_newline, self.autoescape, self.optimized,
                self.finalize, self.is_async, tuple(sorted(self.extensions)),
                tuple(sorted(self.intercepted_binops)), tuple(sorted(self.intercepted_unops)))

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        """`*` and `**` are checked before they run; the others never reach here."""
        if operator == "*":
            return _checked_product(left, right)
        if operator == "**":
            return _checked_power(left, right)
        return super().call_binop(context, operator, left, right)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """Jinja2's answer, which depends on the object's type and the name alone: worked out once
        for each (a rulebook template reads about 4,600 attributes a render, of a few dozen kinds)."""
        kind = type(obj)
        known = _SAFE.get((kind, attr))
        if known is not None:
            return known
        safe = bool(super().is_safe_attribute(obj, attr, value))
        if obj.__class__ is kind:  # an object that names another class answers for itself
            if len(_SAFE) >= MAX_SAFE_KEPT:
                _SAFE.clear()
            _SAFE[kind, attr] = safe
        return safe

    def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        """Every call in a template costs one step ."""
        _spend("call")
        return super().call(context, obj, *args, **kwargs)


class ContainedLoader(jinja2.FileSystemLoader):
    """A FileSystemLoader that reads only regular files inside its folders, symlinks followed.

    Jinja2 already refuses `..` in a template name; a symlink out of the folders or a FIFO
    (which would block the reader for good) is refused here, before the file is opened."""

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        folders = [Path(folder) for folder in self.searchpath]
        for folder in folders:
            candidate = folder.joinpath(*split_template_path(template))
            if candidate.exists() or candidate.is_symlink():
                if not is_inside(candidate, folders):
                    raise jinja2.TemplateNotFound(f"{template} (a link leading outside the template folders)")
                if not is_regular_file(candidate):
                    raise jinja2.TemplateNotFound(f"{template} (not a regular file)")
                break
        return super().get_source(environment, template)
