"""Terminal output for the table: 80-column wrapping and input read without echo."""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable
from typing import IO, Any

import click

WIDTH = 80


def screen_width(stream: IO[Any] | None = None) -> int | None:
    """The width to wrap at: the terminal's (80 at most), or $COLUMNS; None (no wrapping) when
    output (`stream`, standard output unless given) is piped, so logs and transcripts keep one
    event per line."""
    import os
    import shutil

    if os.environ.get("COLUMNS", "").isdigit():
        return min(int(os.environ["COLUMNS"]), WIDTH)
    if (stream or sys.stdout).isatty():
        return min(shutil.get_terminal_size((WIDTH, 24)).columns, WIDTH)
    return None


def echo_wrapped(text: str, hang: int = 0) -> None:
    """Print `text` wrapped to the screen as `wrap_lines` wraps it (a calculator's explanation);
    `hang` more spaces before continuation lines set them apart from the next item of a list."""
    for line in wrap_lines(text, hang=hang):
        click.echo(line)


def wrap_lines(text: str, width: int = WIDTH, hang: int = 0, whole: str | None = None) -> list[str]:
    """Each line of `text` wrapped at word boundaries to the screen (never wider than `width`);
    continuation lines keep the line's indent (and line up after a `3) ` or `| ` marker), plus
    `hang` spaces. A command in backticks, and the part of the text matching the pattern `whole`,
    stay on one line."""
    screen = screen_width()
    if screen is None:
        return text.split("\n")
    return _wrapped(text, min(width, screen), hang, whole=whole)


