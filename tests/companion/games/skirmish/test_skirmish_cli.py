"""`deckwright skirmish attack|hits|odds` through click's CliRunner."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import pytest
from click.testing import CliRunner

from companion.cli import cli


def run(*args: str):
    return CliRunner().invoke(cli, ["skirmish", *args])


def test_attack_json_each_way_with_counter():
    """A Duelist (Medium power 14) strikes a Vanguard (Tiny power 10) next to it; the Vanguard counters."""
    result = run("attack", "--attacker", "duelist", "--defender", "vanguard", "--distance", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["damage_to_defender"] == 14 and data["damage_to_attacker"] == 10 and data["counter"] is True
    assert data["defender_fainted"] is False and data["attacker_fainted"] is False
    assert {"defender_critical", "attacker_critical", "steps"} <= set(data)


def test_attack_faint_and_critical_with_damage_taken_and_tiers():
    result = run("attack", "--attacker", "marksman", "--defender", "enchanter", "--distance", "2",
                 "--defender-taken", "40", "--attacker-power", "gargantuan", "--json")
    data = json.loads(result.output)
    assert data["damage_to_defender"] == 20 and data["counter"] is True and data["damage_to_attacker"] == 12
    assert data["defender_critical"] is True            # 72 - 60 = 12 <= 24


def test_attack_out_of_reach_is_refused_without_traceback():
    result = run("attack", "--attacker", "duelist", "--defender", "vanguard", "--distance", "2")
    assert result.exit_code == 1
    assert "out of reach" in result.output and "Traceback" not in result.output


def test_a_side_already_fainted_is_named_as_the_user_named_it():
    """Play audit: "kestrel has already fainted with 53 damage taken", a character id the user never typed."""
    result = run("attack", "--attacker", "duelist", "--defender", "marksman", "--distance", "1", "--defender-taken", "53")
    assert result.exit_code == 1
    assert ("the defender (Marksman) has already fainted with 53 damage taken: give --defender-taken less"
            in " ".join(result.output.split()))


def test_unknown_class_is_a_clear_error():
    result = run("attack", "--attacker", "wizard", "--defender", "vanguard", "--distance", "1")
    assert result.exit_code == 1 and "unknown class 'wizard'" in result.output


def test_hits_json():
    """Medium power against Medium armor: 14 a hit on 72 armor faints at the sixth (84 > 72)."""
    data = json.loads(run("hits", "--power", "medium", "--armor", "medium", "--json").output)
    assert data == {"hits_to_critical": 4, "hits_to_faint": 6}


def test_hits_table_checks_the_design_claim():
    """'At least six hits from an attacker with the same power as the defender's armor.' / 'At least three
    hits from an attacker with "Gargantuan" power.'"""
    data = json.loads(run("hits", "--table", "--json").output)
    assert len(data["rows"]) == 6 and all(len(r["cells"]) == 6 for r in data["rows"])
    for i, row in enumerate(data["rows"]):
        assert row["cells"][i]["hits_to_faint"] >= 6
    assert all(c["hits_to_faint"] >= 3 for c in data["rows"][-1]["cells"])
    assert data["claim_broken"] == []
    assert "The claim holds for every pair." in run("hits", "--table").output


def test_odds_are_exact_hypergeometric():
    data = json.loads(run("odds", "--turn", "3", "--json").output)
    plain = 1 - Fraction(comb(26, 6), comb(30, 6))
    assert Fraction(data["without_mulligan_exact"]) == plain
    opening = 1 - Fraction(comb(26, 3), comb(30, 3))
    assert Fraction(data["with_mulligan_exact"]) == opening + (1 - opening) * plain
    assert data["with_mulligan"] > data["without_mulligan"]


def test_every_command_has_an_example_in_help():
    for command in ("attack", "hits", "odds"):
        assert "deckwright skirmish" in run(command, "--help").output


def test_odds_for_a_named_skill_uses_its_copies():
    data = json.loads(run("odds", "--skill", "last-word", "--turn", "5", "--json").output)
    assert data["copies"] == 3 and data["cards_seen"] == 8
    assert Fraction(data["without_mulligan_exact"]) == 1 - Fraction(comb(27, 8), comb(30, 8))
    result = run("odds", "--skill", "fireball", "--turn", "1")
    assert result.exit_code == 1 and "unknown skill card 'fireball'" in result.output


@pytest.mark.parametrize("args", [
    ["attack", "--attacker", "duelist", "--defender", "vanguard", "--distance", "1", "--attacker-power", "colossal"],
    ["attack", "--attacker", "duelist", "--defender", "vanguard", "--distance", "1", "--defender-armor", "huge2"],
    ["hits", "--power", "colossal", "--armor", "tiny"],
])
def test_an_unknown_tier_is_a_clear_error(args):
    result = CliRunner().invoke(cli, ["skirmish", *args])
    assert result.exit_code == 1 and "unknown tier" in result.output and "Traceback" not in result.output


def test_attack_text_says_where_each_number_comes_from():
    """The steps printed `Bramblejack takes 14 (Sera Quill's attack): 14/82` without saying who
    Bramblejack is, why 14, or what 14/82 means."""
    result = run("attack", "--attacker", "duelist", "--defender", "vanguard", "--distance", "1")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Attacker: Duelist, power medium: 14 a hit; armor small: 62." in text
    assert "Defender: Vanguard, power tiny: 10 a hit; armor large: 82." in text
    assert "Vanguard takes 14 (Duelist's attack): 14/82" in text
    # the sides are the classes asked for (play audit: they were called Sera Quill and Bramblejack,
    # characters the user never named)
    assert "Sera Quill" not in text and "Bramblejack" not in text


def test_a_mirror_match_tells_the_two_sides_apart():
    result = run("attack", "--attacker", "duelist", "--defender", "duelist", "--distance", "1")
    text = " ".join(result.output.split())
    assert "Attacking Duelist attacks Defending Duelist (2 AP)" in text
    assert "Defending Duelist takes 14 (Attacking Duelist's attack): 14/62" in text
    assert "Each damage line ends with damage taken/armor: a character is critically wounded when at most 1/3" in text
