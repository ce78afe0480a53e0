"""Write docs/GAME_FORMAT.md: every key a game's YAML may hold, from the card database's own schema.

Run `make docs-format` (or `.venv/bin/python docs/make_format.py`). The key tables are read from
the pydantic models in `cards/schema.py`, the card sizes from `cards/units.py` and the icon names
from `generator/icons.py`, so the reference cannot drift from what `deckwright lint` accepts (a
test compares the file with what this script writes).
"""

from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from cards import schema
from cards.ruletypes import VOCABULARY
from cards.units import CARD_SIZES
from generator.icons import names as icon_names

OUT = Path(__file__).parent / "GAME_FORMAT.md"

# (heading, model, what it is) in the order a designer meets them
SECTIONS: tuple[tuple[str, type[BaseModel], str], ...] = (
    ("game", schema.GameMeta, ("The game's details (game.yaml). `version`, when given, is printed on "
     "every page; without it the pages print the rules version, a hash of the rules and rulings.")),
    ("decks[]", schema.Deck, ("A deck of cards. Each card has `id`, `name` and `count` (copies printed, "
     "default 1) plus the fields the deck declares.")),
    ("decks[].fields.NAME", schema.FieldSpec, "A field every card of the deck may (or must) give."),
    ("decks[].back", schema.Back, "The deck's card back."),
    ("sheets[]", schema.Sheet, "A board, mat or tracker: as many copies a page as fit, on a landscape page when "
     "that holds more (one wider than the portrait page), or tiled over several pages when larger than the paper. "
     "One page holds up to 200 x 284 mm (A4) or 205 x 266 mm (Letter) upright, 287 x 197 mm or 269 x 202 mm "
     "turned, above the page's footer (game, sheet, version, page number), inside the default 5 mm margin."),
    ("tokens[]", schema.TokenSheet, "A punch sheet of tokens; on landscape pages when only those hold a token "
     "(a strip longer than the portrait page is wide)."),
    ("tokens[].tokens[]", schema.Token, "One kind of token on a punch sheet."),
    ("dice[]", schema.Die, "A die the game uses, which the kit does not print (listed under the rulebook's components)."),
    ("references[]", schema.Reference, "A quick-reference card, its sides rendered from Markdown templates."),
    ("rulings[]", schema.Ruling, "A ruling for what the rules leave open; the rulebook prints every one."),
    ("rulebook", schema.Rulebook, "Which template the rulebook is rendered from, and its title."),
    ("print", schema.PrintSettings, ("Print settings of the kit (lengths: `3mm`, `0.125in`, `9pt`; a bare "
     "number is mm).")),
)

