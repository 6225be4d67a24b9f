"""Directives and a role for the reference pages: schema fields, CLI runs, inline tiles.

- ``mjspec-schema-fields:: <schema>``: the fields of a JSON Schema object (``:def:``);
- ``mjspec-error-codes::``: the error codes and their meanings, from the scenario schema;
- ``mjspec-command:: mjspec ...``: a command of the CLI and its output, run while building;
- ``mjspec-cli-reference::``: every command and option, from the argument parser;
- ``:mjspec-tiles:`123m```: tiles drawn inline.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import shlex
from collections.abc import Mapping
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from conformance.cli import build_parser, main
from spec.schemas import schema

from .directives import MjspecDirective
from .domain import domain_of
from .games_common import captioned
from .nodes_util import Cell, literal, para, raw_html, table
from .tiles import notation_html

logger = logging.getLogger(__name__)


def _type_of(node: Mapping[str, Any], definitions: Mapping[str, Any]) -> str:
    """A short type for a schema node (``tiles (string)``, ``list of meld``, ``"a" | "b"``)."""
    if "$ref" in node:
        name = str(node["$ref"]).rsplit("/", 1)[-1]
        target = definitions.get(name, {})
        if "properties" in target or "then" in target or "oneOf" in target:
            return name
        return f"{name} ({_type_of(target, definitions)})"
    if "enum" in node:
        return " | ".join(json.dumps(value) for value in node["enum"])
    if "const" in node:
        return json.dumps(node["const"])
    for key in ("oneOf", "anyOf"):
        if key in node:
            return " or ".join(_type_of(option, definitions) for option in node[key])
    kind = node.get("type")
    if kind == "array":
        return f"list of {_type_of(node.get('items', {}), definitions)}"
    if kind == "object" and isinstance(node.get("additionalProperties"), Mapping):
        return f"map to {_type_of(node['additionalProperties'], definitions)}"
    if kind == "integer" and "minimum" in node:
        return f"integer ≥ {node['minimum']}"
    return str(kind) if kind else "any"


def forms_of(node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The alternative shapes of a schema object: itself, or its oneOf, anyOf or then/else."""
    if "properties" in node:
        return [node]
    for key in ("oneOf", "anyOf"):
        if key in node:
            return list(node[key])
    return [node[key] for key in ("then", "else") if key in node] or [node]


SEATS = ("east", "south", "west", "north")


def per_seat_collapsed(properties: Mapping[str, Any]) -> dict[str, Any]:
    """Fields ``<name>.east`` ... ``<name>.north`` that are alike, shown as ``<name>.<seat>``."""
    shown: dict[str, Any] = {}
    for field, spec_node in properties.items():
        name, _, seat = field.rpartition(".")
        alike = all(properties.get(f"{name}.{s}") == spec_node for s in SEATS)
        if name and seat in SEATS and alike:
            shown.setdefault(f"{name}.<seat>", spec_node)
        else:
            shown[field] = spec_node
    return shown


def form_condition(form: Mapping[str, Any]) -> str:
    """What a form of an object requires, in words."""
    required = form.get("required", [])
    if required:
        return "requires " + ", ".join(required)
    if form.get("minProperties"):
        return "at least one of these fields"
    return "any of these fields"


class SchemaFieldsDirective(MjspecDirective):
    """``.. mjspec-schema-fields:: <schema>``: the fields of one object of a shipped JSON Schema."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"def": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        try:
            root = schema(self.arguments[0])
        except OSError:
            return self.problem(f"no schema named {self.arguments[0]!r} in spec/schema")
        name = self.options.get("def")
        definitions: Mapping[str, Any] = root.get("$defs", {})
        if name is not None and name not in definitions:
            return self.problem(f"schema {self.arguments[0]!r} has no definition {name!r}")
        node = definitions[name] if name else root
        forms = forms_of(node)
        if not any(form.get("properties") for form in forms):
            return self.problem(f"schema object {name or self.arguments[0]!r} lists no fields")
        out: list[nodes.Node] = []
        for index, form in enumerate(forms, start=1):
            table_node = self.fields(form, definitions)
            if len(forms) > 1:
                caption = f"Form {index}: {form_condition(form)}"
                table_node.insert(0, nodes.title(caption, caption))
            out.append(table_node)
        return out

    def fields(self, node: Mapping[str, Any], definitions: Mapping[str, Any]) -> nodes.table:
        required = set(node.get("required", []))
        rows = []
        for field, spec_node in per_seat_collapsed(node.get("properties", {})).items():
            description = spec_node.get("description", "")
            if not description and "$ref" in spec_node:
                referred = str(spec_node["$ref"]).rsplit("/", 1)[-1]
                description = definitions.get(referred, {}).get("description", "")
            rows.append(
                [
                    literal(field),
                    literal(_type_of(spec_node, definitions)),
                    "yes" if field in required else "",
                    description,
                ]
            )
        return table(["Field", "Type", "Required", "Meaning"], rows, classes=["mj-schema"])


class ErrorCodesDirective(MjspecDirective):
    """``.. mjspec-error-codes::``: every error code and its meaning, from the scenario
    schema's ``$defs/error_code`` (the enum fixtures and engines are held to)."""

    def run(self) -> list[nodes.Node]:
        definition = schema("scenario")["$defs"]["error_code"]
        meanings: Mapping[str, str] = definition["x-mjspec-meanings"]
        rows: list[list[str | nodes.Node]] = [
            [literal(code), meanings.get(code, "")] for code in definition["enum"]
        ]
        return [table(["Code", "Meaning"], rows, classes=["mj-schema"])]


