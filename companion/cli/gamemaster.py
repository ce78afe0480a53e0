"""The gamemaster loop of `deckwright play`: each request of the engine put to the table, its
answer journalled before anything is printed, the commands at the prompt (undo, redo, log, note),
secret answers handed over, the state block and the events on the screen every player sees."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

import click

from cards.wording import plural

from ..engine.core import Chance, Decision, Event, Request
from ..engine.typed import parse_typed
from ..errors import IllegalAction
from ..sessionexport import answer_label, answer_labels
from ..sessionnotes import add_note
from ..sessiontable import Table, entry_summary, result_line
from .common import is_fancy
from .requests_shown import (
    COMMANDS_HELP,
    answer_words,
    hint_lines,
    menu_lines,
    prompt_line,
    prompt_lines,
    rolled_word,
    secret_refusal,
)
from .screen import packed, read_line, run_together, state_block, wrap_lines
from .waits import Pacing, hand_over, wait_for_enter, wait_for_next_screen

# said after a secret answer, once the screen is cleared; short enough to share a line with the
# first public event (`Ben commits an action face down`) on an 80-column screen
SECRET_KEPT = "(secret kept; everyone may look again)"
# home, erase the screen, erase the scrollback (xterm's `ESC[3J`, honoured by the common terminals)
CLEAR_SCREEN_AND_SCROLLBACK = "\033[H\033[2J\033[3J"


@dataclass
class Gamemaster:
    """Walks the table through the engine's requests, one prompt at a time."""

    table: Table
    auto_roll: bool = False
    shown_tally: list[str] | None = None   # the state block last printed, so it is reprinted only on change
    private_for: int | None = None  # the seat alone at the screen between secret answers in a row
    resumed: bool = False  # `play --resume`: say so, and show what the last answer did
    redo_waiting: bool = False  # a secret answer to give back once its player is alone at the screen
    # the hints at the last prompt, not repeated at the next unless the state block came between
    last_hints: list[str] = field(default_factory=list)
    pacing: Pacing = field(default_factory=Pacing)  # automatic turns wait once a screen is full

    def run(self) -> None:
        """Prompt until the game ends or the gamemaster quits (Ctrl-C too: the exit code is then
        130, as for every command, and every answer so far is already saved)."""
        self.opening()
        while (request := self.table.request()) is not None:
            interrupted = False
            try:
                going_on = self.step(request)
            except KeyboardInterrupt:
                click.echo()
                going_on, interrupted = False, True
            if not going_on:
                if request.secret:  # a player's secret menu must not stay on the shared screen
                    self.clear_screen()
                # the command on a line of its own, never wrapped: it is copied whole (play audit)
                self.say(f"Session {self.table.name} kept. Resume with:")
                click.echo(f"  {self.table.resume_command(self.auto_roll)}")
                if interrupted:
                    raise click.exceptions.Exit(130)
                return
        self.closing()

    def opening(self) -> None:
        info = self.table.info
        if self.table.steps and self.table.steps[-1].entry.kind == "secret":
            self.clear_screen()  # stopped (or crashed) amid secret answers: their menus may still show
        verb = "Resuming" if self.resumed else "Starting"  # a resumed session of 0 answers too (audit s25)
        going_on = self.table.request() is not None
        header = f"{verb} {info.game} session {info.name} · {', '.join(info.players)} " \
                 f"· {plural(self.table.seq, 'answer')} so far"
        help_tail = " · type help for commands" if going_on else " · the game is over"
        if going_on and self.resumed and len(wrap_lines(header + help_tail)) > 1:
            help_tail = ""  # a resumed screen holds the last answer too: one line (audit s27: 32 lines)
        self.say(header + help_tail, bold=True)
        for warning in self.table.warnings:
            self.say(f"warning: {warning}")
        if going_on and self.resumed and self.table.steps:
            self.show_last_answer()
        if going_on:  # else the final state is shown once, under `Game over`
            self.show_tally()

    def show_last_answer(self) -> None:
        """On resume, the last answer and what it did, as it was shown (a secret's private events
        left out): kept just before a crash, it may never have been printed, and the next player
        decides on it (audit s25: a Halfwish showdown's DVs were missing when Ben chose)."""
        last = self.table.steps[-1]
        said = entry_summary(last.entry, self.table.info.players, hide_secret=True,
                             label=answer_labels(self.table)[-1])
        self.say(f"  last answer: #{last.entry.seq} {said}")
        self.show_events(last.public_events())

    def closing(self) -> None:
        self.say(f"Game over: {result_line(self.table)}", bold=True)
        self.show_tally(always=True)

    def step(self, request: Request) -> bool:
        """One prompt: answer it, or run a command. False when the gamemaster quits."""
        secret = request.secret
        handing_over = secret and self.private_for != request.player
        if self.private_for is None and (handing_over or not (self.auto_roll and isinstance(request, Chance))):
            if self.pacing.overflows(lambda: self.rows_to_come(request, handing_over)):
                self.shown_tally = None  # the next screen shows it whole, the events above gone
                return wait_for_next_screen(self, self.table.engine.turn_label(self.table.state) or "Next",
                                            "the choices follow")
            self.show_tally()  # once a screen, just before its prompt: not again after each roll the tool made
        if handing_over:
            player = self.table.info.players[request.player] if request.player is not None else "the gamemaster"
            handed = hand_over(self, player, "choice" if isinstance(request, Decision) else request.kind)
            if handed is None:
                return False
            if not handed:  # a command ran at the hand-over (an undo, say): ask again from the top
                return True
            self.private_for = request.player  # alone at the screen until the answer is kept
            if self.redo_waiting:  # `redo` was typed before the hand-over: it is done now
                self.redo_waiting = False
                self.redo()
                return True
        if self.auto_roll and isinstance(request, Chance):
            if self.private_for is None and self.pacing.waits_before(self.turn(), lambda: len(self.state_block())):
                return wait_for_enter(self, self.table.engine.turn_label(self.table.state) or "Next turn")
            self.commit(self.table.tool_answer(request), "rolled", secret)
            return True
        self.show_request(request)
        line = self.read(self.prompt(request), hidden=secret)
        if line is None or line.strip().lower() in ("quit", "q", "exit"):
            return False
        if self.run_command(line.strip()):
            return True
        try:
            answer = parse_typed(request, line, self.table.engine.card_names)
        except IllegalAction as exc:
            self.refuse(request, exc, typed=line)
            if secret:  # the player is still alone at the screen: no second hand-over to type again
                self.private_for = request.player
            return True
        # a choice Enter took is marked so: a playtest report tells it from one typed (play audit)
        source = ("Enter" if not line.strip() else "typed") if answer is not None else "rolled"
        if answer is None and isinstance(request, Chance):
            answer = self.table.tool_answer(request)
        self.commit(answer, source, secret)
        return True

    def turn(self) -> int | None:
        return self.table.engine.turns(self.table.state)

    def refuse(self, request: Request | None, problem: IllegalAction, typed: str | None = None) -> None:
        """Say why an answer was refused; a secret one is not repeated (the others may be looking),
        but Enter on its own gives nothing away, so it is told plainly what Enter does here."""
        if request is not None and request.secret and (typed is None or typed.strip() != ""):
            self.say(secret_refusal(request))
        else:
            self.say(f"  ! {problem}")

    def commit(self, answer: Any, source: str, secret: bool = False) -> None:
        """Journal the answer (committed first), then print what happened and the tally."""
        request = self.table.request()
        seat = request.player if request is not None else None
        turn = self.table.engine.turns(self.table.state)
        try:
            events = self.table.answer(answer, source)
        except IllegalAction as exc:
            self.refuse(request, exc)
            return
        if secret:
            typed = self.peek(answer) if source == "rolled" else ""
            private = self.stays_private(seat, turn)
            if private:
                self.private_for = seat
            else:
                self.hide_secret()
            self.show_events(self.table.steps[-1].public_events(), lead=None if private else SECRET_KEPT)
            if typed.strip() and not self.run_command(typed.strip()):  # play audit: `undo` there did nothing
                self.say(f"  ({typed.strip()!r} was typed to hide the roll: only a command is taken there)")
            return
        said = answer_words(answer, self.table.engine.card_names)  # a card drawn by its printed name
        # beside what it did where both fit a line (session 27: a skill's two rolls took four lines)
        rolled = f"(the tool {rolled_word(answer)} {said})" if source == "rolled" else None
        self.show_events(events, lead=rolled)  # the state block follows at the next prompt, or under `Game over`

    def stays_private(self, seat: int | None, turn: int | None) -> bool:
        """Is the next request another secret one for the same player in the same turn (a reroll
        until higher, seven placements)? Then they stay alone at the screen; a new turn is
        everyone's to see."""
        following = self.table.request()
        return (seat is not None and following is not None and following.secret and following.player == seat
                and self.table.engine.turns(self.table.state) == turn)

    def peek(self, answer: Any) -> str:
        """The tool's secret roll or draw, shown to the one player at the screen until they press
        Enter; with keys from a file or a pipe nobody is looking, so nothing is shown. What was
        typed before Enter (`undo` takes the roll back once it is hidden)."""
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            return ""
        total = f" (total {sum(answer)})" if isinstance(answer, list) and len(answer) > 1 \
            and all(isinstance(a, int) for a in answer) else ""
        said = answer_words(answer, self.table.engine.card_names)
        typed = self.read(f"Only you: the tool {rolled_word(answer)} {said}{total}; "
                          "press Enter to hide it")
        return typed or ""

    def hide_secret(self) -> None:
        """After a secret answer: clear the screen (its options were on it) and the lines scrolled
        off it (a player could scroll back up to them), and say nothing of it (`SECRET_KEPT` is
        said beside its public events)."""
        self.private_for = None
        self.clear_screen()

    def clear_screen(self) -> None:
        """Clear the screen and the lines scrolled off it, where there is a screen; the state block
        went with them, so the next prompt shows it again (audit s27: the second player of a
        Half the Battle round chose their piece in secret without the board)."""
        self.last_hints = []  # cleared from the screen with the rest
        if sys.stdout.isatty():
            self.shown_tally = None
            click.echo(CLEAR_SCREEN_AND_SCROLLBACK, nl=False)
            self.pacing.lines = 0  # nothing said before is on the screen now

    # -- commands -------------------------------------------------------------------------
    def run_command(self, line: str) -> bool:
        """Run `undo`, `status`, `log` or `help`; False when the line is not a command."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word == "note":
            self.note(rest)
            return True
        if word not in ("help", "?", "status", "state", "log", "undo", "redo"):
            return False
        count = _count(rest, 10 if word == "log" else 1)
        if count is None:
            self.say(f"  ! {word} takes a positive number, e.g. `{word} 2`; got {rest.strip()!r}")
        elif word in ("help", "?"):
            self.say(COMMANDS_HELP)
        elif word in ("status", "state"):
            self.show_tally(always=True)
        elif word == "log":
            self.show_log(count)
        elif word == "redo":
            self.redo()
        else:
            self.undo(count)
        return True

    def note(self, text: str) -> None:
        """Keep a playtest note beside the journal; the game does not change."""
        if not text.strip():
            self.say("  ! type the note after the word, e.g. `note is a tie a win for nobody?`")
            return
        note = add_note(self.table.store, self.table.name, self.table.seq, text)
        self.say(f"  noted at answer {note.after_seq} ({note.time})")

    def undo(self, steps: int) -> None:
        """Take back answers; asking for more than were given says how far undo can go."""
        self.private_for, self.redo_waiting = None, False
        self.last_hints = []  # the prompt asked again gets its hints again
        given = self.table.seq
        if not given:
            self.say("  nothing to undo: no answers yet")
            return
        if steps > given:
            self.say(f"  ! only {plural(given, 'answer')} can be taken back; "
                     f"type `undo {given}` to go back to the start")
            return
        # each answer as its menu said it (play audit: 'skill:mark-for-coin'), newest first as undone
        labels = answer_labels(self.table)[-steps:][::-1]
        for entry, label in zip(self.table.undo(steps), labels, strict=True):
            said = entry_summary(entry, self.table.info.players, hide_secret=True, label=label)
            self.say(f"  undone: #{entry.seq} {said}")
        self.show_tally()

    def redo(self) -> None:
        """Give back the first answer undone (here or by `deckwright sessions undo`), oldest first."""
        entry = self.table.store.redoable(self.table.name, self.table.seq + 1)
        if entry is None:
            self.say("  nothing to redo: undo takes answers back, redo gives them back")
            return
        request = self.table.request()
        secret = request is not None and request.secret
        if secret and request is not None and self.private_for != request.player:
            # Audit s25: typed at a hand-over (everyone looking), a redo showed the roll it gave back
            # and the player's next secret menu. Refusing would leave the gamemaster to guess where
            # redo works; a secret answer goes back as it was given, after the hand-over's Enter.
            self.redo_waiting = True
            player = self.table.info.players[request.player] if request.player is not None else "the gamemaster"
            self.say(f"  redo: the secret answer goes back once only {player} can see the screen")
            return
        said = entry_summary(entry, self.table.info.players, hide_secret=True, label=answer_label(request, entry.answer))
        problem = self.table.refusal(entry.answer)
        if problem is not None:  # session 26: it said "redone" and then refused the answer
            why = "it no longer fits this prompt" if secret else str(problem)  # a secret answer is not told
            self.say(f"  ! cannot redo #{entry.seq} {said}: {why}")
            return
        self.say(f"  redone: #{entry.seq} {said}")
        self.commit(entry.answer, entry.source, secret)

    def show_log(self, count: int) -> None:
        events = self.table.recent_events(count)
        self.say("\n".join(f"  {e.text}" for e in events) if events else "  nothing has happened yet")

    # -- output ---------------------------------------------------------------------------
    def show_request(self, request: Request) -> None:
        hints = hint_lines(self.table.engine.hint(self.table.state, request))
        for line in self.request_lines(request, hints, self.last_hints):
            self.say(line)
        self.last_hints = hints

    def request_lines(self, request: Request, hints: list[str], on_screen: list[str]) -> list[str]:
        """The hints not still on the screen from the prompt before (`on_screen`), then the menu."""
        player = self.table.info.players[request.player] if request.player is not None else "the player"
        return [f"  hint: {hint}" for hint in hints if hint not in on_screen] + menu_lines(request, player, self.table.engine.card_names)

    def rows_to_come(self, request: Request, handing_over: bool) -> int:
        """The rows the next prompt takes on the screen: the state block when it changed, then the
        hand-over (two lines), or the hints, the menu and the prompt."""
        block = self.state_block()
        lines = [] if block == self.shown_tally else block
        if handing_over:
            return sum(len(wrap_lines(line)) for line in lines) + 2
        hints = hint_lines(self.table.engine.hint(self.table.state, request))
        lines += self.request_lines(request, hints, [] if lines else self.last_hints)
        return sum(len(wrap_lines(line)) for line in lines) + len(prompt_lines(self.prompt(request)))

    def prompt(self, request: Request) -> str:
        return prompt_line(request, self.table.engine.turn_label(self.table.state), self.table.info.players)

    def show_events(self, events: list[Event], lead: str | None = None) -> None:
        """The events (after `lead`, a note of the gamemaster's), short ones side by side on a
        screen (`packed`) and a paragraph's run together (`run_together`), so that a showdown's or
        a new turn's events and the state block fit 30 lines (audit s25, session 26)."""
        outcome = self.table.outcome() if self.table.request() is None else None
        texts = ([(lead, None)] if lead else []) + [(e.text, e.data.get("paragraph")) for e in events
                                                    if outcome is None or e.text != outcome.text]  # said under `Game over`
        for text in packed(run_together(texts), "  "):
            self.say(text, colour="green", hang=2)  # a wrapped event stands apart from the next

    def show_tally(self, always: bool = False) -> None:
        """The state block, printed when it changed since it was last shown (or when asked)."""
        lines = self.state_block()
        if lines == self.shown_tally and not always:
            return
        self.shown_tally = lines
        self.last_hints = []  # the block may push them off the screen: the next prompt shows them again
        for line in lines:
            self.say(line, colour="cyan")

    def state_block(self) -> list[str]:
        """The state block's lines as the screen shows them (Heartstrings' rooms in columns)."""
        return state_block(self.table.engine.tally_groups(self.table.state))

    def say(self, text: str, bold: bool = False, colour: str | None = None, hang: int = 0) -> None:
        """Print, wrapped at word boundaries to 80 columns (continuation lines `hang` further in)."""
        lines = wrap_lines(text, hang=hang)
        self.pacing.said(len(lines))
        for line in lines:
            click.echo(click.style(line, bold=bold, fg=colour) if is_fancy() else line)

    def read(self, prompt: str, hidden: bool = False) -> str | None:
        """One line from the gamemaster (not echoed when `hidden`); None at end of input."""
        line = read_line(lambda: self.show_prompt(prompt), hidden)
        self.pacing.answered(self.turn())
        if not line:
            click.echo()
            return None
        if hidden:
            click.echo("(hidden)")
        elif not sys.stdin.isatty():
            click.echo(line.rstrip("\n"))  # keep piped transcripts readable
        return line.rstrip("\n")

    def show_prompt(self, prompt: str) -> None:
        *above, last = prompt_lines(prompt)
        for line in above:
            click.echo(click.style(line, bold=True) if is_fancy() else line)
        click.echo(click.style(last, bold=True) + " > " if is_fancy() else last + " > ", nl=False)


def _count(text: str, default: int) -> int | None:
    """The number after a command, `default` when there is none, None when it is not a count."""
    text = text.strip()
    if not text:
        return default
    return int(text) if text.isdigit() and int(text) >= 1 else None
