"""The balance report as a PDF: a first page in plain words, then one chart per question.

Input is the JSON data of `companion.balance` (a report, a sweep or a comparison), so the PDF
and `--json` always show the same numbers. Written atomically, like every other output.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import Flowable

from cards.wording import plural

from .balance_charts import Bar, bars_of, heat_map, histogram_chart, interval_chart, line_chart
from .build import atomic_write

WIDTH = A4[0] - 36 * mm
BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=9.5, leading=13, spaceAfter=4)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=8, leading=10.5, textColor=colors.HexColor("#444444"))
H1 = ParagraphStyle("h1", parent=BODY, fontName="Helvetica-Bold", fontSize=18, leading=22, spaceAfter=8)
H2 = ParagraphStyle("h2", parent=BODY, fontName="Helvetica-Bold", fontSize=12.5, leading=16, spaceBefore=10,
                    spaceAfter=4)
CARD_ROWS = 45


def pct(rate: float) -> str:
    return f"{rate:.1%}"


def interval(row: dict[str, Any]) -> str:
    low, high = row["ci95"]
    return f"{pct(low)} to {pct(high)}"


def section(title: str, *parts: Flowable | str) -> KeepTogether:
    """A heading kept with what follows it; strings become paragraphs."""
    body = [Paragraph(p, BODY) if isinstance(p, str) else p for p in parts]
    return KeepTogether([Paragraph(title, H2), *body])


def setup_line(report: dict[str, Any]) -> str:
    bots = " and ".join(dict.fromkeys(report["bots"]))
    budget = f", search budget {report['budget']} playouts" if report.get("budget") else ""
    changed = "".join(f", {k} = {v}" for k, v in (report.get("overrides") or {}).items())
    return (f"{report['games']} games, {report['players']} players, bots: {bots} (rotated over the seats"
            f"{budget}), seed {report['seed']}, database version {report['version']}{changed}.")


def imbalance_sentence(item: dict[str, Any]) -> str:
    """One imbalance in plain words, with its interval and whether it is significant. The p-value
    shown is the corrected one the verdict rests on: a raw p = 0.0099 beside "not significant"
    read as a contradiction (it was one of 30 figures)."""
    p = p_text(item["p_corrected"])
    among = f" corrected for the {item['tested']} figures tested" if item["tested"] > 1 else ""
    verdict = (f"<b>significant</b> ({p}{among}): unlikely to be chance" if item["significant"]
               else f"not significant ({p}{among}): it could be chance; play more games to tell")
    what = item["what"]
    return (f"<b>{what[:1].upper() + what[1:]}</b> wins {pct(item['win_rate'])} of {item['games']} games "
            f"(95% interval {interval(item)}) where a fair share is {pct(item['fair'])}; {verdict}.")


def p_text(p: float) -> str:
    """A p-value as printed: below what the report keeps (4 decimals), a bound instead of 0."""
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.3g}"


def first_page(report: dict[str, Any]) -> list[Flowable]:
    """The plain-words summary: the three largest imbalances, first player and draws."""
    parts: list[Flowable] = [Paragraph(f"Balance report: {report.get('name', report['game'])}", H1),
                             Paragraph(setup_line(report), SMALL), Spacer(1, 6),
                             Paragraph("The three largest imbalances found", H2)]
    found = report["imbalances"]
    parts += [Paragraph(f"{i}. {imbalance_sentence(item)}", BODY) for i, item in enumerate(found, 1)]
    if not found:
        parts.append(Paragraph("None to report.", BODY))
    first, draws = report["first_player"], report["draws"]
    summary = [f"Draws: {draws['wins']} of {draws['games']} games ({pct(draws['win_rate'])})."]
    if first:
        summary.insert(0, f"The player who starts wins {pct(first['win_rate'])} ({interval(first)}).")
    ends = ", ".join(f"{k} {pct(v['share'])}" for k, v in report["terminations"].items())
    summary.append(f"Games end by: {ends}. A game lasts {report['length']['median']} "
                   f"{report['length']['unit']} (median).")
    if report.get("precision", {}).get("said"):
        summary.append(f"Precision: {report['precision']['said']}.")
    parts += [Paragraph("At a glance", H2), *[Paragraph(s, BODY) for s in summary]]
    parts.append(Paragraph("How to read this report: a win rate is the share of games won by the seat (or by "
                           "the seat carrying a class, witch or bot); its bar's whisker is the 95% Wilson interval. "
                           "A red bar's interval misses the fair share (dashed line). Significance is an exact "
                           "binomial test against the fair share at the 5% level, corrected for every figure "
                           "the report tests at once (seats, sides and matchups; Benjamini-Hochberg): by luck "
                           "alone one figure in twenty would pass a plain 5% test.", SMALL))
    return parts


def win_rate_sections(report: dict[str, Any]) -> list[Flowable]:
    """Charts of win rates by seat, by each side label, matchups and bots."""
    fair = report["fair"]
    seats = {f"seat {row['seat']}": row for row in report["seats"]}
    cell_note = (f"Each cell: how often the row's side won with the column's at the table; blue is more than a "
                 f"fair share ({pct(fair)}: the decided games shared by {report['players']} seats), red less; "
                 "n is the number of games.")
    parts: list[Flowable] = [section("Win rate by seat", interval_chart(bars_of(seats), WIDTH, fair))]
    for name, values in report["factions"].items():
        parts.append(section(f"Win rate by {name}", interval_chart(bars_of(values), WIDTH, fair)))
        table = report["matchups"][name]
        if table["values"]:
            parts.append(section(f"Matchups by {name} (row beats column)",
                                 heat_map(table["values"], table["cells"], WIDTH, fair),
                                 Paragraph(cell_note, SMALL)))
    if report["by_bot"]:
        parts.append(section("Win rate by bot", interval_chart(bars_of(report["by_bot"]), WIDTH, fair)))
    if report.get("bot_matchups"):
        table = report["bot_matchups"]
        parts.append(section("Bot against bot (row beats column)", heat_map(table["values"], table["cells"], WIDTH, fair),
                             Paragraph(cell_note, SMALL)))
    return parts


def game_sections(report: dict[str, Any]) -> list[Flowable]:
    """First player, draws, length, endings, lead changes and decisiveness."""
    rows = {"draws": report["draws"]}
    if report["first_player"]:
        rows = {"first player wins": report["first_player"]} | rows
    length = report["length"]
    ends = {k: {"win_rate": v["share"], "ci95": [v["share"], v["share"]], "wins": v["games"],
                "games": report["games"]} for k, v in report["terminations"].items()}
    parts: list[Flowable] = [
        section("First-player advantage and draws", interval_chart(bars_of(rows), WIDTH, None)),
        section("Game length", histogram_chart(length["histogram"], WIDTH, length["unit"]),
                Paragraph(f"Mean {length['mean']}, median {length['median']}, quartiles "
                          f"{', '.join(str(q) for q in length['quartiles'])}, from {length['min']} to "
                          f"{length['max']} {length['unit']}.", SMALL)),
        section("How games end", interval_chart(bars_of(ends), WIDTH, None))]
    lead = report["lead"]
    if lead:
        decided = f"{lead['decided_at']:.0%}" if lead["decided_at"] is not None else "n/a"
        text = (f"The lead changes hands {lead['mean_changes']} times a game on average; "
                f"{pct(lead['games_with_a_change'])} of games see at least one change. Decisiveness: the "
                f"eventual winner takes the lead for good after {decided} of the game on average.")
    else:
        text = ("Lead changes and decisiveness are not measurable for this game: its engine does not say who "
                "is leading during a game (a game module may offer a <i>leader</i> hook).")
    parts.append(section("Lead changes and decisiveness", text))
    return parts


def card_section(report: dict[str, Any]) -> list[Flowable]:
    """The per-card table with its selection-bias caveat."""
    cards = report["cards"]
    if not cards:
        return [section("Cards", "No card was chosen by a player in a decision in these games.")]
    rows = [["card", "chosen", "won", "win rate", "95% interval"]]
    rows += [[c["card"], c["games"], c["wins"], pct(c["win_rate"]), interval(c)] for c in cards[:CARD_ROWS]]
    table = Table(rows, repeatRows=1, colWidths=[150, 60, 60, 70, 120])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", 8),
                               ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                               ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f4f4f4")]),
                               ("ALIGN", (1, 0), (-1, -1), "RIGHT")]))
    more = f" The {len(cards) - CARD_ROWS} least chosen are in the JSON." if len(cards) > CARD_ROWS else ""
    return [Paragraph("Cards", H2), Paragraph(f"<b>Caveat.</b> {report['card_caveat']}{more}", SMALL), table]


def report_story(report: dict[str, Any]) -> list[Flowable]:
    """Everything about one tournament, first page first."""
    return [*first_page(report), PageBreak(), *win_rate_sections(report), *game_sections(report),
            *card_section(report)]


def sweep_story(result: dict[str, Any]) -> list[Flowable]:
    """The swept values, headline figures and game length of each run in a table and a chart, then
    each run's report, titled with its values."""
    runs = result["runs"]
    xs = [", ".join(f"{v}" for v in run["values"].values()) for run in runs]
    names = list(runs[0]["report"]["headlines"])
    series = {name: [bar_of(run["report"]["headlines"].get(name)) for run in runs] for name in names}
    params = " and ".join(result["parameters"])
    game = result.get("name", result["game"])
    parts: list[Flowable] = [Paragraph(f"Sweep of {params}: {game}", H1),
                             Paragraph(sweep_setup_line(result), SMALL), Spacer(1, 6),
                             sweep_table(runs, ", ".join(result["parameters"]), xs, names)]
    for chunk in range(0, len(names), 6):
        picked = dict(list(series.items())[chunk:chunk + 6])
        parts.append(section(f"Headline figures against {params}", line_chart(xs, picked, WIDTH)))
    for run in runs:
        values = ", ".join(f"{k} = {v}" for k, v in run["values"].items())
        parts += [PageBreak(), *report_story({**run["report"], "name": f"{game}, {values}"})]
    return parts


