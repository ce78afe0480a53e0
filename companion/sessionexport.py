"""Session exports: the JSON summary `sessions show`/`list` print, and the playtest report of
`sessions export` (JSON or Markdown).

A playtest report is what the designer takes home: the setup and the game's version (so a later
rule edit is visible), every answer with the prompt it answered, the choice or the dice and what
it made happen, the notes where they were taken, the state after each round, and the outcome.
The report replays the journal itself so that it can read the prompt before each answer and the
state after it. Secret answers (Halfwish powers, a hidden upgrade) and what they made happen are
left out unless `reveal` is given, which the CLI allows only once the game has ended.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .engine.core import Decision, Request
from .sessionnotes import Note
from .sessionrows import JournalEntry
from .sessiontable import Table, public_events, result_text

SECRET = "(secret until the game ends)"
SECRET_ENDED = "(secret: --reveal shows it)"   # the game is over: say how to see it, not what it waits for


def _secrets_line(report: dict[str, Any]) -> str:
    if report["secrets"] == "shown":
        return "shown (the game has ended)"
    return "hidden" if report["outcome"] is None else "hidden (the game has ended: --reveal shows them)"


def secret_mark(table: Table) -> str:
    """What stands for a hidden secret answer: it waits for the end, or (after it) for --reveal."""
    return SECRET if table.outcome() is None else SECRET_ENDED


def export_data(table: Table) -> dict[str, Any]:
    """The whole session as JSON data: setup, every answer with its events, outcome, tally."""
    return {
        "session": table.info.to_json() | {"answers": table.seq},
        "journal": [step.entry.to_json() | {"events": [e.text for e in step.events]} for step in table.steps],
        "outcome": outcome_data(table),
        "tally": table.engine.tally(table.state),
    }


def outcome_data(table: Table) -> dict[str, Any] | None:
    """How the game ended (winner seat and name), None while it goes on."""
    outcome = table.outcome()
    if outcome is None:
        return None
    return {"termination": outcome.termination, "text": outcome.text, "winner": outcome.winner,
            "winner_name": None if outcome.winner is None else table.info.players[outcome.winner]}


@dataclass(frozen=True)
class ReportStep:
    """One answer as the report shows it."""

    entry: JournalEntry
    prompt: str
    choice: str
    events: list[str]
    notes: list[Note]
    round: int | None

    def to_json(self) -> dict[str, Any]:
        """The step as JSON data: the journal row, then what the report adds."""
        return self.entry.to_json() | {"prompt": self.prompt, "choice": self.choice, "round": self.round,
                                       "events": self.events, "notes": [n.to_json() for n in self.notes]}


@dataclass(frozen=True)
class RoundState:
    """The state block once a round is over: after answer `after_seq`."""

    round: int
    after_seq: int
    tally: list[str]
    game_over: bool

    def to_json(self) -> dict[str, Any]:
        """The round's state as JSON data."""
        return dict(self.__dict__)


def playtest_report(table: Table, notes: list[Note], reveal: bool = False) -> dict[str, Any]:
    """The playtest report as JSON data (`sessions export --format json`)."""
    steps, rounds = _replay(table, notes, reveal)
    info, db = table.info, table.engine.db
    return {
        "session": info.to_json() | {"answers": table.seq},
        "game": {"id": info.game, "name": db.meta.name, "version": info.cards_version,
                 "current_version": db.version, "changed_since": info.cards_version != db.version},
        "before_first_answer": [n.to_json() for n in notes if n.after_seq <= 0],
        "journal": [step.to_json() for step in steps],
        "rounds": [r.to_json() for r in rounds],
        "notes": [n.to_json() for n in notes],
        "outcome": outcome_data(table),
        "tally": table.engine.tally(table.state),
        "secrets": "shown" if reveal else "hidden",
    }


