"""`deckwright halfwish ...`: the duel calculator and exact duel odds for Halfwish."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from ...cli.common import Integer, did_you_mean, echo_json, get_context, user_errors
from ...cli.screen import echo_wrapped
from .calculators import Calculation, SideSpec, calculate, calculator_engine
from .duel import other_key
from .odds import DuelOdds, OddsMatrix, duel_odds, odds_matrix, percent
from .profiles import ActionProfile, DuelRules, profiles_from_db
from .sides import Side, SideKey, SideResult

GAME_ID = "halfwish"
SIDE_CHOICE = click.Choice(["a", "b"])


@click.group(GAME_ID)
def group() -> None:
    """Halfwish calculators: a duel step by step, and its exact odds.

    \b
    Examples:
      deckwright halfwish duel --a long-strike --a-dv 10 --b strike --b-dv 12
      deckwright halfwish odds --a heavy-strike --b defend
      deckwright halfwish odds --matrix
    """


# --- parsing what was typed ---------------------------------------------------------------

def parse_actions(text: str, profiles: Mapping[str, ActionProfile], rules: Mapping[str, Any],
                  option: str) -> tuple[str, ...]:
    """`strike,defend` -> ("strike", "defend"), every id known, a count some turn allows."""
    ids = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [x for x in ids if x not in profiles]
    if unknown:
        raise click.BadParameter(f"unknown action {unknown[0]!r}{_close(unknown[0], profiles)} valid ids: "
                                 f"{', '.join(profiles)}",
                                 param_hint=option)
    counts = sorted(set(rules["actions_per_duel"]))
    if len(ids) not in counts:
        raise click.BadParameter(f"give {' or '.join(map(str, counts))} action(s), comma-separated; "
                                 f"got {len(ids)}", param_hint=option)
    return ids


def _close(word: str, known: Mapping[str, Any]) -> str:
    """`; did you mean 'strike'?` before the list of every id, or just `;`."""
    close = did_you_mean(word, list(known))
    return f"{close}" if close else ";"


def check_dv(dv: int, rules: Mapping[str, Any], option: str) -> int:
    """A rolled DV must be one the dice can show."""
    bounds = DuelRules.from_rules(rules)
    if not bounds.dv_min <= dv <= bounds.dv_max:
        raise click.BadParameter(f"a DV is rolled on {len(rules['dv_dice'])} dice: "
                                 f"{bounds.dv_min} to {bounds.dv_max}, not {dv}", param_hint=option)
    return dv


def power_cards(db: Any) -> dict[str, Any]:
    """Every basic power and power card by id."""
    return {card.id: card for deck_id in ("basic-powers", "powers") for card in db.deck(deck_id).cards}


def parse_powers(tokens: tuple[str, ...], db: Any, option: str) -> tuple[str, ...]:
    """Known power ids (`ID` or `ID:ACTION`), at most `rules.non_basic_powers_per_turn` non-basic ones."""
    cards = power_cards(db)
    ids = []
    for token in tokens:
        pid, _, slot = token.partition(":")
        if slot and not slot.isdigit():
            raise click.BadParameter(f"{token!r}: after ':' give the action's position, e.g. feint:2", param_hint=option)
        ids.append(pid)
        if pid not in cards:
            raise click.BadParameter(f"unknown power {pid!r}{_close(pid, cards)} valid ids: {', '.join(cards)}",
                                     param_hint=option)
    basics = {card.id for card in db.deck("basic-powers").cards}
    most = int(db.rules["non_basic_powers_per_turn"])
    if len([p for p in ids if p not in basics]) > most:
        raise click.BadParameter(f"only {most} non-basic power(s) can be played per turn", param_hint=option)
    return tokens


def _side_key(key: str) -> SideKey:
    """`a` or `b` as typed (click has checked it)."""
    return "a" if key == "a" else "b"


# --- duel -------------------------------------------------------------------------------

def side_options(key: str) -> list[click.Option]:
    """The options describing one side (`--a ...` or `--b ...`)."""
    up = key.upper()
    return [
        click.Option([f"--{key}", f"{key}_actions"], required=True, metavar="ACTION[,ACTION]",
                     help=f"{up}'s committed action id(s), as many as the turn allows (two: left,right); "
                          f"a basic action (strike, long-strike, heavy-strike, defend, evade) or an upgrade id."),
        click.Option([f"--{key}-dv", f"{key}_dv"], type=int, required=True, metavar="N",
                     help=f"{up}'s rolled DV (the dice total, before any DV change)."),
        click.Option([f"--{key}-exposed", f"{key}_exposed"], type=Integer(min=0), default=0,
                     show_default=True, help=f"{up}'s Exposed stacks before the reveal."),
        click.Option([f"--{key}-toughness", f"{key}_toughness"], type=Integer(min=0), default=0,
                     show_default=True, help=f"{up}'s Toughness stacks before the reveal."),
        click.Option([f"--{key}-dv-mod", f"{key}_dv_mod"], type=int, default=0, show_default=True,
                     help=f"DV change already on {up} (e.g. after an Ice Beam), added to the roll."),
        click.Option([f"--{key}-power", f"{key}_powers"], multiple=True, metavar="ID[:ACTION]",
                     help=f"A power {up} plays this duel (repeatable), e.g. roar, taunt, halfwish, feint; "
                          f"feint:2 transforms the second action (default: the first)."),
    ]


def with_side_options(func: Any) -> Any:
    for option in reversed(side_options("a") + side_options("b")):
        func.__click_params__ = [*getattr(func, "__click_params__", []), option]
    return func


def side_spec(db: Any, profiles: Mapping[str, ActionProfile], key: str, values: dict[str, Any]) -> SideSpec:
    """One side's typed values, checked."""
    return SideSpec(
        actions=parse_actions(values[f"{key}_actions"], profiles, db.rules, f"--{key}"),
        dv=check_dv(values[f"{key}_dv"], db.rules, f"--{key}-dv"),
        exposed=values[f"{key}_exposed"], toughness=values[f"{key}_toughness"],
        dv_mod=values[f"{key}_dv_mod"], powers=parse_powers(values[f"{key}_powers"], db, f"--{key}-power"))


