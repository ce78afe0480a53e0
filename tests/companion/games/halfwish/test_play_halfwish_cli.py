"""`deckwright play halfwish`: the gamemaster walks through a duel, typing what the players show."""

from __future__ import annotations

from companion.cli import cli

SETUP = ["mirror", "mirror", "roar", "ignite", "taunt", "roar", "ignite", "taunt", "p1"]
LONG_STRIKE_DUEL = ["5 5", "6 6", "duel", "pass", "pass", "long-strike", "strike", "healing-spring",
                    "pass", "pass"]


def play(runner, lines: list[str], *args: str):
    return runner.invoke(cli, ["play", "halfwish", *args], input="\n".join(lines) + "\n")


def test_gamemaster_types_the_long_strike_example_and_reads_the_maths(runner):
    """Seed: "Player A rolls 10 and plays Long Strike, Player B rolls 12 and plays Strike. ...
    Player A deals 8 damage to player B. Player B does 12-8=4 damage back to Player A." """
    result = play(runner, SETUP + LONG_STRIKE_DUEL + ["quit"], "--players", "Ann,Bob", "--name", "t1")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Ann's Long Strike strikes for DV 10 - 2 = 8; Bob's Strike strikes for DV 12 = 12." in out
    assert "Long Strike strikes first for 8: Bob takes 8." in out
    assert "Bob retaliates: 12 - 8 = 4: Ann takes 4." in out
    assert "Ann (Mirror): 21 HP, 1 pt" in out and "Bob (Mirror): 17 HP, 1 pt" in out


def test_gamemaster_is_reminded_of_roles_and_parley_choices(runner):
    """Seed: "The Game Master should remind players if they are the aggressor or defender before
    the duel and how they can score points." and "remind players to reroll or keep their DV if a
    parley is accepted, and to warn players about the potential for parley points" """
    lines = SETUP + ["4 4", "3 3", "parley", "accept", "rockslide", "keep", "reroll", "2 2", "strike", "strike",
                     "parley", "quit"]
    result = play(runner, lines, "--players", "Ann,Bob")
    out = result.output
    assert "hint: Parley accepted: each player keeps their DV for one more turn or rerolls it" in out
    assert "The parley disables Rockslide's effect" in out and "Ann (Mirror): 25 HP" in out
    assert "hint: Parley warning: another accepted parley makes 2 in a row" in out
    assert "Ann keeps their DV" in out
    assert "Ann rolls" not in out.split("Round 1, turn 2")[1], "a kept DV is not rolled again"


def test_committed_actions_offer_only_cards_the_deck_still_holds(runner):
    """The hands are hidden: the gamemaster types committed actions from what the deck could hold."""
    titan = ["titan", "mirror", "roar", "ignite", "taunt", "roar", "ignite", "taunt", "1"]
    lines = titan + ["5 5", "6 6", "duel", "pass", "pass", "long-strike", "quit"]
    result = play(runner, lines, "--players", "Ann,Bob")
    # typed unseen (the card is face down), so the refusal does not repeat it
    assert "that answer was not understood" in result.output and "Ann commits" not in result.output


def test_a_session_resumes_where_it_stopped(runner):
    first = play(runner, SETUP + ["5 5", "quit"], "--players", "Ann,Bob", "--name", "again")
    assert first.exit_code == 0
    resumed = runner.invoke(cli, ["play", "--resume", "again"], input="6 6\nquit\n")
    assert "Bob has rolled a DV (hidden until the showdown)" in resumed.output
    assert "(hidden)" in resumed.output and "6 6" not in resumed.output   # typed unseen, kept secret


def test_a_whole_game_can_be_run_to_its_end(runner):
    """Two players and a gamemaster take the first listed choice every time; the tool rolls and flips."""
    lines = SETUP + ["1"] * 600
    result = play(runner, lines, "--players", "Ann,Bob", "--seed", "5", "--auto-roll")
    assert result.exit_code == 0, result.output
    over = next(line for line in result.output.splitlines() if line.startswith("Game over: "))
    assert " wins" in over and ("Ann" in over or "Bob" in over)  # the winner named (once)


def test_every_prompt_names_the_round_and_turn_the_tally_shows(runner, tmp_path):
    """Table audit: in round 2, turn 4 (`| Round 2/3, turn 4/5` on the tally) the prompts read
    `Turn 9 · Ann · ...`, a count of turns the game never names (3 rounds of 5 turns each)."""
    import re

    result = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Ben", "--seed", "7", "--auto-roll",
                                 "--db", str(tmp_path / "s.db")], input="1\n" * 3000, env={"NO_COLOR": "1"})
    assert "Game over: " in result.output
    tally, checked, upgrades = None, 0, 0
    for line in result.output.splitlines():
        if found := re.match(r"  \| Round (\d)/3, turn (\d)/5", line):
            tally = f"Round {found[1]}, turn {found[2]} · "
        elif found := re.match(r"  \| Round (\d)/3 over: upgrade phase", line):  # the phase after the round
            tally = f"Upgrades after round {found[1]} · "
        elif " > " in line and not line.startswith(" ") and tally:
            assert line.startswith(tally), (tally, line)
            checked += not tally.startswith("Round 1,")
            upgrades += tally.startswith("Upgrades")
    assert checked > 20 and upgrades >= 2  # prompts of rounds 2 and 3 and of the upgrade phases among them


def test_the_roles_are_said_once_as_the_duel_starts(runner):
    """Table audit: both role reminders were printed again before every prompt of a duel (each power
    window, each commit), four lines repeated six times on a 30-line screen; then once more under
    the duel's first line, which says the same. The duel's first line says them; a power played or
    passed in the open does not repeat them (a secret commit still shows them to its player)."""
    lines = SETUP + ["5 5", "6 6", "duel", "pass", "pass", "quit"]
    out = play(runner, lines, "--players", "Ann,Bob").output
    duel = out.split("Ann starts a duel", 1)[1].split("Preparation ends", 1)[0]
    assert duel.count("Ann is the aggressor") == 1 and "hint: Ann is the aggressor" not in duel
    assert duel.index("Duel! Ann is the aggressor") < duel.index("Ann: power or pass?")
    assert "Bob: power or pass?" in duel
