"""The options of ``mjspec score`` are generated from the score request's definition in the
scenario schema: one option per field, named, typed and grouped from the schema, with a small
presentation table for what the schema cannot say."""

from __future__ import annotations

import argparse
import copy
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from conformance.cli import main
from conformance.corpus import load_corpus, thaw
from conformance.score_cli import FAMILY_GROUPS, add_score_arguments, given_from, options_of
from conformance.score_options import (
    PRESENTATION,
    Shape,
    first_sentence,
    options_of_request,
    score_options,
)
from conformance.usage import Parser
from spec.requests import SCORES_KEYWORD
from spec.schemas import schema

WIN = "123m456m789m1z1z1z2z"


def _fields(node: Mapping[str, Any], path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """Every field of the score request, an object's fields one by one."""
    definitions = schema("scenario")["$defs"]
    for name, field in node["properties"].items():
        target = definitions.get(str(field.get("$ref", "")).removeprefix("#/$defs/"), {})
        if "properties" in target and ".".join((*path, name)) not in PRESENTATION:
            yield from _fields(target, (*path, name))
        else:
            yield (*path, name)


def _groups() -> dict[str, set[str]]:
    parser = argparse.ArgumentParser()
    add_score_arguments(parser)
    return {
        str(group.title): {action.option_strings[0] for action in group._group_actions}
        for group in parser._action_groups
    }


def test_every_field_of_the_score_request_is_an_option_or_says_why_not() -> None:
    options = {option.path for option in score_options()}
    rule_options = schema("scenario")["$defs"]["options"]["properties"]
    for path in _fields(schema("scenario")["$defs"]["score_given"], ()):
        shown = PRESENTATION.get(".".join(path))
        if shown is not None and shown.skip is not None:
            assert path not in options
        elif path[0] == "options" and not _scores(rule_options[path[1]]):
            assert path not in options, "a rule no score depends on is no score option"
        else:
            assert path in options, path


def _scores(field: Mapping[str, Any]) -> bool:
    if "$ref" in field:
        name = str(field["$ref"]).rsplit("/", 1)[-1]
        rule = schema("profile")["$defs"]["house_rules"]["properties"][name]
        return bool(rule.get(SCORES_KEYWORD, False))
    return bool(field.get(SCORES_KEYWORD, False))


def test_each_presentation_entry_names_a_field_of_the_request() -> None:
    fields = {".".join(path) for path in _fields(schema("scenario")["$defs"]["score_given"], ())}
    assert set(PRESENTATION) <= fields


def test_a_field_added_to_the_schema_is_an_option_in_its_familys_group() -> None:
    request = copy.deepcopy(schema("scenario")["$defs"]["score_given"])
    request["properties"]["table"] = {
        "type": "object",
        "properties": {
            "after_a_flower": {
                "type": "boolean",
                "x-mjspec-families": ["classical"],
                "description": "Won on a flower's replacement. More words for the docs.",
            }
        },
    }
    request["properties"]["pairs"] = {"type": "integer", "description": "Pairs."}
    options = {option.flag: option for option in options_of_request(request)}
    flower = options["--after-a-flower"]
    assert (flower.path, flower.shape, flower.readers) == (
        ("table", "after_a_flower"),
        Shape.SWITCH,
        ("classical",),
    )
    assert flower.help == "Won on a flower's replacement."
    assert options["--pairs"].shape is Shape.COUNT


def test_a_field_of_a_shape_no_option_reads_is_refused_by_name() -> None:
    request = {"properties": {"odd": {"type": "object"}}}
    with pytest.raises(TypeError, match="field odd has a type no option reads"):
        options_of_request(request)


def test_an_option_of_one_family_is_in_its_group_a_shared_one_with_the_hand() -> None:
    groups = _groups()
    assert {"--round", "--after-kong", "--last-tile", "--first-turn"} <= groups["options"]
    assert {"--chow-win-from-anyone", "--original-call-with-melds"} <= groups[
        FAMILY_GROUPS["classical"]
    ]
    assert {"--red-fives", "--kazoe", "--dora"} <= groups[FAMILY_GROUPS["riichi"]]


def test_a_help_line_is_the_first_sentence_of_the_fields_description() -> None:
    assert first_sentence("Repeat counters. At most 99: a typo.") == "Repeat counters."
    assert first_sentence("A list (e.g. [0m, 0p]): those.") == "A list (e.g. [0m, 0p]): those."


def test_every_score_fixture_the_options_can_say_reads_back_as_its_given() -> None:
    parser = Parser()
    add_score_arguments(parser)
    said = 0
    for case in load_corpus().cases:
        if case.kind != "score":
            continue
        argv = options_of(case.variant, thaw(case.given))
        if argv is None:
            continue
        said += 1
        wanted = {key: value for key, value in thaw(case.given).items() if value != []}
        wanted.setdefault("concealed", "")  # a win on flowers alone: --hand ""
        assert given_from(parser.parse_args(argv)) == wanted, case.id
    assert said > 500


def test_a_rule_option_of_another_family_is_refused_naming_the_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["score", "--hand", WIN, "--self-draw", "fan"]) == 2
    assert capsys.readouterr().err.startswith("unsupported-field: --self-draw: ")


def test_a_table_without_red_fives_refuses_a_red_five(
    capsys: pytest.CaptureFixture[str],
) -> None:
    hand = ["--variant", "riichi", "--hand", "123m406p789s1z1z1z2z2z"]
    assert main(["score", *hand]) == 0
    capsys.readouterr()
    assert main(["score", *hand, "--red-fives", "false"]) == 1
    assert "--red-fives" not in capsys.readouterr().err  # the tile is at fault, not the option
    assert main(["score", *hand, "--red-fives", "0m0p0p"]) == 0


def test_red_fives_take_true_false_or_red_fives(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["score", "--variant", "riichi", "--hand", WIN, "--red-fives", "5p"])
    assert stopped.value.code == 2
    assert "true, false or red fives such as 0m0p0p0s" in capsys.readouterr().err
