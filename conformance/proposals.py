"""Proposed fixtures written by a campaign (fuzz findings, replay divergences): YAML as a
person writes it (notes as literal blocks), under ``out/<variant>/<area>/``, with file
names made only of our own parts (nothing an engine or a log says becomes a path)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml


def slug(name: str) -> str:
    """A name as a file-name part: lower-case letters, digits and single hyphens only (no
    ``/``, no ``..``)."""
    words = re.findall(r"[a-z0-9]+", name.lower())
    return "-".join(words)[:40] or "x"


class _FixtureDumper(yaml.SafeDumper):
    """Writes multi-line strings (the notes) as literal blocks."""


def _string(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_FixtureDumper.add_representer(str, _string)


class UnwritableError(Exception):
    """The folder for the proposals cannot be written (code ``unwritable``)."""

    code = "unwritable"


def write_fixture(document: Mapping[str, Any], out: Path) -> Path:
    """Write ``document`` (its id ``<variant>/<area>/<stem>``, each part a slug) under
    ``out`` as ``<variant>/<area>/<stem>.yaml`` (UnwritableError when the system refuses)."""
    variant, area, stem = str(document["id"]).split("/")
    path = out / variant / area / f"{stem}.yaml"
    if not path.resolve().is_relative_to(out.resolve()):
        raise ValueError(f"a fixture would be written outside {out}")  # never: every part is ours
    text = yaml.dump(dict(document), Dumper=_FixtureDumper, sort_keys=False, allow_unicode=True)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    except OSError as error:
        raise UnwritableError(f"cannot write {path}: {error.strerror or error}") from None
    return path
