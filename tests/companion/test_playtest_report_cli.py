"""`deckwright sessions export ID --format md|json` is a playtest report: the game's version,
every answer with the prompt it answered, the choice or dice and what it made happen, the notes
where they were taken, and the state after each round of the games played in rounds.
"""

from __future__ import annotations

import json
import re

import pytest

from companion.cli import cli

ROUND_GAMES = [("halfwish", 40), ("half-the-battle", 60), ("skirmish", 60)]


def played(runner, tmp_path, game: str, decisions: int, players: str = "Ann,Ben"):
    """A session of `game` played through `play` by the gamemaster's keys: the first choice each
    time, dice rolled by the tool, two notes taken on the way. Returns the --db option."""
    db = ["--db", str(tmp_path / "s.db")]
    keys = ["1"] * 3 + ["note is a tie a win for nobody?"] + ["1"] * decisions + ["note the map is confusing"]
    keys += ["1"] * decisions * 2 + ["quit"]
    result = runner.invoke(cli, ["play", game, "--players", players, "--name", "g", "--seed", "7", "--auto-roll",
                                 *db], input="\n".join(keys) + "\n", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return db


def report(runner, db: list[str], fmt: str = "json", *more: str):
    result = runner.invoke(cli, ["sessions", "export", "g", "--format", fmt, *db, *more])
    assert result.exit_code == 0, result.output
    return json.loads(result.output) if fmt == "json" else result.output


def unwrapped(markdown: str) -> str:
    """The report with each wrapped line joined again: a later line of an item or a quote is
    indented and starts no item or quote of its own; a paragraph's starts no block."""
    lines: list[str] = []
    fenced = False  # a tally's fenced block is never wrapped
    for line in markdown.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
            lines.append(line)
        elif not fenced and lines and lines[-1] and not lines[-1].startswith(("#", "```")) and (
                re.match(r" +(?!- |> )\S", line) or re.match(r"(?!- |> |#|\d+\. |\*\*State)\S", line)):
            lines[-1] += " " + line.lstrip()
        else:
            lines.append(line)
    return "\n".join(lines)


@pytest.mark.parametrize("game, decisions", ROUND_GAMES, ids=[g for g, _ in ROUND_GAMES])
def test_json_report_has_the_state_after_each_round(runner, tmp_path, game, decisions):
    data = report(runner, played(runner, tmp_path, game, decisions))
    rounds = data["rounds"]
    assert len(rounds) >= 2, f"{game}: {decisions * 3} choices should see two rounds end"
    assert [r["round"] for r in rounds] == list(range(rounds[0]["round"], rounds[0]["round"] + len(rounds)))
    assert all(r["tally"] for r in rounds)
    seqs = [r["after_seq"] for r in rounds]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    by_seq = {step["seq"]: step for step in data["journal"]}
    for ended in rounds:
        assert by_seq[ended["after_seq"]]["round"] == ended["round"], "the round ended on its own last answer"
        if ended["after_seq"] + 1 in by_seq:
            assert by_seq[ended["after_seq"] + 1]["round"] == ended["round"] + 1


@pytest.mark.parametrize("game, decisions", ROUND_GAMES, ids=[g for g, _ in ROUND_GAMES])
def test_markdown_report_prints_round_states_and_notes_inline(runner, tmp_path, game, decisions):
    db = played(runner, tmp_path, game, decisions)
    data, text = report(runner, db), unwrapped(report(runner, db, "md"))
    assert f"database version {data['game']['version']} (unchanged since)" in text
    for ended in data["rounds"][:2]:
        assert f"**State after round {ended['round']}**" in text
        assert ended["game_over"] or f"### Round {ended['round'] + 1}" in text
        block = text.split(f"**State after round {ended['round']}**")[1].split("###")[0]
        assert " ".join(ended["tally"][0].split()) in " ".join(block.split())  # (a long line wraps in its block)
    for note in data["notes"]:
        line = f"> **Note** ({note['time']}, after answer {note['after_seq']}): {note['text']}"
        before, after = text.split(line)
        assert re.search(rf"(?m)^{note['after_seq']}\. .*$", before), "the note follows its answer"
        assert not re.search(rf"(?m)^{note['after_seq']}\. ", after)
        assert re.match(r"\s*(\d+)\.|\s*$|\s*\n\*\*State|\s*\n###", after)


@pytest.mark.parametrize("game, decisions", ROUND_GAMES, ids=[g for g, _ in ROUND_GAMES])
def test_every_answer_has_its_prompt_choice_and_dice(runner, tmp_path, game, decisions):
    data = report(runner, played(runner, tmp_path, game, decisions))
    assert [n["text"] for n in data["notes"]] == ["is a tie a win for nobody?", "the map is confusing"]
    assert data["game"]["version"] == data["session"]["cards_version"] and not data["game"]["changed_since"]
    for step in data["journal"]:
        assert step["prompt"] and step["choice"], step
        if step["kind"] == "roll":
            assert re.fullmatch(r"\d+( \d+)*", step["choice"]), step["choice"]
            assert step["source"] == "rolled"
    decisions_made = [s for s in data["journal"] if s["kind"] == "decision"]
    assert decisions_made and all(s["events"] or s["choice"] for s in decisions_made)
    assert any(s["events"] for s in decisions_made), "decisions are explained by their events"


def test_a_changed_card_database_is_visible_in_the_report(runner, tmp_path, cards_copy):
    db = ["--db", str(tmp_path / "s.db")]
    runner.invoke(cli, ["--cards", str(cards_copy), "play", "heartstrings", "--players", "Ann,Ben", "--name", "g",
                        "--auto-roll", *db], input="quit\n")
    game_yaml = cards_copy / "heartstrings" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "\n# a rules edit after the playtest\n")
    data = report(runner, db)
    assert data["game"]["changed_since"] and data["game"]["current_version"] != data["game"]["version"]
    assert "(the database has changed since: now " in unwrapped(report(runner, db, "md"))


