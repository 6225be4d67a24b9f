"""Safe, located YAML loading.

Reads one YAML document with PyYAML's safe machinery and keeps the line and
column of every value, so later checks can point at ``file:line:column``.
Rejected, each with its own code: files over :data:`MAX_BYTES`
(``file-too-large``), bytes that are not UTF-8 (``not-utf8``), empty files
(``empty-file``), several documents (``multiple-documents``), anchors and
aliases (``yaml-alias``, which also stops alias bombs), duplicate mapping keys
(``duplicate-key``), non-string keys (``invalid-key``) and syntax errors
(``yaml-syntax``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from conformance.problems import JsonPath, Problem, ProblemsError

MAX_BYTES = 256 * 1024


@dataclass(frozen=True)
class Located:
    """A loaded document and the position (line, column; 1-based) of every value in it."""

    data: Any
    file: str
    positions: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)

    def position(self, path: JsonPath) -> tuple[int, int]:
        """The position of ``path``, or of its nearest located ancestor."""
        for end in range(len(path), -1, -1):
            found = self.positions.get(tuple(path[:end]))
            if found is not None:
                return found
        return (1, 1)

    def problem(self, code: str, message: str, path: JsonPath = ()) -> Problem:
        line, column = self.position(path)
        return Problem(self.file, line, column, code, message, tuple(path))


class _NoAliasLoader(yaml.SafeLoader):
    """A SafeLoader whose composer refuses anchors and aliases."""

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        anchor = getattr(event, "anchor", None)
        if isinstance(event, yaml.AliasEvent) or anchor is not None:
            mark = event.start_mark
            raise _RejectedError("yaml-alias", "anchors and aliases are not allowed", mark)
        composed: Node | None = super().compose_node(parent, index)
        return composed


class _RejectedError(Exception):
    def __init__(self, code: str, message: str, mark: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = mark.line + 1 if mark is not None else 1
        self.column = mark.column + 1 if mark is not None else 1


def load_text(text: str, file: str) -> Located:
    """Load one YAML document from ``text``; raise :class:`ProblemsError` on any problem."""
    if not text.strip():
        raise ProblemsError([Problem(file, 1, 1, "empty-file", "the file has no YAML document")])
    loader = _NoAliasLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise ProblemsError(
                [Problem(file, 1, 1, "empty-file", "the file has no YAML document")]
            )
        positions: dict[JsonPath, tuple[int, int]] = {}
        data = _construct(loader, node, (), positions)
    except _RejectedError as reject:
        raise ProblemsError(
            [Problem(file, reject.line, reject.column, reject.code, reject.message)]
        ) from None
    except yaml.composer.ComposerError as error:
        mark = error.problem_mark
        code = "multiple-documents" if "single document" in str(error.context) else "yaml-syntax"
        message = "expected a single YAML document" if code == "multiple-documents" else str(error)
        raise ProblemsError([_marked(file, mark, code, message)]) from None
    except yaml.MarkedYAMLError as error:
        message = " ".join(filter(None, [error.context, error.problem]))
        raise ProblemsError([_marked(file, error.problem_mark, "yaml-syntax", message)]) from None
    except yaml.YAMLError as error:
        raise ProblemsError([Problem(file, 1, 1, "yaml-syntax", str(error))]) from None
    finally:
        loader.dispose()
    return Located(data, file, positions)


def load_file(path: Path, *, display: str | None = None) -> Located:
    """Read and load ``path`` (size, encoding and YAML checks as in :func:`load_text`)."""
    name = display or str(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ProblemsError(
                [Problem(name, 0, 0, "file-too-large", f"{size} bytes; the limit is {MAX_BYTES}")]
            )
        raw = path.read_bytes()
    except OSError as error:
        raise ProblemsError(
            [Problem(name, 0, 0, "unreadable", error.strerror or str(error))]
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise ProblemsError(
            [Problem(name, line, column, "not-utf8", f"byte 0x{raw[error.start]:02x} is not UTF-8")]
        ) from None
    return load_text(text, name)


def _marked(file: str, mark: Any, code: str, message: str) -> Problem:
    if mark is None:
        return Problem(file, 1, 1, code, message)
    return Problem(file, mark.line + 1, mark.column + 1, code, message)


def _construct(
    loader: _NoAliasLoader,
    node: Node,
    path: JsonPath,
    positions: dict[JsonPath, tuple[int, int]],
) -> Any:
    positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, MappingNode):
        loader.flatten_mapping(node)
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                raise _RejectedError(
                    "invalid-key", f"mapping key {key!r} is not a string", key_node.start_mark
                )
            if key in mapping:
                raise _RejectedError("duplicate-key", f"duplicate key {key!r}", key_node.start_mark)
            mapping[key] = _construct(loader, value_node, (*path, key), positions)
        return mapping
    if isinstance(node, SequenceNode):
        return [
            _construct(loader, item, (*path, index), positions)
            for index, item in enumerate(node.value)
        ]
    assert isinstance(node, ScalarNode)
    return loader.construct_object(node, deep=True)