@group.command("duel")
@with_side_options
@click.option("--aggressor", type=SIDE_CHOICE, default="a", show_default=True,
              help="Who started the duel (scores per hit); the other defends.")
@click.option("--phase", type=click.Choice(["preparation", "showdown"]), default="showdown", show_default=True,
              help="When the powers are played (Taunt swaps roles only in preparation; "
                   "Earthquake swaps actions only in the showdown).")
@click.option("--losing", type=SIDE_CHOICE, default=None,
              help="Who is losing the game, for Bubble (default: nobody).")
@click.option("--json", "as_json", is_flag=True,
              help="Print a and b (damage_taken, points, hits), winner and steps as JSON.")
@user_errors
def duel(aggressor: str, phase: str, losing: str | None, as_json: bool, **values: Any) -> None:
    """Resolve one duel and explain the maths step by step, with the point tally.

    \b
    Example (the rulebook's: A deals 8 damage, B does 12-8=4 back):
      deckwright halfwish duel --a long-strike --a-dv 10 --b strike --b-dv 12
    Two actions each on turns 3-5, a power and a status:
      deckwright halfwish duel --a strike,heavy-strike --a-dv 9 \\
          --b defend,evade --b-dv 8 --a-power roar --b-toughness 1 --json
    """
    db = get_context().load(GAME_ID)
    profiles = profiles_from_db(db)
    a, b = side_spec(db, profiles, "a", values), side_spec(db, profiles, "b", values)
    if len(a.actions) != len(b.actions):
        raise click.UsageError(f"both sides commit the same number of actions; got {len(a.actions)} for a "
                               f"and {len(b.actions)} for b")
    calc = calculate(calculator_engine(db), a, b, _side_key(aggressor), phase,  # type: ignore[arg-type]
                     None if losing is None else _side_key(losing))
    if as_json:
        echo_json(calc.to_json())
        return
    print_duel(calc, a, b, profiles)


def print_duel(calc: Calculation, a: SideSpec, b: SideSpec, profiles: Mapping[str, ActionProfile]) -> None:
    """The explanation as the gamemaster reads it out."""
    result = calc.result
    for key, spec in (("a", a), ("b", b)):
        role = "aggressor" if result.aggressor == key else "defender"
        names = ", ".join(profiles[x].name for x in spec.actions)
        echo_wrapped(f"{key.upper()} ({role}): {names}, DV {spec.dv}")
    for line in calc.steps:
        echo_wrapped(f"  {line}")
    verdict = "tie" if result.winner == "tie" else f"{result.winner.upper()} wins the duel"
    echo_wrapped(f"Result: A takes {_damage_text(result.a)} damage, B takes {_damage_text(result.b)}; "
               f"points A {result.a.points}, B {result.b.points}: {verdict}.")


def _damage_text(side: SideResult) -> str:
    """The damage a side took in the whole duel; damage dealt before the combat (Ignite, a map card,
    a reveal effect) is named apart from the combat damage."""
    total = sum(side.hits)
    if total == side.damage_taken:
        return str(total)
    return f"{total} ({total - side.damage_taken} before the combat, {side.damage_taken} in it)"


# --- odds -------------------------------------------------------------------------------

