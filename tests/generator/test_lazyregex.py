"""reportlab's Paragraph module is imported with its URL pattern compiled on first use (issue 13:
about 20 ms of every build), and that pattern still matches exactly as reportlab's own."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from generator.lazyregex import URI_PATTERN_START, PatternOnFirstUse


def test_importing_the_generator_leaves_reportlabs_url_pattern_uncompiled():
    probe = ("import generator, reportlab.platypus.paragraph as p, reportlab.platypus as platypus;"
             "print(type(p.uri_pat).__name__, p.uri_pat._compiled is None, platypus.Paragraph is p.Paragraph)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["PatternOnFirstUse", "True", "True"]


def test_reportlabs_url_pattern_is_the_one_set_aside():
    from reportlab.platypus import paragraph

    assert paragraph.uri_pat.pattern.startswith(URI_PATTERN_START)  # reportlab still compiles it at import


@pytest.mark.parametrize("text", ["http://example.com/a?b=1", "HTTPS://Example.COM", "ftp://10.0.0.1:21/x",
                                  "mailto:someone", "https://bücher.de/ä", "not a url", "http://-bad-.com"])
def test_the_stand_in_matches_as_the_compiled_pattern(text):
    from reportlab.platypus import paragraph

    pattern, flags = paragraph.uri_pat.pattern, paragraph.uri_pat.flags
    stand_in = PatternOnFirstUse(pattern, flags)
    compiled = re.compile(pattern, flags)
    found, expected = stand_in.match(text), compiled.match(text)
    assert (found and found.groups()) == (expected and expected.groups())
