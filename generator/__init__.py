"""Layouts -> pages -> PDF/PNG; the rulebook pipeline. The only package that imports reportlab."""
