"""Card art through Pillow: safe paths, fit or cover, print resolution, placeholders.

An image path is relative to the game's folder and may not leave it. Pillow's
decompression-bomb limit stays on. Art is downsampled to its printed size at
`PRINT_DPI` (no PDF of hundreds of MB) and cached, so a hundred cards sharing one
picture decode it once. Missing art prints a labelled placeholder instead of failing,
so a prototype can be printed before the art exists.
"""

from __future__ import annotations

import io
import warnings
from functools import lru_cache
from pathlib import Path
from typing import Literal

from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cards.wording import plural

from .errors import ImageProblem

PRINT_DPI = 300
# Pixels one picture may have: a poker card at 300 dpi needs 0.8 MP and a 420 x 297 mm board
# 17 MP; a 13000 x 13000 PNG (169 MP) would take over a gigabyte to decode.
MAX_PIXELS = 40_000_000
Fit = Literal["contain", "cover"]
FITS: tuple[str, ...] = ("contain", "cover")
PLACEHOLDER_FILL = (0.88, 0.88, 0.86)
PLACEHOLDER_INK = (0.55, 0.55, 0.52)


class LowResolution(UserWarning):
    """An image prints at fewer dots per inch than `PRINT_DPI`."""


class MissingArt(UserWarning):
    """Art a layout names that the game folder does not hold (the message is its path): a
    placeholder prints instead, and build and lint say which art is still to come (audit)."""


def resolve_image(game_folder: Path, src: str) -> Path | None:
    """The file `src` names inside the game folder, None when missing; refuse paths that leave it."""
    root = game_folder.resolve()
    candidate = Path(src)
    if candidate.is_absolute():
        raise ImageProblem(f"image path {src!r} is absolute; give a path inside {root}")
    target = (root / candidate).resolve()
    if not target.is_relative_to(root):
        raise ImageProblem(f"image path {src!r} leaves the game folder {root}")
    return target if target.is_file() else None


def draw_image(canvas: Canvas, game_folder: Path, src: str, box: tuple[float, float, float, float],
               fit: str = "cover", label: str = "") -> None:
    """Draw the image `src` into box (x, y, w, h), or a placeholder when the file is missing."""
    if fit not in FITS:
        raise ImageProblem(f"unknown image fit {fit!r}; expected one of: {', '.join(FITS)}")
    path = resolve_image(game_folder, src)
    if path is None:
        warnings.warn(MissingArt(src), stacklevel=2)
        draw_placeholder(canvas, box, label or Path(src).stem)
        return
    x, y, w, h = box
    reader, (draw_w, draw_h) = prepared(path, path.stat().st_mtime_ns, round(w, 2), round(h, 2), fit)
    canvas.drawImage(reader, x + (w - draw_w) / 2, y + (h - draw_h) / 2, draw_w, draw_h, mask="auto")


@lru_cache(maxsize=256)
def prepared(path: Path, mtime: int, w: float, h: float, fit: str) -> tuple[ImageReader, tuple[float, float]]:
    """The image cropped or scaled for a w x h point box at print resolution, and its drawn size."""
    with _open(path) as image:
        picture = image.convert("RGBA" if _has_alpha(image) else "RGB")
    if fit == "cover":
        picture = crop_to_aspect(picture, w / h)
        drawn = (w, h)
    else:
        scale = min(w / picture.width, h / picture.height)
        drawn = (picture.width * scale, picture.height * scale)
    warn_if_low_resolution(path, picture.width, drawn[0])
    picture = downsample(picture, drawn)
    return ImageReader(_png_bytes(picture)), drawn


def crop_to_aspect(picture: Image.Image, aspect: float) -> Image.Image:
    """The centred part of `picture` with width/height equal to `aspect`."""
    if picture.width / picture.height > aspect:
        width = round(picture.height * aspect)
        left = (picture.width - width) // 2
        return picture.crop((left, 0, left + width, picture.height))
    height = round(picture.width / aspect)
    top = (picture.height - height) // 2
    return picture.crop((0, top, picture.width, top + height))