@pytest.mark.parametrize("game", ["heartstrings", "which-witch"])
def test_games_without_rounds_have_no_round_states(runner, tmp_path, game):
    data = report(runner, played(runner, tmp_path, game, 10))
    assert data["rounds"] == [] and data["journal"]


PLAYERS = "Alexandra Konstantinopoulou-Papadimitri,Bartholomew Featherstonehaugh-Smythe"


@pytest.mark.parametrize("game, decisions", ROUND_GAMES, ids=[g for g, _ in ROUND_GAMES])
def test_the_markdown_report_fits_80_columns_and_reads_as_before(runner, tmp_path, game, decisions):
    """Answers, events, notes and tallies ran to 150 columns and more (long player names, a
    Halfwish tally): every line now wraps at words, as Markdown reads it, and the report says the
    same: joined again, it is the report with nothing wrapped. Headings stay whole."""
    from companion.engine.registry import make_engine
    from companion.sessionexport import playtest_report, report_markdown
    from companion.sessionnotes import notes
    from companion.sessions import SessionStore
    from companion.sessiontable import Table

    db = played(runner, tmp_path, game, decisions, PLAYERS)
    text = report(runner, db, "md")
    assert all(len(line) <= 80 for line in text.splitlines() if not line.startswith("#")), text
    assert not re.search(r"(?m)^ +(- |> |\d+\. |[-=]+ |#)", "\n".join(
        line for line in text.splitlines() if not re.match(r"( {3,5}- | {3,5}> )", line)))  # an answer's events and notes
    with SessionStore(db[1]) as store:
        table = Table.resume(store, make_engine(game), "g")
        whole = report_markdown(playtest_report(table, notes(store, "g")), width=10**6)
    assert max(map(len, whole.splitlines())) > 80  # the test has long lines to wrap
    assert unwrapped(text) == whole


def test_the_events_of_answers_past_the_ninth_stay_nested_under_their_answer(runner, tmp_path):
    """Play audit: from answer 10 the events kept a 3-space indent, short of the item's text, and a
    Markdown reader made 176 numbered lists and 187 bullet lists of one game's report."""
    from markdown_it import MarkdownIt

    db = played(runner, tmp_path, "heartstrings", 20, "Ann,Ben,Cy")
    html = MarkdownIt("commonmark").render(report(runner, db, "md"))
    assert "</ol>\n<ul>" not in html  # an answer's events never fall out of its item
    assert html.count("<ol") <= 1 + html.count("<h3>")  # one numbered list (a round heading starts the next)


def test_the_tally_keeps_its_columns_in_a_fenced_block(runner, tmp_path):
    """Play audit: Skirmish's map rows became list items (`-  1  .     .`), their spaces folded by any
    Markdown reader; the state is now shown as the screen shows it."""
    from markdown_it import MarkdownIt

    db = played(runner, tmp_path, "skirmish", 60)
    text = report(runner, db, "md")
    state = text.split("## State now", 1)[1]
    assert state.lstrip().startswith("```text\n") and "\n- " not in state
    html = MarkdownIt("commonmark").render(text)
    assert "    A     B     C     D     E     F" in html  # the map's header row, spaces kept
