"""A tiny Sphinx site around one fixture, for tests of the docs extension."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def build_site(
    tmp_path: Path, fixture: str, folder: str, pages: Mapping[str, str], jobs: str = "1"
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Write ``fixture`` under ``corpus/<folder>``, one page per entry of ``pages`` (name ->
    body), build with ``-W -n`` and return the result and the output folder."""
    corpus = tmp_path / "corpus" / folder
    corpus.mkdir(parents=True)
    (corpus / "docs-check.yaml").write_text(fixture, encoding="utf-8")
    source = tmp_path / "site"
    source.mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(DOCS / '_ext')!r})\n"
        "extensions = ['mjspec_docs']\n"
        "mjspec_scenario_paths = ['../corpus']\n",
        encoding="utf-8",
    )
    for name, body in pages.items():
        (source / f"{name}.rst").write_text(f"{name}\n{'=' * len(name)}\n\n{body}", "utf-8")
    toctree = "".join(f"   {name}\n" for name in pages)
    (source / "index.rst").write_text(f"Site\n====\n\n.. toctree::\n\n{toctree}", "utf-8")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "sphinx", "-W", "-n", "-j", jobs, "-q", "-b", "html"]
    command += [str(source), str(out)]
    return subprocess.run(command, capture_output=True, text=True, check=False), out