def _replay(table: Table, notes: list[Note], reveal: bool) -> tuple[list[ReportStep], list[RoundState]]:
    """Replay the journal: each answer's prompt and effect, and the state whenever a round ends."""
    engine = table.engine
    state = engine.new_game(table.info.players, table.info.options)
    steps: list[ReportStep] = []
    rounds: list[RoundState] = []
    under_way = engine.round_number(state)
    mark = secret_mark(table)
    for step in table.steps:
        request = engine.request(state)
        hidden = step.entry.kind == "secret" and not reveal
        applied = engine.apply(state, step.entry.answer)
        events = [e.text for e in (public_events(applied, step.entry.kind) if hidden else applied)]
        entry = step.entry if not hidden else JournalEntry(step.entry.seq, mark, step.entry.kind,
                                                           step.entry.player, step.entry.source, step.entry.time)
        steps.append(ReportStep(entry, request.prompt if request else "", mark if hidden else
                                answer_label(request, step.entry.answer, engine.card_names), events,
                                [n for n in notes if n.after_seq == step.entry.seq], under_way))
        now, over = engine.round_number(state), engine.outcome(state) is not None
        if under_way is not None and (now != under_way or over):
            rounds.append(RoundState(under_way, step.entry.seq, engine.tally(state), over))
        under_way = now
    return steps, rounds


def answer_labels(table: Table) -> list[str]:
    """Each journalled answer as a person reads it (the option's label, not its id), in order: the
    report's replay of the game (`sessions log` and `undo`; call it before secrets are concealed)."""
    return [step.choice for step in _replay(table, [], reveal=True)[0]]


def answer_label(request: Request | None, answer: Any, names: Mapping[str, str] | None = None) -> str:
    """The answer as a person reads it: the option's label, the dice, the card by the name printed
    on it (`names`, `Engine.card_names`), the new order."""
    if isinstance(request, Decision):
        option = next((o for o in request.options if o.id == answer), None)
        if option is None:
            return str(answer)
        return f"{option} [{option.typed_id}]" if option.typed_id else str(option)
    if request is not None and request.kind == "shuffle" and isinstance(answer, list):
        return f"shuffled ({len(answer)} cards)"
    if request is not None and request.kind == "draw" and isinstance(answer, str):
        return (names or {}).get(answer, answer)
    return " ".join(str(a) for a in answer) if isinstance(answer, list) else str(answer)


def report_markdown(report: dict[str, Any], width: int | None = None) -> str:
    """The playtest report as Markdown (`sessions export --format md`), its lines wrapped at words
    to `width` (MD_WIDTH when None: the file is read in an editor or a terminal too)."""
    session, game = report["session"], report["game"]
    changed = (f" (the database has changed since: now {game['current_version']})" if game["changed_since"]
               else " (unchanged since)")
    options = ", ".join(f"{k}={_shown(v)}" for k, v in session["options"].items()) or "defaults"
    lines = [f"# Playtest report: session {session['name']} ({game['name']})", "",
             f"- Game: {game['name']} ({game['id']}), database version {game['version']}{changed}",
             f"- Players: {', '.join(session['players'])}",
             f"- Setup options: {options}",
             (f"- Seed: {session['seed']} · status {session['status']} · created {session['created']} "
             f"· updated {session['updated']}"),
             *([f"- Secret answers: {_secrets_line(report)}"]  # said only where there are some
               if any(step["kind"] == "secret" for step in report["journal"]) else []),
             "", "## Play", ""]
    lines += [_note_line(n, "") for n in report["before_first_answer"]]
    rounds = {r["after_seq"]: r for r in report["rounds"]}
    shown_round = None
    for step in report["journal"]:
        if step["round"] is not None and step["round"] != shown_round:
            lines += ["", f"### Round {step['round']}", ""]
            shown_round = step["round"]
        lines += _step_lines(step, session["players"])
        if step["seq"] in rounds:
            lines += _round_lines(rounds[step["seq"]])
    if report["outcome"] is not None:
        outcome = report["outcome"]
        lines += ["", "## Outcome", "", result_text(outcome["text"] or outcome["termination"], outcome["winner_name"])]
    lines += ["", "## State now", "", *_tally_block(report["tally"])]
    return "\n".join(part for line in lines for part in _set(line, width or MD_WIDTH)) + "\n"


def _set(line: str, width: int) -> list[str]:
    """A report line as written: a fenced block's line as it is, any other wrapped (`markdown_wrap`)."""
    return [line.removeprefix(_AS_IS)] if line.startswith(_AS_IS) else markdown_wrap(line, width)


