"""Menus on the screen every player sees: a player's secret cards are never listed, and a menu of
numbers is typed by its numbers (audit of a whole Halfwish game through `deckwright play`)."""

from __future__ import annotations

import pytest

from companion.cli import cli
from companion.engine.requests import Decision, Option
from companion.engine.typed import menu_numbers, parse_choice
from companion.errors import IllegalAction

POWERS = Decision(0, "play a power or pass", (Option("pass", "Pass"), Option("halfwish", "Halfwish"),
                                              Option("roar", "Roar"), Option("rockslide", "Rockslide")),
                  shown=("pass", "halfwish"))


def test_an_unlisted_choice_is_taken_by_name_and_never_named_in_an_error():
    assert menu_numbers(POWERS) == ["1", "2"]
    assert [parse_choice(POWERS, text) for text in ("1", "2", "roar", "Rocks")] == ["pass", "halfwish", "roar",
                                                                                     "rockslide"]
    for typed in ("3", "r", "zap"):
        with pytest.raises(IllegalAction) as refused:
            parse_choice(POWERS, typed)
        assert "roar" not in str(refused.value).lower() and "rockslide" not in str(refused.value).lower()


def test_a_menu_of_numbers_is_typed_by_its_numbers():
    """A bid of 0 to 3 listed as `1) bid 0  [0]` took `1` as bid 0 and `0` as bid 0 too."""
    bid = Decision(0, "bid", tuple(Option(str(n), f"bid {n}") for n in range(4)))
    assert menu_numbers(bid) == ["0", "1", "2", "3"]
    assert [parse_choice(bid, text) for text in ("0", "1", "3")] == ["0", "1", "3"]
    with pytest.raises(IllegalAction, match="type one of 0, 1, 2, 3"):
        parse_choice(bid, "4")


def test_the_power_window_lists_the_basic_powers_only_and_plays_a_chosen_one_by_name(runner, tmp_path):
    keys = ["mirror", "mirror", "roar", "ignite", "taunt", "restore", "bubble", "earthquake", "p1", "4 4", "3 3",
            "duel", "roar", "quit"]
    out = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Bob", "--db", str(tmp_path / "s.db")],
                        input="\n".join(keys) + "\n", env={"NO_COLOR": "1"}).output
    window = out.split("Ann: power or pass?")[0].rsplit("Duel (prep)", 1)[1]
    assert "or type the name of what Ann reveals (not listed here)" in window
    for secret in ("Roar", "Ignite", "Taunt"):
        assert secret not in window
    assert "Ann plays Roar" in out


def test_enter_takes_the_obvious_answer_where_there_is_one():
    """Play audit: every power window, item window and `0 AP left` prompt answered Enter with
    `! '' is not one of the choices`. A decision may name its default; Enter takes it."""
    import dataclasses

    assert parse_choice(dataclasses.replace(POWERS, default="pass"), "") == "pass"
    with pytest.raises(IllegalAction):
        parse_choice(POWERS, "")  # no default: Enter is not an answer


def test_the_power_window_marks_pass_as_the_enter_answer(runner, tmp_path):
    keys = ["mirror", "mirror", "roar", "ignite", "taunt", "restore", "bubble", "earthquake", "p1", "4 4", "3 3",
            "duel", "", "quit"]
    out = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Bob", "--db", str(tmp_path / "s.db")],
                        input="\n".join(keys) + "\n", env={"NO_COLOR": "1"}).output
    assert "  1) Pass  (Enter)" in out and "Ann passes" in out


MULLIGAN = Decision(1, "Shuffle cards from your hand back into the deck and draw as many?",
                    (Option("keep", "keep the hand"), *(Option(str(n), f"shuffle {n} back, draw {n}") for n in (1, 2, 3))),
                    default="keep")


def test_a_menu_mixing_number_ids_and_word_ids_numbers_each_option_once():
    """Play audit: the skirmish mulligan listed `1) keep the hand [keep]` and `2) shuffle 1 back [1]`,
    so `1` could mean either (it kept the hand). Now an option whose id is a number is typed by that
    number, and the others take the numbers no id uses."""
    assert menu_numbers(MULLIGAN) == ["0", "1", "2", "3"]
    assert [parse_choice(MULLIGAN, text) for text in ("0", "1", "3", "keep", "")] == ["keep", "1", "3", "keep", "keep"]
    with pytest.raises(IllegalAction, match="type one of 0, 1, 2, 3"):
        parse_choice(MULLIGAN, "4")


