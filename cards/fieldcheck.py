"""A card's declared fields checked against their specs (`FieldSpec`): type, choices, references.

A field's `refs` names what its values must name: a deck's card ids (`refs: actions`), or the
ids of a rules list or mapping (`refs: rules.keywords`: the `id` of each entry of a list, or each
key of a mapping), so a misspelt keyword is found at the card that lists it, as the card is
loaded, not later by the layout that looks it up.
"""

from __future__ import annotations

from typing import Any

from .schema import FieldSpec, is_rules_ref
from .wording import quoted, suggestion

_PY_TYPES: dict[str, tuple[type, ...]] = {
    "str": (str,), "text": (str,), "int": (int,), "float": (int, float),
    "bool": (bool,), "list": (list,), "map": (dict,), "counts": (dict,),
}


def field_problem(spec: FieldSpec, value: Any, known: dict[str, set[str]]) -> str | None:
    """Why `value` does not fit `spec`, or None. `known` holds what each `refs` may name: by deck
    id, each deck's card ids, and by `rules.PATH`, that rules entry's ids."""
    wanted = _PY_TYPES[spec.type]
    if not isinstance(value, wanted) or (isinstance(value, bool) and bool not in wanted):
        return f"expected {spec.type}, got {quoted(value)}"
    if spec.type == "counts" and isinstance(value, dict) and not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()):
        return f"expected counts (card id: whole number), got {value!r}"
    if spec.choices is not None:
        values = value if isinstance(value, list) else [value]
        bad = [v for v in values if v not in spec.choices]
        if bad:
            return f"{bad[0]!r} is not one of: {', '.join(spec.choices)}"
    if spec.refs and spec.refs in known:
        names = list(value) if isinstance(value, list | dict) else [value]
        missing = [n for n in names if n not in known[spec.refs]]
        if missing:
            what = f"an id in {spec.refs}" if is_rules_ref(spec.refs) else f"a card of deck {spec.refs!r}"
            return f"refers to {missing[0]!r}, which is not {what}{suggestion(str(missing[0]), known[spec.refs])}"
    return None
