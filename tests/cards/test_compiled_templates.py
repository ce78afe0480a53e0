"""Templates are compiled once per process and shared by environments with the same settings
(`cards.sandbox.CompiledTemplates`): a build makes a new environment per database and renders
the rulebook and each reference side several times."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
import pytest

from cards.compiled import CompiledTemplates
from cards.sandbox import BudgetedSandbox, ContainedLoader


def _environment(folder: Path, **settings: Any) -> BudgetedSandbox:
    return BudgetedSandbox(loader=ContainedLoader([str(folder)]), undefined=jinja2.StrictUndefined,
                           autoescape=False, **settings)


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja2 compiled from source during the test."""
    names: list[str] = []
    original = BudgetedSandbox.compile

    def counting(self: BudgetedSandbox, source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        names.append(str(name))
        return original(self, source, name, *args, **kwargs)

    monkeypatch.setattr(BudgetedSandbox, "compile", counting)
    return names


def test_a_second_environment_reuses_the_compiled_template(tmp_path: Path, compiles: list[str]) -> None:
    (tmp_path / "page.md.j2").write_text("{% macro twice(x) %}{{ x }}{{ x }}{% endmacro %}{{ twice(word) }}\n")
    first = _environment(tmp_path).get_template("page.md.j2").render(word="ab")
    second = _environment(tmp_path).get_template("page.md.j2").render(word="cd")
    assert (first, second) == ("abab", "cdcd")
    assert compiles == ["page.md.j2"]


def test_an_edited_template_is_compiled_again(tmp_path: Path, compiles: list[str]) -> None:
    template = tmp_path / "rules.md.j2"
    template.write_text("Hand size {{ n }}.")
    assert _environment(tmp_path).get_template("rules.md.j2").render(n=5) == "Hand size 5."
    template.write_text("Draw up to {{ n }}.")
    assert _environment(tmp_path).get_template("rules.md.j2").render(n=5) == "Draw up to 5."
    assert compiles == ["rules.md.j2", "rules.md.j2"]


def test_environments_with_other_settings_do_not_share_code(tmp_path: Path) -> None:
    (tmp_path / "list.md.j2").write_text("{% for i in range(2) %}\n- {{ i }}\n{% endfor %}\n")
    plain = _environment(tmp_path).get_template("list.md.j2").render()
    trimmed = _environment(tmp_path, trim_blocks=True, lstrip_blocks=True).get_template("list.md.j2").render()
    assert plain == "\n- 0\n\n- 1\n"
    assert trimmed == "- 0\n- 1\n"


def test_the_budgets_hold_in_reused_code(tmp_path: Path) -> None:
    (tmp_path / "big.j2").write_text("{{ ('a' * n) | length }}")
    assert _environment(tmp_path).get_template("big.j2").render(n=3) == "3"
    with pytest.raises(jinja2.exceptions.SecurityError):
        _environment(tmp_path).get_template("big.j2").render(n=4_000_000_000)


def _render_with(cache: CompiledTemplates, folder: Path, name: str) -> str:
    environment = _environment(folder)
    environment.bytecode_cache = cache
    return environment.get_template(name).render(n=2)


def test_a_new_process_reads_the_compiled_code_from_disk(tmp_path: Path, compiles: list[str]) -> None:
    templates, store = tmp_path / "templates", tmp_path / "store"
    templates.mkdir()
    store.mkdir()
    (templates / "t.j2").write_text("{{ n * 3 }}")
    assert _render_with(CompiledTemplates(jinja2.FileSystemBytecodeCache(str(store))), templates, "t.j2") == "6"
    # a second process: nothing in memory, the compiled code on disk
    assert _render_with(CompiledTemplates(jinja2.FileSystemBytecodeCache(str(store))), templates, "t.j2") == "6"
    assert compiles == ["t.j2"]
    assert len(list(store.iterdir())) == 1


def test_a_damaged_cache_file_is_passed_over(tmp_path: Path, compiles: list[str]) -> None:
    templates, store = tmp_path / "templates", tmp_path / "store"
    templates.mkdir()
    store.mkdir()
    (templates / "t.j2").write_text("{{ n * 3 }}")
    _render_with(CompiledTemplates(jinja2.FileSystemBytecodeCache(str(store))), templates, "t.j2")
    (entry,) = store.iterdir()
    good = entry.read_bytes()
    entry.write_bytes(good[:len(good) // 2])  # cut short, as a full disk or a crash would leave it
    assert _render_with(CompiledTemplates(jinja2.FileSystemBytecodeCache(str(store))), templates, "t.j2") == "6"
    assert compiles == ["t.j2", "t.j2"]
    assert entry.read_bytes() == good  # written anew