def effective_dpi(pixels: int, points: float) -> float:
    """Dots per inch when `pixels` are printed across `points`."""
    return pixels / (points / 72)


def warn_if_low_resolution(path: Path, pixels: int, points: float) -> None:
    """Warn (LowResolution) when the art will print under `PRINT_DPI`."""
    dpi = effective_dpi(pixels, points)
    if dpi < PRINT_DPI:
        warnings.warn(LowResolution(f"{path.name} prints at {dpi:.0f} dpi, under {PRINT_DPI} dpi; "
                                    f"it will look soft"), stacklevel=3)


def downsample(picture: Image.Image, drawn: tuple[float, float]) -> Image.Image:
    """Shrink to the printed size at `PRINT_DPI`; never enlarge."""
    target = (max(1, round(drawn[0] / 72 * PRINT_DPI)), max(1, round(drawn[1] / 72 * PRINT_DPI)))
    if picture.width <= target[0] and picture.height <= target[1]:
        return picture
    return picture.resize(target, Image.Resampling.LANCZOS)


def draw_placeholder(canvas: Canvas, box: tuple[float, float, float, float], label: str) -> None:
    """A grey panel crossed corner to corner with the missing art's name: art goes here."""
    x, y, w, h = box
    canvas.saveState()
    canvas.setFillColorRGB(*PLACEHOLDER_FILL)
    canvas.setStrokeColorRGB(*PLACEHOLDER_INK)
    canvas.setLineWidth(0.5)
    canvas.rect(x, y, w, h, stroke=1, fill=1)
    canvas.line(x, y, x + w, y + h)
    canvas.line(x, y + h, x + w, y)
    if label:
        size = max(5.0, min(9.0, h / 6))
        canvas.setFillColorRGB(*PLACEHOLDER_FILL)
        canvas.rect(x + w / 2 - w * 0.4, y + h / 2 - size * 0.7, w * 0.8, size * 1.4, stroke=0, fill=1)
        canvas.setFillColorRGB(*PLACEHOLDER_INK)
        canvas.setFont("Helvetica-Oblique", size)
        canvas.drawCentredString(x + w / 2, y + h / 2 - size * 0.35, f"art: {label}"[:40])
    canvas.restoreState()


def _open(path: Path) -> Image.Image:
    try:
        with warnings.catch_warnings():  # our own budget speaks instead of Pillow's raw warning
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(path)  # reads the header only
        width, height = image.size
        if width * height > MAX_PIXELS:
            image.close()
            raise ImageProblem(f"{path.name}: {width} x {height} pixels ({width * height / 1e6:.0f} MP) is over "
                               f"the budget of {MAX_PIXELS / 1e6:.0f} MP; scale it to its printed size at "
                               f"{PRINT_DPI} dpi")
        image.load()
    except Image.DecompressionBombError as exc:
        raise ImageProblem(f"{path.name}: refused, too many pixels to decode safely ({exc})") from None
    except (OSError, ValueError) as exc:
        raise ImageProblem(f"{path.name}: not an image Pillow can read ({exc})") from None
    return image


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA") or "transparency" in image.info


def _png_bytes(picture: Image.Image) -> io.BytesIO:
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", optimize=False)
    buffer.seek(0)
    return buffer


def missing_art_note(caught: list[warnings.WarningMessage]) -> str | None:
    """`3 images not found, placeholders print instead: art/a.png, art/b.png, art/c.png` (the first
    few named, the rest counted), from the warnings a build or check caught; None when none."""
    missing = list(dict.fromkeys(str(w.message) for w in caught if issubclass(w.category, MissingArt)))
    if not missing:
        return None
    named = ", ".join(missing[:3]) + (f" and {len(missing) - 3} more" if len(missing) > 3 else "")
    return f"{plural(len(missing), 'image')} not found, placeholders print instead: {named}"
