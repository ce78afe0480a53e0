"""A session at the table: the engine, the state replayed from the journal, and each answer.

`Table.start` records a new session's setup, `Table.resume` replays a stored one, and
`Table.answer` checks an answer, journals it (committed) and only then applies it, so a process
killed between two answers loses nothing (companion/sessions.py stores the rows).

Dice the tool rolls for a session come from `random.Random(f"{seed}:{seq}")`: the roll of
answer `seq` depends only on the session seed and its position, so nothing about an RNG
has to be stored (replay reads the faces from the journal anyway). One consequence: after
an undo, pressing Enter at the same roll gives the same faces again; type the dice to change them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .engine.core import Chance, Engine, Event, GameState, Outcome, Request, request_kind
from .engine.drivers import roll_chance
from .engine.faults import engine_fault, then_run
from .errors import CompanionError, EngineBroken, IllegalAction, SessionError
from .sessionfile import session_command
from .sessionrows import MAX_SEED, JournalEntry, SessionDamaged, SessionInfo
from .sessions import MAX_PLAYER_NAME, SessionStore, default_name, new_seed

__all__ = ["Step", "Table", "entry_summary", "public_events", "result_line", "result_text"]


@dataclass
class Step:
    """One journalled answer with what it made happen."""

    entry: JournalEntry
    events: list[Event]

    def public_events(self) -> list[Event]:
        """What every player may know of this answer (`public_events`)."""
        return public_events(self.events, self.entry.kind)


def public_events(events: list[Event], kind: str) -> list[Event]:
    """The events of an answer of this journal `kind` that the whole table may see: a secret
    answer's private events ("Ann will reroll") are left out until the game has ended. The one
    definition of what is hidden, for the play screen, its `log` and `sessions show|log|export`."""
    return [event for event in events if not (kind == "secret" and event.private)]


@dataclass
class Table:
    """A session at the table: the engine, the replayed state and the history of steps."""

    store: SessionStore
    engine: Engine
    info: SessionInfo
    state: GameState
    steps: list[Step] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, store: SessionStore, engine: Engine, players: list[str], *, name: str | None = None,
              seed: int | None = None, options: dict[str, Any] | None = None,
              cards_dir: str | None = None) -> Table:
        """Create a session and sit down at it (nothing is stored if the game cannot start)."""
        check_players(engine, players)
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise SessionError(f"a session seed is a whole number from 0 to {MAX_SEED}, got {seed}")
        options = options or {}
        state = _first_state(engine, players, options)
        info = store.create(name or store.free_name(default_name(engine.game_id)), engine.game_id, players,
                            options, new_seed() if seed is None else seed, engine.db.version, cards_dir)
        return cls(store, engine, info, state)

    @classmethod
    def resume(cls, store: SessionStore, engine: Engine, name: str) -> Table:
        """Rebuild a session's state by replaying its journal."""
        info = store.get(name)
        if info.game != engine.game_id:
            raise SessionError(f"session {name!r} is a {info.game} game, not {engine.game_id}")
        table = cls(store, engine, info, _first_state(engine, info.players, info.options))
        table._replay(store.journal(name))
        if info.cards_version != engine.db.version:
            # one line under the header (audit s27: two lines pushed a resumed screen past 30)
            table.warnings.append(f"the cards changed since this session began ({info.cards_version} -> "
                                  f"{engine.db.version})")
        return table

    def _replay(self, entries: list[JournalEntry]) -> None:
        """Apply the journal; an answer that no longer fits (the rules changed, or a row was written
        by hand) makes the session damaged, and undoing back past it is the way out."""
        for entry in entries:
            try:
                self.steps.append(Step(entry, self.engine.apply(self.state, entry.answer)))
            except CompanionError as exc:
                raise SessionDamaged(f"session {self.info.name!r} no longer replays at answer {entry.seq} "
                                     f"({entry.answer!r}): {exc}; undo back past it: "
                                     f"{self._undo_past(entries, entry)}") from None
            except Exception as exc:  # the engine's bug, said at its line (audit s26: a traceback)
                failed = self._engine_failed(entries, entry, exc)
                if failed is None:
                    raise
                raise failed from None

    def _undo_past(self, entries: list[JournalEntry], entry: JournalEntry) -> str:
        """The command that takes back `entry` and every answer after it."""
        steps = entries[-1].seq - entry.seq + 1
        return session_command(self.store.path, f"sessions undo {self.info.name}"
                               + (f" --steps {steps}" if steps > 1 else ""))

    def _engine_failed(self, entries: list[JournalEntry], entry: JournalEntry, exc: Exception) -> EngineBroken | None:
        """The engine failing on a saved answer as it replays: where, the answer, and the two ways
        on (mend the engine; undo the answer if it is the answer that is wrong). Nothing is written.
        None when no frame of the engine raised it (a bug of deckwright)."""
        fault = engine_fault(self.info.game, exc)
        if fault is None:
            return None
        answer = entry_summary(entry, self.info.players, hide_secret=True)
        return EngineBroken(fault.file, fault.line, then_run(
            f"session {self.info.name} fails replaying answer #{entry.seq} ({answer}): {fault.words}; "
            "it is untouched. Fix the engine, then resume", self.resume_command())
            + "\n" + then_run("or, if that answer is wrong, take it back", self._undo_past(entries, entry)))

    def resume_command(self, auto_roll: bool = False) -> str:
        """The command that resumes this session, with `--db` when its file is not the default one
        and `--auto-roll` when the tool was rolling (a preference of the run, not kept with the session)."""
        return session_command(self.store.path, f"play --resume {self.info.name}{' --auto-roll' * auto_roll}")

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def seq(self) -> int:
        """How many answers the state is built from."""
        return len(self.steps)

    def request(self) -> Request | None:
        """What the engine needs next (None when the game is over)."""
        return self.engine.request(self.state)

    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        return self.engine.outcome(self.state)

    def tool_answer(self, request: Chance) -> Any:
        """The tool's roll, draw or shuffle for the next answer, from `Random(f"{seed}:{seq}")`."""
        rng = random.Random(f"{self.info.seed}:{self.seq + 1}")
        return roll_chance(request, rng)

    def answer(self, answer: Any, source: str = "typed") -> list[Event]:
        """Check and apply an answer, journal it (committed), then return its events."""
        request = self.request()
        if request is None:
            raise SessionError(f"session {self.name!r} is over; nothing to answer")
        trial = self.state.clone()
        events = self.engine.apply(trial, answer)  # raises IllegalAction before anything is stored
        entry = self.store.append(self.name, self.seq + 1, answer, request_kind(request),
                                  request.player, source, replayed=self.answers())
        self.state = trial
        self.steps.append(Step(entry, events))
        if self.request() is None:
            self.store.set_status(self.name, "finished")
        return events

    def refusal(self, answer: Any) -> IllegalAction | None:
        """Why the engine would refuse `answer` as the next answer (None when it fits), without
        keeping it: `redo` checks an answer undone before it says it gives it back."""
        try:
            self.engine.apply(self.state.clone(), answer)
        except IllegalAction as exc:
            return exc
        return None

    def undo(self, steps: int = 1) -> list[JournalEntry]:
        """Drop the last `steps` answers and replay; returns the dropped entries, newest first."""
        dropped = self.store.undo(self.name, steps, replayed=self.answers())
        self.steps, self.state = [], _first_state(self.engine, self.info.players, self.info.options)
        self._replay(self.store.journal(self.name))
        return dropped

    def answers(self) -> list[Any]:
        """The journalled answers the state is built from, in order."""
        return [step.entry.answer for step in self.steps]

    def recent_events(self, count: int = 10) -> list[Event]:
        """The last `count` events everyone may see, oldest first (`log` at a prompt, read by the
        whole table: audit s25, it printed "Ann will reroll" before Ben chose)."""
        events = [e for step in self.steps for e in step.public_events()]
        return events[-count:]


