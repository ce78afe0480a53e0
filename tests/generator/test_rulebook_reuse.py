"""A build renders the rulebook's Markdown once per database and converts it once for the A4
layout: the draw-check's conversion is the one the layout takes (`generator.dbmemo`,
`generator.rulebook_pdf.prepare_rulebook`)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from cards import load_game
from generator import rulebook_pdf
from generator.check import check_kit
from generator.dbmemo import per_database
from generator.rulebook import rulebook_markdown
from generator.rulebook_pdf import prepare_rulebook, render_rulebook


def test_a_per_database_function_is_computed_once_for_each_database_object():
    calls: list[str] = []

    @per_database
    def name(db):
        calls.append(db.id)
        return db.meta.name

    db = load_game("halfwish")
    assert name(db) == name(db) == "Halfwish"
    other = replace(db)  # an equal database, but another object: loaded again after an edit
    assert name(other) == "Halfwish"
    assert calls == ["halfwish", "halfwish"]


def test_a_full_memo_forgets_its_oldest_database_not_the_ones_in_use():
    from generator import dbmemo

    calls: list[int] = []

    @per_database
    def number(db):
        calls.append(id(db))
        return len(calls)

    db = load_game("halfwish")
    older = [replace(db) for _ in range(dbmemo._LIMIT - 1)]
    for each in older:
        number(each)
    number(db)  # the memo is full now
    number(replace(db))  # one more: the oldest goes
    calls.clear()
    number(db)
    assert calls == []  # still remembered
    number(older[0])
    assert calls == [id(older[0])]


def test_the_rulebook_text_is_rendered_once_for_the_check_and_both_papers(monkeypatch):
    from generator import rulebook

    renders: list[str] = []
    real = rulebook.render_template

    def counted(env, context, **kwargs):
        renders.append(kwargs.get("name") or "")
        return real(env, context, **kwargs)

    monkeypatch.setattr(rulebook, "render_template", counted)
    db = load_game("halfwish")
    text = rulebook_markdown(db)
    check_kit(db, ["rulebook"])
    for paper in ("a4", "letter"):
        render_rulebook(db, paper, io.BytesIO())
    assert renders == [db.rulebook.template]
    assert rulebook_markdown(db) is text


@pytest.fixture
def conversions(monkeypatch):
    """The widths the rulebook's chapters are converted for, in order."""
    widths: list[float] = []
    real = rulebook_pdf.markdown_to_flowables

    def counted(text, width, theme=None):
        widths.append(round(width, 1))
        return real(text, width, theme)

    monkeypatch.setattr(rulebook_pdf, "markdown_to_flowables", counted)
    return widths


def test_the_a4_layout_takes_the_chapters_the_check_converted(conversions):
    db = load_game("halfwish")
    check_kit(db, ["rulebook"])
    assert len(conversions) == 1
    checked = io.BytesIO()
    render_rulebook(db, "a4", checked)
    assert len(conversions) == 1  # taken, not converted again
    render_rulebook(db, "a4", fresh := io.BytesIO())  # taken once only: the layout changed them
    assert len(conversions) == 2
    assert checked.getvalue() == fresh.getvalue()


def test_prepared_chapters_serve_only_their_own_database_and_paper(conversions):
    db = load_game("halfwish")
    prepare_rulebook(db)
    render_rulebook(replace(db), "a4", io.BytesIO())  # another database object converts its own
    render_rulebook(db, "letter", io.BytesIO())       # another width
    assert len(conversions) == 3
    assert conversions[1] == conversions[0] != conversions[2]


def test_the_reference_cards_are_hashed_once_for_their_own_key_and_both_rulebooks(monkeypatch):
    from generator import reference
    from generator.dependencies import reference_inputs, rulebook_inputs

    rendered: list[str] = []
    real = reference.reference_markdown

    def counted(db, template):
        rendered.append(template)
        return real(db, template)

    monkeypatch.setattr(reference, "reference_markdown", counted)
    db = load_game("halfwish")
    sides = [t for r in db.references for t in (r.front, r.back) if t]
    assert sides
    key = reference_inputs(db)
    rulebook_inputs(db, "a4")
    rulebook_inputs(db, "letter")
    assert rendered == sides
    assert reference_inputs(replace(db)) == key  # an equal database hashes the same