_AS_IS = "\x01"  # a line of a fenced block: never wrapped


def _tally_block(tally: list[str]) -> list[str]:
    """The tally as the play screen shows it, in a fenced block: its columns (a map's rows) keep
    their places (play audit: each map row became a list item, its spaces folded away)."""
    return [_AS_IS + "```text", *(_AS_IS + part for line in tally for part in _fitted(line)), _AS_IS + "```"]


def _fitted(line: str) -> list[str]:
    """A tally line as it fits the report's width: short lines (a map's row) untouched, a long one
    wrapped at words, its later lines indented under it (a long player name)."""
    if len(line) <= MD_WIDTH:
        return [line]
    hang = " " * (len(line) - len(line.lstrip()) + 2)
    return textwrap.wrap(line, MD_WIDTH, subsequent_indent=hang, break_long_words=False) or [line]


MD_WIDTH = 80
# where a Markdown line's text starts: its indent, then a quote (`> `) or a list item's marker
_MD_LEAD = re.compile(r"(\s*)(> |[-*+] |\d{1,9}[.)] )?")
# a word that would start a block of its own at the start of a line (a list item, a heading, a
# quote, a rule, a fence, a table row): never wrapped to the start of a line
_MD_BLOCK_START = re.compile(r"[-*+=]+|#{1,6}|>.*|\d{1,9}[.)]|[-=_*]{3,}.*|`{3,}.*|~{3,}.*|\|.*")
_GLUE = "\x00"


def markdown_wrap(line: str, width: int = MD_WIDTH) -> list[str]:
    """One line of the report wrapped at words to `width`, as Markdown reads it unchanged: a list
    item's or a quote's later lines are indented under its text (a quote's paragraph continues
    without `> `), and no later line starts with what would open a block (`- 3`, `= 8`, `#`). A
    heading stays one line (Markdown has no way to continue one), and so does a word longer than
    `width`. The report has no tables."""
    if len(line) <= width or line.lstrip().startswith("#"):
        return [line]
    indent, marker = _MD_LEAD.match(line).groups()  # type: ignore[union-attr]
    hang = indent + " " * len(marker or "")  # a quote's later lines continue it lazily, as Markdown allows
    words = line[len(indent) + len(marker or ""):].split(" ")
    glued = [words[0]]
    for word in words[1:]:
        if _MD_BLOCK_START.fullmatch(word):
            glued[-1] += _GLUE + word
        else:
            glued.append(word)
    text = indent + (marker or "") + " ".join(glued)
    wrapped = textwrap.wrap(text, width, subsequent_indent=hang, break_long_words=False, break_on_hyphens=False)
    return [part.replace(_GLUE, " ") for part in wrapped] or [line]


def _step_lines(step: dict[str, Any], players: list[str]) -> list[str]:
    seat = step["player"]
    who = players[seat] if seat is not None and 0 <= seat < len(players) else "table"
    asked = f" — {step['prompt']}" if step["prompt"] else ""
    lines = [f"{step['seq']}. {who} {step['kind']}{asked}: **{step['choice']}** ({step['source']})"]
    # what the answer made happen is nested under its item: indented as far as the item's text,
    # which moves right with the number's digits (play audit: from answer 10 the events fell out
    # of the list, 176 lists where one was meant)
    under = " " * (len(str(step["seq"])) + 2)
    lines += [f"{under}- {text}" for text in step["events"]]
    lines += [_note_line(note, under) for note in step["notes"]]
    return lines


def _round_lines(state: dict[str, Any]) -> list[str]:
    when = ("the game is over" if state["game_over"]
            else f"after answer {state['after_seq']}, as round {state['round'] + 1} begins")
    return ["", f"**State after round {state['round']}** ({when}):", "", *_tally_block(state["tally"])]


def _note_line(note: dict[str, Any], indent: str) -> str:
    return f"{indent}> **Note** ({note['time']}, after answer {note['after_seq']}): {note['text']}"


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value).lower() if isinstance(value, bool) else str(value)