def _first_state(engine: Engine, players: list[str], options: dict[str, Any]) -> GameState:
    """The new game's state; options the engine rejects become a SessionError, and the engine's
    own bug an EngineBroken at its line (session 27: a traceback in play, resume and sessions)."""
    try:
        state: GameState = engine.new_game(players, options)
        return state
    except CompanionError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise SessionError(f"{engine.game_id} cannot start with options {options!r}: {exc}") from None
    except Exception as exc:
        fault = engine_fault(engine.game_id, exc)
        if fault is None:
            raise
        raise EngineBroken(fault.file, fault.line, f"the {engine.game_id} engine cannot set up a game: "
                                                   f"{fault.words}") from None


def check_players(engine: Engine, players: list[str]) -> None:
    """SessionError unless `players` are as many as the game seats, distinct, printable names."""
    if len(players) not in engine.player_counts():
        raise SessionError(f"{engine.game_id} is for {engine.players_allowed()} players, "
                           f"got {len(players)}: {', '.join(players)}")
    if len(set(players)) != len(players) or not all(p.strip() for p in players):
        raise SessionError(f"player names must be distinct and not empty, got {players!r}")
    for player in players:
        if len(player) > MAX_PLAYER_NAME or not player.isprintable():
            raise SessionError(f"a player name is 1 to {MAX_PLAYER_NAME} printable characters, got "
                               f"{len(player):,} characters starting {player[:20]!r}")


def result_line(table: Table) -> str:
    """How the game ended, for people (`result_text`); "over" when the engine says nothing."""
    outcome = table.outcome()
    winner = table.info.players[outcome.winner] if outcome and outcome.winner is not None else None
    return result_text(outcome.text if outcome and outcome.text else (outcome.termination if outcome else "over"),
                       winner)


def result_text(text: str, winner: str | None) -> str:
    """The engine's words, then the winner unless they name them (`Ben wins in round 24` needs no
    `· winner: Ben`): the line play, `sessions show|log` and the playtest report end with."""
    return text + (f" · winner: {winner}" if winner and winner not in text else "")


def entry_summary(entry: JournalEntry, players: list[str], hide_secret: bool = False, label: str | None = None) -> str:
    """`Ann roll: 3 4 (typed)`: one journal entry for people (a secret answer as `(hidden)` when
    `hide_secret`, e.g. at the table, where the other players may be looking); `label` is the
    answer as the menu showed it (`sessionexport.answer_labels`). What the tool drew or shuffled
    says so: `(drawn)`, where a roll says `(rolled)`."""
    who = players[entry.player] if entry.player is not None and 0 <= entry.player < len(players) else "table"
    shown = " ".join(str(a) for a in entry.answer) if isinstance(entry.answer, list) else str(entry.answer)
    if hide_secret and entry.kind == "secret":
        shown = "(hidden)"
    elif label is not None:
        shown = label
    source = {"draw": "drawn", "shuffle": "shuffled"}.get(entry.kind, entry.source) if entry.source == "rolled" \
        else entry.source
    return f"{who} {entry.kind}: {shown} ({source})"
