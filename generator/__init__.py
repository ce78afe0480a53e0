"""Layouts -> pages -> PDF/PNG; the rulebook pipeline. The only package that imports reportlab."""

from .fonts import register_fonts

# Before anything measures or draws text: the shipped fonts replace the unembedded base faces.
register_fonts()
