"""Layouts -> pages -> PDF/PNG; the rulebook pipeline. The only package that imports reportlab."""

from reportlab import rl_config

from .flatecache import install as remember_flate
from .fonts import register_fonts
from .lazyregex import import_paragraph

# Before anything imports reportlab's Paragraph: its URL pattern is compiled when first used.
import_paragraph()

# Before anything measures or draws text: the shipped fonts replace the unembedded base faces.
register_fonts()
# PDF streams are written Flate-compressed without the ASCII85 layer on top: reportlab encodes it
# in pure Python (a third of a card file's drawing time), and it makes files a quarter larger.
rl_config.useA85 = 0
# A cached rebuild takes the compressed streams of unchanged pages from the cache (`flatecache`).
remember_flate()
