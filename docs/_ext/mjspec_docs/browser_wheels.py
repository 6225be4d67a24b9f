"""Pure-Python wheels of the reference engine and what it needs at run time, for Pyodide.

The calculator runs the reference engine in the browser. Pyodide's npm package carries
the interpreter and its standard library but no package wheels, and the site must not
reach a CDN, so the build writes one ``py3-none-any`` wheel per distribution the engine
needs: mjspec itself from this checkout (its three packages without the fixture corpus,
which the calculator does not read), then every distribution its requirements reach,
evaluated for the browser's Python (read from Pyodide's lock file), taken file by file
from this build's own environment. A distribution with compiled code gets no wheel unless
that code is an optional accelerator (PyYAML's libyaml binding, which ``yaml`` does without)
or the build has a pure-Python stand-in for it (``rpds``, see :mod:`.rpds_stand_in`); any
other compiled requirement fails the build, naming it.
"""

from __future__ import annotations

import base64
import hashlib
import re
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

PROJECT = "mjspec"
PACKAGES = ("spec", "reference_engine", "conformance")
LEFT_OUT = (PurePosixPath("spec/scenarios"),)
OPTIONAL_COMPILED = frozenset({"pyyaml"})
STAND_INS = {"rpds-py": ("rpds", Path(__file__).with_name("rpds_stand_in.py"))}
COMPILED = (".so", ".pyd", ".dylib", ".dll")
DIST_INFO = "{dist-info}"  # in a file's name: the wheel's own .dist-info folder
REWRITTEN = frozenset({"METADATA", "WHEEL", "RECORD", "INSTALLER", "REQUESTED", "direct_url.json"})
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class WheelError(Exception):
    """A runtime requirement that cannot be shipped to the browser as pure Python."""


@dataclass(frozen=True)
class Wheel:
    """One built wheel: its file name and the distribution it holds."""

    filename: str
    distribution: str
    version: str


def browser_environment(python_version: str) -> dict[str, str]:
    """The marker environment of Pyodide's Python (``3.14.2`` -> python_version ``3.14``)."""
    environment = {key: str(value) for key, value in default_environment().items()}
    environment.update(
        python_version=".".join(python_version.split(".")[:2]),
        python_full_version=python_version,
        sys_platform="emscripten",
        platform_system="Emscripten",
        platform_machine="wasm32",
        os_name="posix",
        extra="",
    )
    return environment


def runtime_closure(python_version: str) -> list[str]:
    """Every distribution mjspec's run-time requirements reach in the browser, sorted."""
    environment = browser_environment(python_version)
    seen: set[str] = set()
    pending = [PROJECT]
    while pending:
        name = pending.pop()
        for text in metadata.requires(name) or ():
            requirement = Requirement(text)
            if requirement.marker is not None and not requirement.marker.evaluate(environment):
                continue
            dependency = canonicalize_name(requirement.name)
            if dependency not in seen:
                seen.add(dependency)
                if dependency not in STAND_INS:
                    pending.append(dependency)
    return sorted(seen)


def _record_line(arcname: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def _write_wheel(
    folder: Path, name: str, version: str, files: Iterable[tuple[str, bytes]], metadata_text: str
) -> Wheel:
    """A ``py3-none-any`` wheel of ``files`` (written in sorted order, with fixed dates, so
    the same inputs make the same bytes)."""
    stem = f"{re.sub(r'[-_.]+', '_', name).lower()}-{version}"
    dist_info = f"{stem}.dist-info"
    entries = {arcname.replace(DIST_INFO, dist_info, 1): data for arcname, data in files}
    entries[f"{dist_info}/METADATA"] = metadata_text.encode()
    entries[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: mjspec-docs\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = [_record_line(arcname, data) for arcname, data in sorted(entries.items())]
    record.append(f"{dist_info}/RECORD,,")
    entries[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    filename = f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(folder / filename, "w", zipfile.ZIP_DEFLATED) as wheel:
        for arcname, data in sorted(entries.items()):
            wheel.writestr(zipfile.ZipInfo(arcname, ZIP_TIME), data, zipfile.ZIP_DEFLATED)
    return Wheel(filename, name, version)


def _project_files(root: Path) -> Iterator[tuple[str, bytes]]:
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*")):
            arcname = PurePosixPath(path.relative_to(root).as_posix())
            if (
                path.is_dir()
                or "__pycache__" in arcname.parts
                or any(arcname.is_relative_to(left) for left in LEFT_OUT)
            ):
                continue
            yield str(arcname), path.read_bytes()


def project_wheel(root: Path, folder: Path) -> Wheel:
    """mjspec from the checkout at ``root``, with its installed entry points (the runner finds
    the reference engine through them, in the browser too) and its licence, which every copy
    carries."""
    installed = metadata.distribution(PROJECT)
    version = installed.version
    files = list(_project_files(root))
    entry_points = installed.read_text("entry_points.txt") or ""
    files.append((f"{DIST_INFO}/entry_points.txt", entry_points.encode()))
    files.append((f"{DIST_INFO}/licenses/LICENSE", (root / "LICENSE").read_bytes()))
    return _write_wheel(
        folder,
        PROJECT,
        version,
        files,
        f"Metadata-Version: 2.1\nName: {PROJECT}\nVersion: {version}\n",
    )


def _installed_files(name: str) -> tuple[metadata.Distribution, list[tuple[str, bytes]]]:
    distribution = metadata.distribution(name)
    files: list[tuple[str, bytes]] = []
    compiled: list[str] = []
    for path in distribution.files or ():
        parts = PurePosixPath(str(path)).parts
        if parts[0] == ".." or "__pycache__" in parts or path.suffix == ".pyc":
            continue
        if parts[0].endswith(".dist-info"):
            if parts[-1] not in REWRITTEN:  # licences and entry points are kept
                source = Path(str(distribution.locate_file(path)))
                files.append(("/".join((DIST_INFO, *parts[1:])), source.read_bytes()))
            continue
        if path.suffix in COMPILED or ".cpython-" in path.name:
            compiled.append(str(path))
            continue
        files.append((str(path), Path(str(distribution.locate_file(path))).read_bytes()))
    if compiled and canonicalize_name(name) not in OPTIONAL_COMPILED:
        raise WheelError(
            f"{name} has compiled code ({', '.join(compiled)}) and no pure-Python form for "
            "the browser calculator"
        )
    return distribution, files


def dependency_wheel(name: str, folder: Path) -> Wheel:
    """A wheel of the installed distribution ``name`` (its pure-Python files) or of its
    stand-in."""
    key = canonicalize_name(name)
    if key in STAND_INS:
        module, source = STAND_INS[key]
        version = "0+mjspec.stand.in"
        files = [(f"{module}/__init__.py", source.read_bytes())]
        text = f"Metadata-Version: 2.1\nName: {key}\nVersion: {version}\n"
        return _write_wheel(folder, key, version, files, text)
    distribution, files = _installed_files(name)
    text = distribution.read_text("METADATA") or ""
    return _write_wheel(folder, distribution.metadata["Name"], distribution.version, files, text)


def build_wheels(root: Path, folder: Path, python_version: str) -> list[Wheel]:
    """Every wheel the calculator installs, mjspec first."""
    folder.mkdir(parents=True, exist_ok=True)
    wheels = [project_wheel(root, folder)]
    wheels.extend(dependency_wheel(name, folder) for name in runtime_closure(python_version))
    return wheels