@group.command("odds")
@click.option("--a", "a_actions", metavar="ACTION[,ACTION]", help="A's action id(s) (required unless --matrix).")
@click.option("--b", "b_actions", metavar="ACTION[,ACTION]", help="B's action id(s) (required unless --matrix).")
@click.option("--a-dv", type=int, metavar="N", help="A's DV if known (then only B's roll varies).")
@click.option("--b-dv", type=int, metavar="N", help="B's DV if known (then only A's roll varies).")
@click.option("--a-dv-mod", type=int, default=0, show_default=True, help="DV change added to every A roll.")
@click.option("--b-dv-mod", type=int, default=0, show_default=True, help="DV change added to every B roll.")
@click.option("--aggressor", type=SIDE_CHOICE, default="a", show_default=True, help="Who started the duel.")
@click.option("--matrix", is_flag=True, help="Every basic action against every basic action (A attacks).")
@click.option("--json", "as_json", is_flag=True, help="Print exact fractions and decimals as JSON.")
@user_errors
def odds(a_actions: str | None, b_actions: str | None, a_dv: int | None, b_dv: int | None, a_dv_mod: int,
         b_dv_mod: int, aggressor: str, matrix: bool, as_json: bool) -> None:
    """Exact chances over both players' DV rolls (every roll enumerated, not sampled).

    \b
    Examples:
      deckwright halfwish odds --a heavy-strike --b defend
      deckwright halfwish odds --a long-strike --b strike --b-dv 12 --json
      deckwright halfwish odds --matrix
    """
    db = get_context().load(GAME_ID)
    profiles = profiles_from_db(db)
    if matrix:
        table = odds_matrix(db.rules, profiles)
        if as_json:
            echo_json(table.to_json())
        else:
            print_matrix(table)
        return
    if not a_actions or not b_actions:
        raise click.UsageError("give --a and --b (or --matrix)")
    if a_dv is not None and b_dv is not None:
        raise click.UsageError("give at most one known DV (--a-dv or --b-dv); with both, use 'halfwish duel'")
    a_ids = parse_actions(a_actions, profiles, db.rules, "--a")
    b_ids = parse_actions(b_actions, profiles, db.rules, "--b")
    if len(a_ids) != len(b_ids):
        raise click.UsageError("both sides commit the same number of actions")
    known = {"a_roll": None if a_dv is None else check_dv(a_dv, db.rules, "--a-dv"),
             "b_roll": None if b_dv is None else check_dv(b_dv, db.rules, "--b-dv")}
    result = duel_odds(Side(tuple(profiles[x] for x in a_ids), 0), Side(tuple(profiles[x] for x in b_ids), 0),
                       _side_key(aggressor), db.rules, a_mod=a_dv_mod, b_mod=b_dv_mod, **known)
    if as_json:
        echo_json(result.to_json())
    else:
        print_odds(result, profiles)


def print_odds(result: DuelOdds, profiles: Mapping[str, ActionProfile]) -> None:
    """A pairing's chances, expected damage and points, in words."""
    def names(ids: tuple[str, ...]) -> str:
        return ", ".join(profiles[x].name for x in ids)

    def dv(roll: int | None) -> str:
        return f"DV {roll}" if roll is not None else "DV rolled"

    roles = {result.aggressor: "aggressor", other_key(result.aggressor): "defender"}
    echo_wrapped(f"A ({roles['a']}) {names(result.a_actions)}, {dv(result.a_roll)} against "
                 f"B ({roles['b']}) {names(result.b_actions)}, {dv(result.b_roll)}: {result.outcomes} equally "
                 f"likely dice outcomes", hang=2)
    echo_wrapped(f"  A wins {percent(result.a_wins)} ({result.a_wins}), B wins {percent(result.b_wins)} "
                 f"({result.b_wins}), tie {percent(result.tie)} ({result.tie})", hang=2)
    echo_wrapped(f"  expected damage: A deals {float(result.b_damage_taken):.2f} and takes "
                 f"{float(result.a_damage_taken):.2f}", hang=2)
    echo_wrapped(f"  expected points: A {float(result.a_points):.2f}, B {float(result.b_points):.2f}")


def print_matrix(table: OddsMatrix) -> None:
    """Rows: A's action (aggressor); columns: B's action; cells: A's chance to win the duel, then
    the chance of a tie (what is left of a cell is the defender's win)."""
    for key, title in (("win", ("Chance that the aggressor (row) wins the duel against the defender (column), "
                                 "both DVs rolled:")),
                       ("tie", "Chance that the duel is a tie (the rest of a cell is the defender's win):")):
        if key == "tie":
            click.echo()
        echo_wrapped(title)
        print_cells(table, key)


def print_cells(table: OddsMatrix, key: str) -> None:
    """One figure of every cell (`win`, `tie`), rows under their action, columns under theirs."""
    first = max(len(n) for n in table.names) + 1
    widths = [max(len(n), len("100.0%")) + 2 for n in table.names]  # each column as wide as its name
    click.echo(" " * first + "".join(f"{n:>{w}}" for n, w in zip(table.names, widths, strict=True)))
    for row in table.rows():
        click.echo(f"{row['name']:<{first}}" + "".join(f"{c[key]:>{w}}" for c, w in zip(row["cells"], widths,
                                                                                       strict=True)))