def packed(texts: list[str], indent: str, separator: str = " · ") -> list[str]:
    """`texts` as lines starting with `indent`, those that fit side by side joined by `separator`
    while the line fits the screen; one a line when piped (logs and transcripts keep one a line)."""
    width = screen_width()
    lines: list[str] = []
    for text in texts:
        joined = f"{lines[-1]}{separator}{text}" if lines else ""
        if width is not None and lines and len(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(indent + text)
    return lines


def in_columns(texts: list[str], indent: str, gap: int = 3) -> list[str]:
    """`texts` as lines starting with `indent`, set in as many aligned columns as fit the screen,
    each read downwards (as `ls` sets them): a cell keeps its place as the others change, so the
    table finds Heartstrings' room 7 where it was (session 26: a line a room made a 16-line
    block). One a line when piped, as `packed`."""
    width = screen_width()
    if width is None:
        return [indent + text for text in texts]
    floor = getattr(texts, "width", 0)  # `Cells`: each column as wide as its lines can get
    for count in range(len(texts), 1, -1):
        rows = -(-len(texts) // count)
        columns = [texts[start:start + rows] for start in range(0, len(texts), rows)]
        widths = [max(floor, *map(len, column)) + gap for column in columns]
        if len(indent) + sum(widths) - gap <= width:
            return [(indent + "".join(column[row].ljust(wide) for column, wide in zip(columns, widths, strict=True)
                                      if row < len(column))).rstrip() for row in range(rows)]
    return [indent + text for text in texts]


def state_block(groups: list[list[str]], indent: str = "  | ") -> list[str]:
    """A game's state block (`Engine.tally_groups`): each group's lines in columns (`in_columns`)."""
    return [line for group in groups for line in in_columns(group, indent)]


def run_together(texts: list[tuple[str, str | None]]) -> list[str]:
    """Texts that follow one another with the same paragraph (not None) as one text, sentence
    after sentence, to be wrapped as one: a Halfwish clash's three to five steps take two or three
    lines so (session 26: a showdown's screen took 37 lines). One a text when piped, as `packed`."""
    width = screen_width()
    joined: list[tuple[str, str | None]] = []
    for text, paragraph in texts:
        if width is not None and paragraph is not None and joined and joined[-1][1] == paragraph:
            joined[-1] = (f"{joined[-1][0]} {text}", paragraph)
        else:
            joined.append((text, paragraph))
    return [text for text, _ in joined]


def _wrapped(text: str, width: int, hang: int = 0, cut_words: bool = True, whole: str | None = None) -> list[str]:
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width or _COMMAND_LINE.match(line):
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + _marker_width(line.lstrip()) + hang)
        by_words = _at_words(line, width, indent, hang, cut_words, whole)
        by_clauses = _at_clauses(line, width, indent, hang, cut_words, whole) if line.lstrip().startswith("| ") else None
        out.extend(by_clauses if by_clauses is not None and len(by_clauses) <= len(by_words) else by_words)
    return out


def _at_clauses(line: str, width: int, indent: str, hang: int, cut_words: bool, whole: str | None) -> list[str] | None:
    """A state line broken after its `; ` where it can be, each clause kept whole on a line
    (`hand 1, deck 9` rather than `deck` / `9`; `upgrades: True Edge` rather than `True` /
    `Edge`): None when it has no clause to break at."""
    clauses = line.split("; ")
    if len(clauses) < 2:
        return None
    lines = _at_words(clauses[0], width, indent, hang, cut_words, whole)
    for clause in clauses[1:]:
        if len(f"{lines[-1]}; {clause}") <= width:
            lines[-1] = f"{lines[-1]}; {clause}"
        else:  # on a line of its own, or from the start of one when it is longer (the next may follow it)
            lines[-1] += ";"
            lines += _at_words(indent + clause, width, indent, hang, cut_words, whole)
    return lines


def _at_words(line: str, width: int, indent: str, hang: int, cut_words: bool, whole: str | None) -> list[str]:
    """`line` wrapped at words, its continuation lines starting with `indent`."""
    kept = re.compile(_COMMAND + (f"|{whole}" if whole else ""))
    unbroken = kept.sub(lambda m: m[0].replace(" ", _UNBROKEN), line)
    # the indent, a marker (`Error:`) and the first word (a file's path) stay together: a path
    # too long for the screen left `Error:` alone on a line, or lost a problem's indent (session 27)
    head = len(indent) - hang + len(line[len(indent) - hang:].split(" ", 1)[0])
    wrapped = textwrap.wrap(unbroken[:head].replace(" ", _UNBROKEN) + unbroken[head:], width,
                            subsequent_indent=indent, break_on_hyphens=False, break_long_words=cut_words)
    return [part.replace(_UNBROKEN, " ") for part in wrapped] or [""]


# A command quoted in backticks is wrapped as one word, so that it is copied whole (audit s25: an
# error's `deckwright play --resume hw2` was split after `deckwright`).
_COMMAND = r"`[^`\n]+`"
# A command on a line of its own, indented (`engine.faults.then_run`), is never wrapped: a line
# break in it would be copied with it (audit s26: a replay command split over two lines).
_COMMAND_LINE = re.compile(r" {4}deckwright ")
_UNBROKEN = "\x1f"  # stands for a space inside what is kept whole while the line is wrapped


def _marker_width(text: str) -> int:
    head = text.split(" ", 1)[0]
    return len(head) + 1 if head in ("|", "!", "hint:", "possible:", "Error:") or (
        head.endswith(")") and head[:-1].isdigit()) else 0


def wrap_error(exc: click.ClickException) -> click.ClickException:
    """`exc` shown as click shows it (usage, hint, `Error: ...`), each line wrapped at words to
    the screen: click leaves a long message (an option's valid values, a list of games) on one
    line. The continuation lines of `Error:` line up after it. Only a word wider than the screen
    (a long path) runs over it."""
    import io

    width = screen_width(sys.stderr)  # where errors go
    if width is None or "show" in vars(exc):  # piped, or shown already by our own wrapper
        return exc
    shown = type(exc).show

    def show(file: IO[Any] | None = None) -> None:
        buffer = io.StringIO()
        shown(exc, buffer)
        click.echo(wrapped_message(buffer.getvalue(), width), file=file, err=file is None)

    exc.show = show  # type: ignore[method-assign]
    return exc


def wrapped_message(text: str, width: int | None) -> str:
    """A message of several lines wrapped at words to `width` (None: as it is, for a pipe): an
    indented line (a problem of a list) hangs 2 more, apart from the next; a word longer than the
    screen (a file's path) is never cut."""
    if width is None:
        return text.removesuffix("\n")
    return "\n".join(wrapped for line in text.removesuffix("\n").split("\n")
                     for wrapped in _wrapped(line, width, 2 if line[:1] == " " else 0, cut_words=False))


def read_line(show_prompt: Callable[[], None], hidden: bool = False) -> str:
    """Show the prompt and read one line; with `hidden` on a terminal, echo is off before the
    prompt appears, so nothing typed after it can show (a secret answer)."""
    if not hidden or not sys.stdin.isatty():
        show_prompt()
        return sys.stdin.readline()
    import termios

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    quiet = termios.tcgetattr(fd)
    quiet[3] &= ~termios.ECHO
    try:
        termios.tcsetattr(fd, termios.TCSADRAIN, quiet)
        show_prompt()
        return sys.stdin.readline()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