# What each key means, where the schema's own `description` does not say (a key added to the
# schema without one here or there stops this script: the reference is complete or not written)
DESCRIPTIONS: dict[tuple[str, str], str] = {
    ("GameMeta", "id"): "the game's id: commands find a game by its folder, so name the folder the same",
    ("GameMeta", "name"): "the game's name, on the rulebook's cover and the card backs",
    ("GameMeta", "players"): "`{min: 2, max: 4}`",
    ("GameMeta", "ages"): "printed on the cover (`10+`)",
    ("GameMeta", "play_time"): "printed on the cover (`30 min`)",
    ("GameMeta", "summary"): "one paragraph on the cover",
    ("GameMeta", "designer"): "credited on the cover and in the PDFs' metadata",
    ("GameMeta", "prototype"): "a flag your layouts and templates may print (`{{ game.prototype }}`)",
    ("GameMeta", "source"): "where the rules come from (a note for you; not printed)",
    ("Ruling", "id"): "the ruling's id (`move-once`)",
    ("Ruling", "topic"): "what it is about, the heading the rulebook prints",
    ("Ruling", "ruling"): "what is decided",
    ("Ruling", "reason"): "why: the rulebook prints it under the ruling",
    ("FieldSpec", "type"): "see Field types below",
    ("FieldSpec", "required"): "every card must give it",
    ("FieldSpec", "choices"): "the only values allowed (for a list, of each item)",
    ("FieldSpec", "description"): "what the field is for (a note for you and your templates)",
    ("Back", "layout"): "the back's layout (the shipped `back` prints the game's name and the label)",
    ("Back", "label"): "printed on the back under the game's name (default: the deck's name)",
    ("Back", "text"): "more text for a layout of your own to print (`{{ back.text }}`)",
    ("Deck", "id"): "the deck's id",
    ("Deck", "name"): "the deck's name, on the components page and the sheets' footers",
    ("Deck", "color"): "the deck's colour: the frame and the back",
    ("Deck", "size"): "a card size (see Card sizes below)",
    ("Deck", "layout"): "the front's layout (the shipped `card` frame, or one of your own)",
    ("Deck", "back"): "the card back",
    ("Deck", "duplex"): "print the backs (a sheet of backs after each sheet of fronts)",
    ("Deck", "sheets"): "`shared`: print on the same sheets as the game's other sharing decks of this size "
                        "(default: `print.sheets`); beside decks printed alone, a file of two or three decks is named for "
                        "them (`effects-and-keywords-a4.pdf`)",
    ("Deck", "description"): "what the deck is for (a template may print it: `{{ deck.description }}`)",
    ("Deck", "prototype"): "a flag your layouts may print (`when: \"{{ deck.prototype }}\"`); the shipped "
                           "frame does not",
    ("Deck", "fields"): "the fields its cards give, by name (see `decks[].fields.NAME`)",
    ("Deck", "cards"): "the cards (`- {id: bolt, name: Bolt, count: 2, cost: 3}`), or "
                       "`{from: cards.csv}` / `{from: cards.xlsx, sheet: Spells}` (`sheet:` may be left out "
                       "of a workbook of one sheet)",
    ("Sheet", "id"): "the sheet's id",
    ("Sheet", "name"): "its name on the components page",
    ("Sheet", "kind"): "what it is",
    ("Sheet", "width"): "its width (a length)",
    ("Sheet", "height"): "its height (a length)",
    ("Sheet", "layout"): "its layout",
    ("Sheet", "count"): "copies printed",
    ("Sheet", "per_player"): "one copy per seat at the largest table",
    ("Sheet", "sheets"): "`shared`: a tracker is packed onto the shared token pages where that saves paper",
    ("Sheet", "data"): "anything its layout reads (`{{ data.rooms }}`)",
    ("Token", "id"): "the token's id",
    ("Token", "name"): "its name on the components page",
    ("Token", "count"): "how many to punch",
    ("Token", "color"): "its colour",
    ("Token", "label"): "the text printed on it",
    ("Token", "icon"): "an icon printed on it (see Icons below)",
    ("Token", "back_label"): "the text on its back, for a two-sided sheet (default: its label)",
    ("TokenSheet", "id"): "the sheet's id",
    ("TokenSheet", "name"): "its name on the components page",
    ("TokenSheet", "shape"): "the tokens' shape",
    ("TokenSheet", "size"): "a diameter or a side (`20mm`), or a strip's `35mm x 12mm`",
    ("TokenSheet", "layout"): "a layout for each token (default: the label and icon, centred)",
    ("TokenSheet", "duplex"): "print a sheet of backs after it",
    ("TokenSheet", "fits"): "the sheet or deck these tokens are played on: lint checks they fit its cells",
    ("TokenSheet", "sheets"): "`shared`: packed onto the same pages as the game's other sharing token sheets",
    ("TokenSheet", "tokens"): "the kinds of token (see `tokens[].tokens[]`)",
    ("Die", "id"): "the die's id",
    ("Die", "name"): "its name on the components page",
    ("Die", "sides"): "how many sides",
    ("Die", "count"): "how many the game needs",
    ("Die", "color"): "its colour",
    ("Die", "note"): "what it is rolled for",
    ("Reference", "id"): "the card's id",
    ("Reference", "name"): "its name on the components page",
    ("Reference", "size"): "a card size (see Card sizes below)",
    ("Reference", "front"): "the front's Markdown + Jinja2 template (`ref-turn-front.md.j2`)",
    ("Reference", "back"): "the back's template, if it has one",
    ("Reference", "count"): "how many to print: a number, or `players_max` (one per seat)",
    ("Rulebook", "template"): "the Markdown + Jinja2 template in the game's `templates/` folder; every game "
                              "needs one (there is no shared default)",
    ("Rulebook", "title"): "the cover's title (default: the game's name)",
    ("Rulebook", "subtitle"): "a line under the title",
    ("PrintSettings", "bleed"): "how far art runs past the cut line",
    ("PrintSettings", "safe"): "how far inside the cut line text must stay (the print-shop preflight checks it)",
    ("PrintSettings", "margin"): "nothing but a card's bleed prints closer to the paper's edge: one length, or "
                                 "one per paper (`{a4: 8mm, letter: 0.3in}`)",
    ("PrintSettings", "sheets"): "`shared`: decks of one card size share card sheets, and token sheets share pages",
}

FIELD_TYPES = {
    "str": "a short text printed as written (`{{ }}` is refused: it would not be filled in)",
    "text": "a card text: `{{ rules.x }}` is filled in from the rules, `**bold**` and `*italic*` are set, "
            "`:icon:` draws an icon (lint refuses a name that is no icon)",
    "int": "a whole number (a spreadsheet's `2.0` is 2)",
    "float": "a number",
    "bool": "`true` or `false` (`yes`/`no` in a spreadsheet)",
    "list": "a list, `[fire, water]` (in a spreadsheet also `fire; water`)",
    "map": "a mapping, `{reach: 2, speed: 3}`",
    "counts": "card ids and how many of each, `{strike: 3, evade: 2}`; `refs:` names the deck, `total:` "
              "the sum they must reach",
}


