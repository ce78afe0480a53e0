"""The rulebook: a Markdown + Jinja2 template rendered with the card database, laid out as a PDF.

The template (`rulebook.template` in the database, default `rulebook.md.j2`) is looked up
in `cards.paths.template_dirs` and rendered in Jinja2's immutable sandbox with
`game, rules, rulings, decks, sheets, tokens, dice, references, db, version`, the helpers
listed in `TEMPLATE_HELPERS`, and whatever the game's optional
the game engine's `rulebook_context(db)` hook returns (found through `companion.engine.registry`) (worked examples computed by the engine).

Every ruling of the database is printed: where the template calls `{{ rulings_section() }}`,
or, if it does not, as a last chapter.
"""

from __future__ import annotations

import html
import math
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, BinaryIO

import jinja2
from jinja2.sandbox import SecurityError
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    HRFlowable,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from cards import Database
from cards.paths import template_dirs
from cards.sandbox import BudgetedSandbox, ContainedLoader, TemplateBudgetError
from cards.texts import card_text, render_text
from cards.units import MM

from .errors import GeneratorError
from .geometry import page_margin, page_size, printable
from .markdown import Theme, markdown_to_flowables, prepare_canvas, stylesheet

PRODUCER = "deckwright"
# Rulebook pages: wide side margins keep lines near 90 characters at the body size.
PAGE_MARGINS = {"left": 24 * MM, "right": 24 * MM, "top": 20 * MM, "bottom": 22 * MM}
TOC_LEVELS = 2  # h1 and h2 appear in the contents


class RulebookError(GeneratorError):
    """A rulebook or reference template cannot be found, parsed or rendered."""


class TemplateSecurityError(RulebookError):
    """A template tried to reach Python internals the sandbox does not allow."""


# --- rendering the template -------------------------------------------------------------


def signed(value: float) -> str:
    """`+2` for 2, `-1` for -1: how buffs are printed."""
    return f"{value:+g}"


def and_list(items: Iterable[Any], word: str = "and") -> str:
    """`3, 6 and 9`: a list as a phrase."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {word} {words[-1]}"


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """`1 token`, `12 tokens`."""
    return f"{count} {singular if count == 1 else plural_form or singular + 's'}"


TEMPLATE_HELPERS: dict[str, Callable[..., Any]] = {
    "ceil": math.ceil, "floor": math.floor, "signed": signed, "and_list": and_list, "plural": plural,
    # card and glossary texts that name rule numbers: `render_text(text, rules)`, `card_text(card, rules)`
    "render_text": render_text, "card_text": card_text,
}


def template_environment(db: Database) -> BudgetedSandbox:
    """A sandboxed Jinja2 environment (with budgets) searching the game's template folders."""
    root = db.folder.parent
    env = BudgetedSandbox(
        loader=ContainedLoader([str(d) for d in template_dirs(root, db.id)]),
        undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True,
        trim_blocks=True, lstrip_blocks=True,
    )
    env.filters.update(TEMPLATE_HELPERS)
    env.globals.update(TEMPLATE_HELPERS)
    return env


def base_context(db: Database) -> dict[str, Any]:
    """What every rulebook and reference template sees, plus the game's computed extras."""
    context: dict[str, Any] = {
        "game": db.meta, "rules": db.rules, "rulings": db.rulings, "decks": db.decks,
        "sheets": db.sheets, "tokens": db.tokens, "dice": db.dice, "references": db.references,
        "db": db, "version": db.version,
    }
    context["copies"] = lambda reference: reference_copies(db, reference)
    context.update(game_rulebook_context(db))
    return context


def reference_copies(db: Database, reference: Any) -> int:
    """How many of `reference` the kit prints: its `count`, or one per seat (`players_max`)."""
    return db.meta.players.max if reference.count == "players_max" else int(reference.count)


# A game's hook can be slow (Halfwish's costs about a third of a second) and a kit calls it for
# every rulebook and reference side, so its result is kept per database folder and version.
_HOOK_CONTEXTS: dict[tuple[str, str, str], dict[str, Any]] = {}


