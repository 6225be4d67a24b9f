"""``mjspec export``: the resolved corpus as plain JSON files, for harnesses in any language.

The export holds every runnable case (each variant's fixtures and the ``<id>@<variant>``
cases it inherits) with its profile merged, so an engine's own test suite can run the
fixtures without Python. File names are built here from checked parts (a case id holds
``/`` and ``@``): nothing a fixture says becomes a path unchecked.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from conformance import __version__
from conformance.corpus import Case, Corpus, thaw
from conformance.protocol import PROTOCOL_VERSION
from conformance.usage import UsageError, write_output
from spec.profile import profile_data
from spec.schemas import schema

NAME_LENGTH = 80

# What a harness compares (conformance/compare.py is the one definition; this says it in
# words for harnesses written in other languages).
COMPARISON = {
    "request": "send {variant, kind, given} of a case; never its expect",
    "fields": "only the fields the case's expect states are compared, each as below",
    "exact": "numbers, booleans, strings and codes compare exactly (true is not 1)",
    "error": "an expected error matches an outcome error with the same code; an error "
    "the case does not expect is a failure",
    "patterns": "score patterns compare as a map of id to value, exact in both directions",
    "payments": "a map of seat to amount, exact in both directions",
    "waits": "MPSZ tile strings compared as multisets (red fives 0m 0p 0s are tiles of "
    "their own; spacing and grouping do not matter)",
    "shapes": "a set of strings, each string's words compared as a sorted list",
    "decompositions": "as shapes",
    "play": "legal actions per seat as sets; state fields, the refused action and the "
    "result checkpoint by checkpoint (see conformance/compare.py)",
    "skip": "a case whose variant and kind the engine does not answer is skipped, not failed",
}


def schema_version() -> str:
    """The version of the scenario schema: the ``v<n>`` of its ``$id``."""
    schema_id = str(schema("scenario")["$id"])
    match = re.search(r"/(v\d+)/", schema_id)
    return match.group(1) if match else schema_id


def safe_name(text: str) -> str:
    """A file-name part of letters, digits and hyphens only (never ``..``, ``/`` or empty)."""
    name = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:NAME_LENGTH].strip("-")
    return name or "case"


def case_document(case: Case) -> dict[str, Any]:
    """One case as plain JSON values."""
    document: dict[str, Any] = {
        "id": case.id,
        "variant": case.variant,
        "kind": case.kind,
        "status": case.status,
        "rules": list(case.rules),
        "title": case.title,
        "given": thaw(case.given),
        "expect": thaw(case.expect),
    }
    if case.inherited_from is not None:
        document["inherited_from"] = case.inherited_from
    if case.notes:
        document["notes"] = case.notes
    return document


def case_files(cases: Sequence[Case]) -> list[str]:
    """Each case's file, relative to the export: ``cases/<variant>/<area>/<name>.json``,
    every part made safe, a repeated name numbered."""
    taken: set[str] = set()
    files = []
    for case in cases:
        stem = "/".join(
            ("cases", safe_name(case.variant), safe_name(case.area), safe_name(case.id))
        )
        file, number = f"{stem}.json", 1
        while file in taken:
            number += 1
            file = f"{stem}-{number}.json"
        taken.add(file)
        files.append(file)
    return files


def export_json(corpus: Corpus, folder: Path, *, force: bool = False) -> dict[str, Any]:
    """Write the export into ``folder`` and return its index. A folder that holds anything
    is refused (``not-empty``) unless ``force``: then files of the same names are replaced,
    others are left, and only the index says what the export holds."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"not-a-folder: {folder} is a file; export writes a folder")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise UsageError(f"not-empty: {folder} holds files; give an empty folder or --force")
    cases = corpus.runnable(None)
    files = case_files(cases)
    variants = sorted({case.variant for case in cases} | set(corpus.profiles))
    for variant in variants:
        _write(folder / "profiles" / f"{safe_name(variant)}.json", profile_data(variant))
    for case, file in zip(cases, files, strict=True):
        _write(folder / file, case_document(case))
    index = {
        "mjspec_version": __version__,
        "schema_version": schema_version(),
        "protocol_version": PROTOCOL_VERSION,
        "comparison": COMPARISON,
        "variants": [
            {"id": variant, "profile": f"profiles/{safe_name(variant)}.json"}
            for variant in variants
        ],
        "cases": [
            {"id": c.id, "variant": c.variant, "kind": c.kind, "file": f, "rules": list(c.rules)}
            for c, f in zip(cases, files, strict=True)
        ],
    }
    _write(folder / "index.json", index)
    return index


def _write(path: Path, document: Any) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"unwritable: cannot create {path.parent}: {error.strerror}") from None
    write_output(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