def test_the_skirmish_mulligan_takes_1_as_shuffle_1_back(runner, tmp_path):
    from tests.companion.games.skirmish.test_skirmish_playthrough import COMMAND, keys

    typed = keys()
    before_ben = typed[:typed.index("keep") + 1]   # every answer up to Ann keeping her hand
    out = runner.invoke(cli, [*COMMAND, "--db", str(tmp_path / "s.db")],
                        input="\n".join([*before_ben, "1", "quit"]) + "\n", env={"NO_COLOR": "1"}).output
    assert "  0) keep the hand  (Enter)\n  1) shuffle 1 back, draw 1\n" in out
    assert "draw as many? (0-3) > 1\n  Ben shuffles 1 back and draws 1" in out, out[-1500:]


def test_a_committed_halfwish_action_is_typed_unseen(runner, tmp_path):
    """Play audit: `Ann: which action card is committed? > strike` stood on the screen while Ben
    chose his own action; the card is face down until the showdown, so it is typed unseen."""
    keys = ["mirror", "mirror", "roar", "ignite", "taunt", "restore", "bubble", "earthquake", "p1", "4 4", "3 3",
            "duel", "", "", "1", "1", "quit"]
    out = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Bob", "--db", str(tmp_path / "s.db")],
                        input="\n".join(keys) + "\n", env={"NO_COLOR": "1"}).output
    commits = [line for line in out.splitlines() if "action card is committed" in line]
    assert len(commits) == 2 and all(line.endswith("> (hidden)") for line in commits), out[-2000:]
    assert "Secret choice for Bob: everyone but Bob look away now." in out


def test_a_name_that_is_no_choice_says_what_limits_the_unlisted_ones():
    """Table audit: Ben revealed Scry and the gamemaster typed it; the refusal (`type ... the name of
    what the player reveals`) asked for exactly what had been typed and gave no reason."""
    import dataclasses

    powers = dataclasses.replace(POWERS, unlisted="Ann plays only a power she chose, with the mana for it")
    with pytest.raises(IllegalAction) as refused:
        parse_choice(powers, "scry")
    assert "'scry' cannot be played here: Ann plays only a power she chose, with the mana for it" in str(refused.value)
    assert "roar" not in str(refused.value).lower() and "rockslide" not in str(refused.value).lower()


def test_a_power_not_chosen_is_refused_with_the_reason_and_no_secret(runner, tmp_path):
    keys = ["mirror", "mirror", "roar", "ignite", "taunt", "restore", "bubble", "earthquake", "p1", "4 4", "3 3",
            "duel", "scry", "quit"]
    out = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Bob", "--db", str(tmp_path / "s.db")],
                        input="\n".join(keys) + "\n", env={"NO_COLOR": "1"}).output
    refusal = out.split("(1 mana) (1-2 or a name) > scry\n", 1)[1].split("\n  hint:", 1)[0]
    assert refusal.startswith("  ! 'scry' cannot be played here: Ann may play only a power they chose and have "
                              "not played, with the mana for it (1 left), one a turn"), refusal
    for secret in ("roar", "ignite", "taunt"):
        assert secret not in refusal.lower()


def test_a_long_menu_is_set_in_columns_read_downwards_within_80_columns():
    """Play audit (skirmish): placing a character listed 23 tiles one per line, which pushed the
    map it is placed on off a 30-line screen."""
    from companion.cli.requests_shown import LONG_MENU, menu_lines

    tiles = tuple(Option(f"{c}{r}", f"{c}{r} (Frost Pool)" if (c, r) == ("B", 6) else "") for r in (5, 6, 7, 8)
                  for c in "ABCDEF")[:23]
    lines = menu_lines(Decision(0, "Place Sera Quill", tiles), "Ann")
    assert lines == [
        "  1) A5                9) C6                17) E7",
        "  2) B5                10) D6               18) F7",
        "  3) C5                11) E6               19) A8",
        "  4) D5                12) F6               20) B8",
        "  5) E5                13) A7               21) C8",
        "  6) F5                14) B7               22) D8",
        "  7) A6                15) C7               23) E8",
        "  8) B6 (Frost Pool)   16) D7",
    ]
    short = Decision(0, "pick", tiles[:LONG_MENU])
    assert menu_lines(short, "Ann") == [f"  {n}) {t}" for n, t in enumerate(tiles[:LONG_MENU], 1)]