def game_rulebook_context(db: Database) -> dict[str, Any]:
    """Extra context from the game engine's `rulebook_context(db)` hook, if the game has one.

    Computed once per (game, folder, version) of the database; each call gets its own dict."""
    folder, version = getattr(db, "folder", None), getattr(db, "version", None)
    if folder is None or version is None:
        return _hook_context(db)
    key = (db.id, str(folder), str(version))
    if key not in _HOOK_CONTEXTS:
        _HOOK_CONTEXTS[key] = _hook_context(db)
    return dict(_HOOK_CONTEXTS[key])


def _hook_context(db: Database) -> dict[str, Any]:
    # Through the engine registry, like every other user of a game package (a game kept outside
    # the repository and registered with DECKWRIGHT_ENGINES gets its rulebook context too).
    from companion.engine.registry import game_module, has_engine

    if not has_engine(db.id):
        return {}
    module = game_module(db.id)
    name = module.__name__
    hook = getattr(module, "rulebook_context", None)
    if hook is None:
        return {}
    extra = hook(db)
    if not isinstance(extra, dict):
        raise RulebookError(f"{name}.rulebook_context returned {type(extra).__name__}, expected a dict")
    return extra


def render_template(env: jinja2.Environment, context: dict[str, Any], *, name: str | None = None,
                    source: str | None = None, label: str = "") -> str:
    """Render a template file (`name`) or inline `source`, turning Jinja2 errors into RulebookError."""
    where = name or label or "<inline template>"
    try:
        template = env.get_template(name) if name else env.from_string(source or "")
        return template.render(context)
    except jinja2.TemplateNotFound as exc:
        searched = ", ".join(str(p) for p in getattr(env.loader, "searchpath", [])) or "(no folders)"
        raise RulebookError(f"template {exc.name!r} not found; searched: {searched}") from None
    except jinja2.TemplateSyntaxError as exc:
        raise RulebookError(f"{exc.filename or where}:{exc.lineno}: template syntax error: {exc.message}") from None
    except TemplateBudgetError as exc:
        raise RulebookError(f"{_located(where, exc)}: {exc}") from None
    except SecurityError as exc:
        raise TemplateSecurityError(
            f"{_located(where, exc)}: the template tried an unsafe operation ({exc}); "
            "templates may read the database but not Python internals") from None
    except jinja2.UndefinedError as exc:
        raise RulebookError(f"{_located(where, exc)}: {exc.message}") from None
    except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as exc:
        # a bad database value reached an expression: report it where it happened, no traceback
        raise RulebookError(f"{_located(where, exc)}: cannot evaluate: {type(exc).__name__}: {exc}") from None


def _located(where: str, exc: BaseException) -> str:
    """`where:LINE` using the template frame Jinja2 puts in the traceback."""
    line = None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        filename = frame.f_code.co_filename
        if filename.endswith(where) or filename == "<template>":
            line = lineno
    return f"{where}:{line}" if line else where


class RulingsSection:
    """The `rulings_section()` template helper: Markdown for every ruling; remembers the call."""

    def __init__(self, db: Database, heading: str = "Rulings"):
        self.db = db
        self.heading = heading
        self.was_called = False

    def __call__(self, heading: str | None = None) -> str:
        self.was_called = True
        return rulings_markdown(self.db, heading or self.heading)


def rulings_markdown(db: Database, heading: str = "Rulings") -> str:
    """A chapter listing every ruling: its topic, the ruling, and the reason for it."""
    # the topics are numbered sections, but only the chapter goes in the contents
    lines = [f"# {heading}", "", "<!-- contents: off -->", "",
             "Where the rules text is silent or unclear, these rulings decide. Each gives its reason.", ""]
    for ruling in db.rulings:
        lines += [f"## {ruling.topic}", "", " ".join(ruling.ruling.split()), "",
                  f"*Why:* {' '.join(ruling.reason.split())}", ""]
    if not db.rulings:
        lines += ["No rulings: the rules text decides every case.", ""]
    lines += ["<!-- contents: on -->", ""]
    return "\n".join(lines)


