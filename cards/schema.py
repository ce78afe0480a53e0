"""The typed schema of a card database file.

Every YAML file in `cards/<game>/` is a *fragment*: a mapping whose top-level
keys are among the fields of `Fragment`. `game.yaml` must hold `game:`; the
other sections may be spread over as many files as the designer likes, and
lists from several files are concatenated.

Cards carry the fields their deck declares under `fields:`, so a new game
types its own cards in YAML without any Python.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from .colours import COLOR_PATTERN as COLOR_PATTERN  # noqa: PLC0414 - re-exported: problems.py words it
from .colours import Colour
from .ruletypes import check_type_name
from .units import UnitError, parse_length, parse_size

ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
CODE_PATTERN = r"^[A-Z0-9]{1,4}$"

FieldType = Literal["str", "text", "int", "float", "bool", "list", "map", "counts"]


class Strict(BaseModel):
    """Base model: unknown keys are errors, values are not coerced across types."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _check_length(value: str | float) -> str | int | float:
    try:
        parse_length(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None
    return value


def _check_size(value: str) -> str:
    try:
        parse_size(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None
    return value


class Players(Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        return self


class GameMeta(Strict):
    """Who the game is for and what it is called."""

    id: str = Field(pattern=ID_PATTERN)
    name: str
    players: Players
    ages: str | None = None
    play_time: str | None = None
    summary: str = ""
    designer: str | None = None
    prototype: bool = False
    source: str | None = None
    version: str | None = Field(default=None, description="the designer's own version, printed on every page")


class Ruling(Strict):
    """A decision where the original rules are silent or ambiguous, with its reason."""

    id: str = Field(pattern=ID_PATTERN)
    topic: str
    ruling: str
    reason: str


RuleTypeName = Annotated[str, AfterValidator(check_type_name)]


class FieldSpec(Strict):
    """The declared type of one card field in a deck."""

    type: FieldType = "str"
    required: bool = False
    refs: str | None = Field(default=None, description="deck id whose card ids the value must name")
    total: int | str | None = Field(default=None, description="for counts: the sum, or 'rules.PATH'")
    choices: list[str] | None = None
    # Never in a dump: lint checks it and nothing prints it, but a card's stamp, a deck's component
    # stamp and the manifest hash or record the decks as dumped. (Its `null` in every dump re-stamped
    # every Which Witch card in session 25; a Wand's `die` typed in session 26 would have too.)
    rule_type: RuleTypeName | None = Field(
        default=None, exclude=True, description="a rule type the value must fit as well (see `rule_types`): "
                                                "`list[effect]` checks each effect an engine runs")
    description: str = ""


class Card(BaseModel):
    """One card design; `count` copies are printed. Extra fields are checked against the deck."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)

    id: str = Field(pattern=ID_PATTERN)
    name: str
    count: int = Field(default=1, ge=0)

    @property
    def fields(self) -> dict[str, Any]:
        """The deck-declared fields of this card."""
        return dict(self.model_extra or {})

    def get(self, name: str, default: Any = None) -> Any:
        """A declared field's value, or `default`."""
        return (self.model_extra or {}).get(name, default)


class Back(Strict):
    """The back of every card in a deck."""

    layout: str = "back"
    label: str | None = None
    text: str = ""
    per_card: bool = Field(default=False, description="draw each card's back from its own card (`card`, "
                           "`number`, `corner` bound) instead of one back shared by the deck")
    like: str | None = Field(default=None, description=(
        "print the back of this other deck instead (its layout, drawn from that deck): cards that join "
        "that deck in play, like upgrades shuffled into an action deck, cannot be told from its cards"))


class Deck(Strict):
    """A deck of cards sharing a size, a frame and a back."""

    id: str = Field(pattern=ID_PATTERN)
    name: str
    code: str = Field(pattern=CODE_PATTERN, description="short code printed in a corner for sorting")
    color: Colour = "#444444"
    size: str = "poker"
    layout: str = "card"
    back: Back = Back()
    duplex: bool = True
    # `shared`: print on the same sheets as the game's other sharing decks of this size (default: `print.sheets`).
    sheets: Literal["own", "shared"] | None = None
    # On a shared sheet, a card of another deck would border these: a cut or duplex shift a
    # fraction of a millimetre off leaves its back's colour on their edge (print audit).
    face_down: bool = Field(default=False, description=(
        "its cards lie face down or in a hand, so their backs must not tell them apart: on shared "
        "card sheets empty slots keep other decks' cards from touching them, even at a corner"))
    total: int | str | None = Field(default=None, description="expected sum of counts, or 'rules.PATH'")
    description: str = ""
    prototype: bool = False
    fields: dict[str, FieldSpec] = {}
    cards: list[Card] = []

    _size = field_validator("size")(_check_size)


class Sheet(Strict):
    """A large single component: a board, a player mat, a tracker."""

    id: str = Field(pattern=ID_PATTERN)
    name: str
    kind: Literal["board", "mat", "tracker", "sheet"] = "board"
    width: str | int | float
    height: str | int | float
    layout: str
    count: int = Field(default=1, ge=1)
    per_player: bool = False
    # A tracker with `shared` is packed onto the shared token pages where that saves paper (see generator.packing).
    sheets: Literal["own", "shared"] | None = None
    data: dict[str, Any] = {}

    _lengths = field_validator("width", "height")(_check_length)


class Token(Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    count: int = Field(default=1, ge=1)
    color: Colour = "#888888"
    label: str = ""
    icon: str | None = None
    back_label: str | None = None


def _check_token_size(value: str | float) -> str | int | float:
    """A diameter or side (`20mm`), or a strip's `W x H` (`35mm x 12mm`)."""
    try:
        parse_size(value) if isinstance(value, str) and re.search(r"[x\u00d7]", value) else parse_length(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None
    return value


class TokenSheet(Strict):
    """Punch-out tokens of one shape and size: round or square (`size` a diameter or side), or
    strips (`size: 35mm x 12mm`, e.g. a marker laid across a lane)."""

    id: str = Field(pattern=ID_PATTERN)
    name: str
    shape: Literal["round", "square", "strip"] = "round"
    size: str | int | float = "20mm"
    layout: str | None = None
    duplex: bool = False
    # The component these tokens are played on (a sheet or deck id): lint checks they fit its cells.
    fits: str | None = Field(default=None, pattern=ID_PATTERN)
    # `shared`: packed onto the same pages as the game's other sharing token sheets (default: `print.sheets`).
    sheets: Literal["own", "shared"] | None = None
    tokens: list[Token]

    _size = field_validator("size")(_check_token_size)

    def extent(self) -> tuple[float, float]:
        """(width, height) of one token in points."""
        if isinstance(self.size, str) and re.search(r"[x\u00d7]", self.size):
            return parse_size(self.size)
        side = parse_length(self.size)
        return side, side


class Die(Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    sides: int = Field(ge=2)
    count: int = Field(default=1, ge=1)
    color: Colour = "#ffffff"
    note: str = ""


class Reference(Strict):
    """A quick-reference card: Markdown + Jinja2 front and optional back, at card size."""

    id: str = Field(pattern=ID_PATTERN)
    name: str
    size: str = "poker"
    front: str
    back: str | None = None
    # How many to print: a number, or `players_max` (one per seat at the largest table).
    count: int | Literal["players_max"] = "players_max"

    _size = field_validator("size")(_check_size)

    @field_validator("count")
    @classmethod
    def _check_count(cls, value: int | str) -> int | str:
        if isinstance(value, int) and value < 1:
            raise ValueError("expected at least 1 or 'players_max'")
        return value


class Rulebook(Strict):
    template: str = "rulebook.md.j2"
    title: str | None = None
    subtitle: str | None = None


class PrintSettings(Strict):
    bleed: str | int | float = "3mm"
    safe: str | int | float = "3mm"
    # Nothing but a card's bleed prints closer to the paper's edge: one length, or one per paper.
    margin: str | int | float | dict[str, str | int | float] | None = None
    # `shared`: decks of one card size share card sheets, and token sheets share pages (see generator.packing).
    sheets: Literal["own", "shared"] = "own"

    _lengths = field_validator("bleed", "safe")(_check_length)

    @field_validator("margin")
    @classmethod
    def _check_margin(cls, value: Any) -> Any:
        for length in value.values() if isinstance(value, dict) else [value]:
            if length is not None:
                _check_length(length)
        return value


class Fragment(Strict):
    """What one YAML file of a game may hold."""

    game: GameMeta | None = None
    rules: dict[str, Any] | None = None
    rule_types: dict[str, RuleTypeName] | None = Field(
        default=None, description="parameter path -> type (see cards/ruletypes.py); undeclared ones stay free")
    types: dict[str, RuleTypeName] | None = Field(
        default=None, description="named rule types that `rule_types` and a field's `rule_type` may use")
    rulings: list[Ruling] = []
    print: PrintSettings | None = None
    rulebook: Rulebook | None = None
    decks: list[Deck] = []
    sheets: list[Sheet] = []
    tokens: list[TokenSheet] = []
    dice: list[Die] = []
    references: list[Reference] = []


SECTIONS = tuple(Fragment.model_fields)


def is_rules_ref(value: object) -> bool:
    """Is `value` a reference into the rules parameters, like `'rules.deck_size'`?"""
    return isinstance(value, str) and bool(re.match(r"^rules(\.[A-Za-z0-9_]+)+$", value))
