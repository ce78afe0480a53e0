"""The user's own print settings, kept in a user config file, never in a game's database.

`print.duplex_offset: [x, y]` (mm) moves every back of a portrait duplex card sheet right and up,
as seen on the back, to correct the designer's printer (measured with `deckwright calibrate`);
`print.duplex_offset_landscape` those of landscape sheets (`calibrate --landscape`);
`print.flip: long | short` is the edge the printer turns the sheet over. The file is
`config.yaml` in the platform's user config folder (`$DECKWRIGHT_CONFIG` names another file).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from cards.units import MM
from cards.yamlsrc import load_yaml

from .errors import GeneratorError
from .geometry import Shift

ENV_VAR = "DECKWRIGHT_CONFIG"
FLIPS = ("long", "short")
MAX_OFFSET_MM = 20.0  # a printer further off than 2 cm needs fixing, not correcting


class ConfigError(GeneratorError):
    """The user config file holds something unusable; the message names the file and key."""


@dataclass(frozen=True)
class Duplex:
    """How backs are placed: the sheet's flip edge and the printer's measured offset in mm."""

    flip: str = "long"
    offset_mm: tuple[float, float] = (0.0, 0.0)            # read on a portrait test page
    landscape_mm: tuple[float, float] = (0.0, 0.0)         # read on a landscape one (`calibrate --landscape`)

    @property
    def shift(self) -> Shift:
        """The offsets in points, as the backs of portrait and of landscape pages are moved."""
        return Shift((self.offset_mm[0] * MM, self.offset_mm[1] * MM),
                     (self.landscape_mm[0] * MM, self.landscape_mm[1] * MM))


def config_path() -> Path:
    """`$DECKWRIGHT_CONFIG`, else `config.yaml` in the user config folder."""
    chosen = os.environ.get(ENV_VAR)
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("deckwright")) / "config.yaml"


def _read(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    doc, problems = load_yaml(path)  # located problems, in the words the card database uses
    if problems:
        raise ConfigError(f"cannot read the user config: {problems[0]}")
    data = doc.data or {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected a mapping, got {type(data).__name__}")
    return data


def duplex_setting(path: Path | None = None) -> Duplex:
    """The user's duplex setting (the defaults when there is no config file)."""
    file = path or config_path()
    section = _read(file).get("print") or {}
    if not isinstance(section, dict):
        raise ConfigError(f"{file}: print: expected a mapping")
    flip = section.get("flip", "long")
    if flip not in FLIPS:
        raise ConfigError(f"{file}: print.flip: expected long or short, got {flip!r}")
    return Duplex(flip, _offset(file, section, "duplex_offset"), _offset(file, section, LANDSCAPE_KEY))


LANDSCAPE_KEY = "duplex_offset_landscape"


def _offset(file: Path, section: dict[str, Any], key: str) -> tuple[float, float]:
    offset = section.get(key, [0, 0])
    if (not isinstance(offset, list) or len(offset) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in offset)):
        raise ConfigError(f"{file}: print.{key}: expected [x, y] in mm, got {offset!r}")
    if not all(abs(v) <= MAX_OFFSET_MM for v in offset):  # .nan fails this too
        raise ConfigError(f"{file}: print.{key}: {offset!r}: each must be within {MAX_OFFSET_MM:g} mm")
    return float(offset[0]), float(offset[1])


def save_duplex(setting: Duplex, path: Path | None = None) -> Path:
    """Store the duplex setting, keeping every other key of the file; the file written."""
    file = path or config_path()
    data = _read(file)
    old = data.get("print")
    section: dict[str, Any] = old if isinstance(old, dict) else {}
    data["print"] = {**section, "flip": setting.flip, "duplex_offset": list(setting.offset_mm)}
    if setting.landscape_mm != (0.0, 0.0) or LANDSCAPE_KEY in section:
        data["print"][LANDSCAPE_KEY] = list(setting.landscape_mm)
    file.parent.mkdir(parents=True, exist_ok=True)
    temporary = file.with_name(file.name + ".tmp")
    temporary.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    temporary.replace(file)
    return file