def sweep_setup_line(result: dict[str, Any]) -> str:
    """What every run of a sweep shares, and the values swept (not the first run's as if it were all)."""
    first = result["runs"][0]["report"]
    bots = " and ".join(dict.fromkeys(first["bots"]))
    budget = f", search budget {first['budget']} playouts" if first.get("budget") else ""
    swept = "; ".join(f"{p} = " + ", ".join(dict.fromkeys(str(run["values"][p]) for run in result["runs"]))
                      for p in result["parameters"])
    return (f"{plural(len(result['runs']), 'run')}, {first['players']} players, bots: {bots} (rotated over the "
            f"seats{budget}), seed {first['seed']}; swept: {swept}.")


def sweep_table(runs: list[dict[str, Any]], params: str, xs: list[str], names: list[str]) -> Table:
    """One column per run (headed by its values): its games, each headline figure and the game length."""
    unit = runs[0]["report"]["length"]["unit"]
    rows: list[list[Any]] = [[params, *xs], ["games", *(run["report"]["games"] for run in runs)]]
    for name in names:
        rows.append([name, *(pct(row["win_rate"]) if (row := run["report"]["headlines"].get(name)) else ""
                             for run in runs)])
    rows.append([f"median length ({unit})", *(run["report"]["length"]["median"] for run in runs)])
    rows.append([f"mean length ({unit})", *(f"{run['report']['length']['mean']:.1f}" for run in runs)])
    first = 150
    table = Table(rows, repeatRows=1, colWidths=[first, *[(WIDTH - first) / len(xs)] * len(xs)])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", 8.5),
                               ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8.5),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                               ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f4f4f4")]),
                               ("ALIGN", (1, 0), (-1, -1), "RIGHT")]))
    return table


