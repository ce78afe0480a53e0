"""The selection phase in secret, through the real CLI (issue: "asks each player's selection
(hidden from the other until both chose, as at the table)"; ruling secret-selection), and the
mixed variant's sides (ruling mixed-classes).

Seed: "Selection Phase: Choose any of your party's character or monster cards that is still
alive, and announce it to the other player." Each selection is a secret decision (handoff, no
echo); nothing on screen names a chosen piece until both chose; then one event names both.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from htb_table import ANN, new_game, option_ids
from htb_table import play as apply

from companion.cli import cli
from companion.sessionexport import SECRET, SECRET_ENDED
from companion.sessions import SessionStore

NEW = ["play", "half-the-battle", "--players", "Ann,Ben", "--seed", "5", "--name", "sel"]
SETUP = ["3", "8", "vial-of-poison", "flimsy-shield", "mirror-shield", "potion-of-healing"]
MIXED = ["play", "half-the-battle", "--players", "Ann,Ben", "--seed", "5", "--name", "mixed", "-o", "teams=mixed"]
ANN_SIDES = [f"side:{s}" for s in "baabaab"]
BEN_SIDES = [f"side:{s}" for s in "abbabaa"]
CLASSES = ("Wizard", "Sorcerer", "Bard", "Fighter", "Rogue", "Cleric", "Ranger", "Dragon", "Lich", "Paladin",
           "Warlock", "Druid", "Monk", "Barbarian")


def play(args, keys):
    result = CliRunner().invoke(cli, args, input="".join(k + "\n" for k in keys))
    assert result.exit_code == 0, result.output
    return result.output


def kinds(name):
    with SessionStore() as store:
        return [e.kind for e in store.journal(name)]


def test_each_selection_is_a_secret_decision():
    out = play(NEW, [*SETUP, "0-d12", "quit"])
    _, _, after = out.partition("Secret choice for Ann: everyone but Ann look away now.")
    assert after, "Ann is handed the screen before she selects"
    assert "select a piece in secret (1-7) > (hidden)" in after
    assert "> 0-d12" not in out                                        # the typed piece is not echoed
    assert "Ann has selected a piece (hidden until both chose)" in after
    assert "Secret choice for Ben: everyone but Ben look away now." in after
    assert "Selected:" not in after and "selected:" not in after and "Ann: Fighter" not in after
    assert kinds("sel")[-1] == "secret"


def test_both_selections_are_revealed_together_in_one_event():
    out = play(NEW, [*SETUP, "0-d12", "1-d20", "quit"])
    before, found, after = out.partition("  Selected: ")
    assert found and out.count("Selected:") == 1
    assert before.count("> (hidden)") == 2 and "Ben has selected a piece (hidden until both chose)" in before
    assert not re.search(r"Fighter d12;|Dragon d20$|selected:", before, re.MULTILINE)
    assert after.startswith("Ann: Fighter d12; Ben: Dragon d20\n")
    assert kinds("sel")[-2:] == ["secret", "secret"]


def test_a_rage_conversion_in_the_selection_phase_keeps_the_selection_secret(engine):
    """Seed: "On your turn, in either the selection or action phases, any number of Rage dice may
    be converted": the conversion is public, the selection asked again after it is still secret."""
    state = new_game(engine)
    state.players[ANN].rage_dice = ["d6"]
    assert engine.request(state).secret and "rage" in option_ids(engine, state)
    apply(engine, state, "rage")
    assert engine.request(state).kind == "convert" and not engine.request(state).secret
    apply(engine, state, "cancel")
    request = engine.request(state)
    assert request.kind == "select" and request.secret and request.player == ANN


@pytest.mark.parametrize("args", [["show"], ["show", "--json"], ["log"], ["log", "--json"], ["export"],
                                  ["export", "--format", "md"]], ids=lambda a: "-".join(a))
def test_sessions_commands_hide_the_selection_while_the_game_is_played(args):
    play(NEW, [*SETUP, "0-d12", "quit"])
    result = CliRunner().invoke(cli, ["sessions", args[0], "sel", *args[1:]])
    assert result.exit_code == 0, result.output
    assert "0-d12" not in result.output and "Selected" not in result.output and "selected:" not in result.output
    if args[0] in ("log", "export"):
        assert SECRET in " ".join(result.output.split())  # the Markdown report wraps at 80 columns


def test_reveal_is_refused_while_the_game_is_played():
    play(NEW, [*SETUP, "0-d12", "1-d20", "quit"])
    result = CliRunner().invoke(cli, ["sessions", "show", "sel", "--reveal"])
    assert result.exit_code == 2 and "only after the game has ended" in " ".join(result.output.split())