class CommandDirective(MjspecDirective):
    """``.. mjspec-command:: mjspec score --hand ...``: a command run while the page builds.

    The command runs in-process through :func:`conformance.cli.main`, in the docs' folder
    (a path in it is relative to ``docs/``, wherever the build is started); the page
    shows it with its output. ``:exit-status:`` (default 0, or ``any``) is checked,
    so a documented command that stops working breaks the build.
    """

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {"exit-status": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        command = " ".join(self.arguments[0].split())
        argv = shlex.split(command)
        if not argv or argv[0] != "mjspec":
            return self.problem(f"only mjspec commands can be run: {command!r}")
        output = io.StringIO()
        with (
            contextlib.chdir(self.env.srcdir),
            contextlib.redirect_stdout(output),
            contextlib.redirect_stderr(output),
        ):
            try:
                status = main(argv[1:])
            except SystemExit as exit_:
                status = exit_.code if isinstance(exit_.code, int) else 1
        expected = self.options.get("exit-status", "0")
        if expected != "any" and str(status) != expected:
            logger.warning(
                "%r exited with status %s, not %s:\n%s",
                command,
                status,
                expected,
                output.getvalue(),
                location=self.get_location(),
                type="mjspec",
            )
        domain_of(self.env).note_live(self.env.docname)
        shown = f"$ {command}\n{output.getvalue().rstrip()}"
        if status:
            shown += f"\n(exit status {status})"
        return [nodes.literal_block(shown, shown, language="console", classes=["mj-command"])]


class TilesRole(SphinxRole):
    """``:mjspec-tiles:`123m 55z```: tiles drawn inline, named by their MPSZ text."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        drawn = notation_html(self.text)
        if drawn is None:
            message = self.inliner.reporter.warning(
                f"not valid MPSZ notation: {self.text!r}", line=self.lineno
            )
            return [literal(self.text)], [message]
        return [raw_html(drawn), literal(self.text, "mj-mpsz")], []


def _value_of(action: argparse.Action) -> str:
    """What an option takes: nothing (a switch), one of its choices, or its metavar."""
    if action.nargs == 0:
        return "(switch)"
    if action.choices is not None:
        return " | ".join(str(choice) for choice in action.choices)
    return str(action.metavar or action.dest.upper())


def _default_of(action: argparse.Action) -> str:
    if action.nargs == 0 or action.default in (None, [], "", argparse.SUPPRESS):
        return ""
    return str(action.default)


def option_rows(command: argparse.ArgumentParser) -> list[tuple[str, list[list[Cell]]]]:
    """Each argument group of ``command`` with its options: name, value, default, meaning
    (help options left out)."""
    groups = []
    for group in command._action_groups:
        rows: list[list[Cell]] = []
        for action in group._group_actions:
            if isinstance(action, argparse._HelpAction):
                continue
            name = ", ".join(action.option_strings) or action.dest
            meaning = (action.help or "").replace("%(default)s", _default_of(action))
            rows.append([literal(name), _value_of(action), _default_of(action), meaning])
        if rows:
            groups.append((group.title or "", rows))
    return groups


def subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, one-line help, parser) of every subcommand of ``parser``, in its order."""
    found = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {choice.dest: str(choice.help or "") for choice in found._choices_actions}
    return [(name, helps.get(name, ""), command) for name, command in found.choices.items()]


class CliReferenceDirective(MjspecDirective):
    """``.. mjspec-cli-reference::``: every command of ``mjspec``, its usage and every option,
    read from the argument parser (:func:`conformance.cli.build_parser`)."""

    def run(self) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for name, summary, command in subcommands(build_parser()):
            section = self.new_section([f"cli-{name}"], f"mjspec {name}")
            section += para(summary[:1].upper() + summary[1:] + ".")
            usage = command.format_usage().removeprefix("usage: ").strip()
            section += nodes.literal_block(usage, usage, classes=["mj-usage"])
            for title, rows in option_rows(command):
                heading = {"positional arguments": "arguments", "options": "options"}.get(
                    title, title
                )
                section += captioned(
                    table(["Option", "Value", "Default", "Meaning"], rows), heading
                )
            out.append(section)
        return out