def bar_of(row: dict[str, Any] | None) -> Bar:
    if row is None:
        return Bar("", 0.0, 0.0, 0.0)
    return Bar("", row["win_rate"], row["ci95"][0], row["ci95"][1])


def compare_story(result: dict[str, Any]) -> list[Flowable]:
    """Each headline figure before and after, with its two-proportion test, then the new report."""
    comparison = result["comparison"]
    before, after = comparison["before"], comparison["after"]
    rows = [["figure", "before", "after", "change", "corrected p", ""]]
    for change in comparison["changes"]:
        rows.append([change["what"], pct(change["before"]["win_rate"]), pct(change["after"]["win_rate"]),
                     f"{change['change']:+.1%}", p_text(change["p_corrected"]).removeprefix("p = "),
                     "significant" if change["significant"] else ""])
    table = Table(rows, repeatRows=1, colWidths=[160, 60, 60, 60, 60, 70])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", 8.5),
                               ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8.5),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                               ("ALIGN", (1, 0), (-2, -1), "RIGHT")]))
    intro = (f"Reference {result['reference']} (version {before['version']}, {before['games']} games) against the "
             f"current database (version {after['version']}, {after['games']} games). "
             f"{sentence(comparison.get('what_changed', ''))}Each change is tested with "
             f"a two-proportion z test, its p-value corrected for the {len(comparison['changes'])} figures "
             "compared (Benjamini-Hochberg); below 0.05 it is unlikely to be chance.")
    paired = {c["what"]: c for c in comparison["changes"]}
    bars = []
    for what, change in paired.items():
        bars += [bar_with(f"{what} (before)", change["before"]), bar_with(f"{what} (after)", change["after"])]
    return [Paragraph(f"Comparison: {result.get('name', result['game'])}", H1), Paragraph(intro, BODY), table,
            section("Before and after", interval_chart(bars, WIDTH, result["report"]["fair"])), PageBreak(),
            *report_story(result["report"])]


def sentence(text: str) -> str:
    """`text` as a sentence of its own, capitalised and ending in a full stop ('' stays '')."""
    return f"{text[:1].upper()}{text[1:]}. " if text else ""


def bar_with(label: str, row: dict[str, Any]) -> Bar:
    return Bar(label, row["win_rate"], row["ci95"][0], row["ci95"][1], f"{row['wins']}/{row['games']}")


def write_balance_pdf(path: Path, data: dict[str, Any], kind: str = "report") -> Path:
    """Write a report, sweep or comparison (`kind`) as a PDF at `path`, atomically."""
    story = {"report": report_story, "sweep": sweep_story, "compare": compare_story}[kind](data)
    path.parent.mkdir(parents=True, exist_ok=True)
    title = f"Balance report: {data.get('name', data.get('game', ''))}"

    def render(handle: IO[bytes]) -> None:
        doc = SimpleDocTemplate(handle, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                                bottomMargin=16 * mm, title=title, author="deckwright", invariant=1)
        doc.build(story, onFirstPage=footer, onLaterPages=footer)

    atomic_write(path, render)
    return path


def footer(canvas: Any, doc: Any) -> None:
    canvas.saveState()
    canvas.setFont("Helvetica", 7.5)
    canvas.drawRightString(A4[0] - 18 * mm, 9 * mm, f"page {doc.page}")
    canvas.restoreState()
