"""Preflight of print-shop files: each check reads the rendered page or the written file back
and reports a problem located by card.

- bleed present: the page is the trim plus the shop's bleed, and art reaches into the bleed
  wherever it reaches the trim line (a white band outside coloured edges is a missing bleed);
- text inside the safe zone: every glyph lies at least the game's `print.safe` inside the trim;
- drawings inside the safe zone: an icon, a shape or a picture that stays inside the trim lies
  inside the safe zone too (one that crosses the trim line is bleed art, meant to be cut);
- resolution: every placed image is at least 300 dpi at its printed size, and a PNG is 300 dpi
  at the shop's pixel size;
- colour mode: placed images are grey, RGB or ICC-based, and a PNG is plain RGB (no alpha,
  no palette, no CMYK).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, ImageStat

from .errors import Finding

MM = 72 / 25.4
WHITE = 250  # a grey level at or above this is blank paper
INK = 235  # a band darker than this on average carries art
SLACK = 0.25  # points: the rounding of a shop's even scaling, not a design choice
Box = tuple[float, float, float, float]  # left, bottom, right, top in points
_COLOUR_SPACES = {pdfium_c.FPDF_COLORSPACE_DEVICEGRAY: "grey", pdfium_c.FPDF_COLORSPACE_DEVICERGB: "RGB",
                  pdfium_c.FPDF_COLORSPACE_ICCBASED: "ICC"}




def check_page(page: pdfium.PdfPage, label: str, trim: tuple[float, float], bleed: float, safe: float,
               dpi: int) -> list[Finding]:
    """Every finding on one card page (trim plus `bleed` on each side)."""
    width, height = page.get_size()
    wanted = (trim[0] + 2 * bleed, trim[1] + 2 * bleed)
    if abs(width - wanted[0]) > 0.5 or abs(height - wanted[1]) > 0.5:
        return [Finding(label, f"page is {width / MM:.1f} x {height / MM:.1f} mm, expected "
                               f"{wanted[0] / MM:.1f} x {wanted[1] / MM:.1f} mm (trim plus bleed)")]
    found = [Finding(label, m) for m in _text_outside_safe(page, bleed + safe)]
    found += [Finding(label, m) for m in _drawings_outside_safe(page, bleed, safe)]
    found += [Finding(label, m) for m in _missing_bleed(page, bleed)]
    found += [Finding(label, m) for m in _image_problems(page, dpi)]
    return found


def _text_outside_safe(page: pdfium.PdfPage, inset: float) -> list[str]:
    """Each word with a glyph outside the safe zone (`inset` inside the page edge), with how far out."""
    width, height = page.get_size()
    text = page.get_textpage()
    words: list[tuple[str, float]] = []
    current, worst = "", 0.0
    for index in range(text.count_chars() + 1):
        char = text.get_text_range(index, 1) if index < text.count_chars() else " "
        if char.strip():
            left, bottom, right, top = text.get_charbox(index)
            current += char
            worst = max(worst, inset - left, inset - bottom, right - (width - inset), top - (height - inset))
            continue
        if current and worst > 0.25:
            words.append((current, worst))
        current, worst = "", 0.0
    return [f"text {word!r} reaches {far / MM:.1f} mm outside the safe zone "
            f"({inset / MM:.1f} mm inside the page edge)" for word, far in words]


def _drawings_outside_safe(page: pdfium.PdfPage, bleed: float, safe: float) -> list[str]:
    """Each group of touching drawings (an icon's paths, a disc) that lies inside the trim but
    reaches outside the safe zone, placed in mm from the trim's top-left corner like a layout."""
    width, height = page.get_size()
    trim = (bleed, bleed, width - bleed, height - bleed)
    inside = [box for box in _drawing_boxes(page) if _is_within(box, trim) and not _covers(box, trim)]
    out = []
    for left, bottom, right, top in _touching_groups([box for box in inside if _reach(box, trim, safe) > SLACK]):
        far = _reach((left, bottom, right, top), trim, safe)
        out.append(f"a drawing at x {(left - bleed) / MM:.1f}..{(right - bleed) / MM:.1f} mm, "
                   f"y {(height - bleed - top) / MM:.1f}..{(height - bleed - bottom) / MM:.1f} mm reaches "
                   f"{far / MM:.1f} mm outside the safe zone ({safe / MM:.1f} mm inside the trim)")
    return out


def _covers(box: Box, trim: Box) -> bool:
    """Does `box` fill the whole trim (a background that stops at the trim line)? Its missing
    bleed is the finding (`_missing_bleed`), not the safe zone, which no background stays inside."""
    return (box[0] <= trim[0] + SLACK and box[1] <= trim[1] + SLACK
            and box[2] >= trim[2] - SLACK and box[3] >= trim[3] - SLACK)


def _drawing_boxes(page: pdfium.PdfPage) -> list[Box]:
    kinds = (pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_IMAGE, pdfium_c.FPDF_PAGEOBJ_SHADING)
    return [tuple(obj.get_bounds()) for obj in page.get_objects(filter=kinds, max_depth=1)]


def _is_within(box: Box, trim: Box) -> bool:
    return (box[0] >= trim[0] - SLACK and box[1] >= trim[1] - SLACK
            and box[2] <= trim[2] + SLACK and box[3] <= trim[3] + SLACK)


def _reach(box: Box, trim: Box, safe: float) -> float:
    """How far `box` reaches outside the safe zone `safe` inside `trim` (0 or less: inside)."""
    return max(trim[0] + safe - box[0], trim[1] + safe - box[1], box[2] - (trim[2] - safe), box[3] - (trim[3] - safe))


def _touching_groups(boxes: list[Box]) -> list[Box]:
    """The bounding boxes of groups of overlapping boxes (a group grown by one box may reach
    another group: they merge too)."""
    groups: list[Box] = []
    for box in boxes:
        touching = [group for group in groups if _overlaps(box, group)]
        groups = [group for group in groups if group not in touching]
        for group in touching:
            box = (min(box[0], group[0]), min(box[1], group[1]), max(box[2], group[2]), max(box[3], group[3]))
        groups.append(box)
    return groups


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _missing_bleed(page: pdfium.PdfPage, bleed: float) -> list[str]:
    scale = 2.0
    image = page.render(scale=scale).to_pil().convert("L")
    band = max(1, int(bleed * scale / 4))  # the outer quarter of the bleed
    edge = int(bleed * scale)
    w, h = image.size
    sides = {
        "left": ((0, edge, band, h - edge), (edge, edge, edge + band, h - edge)),
        "right": ((w - band, edge, w, h - edge), (w - edge - band, edge, w - edge, h - edge)),
        "top": ((edge, 0, w - edge, band), (edge, edge, w - edge, edge + band)),
        "bottom": ((edge, h - band, w - edge, h), (edge, h - edge - band, w - edge, h - edge)),
    }
    bare = [side for side, (outer, inner) in sides.items()
            if ImageStat.Stat(image.crop(outer)).mean[0] >= WHITE and ImageStat.Stat(image.crop(inner)).mean[0] < INK]
    if not bare:
        return []
    edges = f"{', '.join(bare[:-1])} and {bare[-1]} edges" if len(bare) > 1 else f"{bare[0]} edge"
    return [(f"no bleed on the {edges}: the art stops at the trim line (let the background reach into "
            "the bleed: `bleed: true` on a rect, or a picture that covers it)")]


def _image_problems(page: pdfium.PdfPage, dpi: int) -> list[str]:
    out = []
    for obj in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,), max_depth=4):
        meta: Any = obj.get_metadata()
        resolution = min(meta.horizontal_dpi, meta.vertical_dpi)
        if resolution < dpi - 0.5:
            out.append(f"an image of {meta.width} x {meta.height} px prints at {resolution:.0f} dpi, "
                       f"below {dpi} dpi")
        if meta.colorspace not in _COLOUR_SPACES:
            out.append(f"an image of {meta.width} x {meta.height} px is not grey or RGB "
                       f"(colour space {meta.colorspace}); convert it to RGB")
    return out


def check_image(path: Path, label: str, dpi: int, pixels: tuple[int, int]) -> list[Finding]:
    """A written PNG: the shop's pixel size, `dpi` recorded, plain RGB."""
    found = []
    with Image.open(path) as image:
        if image.size != pixels:
            found.append(Finding(label, f"{path.name} is {image.size[0]} x {image.size[1]} px, "
                                        f"expected {pixels[0]} x {pixels[1]} px"))
        recorded = image.info.get("dpi", (0, 0))
        if min(recorded) < dpi - 0.5:
            found.append(Finding(label, f"{path.name} records {min(recorded):.0f} dpi, expected {dpi}"))
        if image.mode != "RGB":
            found.append(Finding(label, f"{path.name} is in colour mode {image.mode}, expected RGB"))
    return found
