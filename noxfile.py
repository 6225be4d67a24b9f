"""The one place every check of mjspec is driven from (CI runs the default sessions)."""

from __future__ import annotations

from pathlib import Path

import nox

nox.options.sessions = ["tests", "lint", "typecheck", "imports", "docs", "browser"]
nox.options.reuse_existing_virtualenvs = True

PYTHON = None  # the interpreter that runs nox (any Python 3.11+)


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Unit tests, the oracle comparison and the whole fixture corpus (pytest plugin)."""
    session.install(".[test,docs,adapters,cluster]")
    session.run("pytest", *session.posargs)


@nox.session(python=PYTHON)
def robustness(session: nox.Session) -> None:
    """The seeded mutation of fixtures, requests and outcomes at 100,000 inputs each (CI
    runs 3,000 each in the tests session); prints what became of them."""
    session.install(".[test]")
    session.run("pytest", "-s", "-q", "tests/test_robustness_fuzz.py", env={"MJSPEC_LONG": "1"})


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff lint and format check."""
    session.install("ruff>=0.6")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict on the three Python packages and the docs extension."""
    session.install(".[typecheck,adapters]")
    session.run("mypy", "--strict", "spec", "reference_engine", "conformance")
    session.run("mypy", "--strict", "docs/_ext/mjspec_docs")


@nox.session(python=PYTHON)
def imports(session: nox.Session) -> None:
    """The architecture's import contracts (pyproject.toml [tool.importlinter]): spec imports
    neither package, conformance and reference_engine import spec and never each other, and
    no package has an import cycle."""
    session.install(".", "import-linter>=2.1")
    session.run("lint-imports")


SITE = "docs/_build/html"
SPHINX_BUILD = (
    "sphinx-build",
    "-W",
    "-n",
    "--keep-going",
    "-j",
    "auto",
    "-b",
    "html",
    "docs",
    SITE,
)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the Sphinx site with warnings as errors, in parallel (with the adapters, for the
    conformance page; the calculator's Pyodide comes from the npm registry, pinned in
    docs/package-lock.json)."""
    session.install(".[docs,adapters]")
    session.run(*SPHINX_BUILD)


@nox.session(python=PYTHON)
def browser(session: nox.Session) -> None:
    """The built site in Debian's chromium through playwright (never a downloaded browser):
    tiles, the calculator, links, layouts at 390 and 1280 px, escaping. Builds the site first
    when the docs session has not; screenshots go to docs/_build/screenshots/."""
    session.install(".[test,docs,adapters,browser]")
    if not Path(SITE, "index.html").is_file():
        session.run(*SPHINX_BUILD)
    tests = sorted(str(path) for path in Path("tests").glob("test_browser*.py"))
    session.run("pytest", "-m", "browser", *tests, env={"MJSPEC_BROWSER": "1"})


@nox.session(python=PYTHON)
def conformance(session: nox.Session) -> None:
    """The main job: the whole corpus against the bundled reference engine."""
    session.install(".")
    session.run("mjspec", "run", *session.posargs)


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Throughput benchmarks (printed, never asserted), beside the installed peer engines:
    every batch, by wall clock and by CPU time; replay on the fixed logs of
    tests/bench_logs (run from the repository's root); random play and replay also by
    part (µs per action) with what bounds them (calls and bytecodes per action)."""
    session.install(".[adapters,docs]")
    session.run("python", "-m", "conformance.bench", *session.posargs)
    session.run("python", "-m", "reference_engine.bench")