def test_mixed_sides_are_chosen_in_secret():
    out = play(MIXED, [*ANN_SIDES, *BEN_SIDES[:3], "quit"])
    # one hand-over for a player's seven sides in a row: the others look again after the last
    assert out.count("Secret choice for Ann: everyone but Ann look away now.") == 1
    assert out.split("Secret choice for Ben")[0].count("(secret kept; everyone may look again)") == 1
    assert out.count("Secret choice for Ben: everyone but Ben look away now.") == 1
    assert "> (hidden)" in out and "> side:" not in out                   # no side echoed
    board = [line for line in out.splitlines() if line.startswith("  | ")]
    assert board and not [line for line in board if any(name in line for name in CLASSES)]
    assert "plays:" not in out
    assert kinds("mixed") == ["secret"] * 10


def test_mixed_sides_are_revealed_together():
    out = play(MIXED, [*ANN_SIDES, *BEN_SIDES, "quit"])
    before, found, after = out.partition("  Ann plays: ")
    assert found and before.count("> (hidden)") == 14 and "plays:" not in before
    assert not [line for line in before.splitlines() if line.startswith("  | ") and any(c in line for c in CLASSES)]
    assert after.startswith("Sorcerer d4, Bard d6, Rogue d8, ")
    ben = after.splitlines()[1]
    assert ben.startswith("  Ben plays: Wizard d4, ") and "Sorcerer" not in ben


def test_the_selections_are_shown_by_sessions_only_once_the_game_has_ended():
    """The hand-played game to its end: `sessions show --reveal` then lists every selection."""
    from test_half_the_battle_table_game import KEYS

    keys = KEYS.read_text().splitlines()
    played = CliRunner().invoke(cli, [*NEW[:-1], "table"], input="\n".join(keys) + "\n")
    assert "Game over: Ben wins" in played.output
    with SessionStore() as store:
        secret = [e.answer for e in store.journal("table") if e.kind == "secret"]
    selections = [a for a in secret if a != "rage"]          # "convert Rage dice first" is asked in secret too
    # 24 rounds of two selections, but for the six Ann's one last piece made for her (nothing to hide)
    assert played.output.count("Ann has one piece left: Cleric d10 is selected") == 6
    assert len(selections) == 2 * 24 - 6 and all(re.fullmatch(r"[01]-d[0-9-]+", a) for a in selections)
    shown = CliRunner().invoke(cli, ["sessions", "show", "table", "--reveal"]).output
    revealed = shown.partition("secret answers (choices and rolls):\n")[2].splitlines()
    # each secret answer on a line of its own, the piece named as the menu named it (not `[0-d4]`)
    assert len([line for line in revealed if re.fullmatch(r"  #\d+ (Ann|Ben): .+", line)]) == len(secret)
    assert sum(bool(re.fullmatch(r"  #\d+ (Ann|Ben): [A-Z][a-z]+ d[0-9/]+ \(\d+ HP, lane \d+\)", line))
               for line in revealed) == len(selections)
    hidden = CliRunner().invoke(cli, ["sessions", "log", "table"]).output
    assert hidden.count(SECRET_ENDED) >= len(secret)  # the game is over: `--reveal` shows them


def test_undoing_a_selection_does_not_name_it():
    out = play(NEW, [*SETUP, "0-d12", "undo", "0-d4", "quit"])
    assert "undone: #7 Ann secret: (hidden) (typed)" in out
    assert "0-d12" not in out  # a menu shows no piece id (audit s27)


def test_sessions_undo_does_not_name_a_selection_either():
    """Mid-game, `sessions undo` printed `undone: #7 Ann secret: 0-d12`, with Ben at the same laptop."""
    play(NEW, [*SETUP, "0-d12", "quit"])
    out = CliRunner().invoke(cli, ["sessions", "undo", "sel"]).output
    assert out == "undone: #7 Ann secret: (hidden) (typed)\n"


def test_a_piece_keeps_its_number_in_the_selection_menu_while_others_die(engine):
    """Play audit: Ann's Fighter was 6) until her Rogue died; then 6) was her Dragon, she typed 6
    in secret, and only the reveal showed the wrong piece. Each piece keeps its first number."""
    from companion.engine.typed import menu_numbers, parse_choice

    state = new_game(engine)
    first = dict(zip(menu_numbers(engine.request(state)), option_ids(engine, state), strict=True))
    assert first["6"] == "0-d12"
    state.piece("0-d8").alive = False  # the Rogue dies
    decision = engine.request(state)
    numbers = dict(zip(menu_numbers(decision), decision.option_ids(), strict=True))
    assert numbers == {number: piece for number, piece in first.items() if piece != "0-d8"}
    assert parse_choice(decision, "6") == "0-d12"


def test_a_player_with_one_piece_left_is_not_asked_to_select(engine):
    """Play audit: with one piece left, Ann still went through the look-away ritual and a one-item
    secret menu every round. The selection is made for her, and said (it hides nothing)."""
    from companion.engine.steps import step

    state = new_game(engine)
    for piece in state.alive(ANN):
        piece.alive = piece.id == "0-d4"  # the Wizard is all Ann has left
    state.queue = [step("round")]
    texts = [event.text for event in engine.resolve(state)]
    assert "Ann has one piece left: Wizard d4 is selected" in texts
    request = engine.request(state)
    assert request.player == 1 and request.kind == "select"  # Ben is asked; Ann is not
