"""Safe, located YAML loading.

Reads one YAML document with PyYAML's safe machinery and keeps the line and column of
every value, so later checks can point at ``file:line:column``. Rejected, each with its
own code: what :mod:`conformance.files` refuses to read (``file-too-large``,
``not-a-regular-file``, ``unreadable``), bytes that are not UTF-8 (``not-utf8``), empty
files (``empty-file``), several documents (``multiple-documents``), anchors and aliases
(``yaml-alias``, which also stops alias bombs), duplicate mapping keys
(``duplicate-key``), non-string keys (``invalid-key``), tags on mappings or lists
(``unknown-tag``), scalars that cannot be read as their tag says (``invalid-value``),
control characters (``invalid-character``), nesting deeper than :data:`MAX_DEPTH`
(``too-deep``) and syntax errors (``yaml-syntax``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from conformance.files import read_utf8
from conformance.problems import JsonPath, Problem, ProblemsError, excerpt

MAX_DEPTH = 64


@dataclass(frozen=True)
class Located:
    """A loaded document and where (line, column; 1-based) each of its values is written.

    ``positions`` locate a mapping entry at its key; ``values`` locate the value
    itself, past an opening quote, so a column inside a string can be added.
    """

    data: Any
    file: str
    positions: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)
    values: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)

    def position(self, path: JsonPath, *, value: bool = False) -> tuple[int, int]:
        """The position of ``path`` (its value with ``value=True``), or of its nearest ancestor."""
        table = self.values if value else self.positions
        for end in range(len(path), -1, -1):
            found = table.get(tuple(path[:end]))
            if found is not None:
                return found
        return (1, 1)

    def problem(
        self, code: str, message: str, path: JsonPath = (), *, value: bool = False, offset: int = 0
    ) -> Problem:
        """A problem at ``path``; ``offset`` moves the column right inside a one-line value."""
        line, column = self.position(path, value=value)
        return Problem(self.file, line, column + offset, code, message, tuple(path))


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


_CLoader: type[Any] | None = getattr(yaml, "CSafeLoader", None)


def _compose(text: str) -> tuple[Any, Node | None]:
    """A loader and the node graph of ``text``. With libyaml, anchors and aliases are found
    in a first pass over the tokens (C speed), then the graph is composed in C; without it,
    the pure-Python composer refuses them as it meets them."""
    if _CLoader is None:
        loader: Any = _NoAliasLoader(text)
        return loader, loader.get_single_node()
    if "&" not in text and "*" not in text:
        loader = _CLoader(text)
        return loader, loader.get_single_node()
    scanner = _CLoader(text)
    try:
        while scanner.check_token():
            token = scanner.get_token()
            if isinstance(token, yaml.AnchorToken | yaml.AliasToken):
                raise _RejectedError(
                    "yaml-alias", "anchors and aliases are not allowed", token.start_mark
                )
    finally:
        scanner.dispose()
    loader = _CLoader(text)
    return loader, loader.get_single_node()


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
    bad = _first_control_character(text)
    if bad is not None:
        line, column, char = bad
        message = f"control character U+{ord(char):04X} is not allowed"
        raise ProblemsError([Problem(file, line, column, "invalid-character", message)])
    deep = _first_too_deep_line(text)
    if deep is not None:
        message = f"collections nest deeper than {MAX_DEPTH} levels"
        raise ProblemsError([Problem(file, deep, 1, "too-deep", message)])
    loader: Any = None
    try:
        loader, node = _compose(text)
        if node is None:
            raise ProblemsError(
                [Problem(file, 1, 1, "empty-file", "the file has no YAML document")]
            )
        located = Located(None, file)
        data = _construct(loader, node, (), located)
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
    except RecursionError:
        message = f"the document nests deeper than {MAX_DEPTH} levels"
        raise ProblemsError([Problem(file, 1, 1, "too-deep", message)]) from None
    finally:
        if loader is not None:
            loader.dispose()
    return Located(data, file, located.positions, located.values)


def _first_too_deep_line(text: str) -> int | None:
    """The line where collections first nest deeper than :data:`MAX_DEPTH`, which keeps
    PyYAML's recursive composer away from pathological input. Counting brackets is the
    cheap first look; only when it sees too many are the YAML tokens counted (the scanner
    does not recurse), so that brackets inside a string or a comment are not nesting."""
    depth = 0
    for found in _BRACKETS.finditer(text):
        if found.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return _first_too_deep_token(text)
        else:
            depth = max(0, depth - 1)
    return None


_OPENING = (
    yaml.FlowSequenceStartToken,
    yaml.FlowMappingStartToken,
    yaml.BlockMappingStartToken,
    yaml.BlockSequenceStartToken,
)
_CLOSING = (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken, yaml.BlockEndToken)


def _first_too_deep_token(text: str) -> int | None:
    scanner: Any = (_CLoader or yaml.SafeLoader)(text)
    depth = 0
    try:
        while scanner.check_token():
            token = scanner.get_token()
            if isinstance(token, _OPENING):
                depth += 1
                if depth > MAX_DEPTH:
                    return int(token.start_mark.line) + 1
            elif isinstance(token, _CLOSING):
                depth -= 1
    except yaml.MarkedYAMLError as error:
        if "nesting depth" in str(error.problem):  # libyaml's own limit, met looking ahead
            return int(error.problem_mark.line) + 1 if error.problem_mark else 1
        return None  # the parse reports it, before it can nest any deeper
    except yaml.YAMLError:
        return None
    finally:
        scanner.dispose()
    return None


_BRACKETS = re.compile(r"[\[\]{}]")


_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


def _first_control_character(text: str) -> tuple[int, int, str] | None:
    """The first character YAML forbids in a document (line, column, char), if any."""
    found = _FORBIDDEN.search(text)
    if found is None:
        return None
    start = found.start()
    line_start = text.rfind("\n", 0, start) + 1
    return text.count("\n", 0, start) + 1, start - line_start + 1, found.group()


def load_file(path: Path, *, display: str | None = None) -> Located:
    """Read ``path`` (a regular file, at most :data:`~conformance.files.MAX_BYTES`) and load
    it (encoding and YAML checks as in :func:`load_text`)."""
    name = display or str(path)
    return load_text(read_utf8(path, name), name)


def _marked(file: str, mark: Any, code: str, message: str) -> Problem:
    if mark is None:
        return Problem(file, 1, 1, code, message)
    return Problem(file, mark.line + 1, mark.column + 1, code, message)


_STRING_TAG = "tag:yaml.org,2002:str"
_DEFAULT_TAGS: dict[type[Node], str] = {
    MappingNode: "tag:yaml.org,2002:map",
    SequenceNode: "tag:yaml.org,2002:seq",
}


def _construct(
    loader: Any,
    node: Node,
    path: JsonPath,
    located: Located,
) -> Any:
    """Build plain Python values from ``node``, recording where each one starts.

    A mapping entry is located at its key, so that an unknown or misplaced
    field is reported on its own line.
    """
    start = (node.start_mark.line + 1, node.start_mark.column + 1)
    located.positions.setdefault(path, start)
    quoted = isinstance(node, ScalarNode) and node.style in ("'", '"')
    located.values[path] = (start[0], start[1] + 1) if quoted else start
    if len(path) > MAX_DEPTH:
        raise _RejectedError("too-deep", f"nesting deeper than {MAX_DEPTH} levels", node.start_mark)
    default_tag = _DEFAULT_TAGS.get(type(node))
    if default_tag is not None and node.tag != default_tag:
        message = f"tag {excerpt(node.tag)} is not allowed"
        raise _RejectedError("unknown-tag", message, node.start_mark)
    if isinstance(node, MappingNode):
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(loader, key_node)
            if not isinstance(key, str):
                raise _RejectedError(
                    "invalid-key",
                    f"mapping key {excerpt(key)} is not a string",
                    key_node.start_mark,
                )
            if key in mapping:
                message = f"duplicate key {excerpt(key)}"
                raise _RejectedError("duplicate-key", message, key_node.start_mark)
            mark = key_node.start_mark
            located.positions[(*path, key)] = (mark.line + 1, mark.column + 1)
            mapping[key] = _construct(loader, value_node, (*path, key), located)
        return mapping
    if isinstance(node, SequenceNode):
        return [
            _construct(loader, item, (*path, index), located)
            for index, item in enumerate(node.value)
        ]
    return _scalar(loader, node)


# YAML 1.1, which PyYAML reads, takes 024 for 20, 0x1f and 1_000 and 1:30 for numbers and
# yes/no/on/off for booleans; mjspec files are read as the YAML 1.2 core schema writes them.
_PLAIN_FORMS = {
    "tag:yaml.org,2002:int": (
        re.compile(r"[-+]?(?:0|[1-9][0-9]*)"),
        "write an integer in decimal, without leading zeros or separators "
        "(YAML 1.1 would read 024 as 20)",
    ),
    "tag:yaml.org,2002:bool": (
        re.compile(r"true|True|TRUE|false|False|FALSE"),
        "write true or false (YAML 1.1 would read yes, no, on and off as booleans)",
    ),
    "tag:yaml.org,2002:float": (
        re.compile(r"[-+]?(?:[0-9][0-9]*)?\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?[0-9]+\.[0-9]*"),
        "not a finite decimal number",
    ),
}
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")


def _scalar(loader: Any, node: Node) -> Any:
    if not isinstance(node, ScalarNode):
        raise _RejectedError("invalid-key", "a mapping key must be a plain value", node.start_mark)
    if node.tag == _STRING_TAG:
        _printable(node.value, node)
        return node.value
    form = _PLAIN_FORMS.get(node.tag)
    if form is not None and not node.style and not form[0].fullmatch(node.value):
        raise _RejectedError("invalid-value", f"{excerpt(node.value)}: {form[1]}", node.start_mark)
    try:
        return loader.construct_object(node, deep=True)
    except yaml.YAMLError:
        raise
    except (ValueError, KeyError, AttributeError, TypeError, OverflowError) as error:
        tag = node.tag.rsplit(":", 1)[-1]
        message = f"cannot read {excerpt(node.value)} as {tag[:40]}: {str(error)[:200]}"
        raise _RejectedError("invalid-value", message, node.start_mark) from None


def _printable(text: str, node: Node) -> None:
    """A string holds no control character, even one written as an escape (``"\\x1b"``):
    titles and notes reach terminals and XML reports."""
    found = _UNPRINTABLE.search(text)
    if found is not None:
        message = f"control character U+{ord(found.group()):04X} is not allowed in a string"
        raise _RejectedError("invalid-character", message, node.start_mark)