def test_a_menu_too_wide_for_two_equal_columns_keeps_every_label_whole():
    """Audit s27: two columns cut `11) Burning Treatise (2 AP, Magister O…`, losing the character;
    the left column takes more rows so that both fit, else the menu is one column."""
    from companion.cli.requests_shown import menu_lines

    labels = ["walk Sera Quill (1 AP)", "walk Old Hobb (1 AP)", "attack with Old Hobb (2 AP)", "walk Kestrel (1 AP)",
              "Ward of Pages (2 AP, Magister Orrin)", "Burning Treatise (2 AP, Magister Orrin)",
              "Net Shot (2 AP, Old Hobb)", "Long Odds (3 AP, Old Hobb)", "end the turn", "forfeit the match"]
    lines = menu_lines(Decision(0, "act", tuple(Option(f"o{n}", text) for n, text in enumerate(labels))), "Ann")
    assert lines == [  # five rows would put both long labels in one line of 86 columns
        "  1) walk Sera Quill (1 AP)                    7) Net Shot (2 AP, Old Hobb)",
        "  2) walk Old Hobb (1 AP)                      8) Long Odds (3 AP, Old Hobb)",
        "  3) attack with Old Hobb (2 AP)               9) end the turn",
        "  4) walk Kestrel (1 AP)                       10) forfeit the match",
        "  5) Ward of Pages (2 AP, Magister Orrin)",
        "  6) Burning Treatise (2 AP, Magister Orrin)",
    ]
    names = Decision(0, "pick", tuple(Option(f"o{n}", "a long option label " * 3) for n in range(20)))
    lines = menu_lines(names, "Ann")  # too long for two columns: one column, nothing cut
    assert lines == [f"  {n}) {'a long option label ' * 3}".rstrip() for n in range(1, 21)]


def test_an_id_shown_by_its_label_is_not_repeated_in_brackets():
    """Session 28's play: `1) Pass  [pass]`, `1) Long Strike  [long-strike]`, `1) Duel: start a duel
    as the aggressor  [duel]`: a label that starts with its id says it; an id that is a shorter
    name than its label is still shown."""
    from companion.cli.requests_shown import menu_lines

    choice = Decision(0, "pick", (Option("sera-quill", "Sera Quill (Duelist)"), Option("Ben", "Ben (Wind Witch): 5 Life Hearts"),
                                  Option("end", "end the action phase"), Option("duel", "Duel: start a duel"),
                                  Option("giant-strength", "Potion of Giant Strength"), Option("first", "Pick first")))
    assert menu_lines(choice, "Ann") == ["  1) Sera Quill (Duelist)", "  2) Ben (Wind Witch): 5 Life Hearts",
                                         "  3) end the action phase", "  4) Duel: start a duel",
                                         "  5) Potion of Giant Strength  [giant-strength]", "  6) Pick first  [first]"]


def test_an_engines_id_is_not_shown_in_brackets():
    """Audit s27: `Bard d6 (6 HP, lane 9)  [1-d6]`, `Second Wind (1 AP, S1)  [skill:second-wind]`: a
    number or a colon makes an id the engine's, not a name a player types; a name stays."""
    from companion.cli.requests_shown import menu_lines

    choice = Decision(0, "pick", (Option("1-d6", "Bard d6 (6 HP, lane 9)"), Option("skill:second-wind", "Second Wind"),
                                  Option("room2", "move a token from room 2"), Option("pass", "keep every token")))
    assert menu_lines(choice, "Ann") == ["  1) Bard d6 (6 HP, lane 9)", "  2) Second Wind", "  3) move a token from room 2",
                                         "  4) keep every token  [pass]"]


def test_a_menus_numbers_with_gaps_keep_the_prompt_short():
    """Pieces keep their numbers while others die (`Option.number`): the prompt names runs of
    three or more as a range, so it stays within 80 columns."""
    from companion.cli.requests_shown import number_span

    assert number_span(["1", "2", "3", "4"]) == "1-4"
    assert number_span(["1", "2", "3", "4", "5", "7", "8"]) == "1-5, 7, 8"
    assert number_span(["0", "2", "5"]) == "0, 2, 5"
    assert number_span(["3"]) == "3"