def rulebook_markdown(db: Database) -> str:
    """The rulebook template rendered with the database; the rulings chapter is always present."""
    env = template_environment(db)
    section = RulingsSection(db)
    context = {**base_context(db), "rulings_section": section}
    text = render_template(env, context, name=db.rulebook.template)
    if not section.was_called:
        text = f"{text.rstrip()}\n\n{rulings_markdown(db)}"
    return text


# --- laying out the PDF -----------------------------------------------------------------


class _RulebookDoc(BaseDocTemplate):
    """Title page, contents, then body pages with a running footer."""

    def __init__(self, out: Any, db: Database, paper: str, theme: Theme):
        self.db = db
        self.theme = theme
        self.margin = page_margin(db.print.margin, paper)
        title = db.rulebook.title or db.meta.name
        super().__init__(out, pagesize=page_size(paper), invariant=1, pageCompression=1,
                         title=f"{title}: rules", author=db.meta.designer or PRODUCER,
                         subject=f"{db.meta.name} rulebook, version {db.version}",
                         creator=PRODUCER, producer=PRODUCER,
                         leftMargin=PAGE_MARGINS["left"], rightMargin=PAGE_MARGINS["right"],
                         topMargin=PAGE_MARGINS["top"], bottomMargin=PAGE_MARGINS["bottom"])
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates([
            PageTemplate(id="title", frames=[frame], onPage=self._title_page),
            PageTemplate(id="body", frames=[frame], onPage=self._body_page),
        ])
        self._bookmarks = 0

    def afterFlowable(self, flowable: Flowable) -> None:
        level = getattr(flowable, "toc_level", None)
        if level is None or level >= TOC_LEVELS:
            return
        self._bookmarks += 1
        key = f"h{self._bookmarks}"
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(flowable.toc_text, key, level=level, closed=level > 0)
        self.notify("TOCEntry", (level, html.escape(flowable.toc_text), self.page, key))

    def handle_documentBegin(self) -> None:
        self._bookmarks = 0  # multiBuild renders several times; keys must repeat exactly
        super().handle_documentBegin()

    def _title_page(self, canvas: Any, doc: Any) -> None:
        prepare_canvas(canvas)
        # The colour bands stop at the page margin: a home printer would clip a full-bleed band
        # to an uneven white strip, and a rulebook page has no bleed to trim off.
        area = printable(self.pagesize, self.margin)
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(self.theme.accent))
        canvas.rect(area.x, area.top - 10 * MM, area.w, 10 * MM, stroke=0, fill=1)
        canvas.rect(area.x, area.y, area.w, 4 * MM, stroke=0, fill=1)
        canvas.restoreState()

    def _body_page(self, canvas: Any, doc: Any) -> None:
        prepare_canvas(canvas)
        w, _ = self.pagesize
        left, right = self.leftMargin, w - self.rightMargin
        y = self.bottomMargin - 9 * MM
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor(self.theme.rule_color))
        canvas.setLineWidth(0.5)
        canvas.line(left, y + 4 * MM, right, y + 4 * MM)
        canvas.setFont(self.theme.body_font, 8)
        canvas.setFillColor(colors.HexColor(self.theme.muted))
        canvas.drawString(left, y, f"{self.db.meta.name} \u2014 Rules")
        canvas.drawCentredString(w / 2, y, f"version {self.db.version}")
        canvas.setFont(self.theme.bold_font, 9)
        canvas.drawRightString(right, y, f"Page {doc.page}")
        canvas.restoreState()


def render_rulebook(db: Database, paper: str, out: Path | BinaryIO, theme: Theme | None = None) -> None:
    """Render the game's rulebook template and lay it out as a PDF on A4 or Letter paper."""
    theme = theme or Theme(numbered=True)
    text = rulebook_markdown(db)
    target = str(out) if isinstance(out, Path) else out
    doc = _RulebookDoc(target, db, paper, theme)
    from .components_page import component_flowables
    from .instructions import instruction_flowables

    story = title_page(db, theme, doc.width) + instruction_flowables(db, paper, doc.width, theme)
    story += [PageBreak(), *component_flowables(db, doc.width, theme), PageBreak(), *contents_page(theme)]
    story += markdown_to_flowables(text, doc.width, theme)
    doc.multiBuild(story)


