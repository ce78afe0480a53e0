"""`deckwright calibrate`: print a duplex alignment test page, and store the printer's correction."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import click

from .common import DataProblem, paper_choice
from .outpaths import write_out_file


@click.command("calibrate")
@click.option("--paper", type=paper_choice(), default="a4", show_default=True,
              help="Paper of the test page.")
@click.option("--flip", type=click.Choice(["long", "short"]), default=None,
              help="Edge the printer turns the sheet over (default: the stored setting, else long).")
@click.option("--out", "out_file", type=click.Path(path_type=Path), default=None,
              help="Test page to write, or a folder to write calibrate-PAPER.pdf into "
                   "(default: output/calibrate-PAPER.pdf).")
@click.option("--set", "offset", type=(float, float), default=None, metavar="X Y",
              help="Store the correction read off the test page, in mm (right and up on the back).")
@click.option("--landscape", is_flag=True,
              help="The test page, or the reading --set stores, for sheets printed landscape (most card sheets on "
                   "US Letter): a printer turns those pages, so they take a reading of their own.")
@click.option("--show", is_flag=True, help="Print the stored setting and where it is kept (not with --set or --out).")
def command(paper: str, flip: str | None, out_file: Path | None, offset: tuple[float, float] | None,
            landscape: bool, show: bool) -> None:
    """Line up the backs of double-sided card sheets with your printer.

    Without --set, writes a one-sheet test page to print on both sides. Held to the light, the
    front's crosses show through beside the back's millimetre scales; read X and Y there and
    store them with --set. Every later build moves the backs by that much. Sheets printed
    landscape (most card sheets on US Letter) take a reading of their own,
    from a landscape test page: --landscape. The setting is yours, not the game's: it lives in
    your user config file (print.duplex_offset, print.duplex_offset_landscape, print.flip).

    \b
    Examples:
      deckwright calibrate --paper a4
      deckwright calibrate --set 1.5 -0.5
      deckwright calibrate --paper letter --landscape
      deckwright calibrate --set 1.0 0.5 --landscape
      deckwright calibrate --set 0 0 --flip short
    """
    from generator.calibrate import render_test_page
    from generator.userconfig import (
        MAX_OFFSET_MM,
        ConfigError,
        Duplex,
        config_path,
        duplex_setting,
        save_duplex,
    )

    if show and (offset is not None or out_file is not None):  # audit: --set was ignored without a word
        given = "--set" if offset is not None else "--out"
        raise click.UsageError(f"--show and {given} cannot be used together: --show only prints the stored setting")
    if offset is not None and out_file is not None:  # audit: --out was ignored without a word
        raise click.UsageError("--set and --out cannot be used together: --set stores the readings, --out names "
                               "where a new test page is written")
    try:
        current = duplex_setting()
    except ConfigError as exc:
        raise DataProblem(str(exc)) from None
    chosen = Duplex(flip or current.flip, current.offset_mm, current.landscape_mm)
    if show:
        click.echo(f"{config_path()}: flip {current.flip} edge, duplex offset "
                   f"x {current.offset_mm[0]:+.1f} mm, y {current.offset_mm[1]:+.1f} mm; on landscape sheets "
                   f"x {current.landscape_mm[0]:+.1f} mm, y {current.landscape_mm[1]:+.1f} mm")
        return
    if offset is not None:
        if not all(math.isfinite(v) for v in offset):  # audit: `nan` was told 'at most 20 mm each way'
            raise click.BadParameter(f"expected two numbers of millimetres, got {offset[0]:g} {offset[1]:g}",
                                     param_hint="--set")
        if not all(abs(v) <= MAX_OFFSET_MM for v in offset):
            raise click.BadParameter(f"at most {MAX_OFFSET_MM:g} mm each way", param_hint="--set")
        stored = replace(chosen, landscape_mm=offset) if landscape else replace(chosen, offset_mm=offset)
        path = save_duplex(stored)
        click.echo(f"saved to {path}")  # the path on its own line: the line fits 80 columns
        click.echo(f"Backs of {'landscape' if landscape else 'portrait'} sheets now move "  # 80 columns
                   f"x {offset[0]:+.1f} mm, y {offset[1]:+.1f} mm ({chosen.flip}-edge flip).")
        return
    out = out_file or Path("output")
    if out.suffix and out.suffix.lower() != ".pdf" and not out.is_dir():  # audit: made a folder named x.png
        raise click.BadParameter(f"{out}: the test page is a PDF; name it {out.with_suffix('.pdf')}, or give "
                                 "a folder to write it into", param_hint="--out")
    if out.is_dir() or out.suffix.lower() != ".pdf":  # a folder, as `build --out` takes
        out = out / f"calibrate-{paper}{'-landscape' if landscape else ''}.pdf"
    write_out_file(out, lambda path: render_test_page(path, paper, chosen, turned=landscape))
    click.echo(f"wrote {out}")
    click.echo(f"Print it on both sides of one sheet at 100 % ({chosen.flip}-edge flip), then run\n"
               f"`deckwright calibrate --set X Y{' --landscape' if landscape else ''}` with the readings.")
