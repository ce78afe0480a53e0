"""What drawing one page adds to a PDF document, recorded so the page can be replayed.

A page's operators depend on the document they are drawn into: the fonts registered so far, the
characters each font has encoded so far (reportlab numbers a font's characters in the order a
document first uses them), and the forms defined so far (`document_state`). `PageRecorder` notes
what drawing a page added to them and its operators (`PagePiece`); `replay` adds the same in the
same order and appends the operators, so the file's bytes are those of drawing the page. Only
fonts, characters and forms are replayed: a page that used an image, transparency, a colour
separation, a shading or a link is not recorded. `generator.pagecache` keys and stores pieces.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

# ------------------------------------------------------------------------- the document's state


def fonts_of(canvas: Canvas) -> list[str]:
    return list(canvas._doc.fontMapping)


def codes_of(canvas: Canvas) -> dict[str, list[int]]:
    """The characters each TrueType font has encoded in this document, in order."""
    doc = canvas._doc
    found: dict[str, list[int]] = {}
    for name in doc.fontMapping:
        font = pdfmetrics.getFont(name)
        if isinstance(font, TTFont) and doc in font.state:
            found[name] = list(font.state[doc].assignments)
    return found


def _forms(canvas: Canvas) -> list[str]:
    return [name for name in canvas._doc.idToObject if name.startswith("FormXob.")]


def document_state(canvas: Canvas) -> str:
    """A hash of what a page's operators depend on in the document so far.

    Fonts, characters and forms are only ever added, so while their counts stay the same the
    state does too: the hash of the page before is taken again (after the first sheets of a deck
    its pages add nothing new, and hashing every character so far for each page adds up)."""
    growth = _growth(canvas)
    known = getattr(canvas, "_deckwright_state", None)
    if known is not None and known[0] == growth:
        return str(known[1])
    state = [fonts_of(canvas), codes_of(canvas), _forms(canvas)]
    digest = hashlib.sha256(json.dumps(state).encode()).hexdigest()
    canvas._deckwright_state = (growth, digest)
    return digest


def _growth(canvas: Canvas) -> tuple[int, ...]:
    """How many fonts, characters of each font and objects other than pages the document holds.

    Asked before every page and every paragraph drawn (`generator.drawreplay`): the characters
    each TrueType font has encoded in the document (its state's `assignments`, one dict for the
    document's life) are found once per count of fonts, while every such font has its state."""
    doc = canvas._doc
    known = canvas.__dict__.get("_deckwright_codes")
    if known is None or known[0] != len(doc.fontMapping) or known[2]:
        encoded, waiting = [], False
        for name in doc.fontMapping:
            font = pdfmetrics.getFont(name)
            if isinstance(font, TTFont):
                if doc in font.state:
                    encoded.append(font.state[doc].assignments)
                else:  # registered, nothing encoded yet: looked for again next time
                    waiting = True
        known = canvas._deckwright_codes = (len(doc.fontMapping), encoded, waiting)
    return (len(doc.idToObject) - canvas.getPageNumber(), known[0], *map(len, known[1]))


# --------------------------------------------------------------------------------- recording


@dataclass
class PagePiece:
    """One recorded page: what it added to the document, and its operators."""

    fonts: list[str] = field(default_factory=list)
    codes: dict[str, list[int]] = field(default_factory=dict)
    forms: list[dict[str, Any]] = field(default_factory=list)
    ops: list[str] = field(default_factory=list)
    forms_used: list[str] = field(default_factory=list)
    boxes: dict[str, list[float]] = field(default_factory=dict)
    # the PDF version the page's drawing asked for: a fill colour sets its opacity, which asks
    # for 1.4 without adding any resource, so a file of replayed pages must ask as well
    version: list[int] = field(default_factory=list)
    # the faces drawn straight onto the page, each replayable alone (`cached_slot`): [its key,
    # where its operators start and end in `ops`, the fonts and characters it added, the forms it
    # placed, the PDF version it asked for]
    slots: list[list[Any]] = field(default_factory=list)

    def to_bytes(self) -> bytes:
        return marshal.dumps(self.__dict__)  # read back three times faster than JSON

    @classmethod
    def from_bytes(cls, data: bytes) -> PagePiece | None:
        """The piece stored as `data`; None when it cannot be read (a damaged entry is drawn again)."""
        try:
            piece = cls(**marshal.loads(data))
        except (EOFError, ValueError, TypeError):
            return None
        return piece if piece.version else None  # recorded before versions were: drawn again


class PageRecorder:
    """Notes what drawing one page adds to the document, to replay it later."""

    def __init__(self, canvas: Canvas):
        self.watch = Watch(canvas)  # the fonts, characters and PDF version the page adds
        self.objects = set(canvas._doc.idToObject)
        self.forms: list[dict[str, Any]] = []
        self.slots: list[list[Any]] = []
        self.is_replayable = True
        canvas._deckwright_recorder = self

    def note_form(self, canvas: Canvas, name: str, bbox: Sequence[float]) -> None:
        """Called with a form's operators just before `endForm`."""
        self.is_replayable = self.is_replayable and uses_only_replayed_resources(canvas)
        self.forms.append({"name": name, "bbox": list(bbox), "ops": list(canvas._code),
                           "used": list(canvas._formsinuse)})

    def finish(self, canvas: Canvas) -> PagePiece | None:
        """The page as drawn (call before `showPage`), or None when it cannot be replayed."""
        canvas._deckwright_recorder = None
        added = self.watch.added(canvas)
        objects = set(canvas._doc.idToObject) - self.objects
        forms = {canvas._doc.getXObjectName(form["name"]) for form in self.forms}
        if not (self.is_replayable and objects <= forms and uses_only_replayed_resources(canvas)):
            return None  # an image, a transparency, a separation, a shading or a link was used
        boxes = {box: list(getattr(canvas, f"_{box}Box")) for box in ("crop", "art", "bleed", "trim")
                 if getattr(canvas, f"_{box}Box", None)}
        return PagePiece(added.fonts, added.codes, self.forms, list(canvas._code), list(canvas._formsinuse), boxes,
                         added.version, self.slots)


@dataclass
class Added:
    """What one drawing added to the document (`Watch.added`)."""

    fonts: list[str]
    codes: dict[str, list[int]]  # the characters each font encoded, in order
    ops: list[str]
    forms_used: list[str]
    version: list[int]  # the PDF version the drawing asked for (the first, when it asked for none)


class Watch:
    """What the document holds before a drawing, to find what the drawing added to it (`added`):
    of a page (`PageRecorder`), a face on a page (`pagecache.cached_slot`) or a paragraph
    (`generator.drawreplay`). While it draws, the document's PDF version counts from the first:
    what the drawing asks for, apart from what came before (`added` puts the larger back)."""

    def __init__(self, canvas: Canvas):
        doc = canvas._doc
        self.fonts, self.codes = fonts_of(canvas), codes_of(canvas)
        self.code, self.forms_in_use = len(canvas._code), len(canvas._formsinuse)
        self.version = doc._pdfVersion
        doc._pdfVersion = _FIRST_VERSION

    def added(self, canvas: Canvas) -> Added:
        doc = canvas._doc
        asked = doc._pdfVersion
        doc._pdfVersion = max(self.version, asked)
        codes = {name: found[len(self.codes.get(name, [])):] for name, found in codes_of(canvas).items()}
        return Added(fonts_of(canvas)[len(self.fonts):], {name: found for name, found in codes.items() if found},
                     canvas._code[self.code:], canvas._formsinuse[self.forms_in_use:], list(asked))


def replay_added(canvas: Canvas, fonts: Sequence[str], codes: dict[str, list[int]], ops: Sequence[str],
                 forms_used: Sequence[str], version: Sequence[int]) -> None:
    """Add what a drawing added (`Watch.added`) again, in the same order, then its operators."""
    doc = canvas._doc
    add_text_resources(doc, fonts, codes)
    canvas._code.extend(ops)
    canvas._formsinuse.extend(forms_used)
    doc._pdfVersion = max(doc._pdfVersion, tuple(version))


def note_form(canvas: Canvas, name: str, bbox: Sequence[float]) -> None:
    """Tell the page being recorded (if any) about a form defined while drawing it."""
    recorder = getattr(canvas, "_deckwright_recorder", None)
    if recorder is not None:
        recorder.note_form(canvas, name, bbox)


def uses_only_replayed_resources(canvas: Canvas) -> bool:
    """Only fonts, characters and forms are replayed: a page or form that used transparency,
    colour separations, shadings or links is drawn every time (images are found by `finish`)."""
    return not (canvas._extgstate._c or canvas._colorsUsed or canvas._shadingUsed or canvas._annotationrefs)


_FIRST_VERSION = (1, 3)  # what reportlab starts a document at (`rl_config.pdfVersion` aside)


def replay(canvas: Canvas, piece: PagePiece) -> None:
    """Add what the page added to the document, in the same order, then its operators (no showPage)."""
    doc = canvas._doc
    add_text_resources(doc, piece.fonts, piece.codes)
    for form in piece.forms:
        canvas.beginForm(form["name"], *form["bbox"])
        canvas._code.extend(form["ops"])
        canvas._formsinuse.extend(form["used"])
        canvas.endForm()
    for box, value in piece.boxes.items():
        setattr(canvas, f"_{box}Box", tuple(value))
    canvas._code.extend(piece.ops)
    canvas._formsinuse.extend(piece.forms_used)
    doc._pdfVersion = max(doc._pdfVersion, tuple(piece.version))


def add_text_resources(doc: Any, fonts: Sequence[str], codes: dict[str, list[int]]) -> None:
    """Add fonts, then characters of each font, to the document in the order they were first used."""
    for name in fonts:
        font = pdfmetrics.getFont(name)
        if isinstance(font, TTFont):
            font._assignState(doc)
            font.getSubsetInternalName(0, doc)
        else:
            doc.getInternalFontName(name)
    for name, found in codes.items():
        pdfmetrics.getFont(name).splitString("".join(map(chr, found)), doc)
