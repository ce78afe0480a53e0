"""The shipped faces are registered before any text is measured, but each file is read only when
its face is first used (issue 13: a build that draws one card uses one to three of the five)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from generator.fonts import FACE_NAMES, FACES, FONT_DIR, font_read_on_first_use


@pytest.mark.parametrize("file", sorted(FACE_NAMES))
def test_each_face_name_is_the_one_in_its_file(file):
    assert TTFontFace(str(FONT_DIR / file)).name == FACE_NAMES[file]


def test_importing_the_generator_registers_every_face_and_reads_none_until_used():
    # a face not yet read is its stand-in; once read, the font holds the face itself
    probe = ("import generator; from reportlab.pdfbase.pdfmetrics import getFont, stringWidth;"
             "from generator.fonts import FaceReadOnFirstUse as Late; names = list(generator.fonts.FACES);"
             "print(*[isinstance(getFont(n).face, Late) for n in names]);"
             "stringWidth('Hello', 'Helvetica-Bold', 10); print(*[isinstance(getFont(n).face, Late) for n in names])")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.splitlines() == ["True True True True True", "True False True True True"]


@pytest.mark.parametrize("name", sorted(FACES))
def test_a_face_read_on_first_use_measures_and_describes_as_one_read_at_once(name):
    path = str(FONT_DIR / FACES[name])
    late, now = font_read_on_first_use(name, path, FACE_NAMES[FACES[name]]), TTFont(name, path)
    text = "Quick brown fox: 1/2 — «ÆØ» ☺"
    assert late.stringWidth(text, 9.5) == now.stringWidth(text, 9.5)
    assert type(late.face) is TTFontFace  # read: measuring asks the face itself from now on
    assert (late.face.ascent, late.face.descent, late.face.bbox) == (now.face.ascent, now.face.descent, now.face.bbox)
    assert late.face.makeSubset([0, 65, 66]) == now.face.makeSubset([0, 65, 66])
    assert sorted(vars(late)) == sorted(vars(now))  # reportlab's TTFont set up as usual around the face
