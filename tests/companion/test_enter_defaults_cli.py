"""Enter takes the obvious answer, marked (Enter), where one is obvious and harmless (play audit:
the Half the Battle "what now?" prompt with nothing left to do, Rage damage, and others still
refused Enter). Each game is replayed through `deckwright play` from a recorded game up to the
prompt, where the gamemaster presses Enter."""

from __future__ import annotations

from pathlib import Path

from companion.cli import cli

TESTS = Path(__file__).resolve().parents[1]
HTB_KEYS = (TESTS / "companion" / "games" / "half_the_battle" / "data" / "table-game-keys.txt").read_text().splitlines()
HTB = ["play", "half-the-battle", "--players", "Ann,Ben", "--seed", "5", "--name", "table"]
WITCH = ["play", "which-witch", "--players", "Ann,Ben", "--name", "table", "--seed", "7", "--auto-roll"]


def answers_before(transcript: str, prompt: str, occurrence: int = 1) -> int:
    """How many answers the recorded game typed before its `occurrence`-th prompt containing `prompt`."""
    typed, before = 0, ""
    for line in (TESTS / "playthroughs" / transcript).read_text().splitlines()[1:]:
        asked = " > " in line and not line.startswith(" ")   # not a tally line (`  | > Ann`)
        if asked and prompt in f"{before} {line.rpartition(' > ')[0]}":  # a prompt may wrap
            occurrence -= 1
            if not occurrence:
                return typed
        typed += asked
        before = line
    raise AssertionError(f"no prompt {prompt!r} in {transcript}")


def enter_at(runner, tmp_path, command: list[str], keys: list[str]) -> str:
    result = runner.invoke(cli, [*command, "--db", str(tmp_path / "s.db")], input="\n".join([*keys, "", "quit"]) + "\n",
                           env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return result.output


def test_enter_ends_the_phase_once_the_piece_can_neither_move_nor_act(runner, tmp_path):
    """Recorded: `1) use Potion of Healing  2) end the action phase`, and the gamemaster typed end."""
    prompt = "Round 3 · Ben, Rogue d8: what now? (1-2)"
    out = enter_at(runner, tmp_path, HTB, HTB_KEYS[:answers_before("half-the-battle-table.txt", prompt)])
    assert f"  2) end the action phase  (Enter)\n{prompt} > \n  Ann's Fighter d12 dies" in out


def test_enter_ends_the_phase_once_the_piece_has_acted_and_only_moves_are_left(runner, tmp_path):
    """Play audit: after nearly every action of a whole game Enter was refused, the optional move
    left on the menu; the end of the phase is the obvious answer once the piece has acted."""
    prompt = "Round 1 · Ann, Fighter d12: what now? (1-3)"
    out = enter_at(runner, tmp_path, HTB, HTB_KEYS[:answers_before("half-the-battle-table.txt", prompt)])
    assert f"  2) move to lane 6\n  3) end the action phase  (Enter)\n{prompt} > \n" in out
    assert out.split(f"{prompt} > \n", 1)[1].startswith("  Ben's action phase: Fighter d12")  # ended on Enter
    # play audit: the journal said `(typed)` for an answer Enter took; a report tells the two apart
    from companion.sessions import SessionStore

    with SessionStore(tmp_path / "s.db") as store:
        last = store.journal("table")[-1]
    assert (last.answer, last.source) == ("end", "Enter")


def test_the_menu_with_a_move_left_has_no_enter_answer(runner, tmp_path):
    out = enter_at(runner, tmp_path, HTB, HTB_KEYS[:answers_before("half-the-battle-table.txt", "what now?")])
    assert "(Enter)" not in out.split("Fighter d12: what now?")[0].rsplit("hint:", 1)[1]
    assert "! '' is not one of the choices" in out or "Enter takes no answer here" in out


def test_enter_buys_all_the_rage_damage_against_an_enemy(runner, tmp_path):
    """Recorded: `How much Rage damage? (4 Rage a point)`: 2 damage for 8 Rage, typed as 2-damage."""
    keys = HTB_KEYS[:answers_before("half-the-battle-table.txt", "How much Rage damage?", occurrence=2)]
    out = enter_at(runner, tmp_path, HTB, keys)
    assert "  1) 2 damage (8 Rage)  (Enter)\n" in out
    assert "(4 Rage a point) (1-2) > \n  Ann spends 8 Rage on 2 damage" in out


def test_enter_plays_no_more_familiars(runner, tmp_path):
    keys = ["1"] * answers_before("which-witch-table.txt", "play Familiars face up?")
    out = enter_at(runner, tmp_path, WITCH, keys)
    assert "  1) No more Familiars (bonus +0)  [done]  (Enter)\n" in out
    after = out.split("Ann: play Familiars face up? (1-4) > \n", 1)[1]
    assert not after.startswith("  !") and "Ann plays" not in after.split("\n", 1)[0], after[:300]


def test_enter_neither_saves_nor_knocks_out_a_witch_at_the_cauldron(runner, tmp_path):
    """Play audit: Enter played the Cauldron, yet the companion cannot see who holds one (2 of 65
    cards): a gamemaster pressing Enter to move on saved the witch by mistake."""
    keys = ["1"] * answers_before("which-witch-table.txt", "has lost their final Life Heart")
    out = enter_at(runner, tmp_path, WITCH, keys)
    asked = out.split("  1) Play the Infinity Cauldron (back to 1 Life Heart)  [cauldron]\n", 1)[1]
    assert asked.startswith("  2) No Cauldron: eliminated  [fall]\n")
    refused, again = asked.split("! Enter takes no answer here", 1)
    assert refused.endswith("play an Infinity Cauldron? (1-2) > \n  ")
    assert "drinks from the Infinity Cauldron" not in out and "is eliminated" not in out
    assert again.count("play an Infinity Cauldron?") == 1  # asked again: the witch neither saved nor out


def test_enter_at_a_challenge_proceeds_and_never_concedes(runner, tmp_path):
    """Ann plays M'nka Giga (a Challenge) in her first duel; Ben presses Enter."""
    keys = ["mirror", "mirror", "mnka-giga", "ignite", "taunt", "restore", "bubble", "earthquake", "p1", "4 4", "3 3",
            "duel", "mnka-giga"]
    out = enter_at(runner, tmp_path, ["play", "halfwish", "--players", "Ann,Ben"], keys)
    assert "  1) Proceed with the duel (M'nka Giga takes effect)  (Enter)\n" in out
    assert "Concede or proceed? (1-2) > \n  Ben proceeds with the duel" in out


def test_enter_keeps_every_token_at_the_token_sacrifice(runner, tmp_path):
    """Seed: "they may choose to sacrifice that token": a choice, so Enter declines it (the
    recorded game typed 1 and sacrificed)."""
    command = ["play", "heartstrings", "--players", "Ann,Ben,Cy", "--name", "table", "--seed", "7", "--auto-roll"]
    keys = ["1"] * answers_before("heartstrings-table.txt", "may sacrifice one token")
    out = enter_at(runner, tmp_path, command, keys)
    assert "  2) keep every token  [pass]  (Enter)\n" in out
    assert "Cy may sacrifice one token for a heart bead (1-2) > \n  Cy keeps every token\n" in out
