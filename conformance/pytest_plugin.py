"""pytest plugin (entry point ``pytest11``): the fixture corpus as test items.

Collection is opt-in: it happens when the ini option ``mjspec_corpus`` is true
(mjspec's own pyproject sets it) or with ``--mjspec-corpus``. Each YAML file
under a ``scenarios`` folder becomes one item named by the fixture id, run
against ``--mjspec-engine`` (default: the ``reference`` plugin), an engine spec
read as ``mjspec run --engine`` reads it: a plugin name, ``python:<module>:<factory>``
(the module found on the path or in the current folder) or ``exec:'<command>'``. The
engine is opened once, when the collected items hold a fixture; one that cannot be
opened is a usage error. Given twice, the last one counts, as for every pytest option
(that is how the command line overrides ``addopts``). A failure points at
``file.yaml:line`` and lists every differing field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conformance.connect import close_engine, open_engine
from conformance.corpus import Case, case_from, load_validated
from conformance.engine import REFERENCE, Engine, EngineInfo, EngineLoadError, engine_info
from conformance.files import is_yaml_name
from conformance.report import divergence_lines
from conformance.runner import Verdict, run_case

OPENED = pytest.StashKey[tuple[Engine, EngineInfo]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mjspec")
    group.addoption("--mjspec-corpus", action="store_true", help="collect mjspec scenario fixtures")
    group.addoption(
        "--mjspec-engine",
        default=REFERENCE,
        help="the engine to test, as mjspec run --engine takes it: a plugin name, "
        "python:<module>:<factory> or exec:'<command>' (default: reference)",
    )
    parser.addini("mjspec_corpus", "collect mjspec scenario fixtures", type="bool", default=False)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    config = parent.config
    if not (config.getoption("mjspec_corpus") or config.getini("mjspec_corpus")):
        return None
    if is_yaml_name(file_path) and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


def pytest_collection_finish(session: pytest.Session) -> None:
    """Open the engine under test once, when a fixture is to be run."""
    config = session.config
    if config.option.collectonly or not any(isinstance(i, ScenarioItem) for i in session.items):
        return
    named = str(config.getoption("mjspec_engine"))
    engine = None
    try:
        engine = open_engine(named)
        config.stash[OPENED] = engine, engine_info(engine)
    except EngineLoadError as error:
        if engine is not None:
            close_engine(engine)
        raise pytest.UsageError(f"--mjspec-engine {named}: {error.code}: {error}") from None


def pytest_unconfigure(config: pytest.Config) -> None:
    opened = config.stash.get(OPENED, None)
    if opened is not None:
        close_engine(opened[0])


class ScenarioFile(pytest.File):
    def collect(self) -> list[pytest.Item]:
        document, problems = load_validated(self.path, "scenario")
        if document is None:
            return [
                InvalidScenario.from_parent(
                    self, name=self.path.stem, problems=[str(p) for p in problems]
                )
            ]
        case = case_from(document, self.path)
        return [ScenarioItem.from_parent(self, name=case.id, case=case)]


class InvalidScenario(pytest.Item):
    def __init__(self, *, problems: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problems = problems

    def runtest(self) -> None:
        raise ScenarioFailedError("\n".join(self.problems))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return str(excinfo.value)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"invalid fixture {self.name}"


class ScenarioFailedError(Exception):
    """A fixture whose engine outcome differs from its expectation."""


class ScenarioItem(pytest.Item):
    def __init__(self, *, case: Case, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        for rule in case.rules:
            self.user_properties.append(("rule", rule))

    def runtest(self) -> None:
        engine, info = self.config.stash[OPENED]
        result = run_case(engine, info, self.case)
        if result.verdict is Verdict.SKIP:
            pytest.skip(result.message)
        if result.verdict is Verdict.FAIL and self.case.status == "proposed":
            differences = "; ".join(str(diff) for diff in result.differences)
            pytest.xfail(f"a proposal the engine disagrees with: {differences}")
        if result.verdict is not Verdict.PASS:
            lines = [f"{self.case.file}:{self.case.line}: {self.case.id}: {self.case.title}"]
            if result.message:
                lines.append(result.message)
            lines += divergence_lines(result)
            lines += [f"  - {diff}" for diff in result.differences]
            raise ScenarioFailedError("\n".join(lines))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailedError):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.case.line - 1, self.case.id