def main() -> None:
    OUT.write_text(reference())
    print(f"wrote {OUT}")


def reference() -> str:
    """The whole reference, as docs/GAME_FORMAT.md holds it."""
    lines = [
        "# The game format: every key a game may write",
        "",
        "<!-- Written by docs/make_format.py from cards/schema.py: edit the schema, then run",
        "     `make docs-format`; a test fails when this file is out of date. -->",
        "",
        "A game is a folder of YAML files (any names; `game.yaml` holds the `game:` block) plus,",
        "optionally, a `templates/` folder of its own layouts and templates. Every file may hold any",
        "of the sections below; lists (`decks:`, `rulings:`...) from several files are joined.",
        "A key not listed here is refused by `deckwright lint`, which names the accepted keys.",
        "Ids are lower case letters, digits and `-` (`long-strike`); colours are `#rrggbb`.",
        "",
        "## Sections",
        "",
    ]
    for heading, model, what in SECTIONS:
        lines += [f"### `{heading}`", "", what, "", "| key | type | default | what it is |", "|---|---|---|---|"]
        lines += [_row(model, name, info) for name, info in model.model_fields.items()]
        lines.append("")
    lines += [
        "### `rules`, `rule_types` and `types`",
        "",
        "`rules:` holds every number and list the rulebook and the cards print, in one place",
        "(`{{ rules.hand_size }}` in a `text` field, a layout or a template). `rule_types:` gives the",
        f"type of each, so lint locates a wrong value: {VOCABULARY}.",
        "",
        "- A bound may name another parameter: `list[int in 1..rules.rooms]`, `dict[int in 1..rules.rooms, int]`,",
        "  or a part of one, rounded down: `half: int in 1..rules.lanes / 2`.",
        "- A name an engine looks up gets its choices: `tiebreaks: list[str in (lamps, health, first_blood)]`",
        "  refuses `healt` at the item: `rules.tiebreaks[1]: 'healt' is not one of lamps, health, first_blood`.",
        "- `{kind: str in (strike, block), dv?: int}` is a mapping whose `kind` must be given and whose",
        "  `dv` may be; other keys are free. `dict[str, {kind: ...}]` types every entry of a mapping.",
        "- `{op: str in (steal, set), amount?: int} per op {steal: {resource: str in (hp, points)}}` types",
        "  the keys one value of `op` reads as well: a steal must name a resource it can take",
        "  (`effects[0].resource: 'dv' is not one of hp, points (with op: steal)`).",
        "- `only {kind?: str, dv?: int}` accepts no other key, where an engine reads a closed set: a",
        "  misspelt `first_strik: true` is `unknown key 'first_strik' (did you mean 'first_strike'?)`.",
        "  A case may close and have cases of its own: `per op {hook: only {name: str} per name",
        "  {bubble: {toughness: int}}}` types the parameters each hook reads.",
        "- A name may be one that another value lists: `str in rules.dice` (a mapping's keys or a list's",
        "  items), `str in decks.actions` (the deck's card ids) or `str in decks.characters.die` (the",
        "  values its cards give the field): `into: strik` is `'strik' is not one of strike, ...`.",
        "  Such a list may sit among fixed names: `str in (draw, max_ap, decks.effects)`; and",
        "  `types.NAME` there gives the names a named type of choices lists: `duel_hook: str in",
        "  (types.any_hook, feint)` is every `any_hook` and `feint`.",
        "- `dict[K,V] covers decks.characters.die` (or `covers rules.PATH`, `covers (a, b)`) needs a key",
        "  for each name listed, where an engine looks each one up: a table of dice that leaves out the",
        "  d8 a card uses is `rules.dice: missing key 'd8' (the keys must cover decks.characters.die)`.",
        "- A mapping's key out of its bounds is said to be the key: `rules.buffs[30]: the key 30 is out",
        "  of bounds: expected at most 12`.",
        "- `types:` names a type once, so several places use it: `types: {effect: \"{op: str in (heal,",
        "  damage), reward?: list[effect]}\"}` (a type may name itself), then `wish_options: list[effect]`",
        "  under `rule_types:`, and a deck field's `rule_type: list[effect]` checks every card's value.",
        "- `card_effect: effect + {when?: str in (play, win)}` (under `types:`) is an `effect` with more",
        "  keys, in each of its cases: where only some places read a key, those places name the",
        "  extension and the others refuse the key, saying where it is read: `reward[0].when: unknown",
        "  key 'when': nothing reads it here, only the effects of decks map, powers; accepted: ...`.",
        "- `effect + per op {hook: {name: duel_hook}}` (with or without keys before `per`) gives the",
        "  case it names these keys over its own: a place that gives a hook more to read accepts more",
        "  hooks. A name refused where a choice type of such a family is used says where it may be:",
        "  `name: 'lock_dv' is not one of ...; it may be used only in the effects of decks powers`.",
        "",
        "## Field types",
        "",
        "| type | a card gives |",
        "|---|---|",
        *[f"| `{name}` | {text} |" for name, text in FIELD_TYPES.items()],
        "",
        "Only `text` fields are filled in from the rules. A number field cannot name a rule: write the",
        "number, or print `{{ rules.x }}` from the card's text or its layout instead.",
        "",
        "## Card sizes",
        "",
        "`size:` is a name, or `WIDTHmm x HEIGHTmm` (`44mm x 68mm`):",
        "",
        "| name | width x height |",
        "|---|---|",
        *[f"| `{name}` | {w:g} x {h:g} mm |" for name, (w, h) in CARD_SIZES.items()],
        "",
        "## Icons",
        "",
        "`:name:` in a card text or a rulebook, and `type: icon` in a layout, draw one of these:",
        "",
        ", ".join(f"`{name}`" for name in sorted(icon_names())),
        "",
        "## Templates: what a rulebook or a reference card sees",
        "",
        "`game`, `rules`, `rulings`, `decks` (a list: `decks[0].name`; one deck by id is",
        "`db.deck('storms').name`), `sheets`, `tokens`, `dice`, `references`, `db` and `version`, with",
        "the helpers `ceil`, `floor`, `signed`, `and_list`, `plural`, `render_text` and `card_text`.",
        "Layouts see the card (`card.name`, `card.text`, each field), `deck`, `rules`, `game`, `db`,",
        "`number`, `total`, `corner` and `stamp` (the card's own content stamp). `templates/README.md`",
        "describes the layout elements.",
        "",
        "## Versions",
        "",
        "Three different hashes or numbers appear: each card prints its own **stamp** (`v 1a2b3c4d`),",
        "which changes only when what that card shows changes; pages and the rulebook print the",
        "game's **version** (`game: version:`, else the **rules version**, a hash of the rules, rulings",
        "and game details), which `deckwright lint` shows by its name (`ok (version 0.1)`, `ok (rules",
        "version 8b2eff17)`); when you declare `game: version:`, bump it with each rules change (`build`",
        "and `changes` warn when you did not). A session, `deckwright games GAME` and a balance report",
        "(`balance-<database version>.pdf`) name the **database version**, a hash of the folder's YAML",
        "and spreadsheet files (not its templates), which every edit of them changes.",
        "",
    ]
    return "\n".join(lines)