def title_page(db: Database, theme: Theme, width: float) -> list[Flowable]:
    """Game name, subtitle, who it is for, a summary and the version stamp."""
    accent = colors.HexColor(theme.accent)
    title = ParagraphStyle("title", fontName=theme.heading_font, fontSize=40, leading=46,
                           alignment=TA_CENTER, textColor=accent)
    subtitle = ParagraphStyle("subtitle", fontName=theme.italic_font, fontSize=15, leading=20,
                              alignment=TA_CENTER, textColor=colors.HexColor(theme.text_color))
    centred = ParagraphStyle("centred", parent=stylesheet(theme)["body"], alignment=TA_CENTER)
    stamp = ParagraphStyle("stamp", parent=centred, fontSize=8.5, textColor=colors.HexColor(theme.muted))
    story: list[Flowable] = [Spacer(1, 55 * MM), Paragraph(html.escape(db.rulebook.title or db.meta.name), title)]
    if db.rulebook.subtitle:
        story += [Spacer(1, 5 * MM), Paragraph(html.escape(db.rulebook.subtitle), subtitle)]
    story += [Spacer(1, 10 * MM), HRFlowable(width="40%", thickness=1.2, color=accent), Spacer(1, 8 * MM),
              _facts_table(db, theme, width), Spacer(1, 10 * MM)]
    if db.meta.summary:
        story.append(Paragraph(html.escape(db.meta.summary), centred))
    story += [Spacer(1, 25 * MM), Paragraph(_stamp_text(db), stamp)]
    return story + [NextPageTemplate("body"), PageBreak()]


def _facts_table(db: Database, theme: Theme, width: float) -> Table:
    """Players, ages and playing time in three boxes."""
    players = db.meta.players
    count = f"{players.min}" if players.min == players.max else f"{players.min}\u2013{players.max}"
    facts = [("Players", count), ("Ages", db.meta.ages or "any"), ("Time", db.meta.play_time or "varies")]
    label = ParagraphStyle("fact-label", fontName=theme.body_font, fontSize=8.5, leading=11,
                           alignment=TA_CENTER, textColor=colors.HexColor(theme.muted))
    value = ParagraphStyle("fact-value", fontName=theme.bold_font, fontSize=14, leading=17,
                           alignment=TA_CENTER, textColor=colors.HexColor(theme.text_color))
    cells = [[[Paragraph(name.upper(), label), Paragraph(html.escape(v), value)] for name, v in facts]]
    table = Table(cells, colWidths=[min(width / 3, 45 * MM)] * 3)
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.8, colors.HexColor(theme.rule_color)),
        ("INNERGRID", (0, 0), (-1, -1), 0.8, colors.HexColor(theme.rule_color)),
        ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
    ]))
    return table


def _stamp_text(db: Database) -> str:
    credit = f" \u00b7 credits: {html.escape(db.meta.designer)}" if db.meta.designer else ""
    return f"Rules version {db.version}, generated from the {html.escape(db.meta.name)} card database{credit}"


def contents_page(theme: Theme) -> list[Flowable]:
    """A 'Contents' heading and the table of contents (filled in by multiBuild)."""
    styles = stylesheet(theme)
    heading = ParagraphStyle("contents", parent=styles["h1"], spaceBefore=0)
    toc = TableOfContents(dotsMinLevel=0)
    toc.levelStyles = [
        ParagraphStyle("toc1", parent=styles["body"], fontName=theme.bold_font, fontSize=theme.body_size + 1,
                       leftIndent=0, firstLineIndent=0, spaceBefore=5, spaceAfter=1),
        ParagraphStyle("toc2", parent=styles["body"], fontSize=theme.body_size, leftIndent=14,
                       firstLineIndent=0, spaceBefore=0, spaceAfter=0),
    ]
    return [Paragraph("Contents", heading), Spacer(1, 4 * MM), toc, PageBreak()]
