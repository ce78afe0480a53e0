"""`redo` and `log` at the table never show a secret to everyone (audit s25), through the real CLI.

A hand-over prompt ("Ann, press Enter when only you can see the screen") is read with every player
still looking: a secret answer given back there goes back only after its Enter, as it was given
(the tool's roll shown to its player alone, their next secret menu after it). `log` at a prompt
leaves out what `sessions log` leaves out.
"""

from __future__ import annotations

from companion.cli import cli

PLAY = ["halfwish", "--players", "Ann,Ben", "--name", "h", "--seed", "1"]


def test_log_at_a_prompt_leaves_out_a_secret_answers_private_events(runner, tmp_path):
    """Audit s25: `log` at Bob's keep-or-reroll prompt printed "Ann keeps their DV", which
    `sessions log` hides, so Bob learnt Ann's secret choice before making his."""
    keys = ["mirror", "mirror", "roar", "ignite", "taunt", "roar", "ignite", "taunt", "p1", "4 4", "3 3",
            "parley", "accept", "rockslide", "keep", "log 3", "quit"]
    db = str(tmp_path / "s.db")
    out = runner.invoke(cli, ["play", *PLAY[:3], "--name", "k", "--db", db],
                        input="\n".join(keys) + "\n", env={"NO_COLOR": "1"}).output
    logged = out.split("or reroll? (1-2) > (hidden)")[-2]   # typed at Ben's (hidden) prompt
    assert "  The parley disables Rockslide's effect" in logged.splitlines(), out[-800:]
    assert "  Ann keeps their DV" not in logged.splitlines(), logged
    hidden = runner.invoke(cli, ["sessions", "log", "k", "--db", db]).output
    assert "parley disables" in hidden and "keeps their DV" not in hidden