def _row(model: type[BaseModel], name: str, info: FieldInfo) -> str:
    default = "required" if info.is_required() else _shown(info.default)
    description = info.description or DESCRIPTIONS.get((model.__name__, name))
    if not description:
        raise SystemExit(f"{model.__name__}.{name} has no description: add one to DESCRIPTIONS or the schema")
    escaped = description.replace("|", "\\|")  # a table cell's bar
    return f"| `{name}` | {_type(info.annotation)} | {default} | {escaped} |"


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, BaseModel):
        return "see below"
    if isinstance(value, (list, dict, str)) and not value:
        return "empty"
    return f"`{str(value).lower() if isinstance(value, bool) else value}`"


def _type(annotation: Any) -> str:
    """A type as a designer reads it: `text`, `number`, `yes/no`, `one of: a, b`, `list of ...`."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _type(typing.get_args(annotation)[0])
    if origin is typing.Literal:
        return "one of: " + ", ".join(f"`{value}`" for value in typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        args = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        if {str, int, float} <= set(args):  # a length: `3mm`, `0.125in`, or a number of mm
            args = ["length", *(arg for arg in args if arg not in (str, int, float))]
        parts = ["length (`3mm`)" if arg == "length" else _type(arg) for arg in args]
        return " or ".join(dict.fromkeys(parts))
    if origin is list:
        return f"list of {_type(typing.get_args(annotation)[0])}"
    if origin is dict:
        key, value = typing.get_args(annotation)
        return f"mapping of {_type(key)} to {_type(value)}".replace("to text or whole number or number",
                                                                    "to length")
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "mapping (see its section)" if any(model is annotation for _, model, _ in SECTIONS) else "mapping"
    return {str: "text", int: "whole number", float: "number", bool: "`true`/`false`"}.get(annotation, "value")


if __name__ == "__main__":
    main()
