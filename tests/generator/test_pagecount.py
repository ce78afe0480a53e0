"""The build report's page counts, read from the bytes of the files reportlab wrote."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader, PdfWriter

from generator import pagecount
from generator.pagecount import page_count


def test_every_shipped_kit_file_is_counted_from_its_bytes_as_pypdf_counts_it(
        shipped_kits: dict[tuple[str, str], list[Path]]) -> None:
    pdfs = [path for paths in shipped_kits.values() for path in paths if path.suffix == ".pdf"]
    assert len(pdfs) > 40
    for path in pdfs:
        # the fast path found the one page tree (not the pypdf fallback), with pypdf's count
        assert len(pagecount._PAGE_TREE.findall(path.read_bytes())) == 1, path
        assert page_count(path) == len(PdfReader(path).pages), path


def test_a_file_written_by_another_tool_is_counted_by_pypdf(tmp_path: Path) -> None:
    writer = PdfWriter()
    for _ in range(3):
        writer.add_blank_page(width=200, height=200)
    path = tmp_path / "other.pdf"
    with path.open("wb") as handle:
        writer.write(handle)
    assert pagecount._PAGE_TREE.findall(path.read_bytes()) == []
    assert page_count(path) == 3
