"""Bad input: every malformed fixture is refused with a stable code, at its line, never a traceback.

Each case writes one file to a temporary folder, runs ``mjspec validate`` on it
(in-process through :func:`conformance.cli.main`, and for a few cases as a real
subprocess) and checks the exit status, the problem code and where the problem
is reported (``file:line:column: code: message (at $.path)``).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.files import MAX_BYTES
from reference_engine.plugin import ReferenceEngine

FILE = "example-valid.yaml"

# Line numbers of the fields below are used by the expectations of every case:
#  1 id, 2 variant, 3 kind, 4 title, 5 rules, 6 given, 7 concealed, 8 win, 9 seat,
# 10 table, 11 expect, 12 tai, 13 payments.
VALID = """\
id: taiwanese/structure/example-valid
variant: taiwanese
kind: score
title: A valid example
rules: [tw.structure.five-sets-and-pair]
given:
  concealed: 1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m
  win: {by: self-draw}
  seat: east
  table: {dealer_streak: 0, discards: 20}
expect:
  tai: 11
  payments: {east: 36, south: -12, west: -12, north: -12}
"""

CONCEALED = "1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m"
CONCEALED_COLUMN = 14  # where the tile string of line 7 starts

PROBLEM = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): (?P<code>[a-z0-9-]+): "
    r"(?P<message>.*?)(?: \(at (?P<path>\$[^)]*)\))?$"
)

BILLION_LAUGHS = "".join(
    [
        'lol1: &lol1 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n',
        *(f"lol{n}: &lol{n} [{', '.join([f'*lol{n - 1}'] * 9)}]\n" for n in range(2, 10)),
        "id: *lol9\n",
    ]
)


def edited(old: str, new: str) -> str:
    """The valid fixture with its one occurrence of ``old`` replaced by ``new``."""
    assert VALID.count(old) == 1, f"{old!r} must occur exactly once in the valid fixture"
    return VALID.replace(old, new)


def with_concealed(tiles: str) -> str:
    """The valid fixture with other concealed tiles."""
    return edited(CONCEALED, tiles)


@dataclass(frozen=True)
class Found:
    """One reported problem, parsed from a line of stderr."""

    file: str
    line: int
    column: int
    code: str
    message: str
    path: str | None


@dataclass(frozen=True)
class Outcome:
    """What one ``mjspec validate`` run printed and returned."""

    status: int
    out: str
    err: str

    @property
    def problems(self) -> list[Found]:
        found = []
        for text in self.err.splitlines():
            match = PROBLEM.match(text)
            if match:
                found.append(
                    Found(
                        file=match["file"],
                        line=int(match["line"]),
                        column=int(match["column"]),
                        code=match["code"],
                        message=match["message"],
                        path=match["path"],
                    )
                )
        return found


@dataclass(frozen=True)
class Bad:
    """A malformed fixture and the one problem it must produce."""

    content: str | bytes
    code: str
    line: int
    column: int | None = None
    message: str | None = None
    path: str | None = None


def write(folder: Path, content: str | bytes, name: str = FILE) -> Path:
    target = folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        target.write_bytes(content)
    else:
        target.write_text(content, encoding="utf-8")
    return target


def validate(capsys: pytest.CaptureFixture[str], *paths: str) -> Outcome:
    """Run ``mjspec validate PATHS`` in-process; a raised exception fails the test."""
    capsys.readouterr()
    try:
        status = main(["validate", *paths])
    except Exception as error:  # a traceback would reach the user
        pytest.fail(f"mjspec validate raised {type(error).__name__}: {error}")
    captured = capsys.readouterr()
    return Outcome(status, captured.out, captured.err)


def validate_subprocess(cwd: Path, *paths: str) -> Outcome:
    """Run the installed ``mjspec validate PATHS`` as a user would."""
    executable = shutil.which("mjspec")
    if executable is None:
        pytest.skip("the mjspec command is not on PATH")
    done = subprocess.run(
        [executable, "validate", *paths],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return Outcome(done.returncode, done.stdout, done.stderr)


def assert_single_problem(outcome: Outcome, bad: Bad, file: str = FILE) -> None:
    """Exit 1, no traceback, and exactly the expected problem at the expected place."""
    assert "Traceback" not in outcome.out + outcome.err, outcome.err
    assert outcome.status == 1, outcome.err
    problems = outcome.problems
    assert len(problems) == 1, f"expected one problem, got:\n{outcome.err}"
    (problem,) = problems
    assert problem.file == file
    assert problem.code == bad.code, outcome.err
    assert problem.line == bad.line, outcome.err
    if bad.column is not None:
        assert problem.column == bad.column, outcome.err
    if bad.message is not None:
        assert bad.message in problem.message, outcome.err
    if bad.path is not None:
        assert problem.path == bad.path, outcome.err


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary working folder, so reported file names are short and relative."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def check(capsys: pytest.CaptureFixture[str], folder: Path, bad: Bad) -> None:
    write(folder, bad.content)
    assert_single_problem(validate(capsys, FILE), bad)


def test_the_valid_example_is_accepted(in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(in_tmp, VALID)
    outcome = validate(capsys, FILE)
    assert outcome.status == 0, outcome.err
    assert outcome.err == ""
    assert "valid: 1 scenarios" in outcome.out


# --- YAML: the loader ------------------------------------------------------------------

YAML_CASES = {
    "duplicate-top-level-key": Bad(VALID + "kind: score\n", "duplicate-key", 14, 1, "'kind'"),
    "duplicate-nested-key": Bad(
        edited("  seat: east\n", "  seat: east\n  seat: west\n"), "duplicate-key", 10, 3, "'seat'"
    ),
    "anchor-and-alias": Bad(
        edited(
            "rules: [tw.structure.five-sets-and-pair]",
            "rules: &rules [tw.structure.five-sets-and-pair]\nnotes: *rules",
        ),
        "yaml-alias",
        5,
        8,
    ),
    "anchor-in-nested-value": Bad(edited("  seat: east", "  seat: &s east"), "yaml-alias", 9, 9),
    "alias-without-anchor": Bad(VALID + "notes: *nowhere\n", "yaml-alias", 14, 8),
    "billion-laughs": Bad(BILLION_LAUGHS, "yaml-alias", 1, 7),
    "two-documents": Bad(VALID + "---\n" + VALID, "multiple-documents", 14, 1),
    "integer-key": Bad(VALID + "1: one\n", "invalid-key", 14, 1, "1"),
    "null-key-nested": Bad(
        edited("  seat: east\n", "  seat: east\n  ~: nothing\n"), "invalid-key", 10, 3, "None"
    ),
    "sequence-key": Bad(VALID + "? [a, b]\n: x\n", "invalid-key", 14, 3),
    "mapping-value-in-plain-scalar": Bad(
        edited("title: A valid example", "title: A valid: example"), "yaml-syntax", 4, 15
    ),
    "tab-indentation": Bad(edited("  seat: east", "\tseat: east"), "yaml-syntax", 9, 1),
    "not-utf8-in-title": Bad(
        VALID.encode().replace(b"A valid example", b"A valid \xff example"),
        "not-utf8",
        4,
        16,
        "0xff",
    ),
    "latin-1-on-a-late-line": Bad(
        (VALID + "notes: café\n").encode("latin-1"), "not-utf8", 14, 11, "0xe9"
    ),
    "utf-16": Bad(VALID.encode("utf-16"), "not-utf8", 1, 1),
    "empty-file": Bad("", "empty-file", 1, 1),
    "whitespace-only": Bad("  \n\t\n   \n\n", "empty-file", 1, 1),
    "comments-only": Bad("# nothing here\n# still nothing\n", "empty-file", 1, 1),
}


@pytest.mark.parametrize("bad", YAML_CASES.values(), ids=YAML_CASES.keys())
def test_broken_yaml_is_rejected_with_its_code_and_line(
    bad: Bad, in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check(capsys, in_tmp, bad)


def test_duplicate_key_is_rejected_with_its_line(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = edited(
        "  table: {dealer_streak: 0, discards: 20}",
        "  table: {dealer_streak: 0, discards: 20, discards: 21}",
    )
    check(capsys, in_tmp, Bad(content, "duplicate-key", 10, 43, "'discards'"))


def test_alias_bomb_is_refused_quickly(in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    check(capsys, in_tmp, YAML_CASES["billion-laughs"])
    assert time.monotonic() - started < 5


# Values PyYAML's safe constructors cannot build: each is bad input and must be a coded
# problem at its line like any YAML error, not an exception.
CONSTRUCTOR_CASES = {
    "impossible-date": Bad(edited("A valid example", "2024-13-45"), "invalid-value", 4, 8),
    "int-tag-on-a-word": Bad(edited("tai: 11", "tai: !!int eleven"), "invalid-value", 12, 8),
    "float-tag-on-a-word": Bad(edited("tai: 11", "tai: !!float eleven"), "invalid-value", 12),
    "bool-tag-on-a-word": Bad(edited("tai: 11", "tai: !!bool maybe"), "invalid-value", 12),
    "timestamp-tag-on-a-word": Bad(
        edited("A valid example", "!!timestamp soon"), "invalid-value", 4
    ),
    "integer-of-5000-digits": Bad(edited("tai: 11", "tai: " + "9" * 5000), "invalid-value", 12),
    "nul-character": Bad(
        edited("A valid example", "A valid\x00example"), "invalid-character", 4, 15
    ),
    "bell-character": Bad(
        edited("A valid example", "A valid\x07example"), "invalid-character", 4, 15
    ),
    "deeply-nested-sequences": Bad(
        VALID + "notes: " + "[" * 5000 + "]" * 5000 + "\n", "too-deep", 14
    ),
}


@pytest.mark.parametrize("bad", CONSTRUCTOR_CASES.values(), ids=CONSTRUCTOR_CASES.keys())
def test_yaml_value_that_cannot_be_built_is_a_coded_problem_not_a_traceback(
    bad: Bad, in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check(capsys, in_tmp, bad)


# Values that were silently read as something else (YAML 1.1 readings, floats taken for
# integers, control characters written as escapes, upper-case suits, a kind nothing answers).
SILENT_CASES = {
    "float-for-an-integer": Bad(edited("tai: 11", "tai: 11.0"), "schema", 12, 8, "11.0"),
    "float-in-a-table": Bad(edited("discards: 20", "discards: 20.0"), "schema", 10, 39),
    "octal-integer": Bad(edited("discards: 20", "discards: 024"), "invalid-value", 10, 39, "024"),
    "hex-integer": Bad(edited("discards: 20", "discards: 0x14"), "invalid-value", 10, 39),
    "integer-with-separators": Bad(edited("tai: 11", "tai: 1_1"), "invalid-value", 12, 8),
    "sexagesimal-integer": Bad(edited("tai: 11", "tai: 1:11"), "invalid-value", 12, 8),
    "yes-for-true": Bad(
        edited("  seat: east\n", "  seat: east\n  table: {last_discard: yes}\n").replace(
            "  table: {dealer_streak: 0, discards: 20}\n", ""
        ),
        "invalid-value",
        10,
        25,
        "true or false",
    ),
    "not-a-number": Bad(edited("tai: 11", "tai: .nan"), "invalid-value", 12, 8),
    "escaped-nul-in-a-title": Bad(
        edited("title: A valid example", 'title: "A valid\\x00example"'),
        "invalid-character",
        4,
        8,
        "U+0000",
    ),
    "escaped-escape-in-a-title": Bad(
        edited("title: A valid example", 'title: "\\e[2JA valid example"'),
        "invalid-character",
        4,
        8,
        "U+001B",
    ),
    "upper-case-suit": Bad(with_concealed(CONCEALED.replace("1m", "1M")), "invalid-tile", 7, 15),
    "a-kind-nothing-answers": Bad(edited("kind: score", "kind: tally"), "schema", 3, 7),
}


@pytest.mark.parametrize("bad", SILENT_CASES.values(), ids=SILENT_CASES.keys())
def test_a_value_once_read_silently_as_another_is_refused(
    bad: Bad, in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check(capsys, in_tmp, bad)


def test_brackets_inside_a_string_are_not_nesting(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    brackets = "[" * 100 + "{" * 100
    content = VALID + f"notes: '{brackets}'\n# {brackets}\n"
    write(in_tmp, content)
    outcome = validate(capsys, FILE)
    assert outcome.status == 0, outcome.err


@pytest.mark.parametrize("names", [[], ["X.YAML"]], ids=["empty", "upper-case-suffix"])
def test_a_folder_without_fixtures_is_not_valid(
    names: list[str], in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty folder is a mistake; a fixture named X.YAML is read, not left out."""
    folder = in_tmp / "fixtures"
    folder.mkdir()
    for name in names:
        write(folder, "not: [valid", name)
    outcome = validate(capsys, "fixtures")
    assert outcome.status == 1
    codes = {problem.code for problem in outcome.problems}
    assert codes == ({"yaml-syntax"} if names else {"no-fixtures"}), outcome.err


# --- file-level limits ------------------------------------------------------------------


def test_file_over_the_size_limit_is_rejected_before_parsing(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    padding = "#" * (MAX_BYTES - len(VALID.encode()) + 1) + "\n"
    content = VALID + padding
    assert len(content.encode()) > MAX_BYTES
    check(capsys, in_tmp, Bad(content, "file-too-large", 0, 0, str(MAX_BYTES)))


def test_file_of_exactly_the_size_limit_is_accepted(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = VALID + "#" * (MAX_BYTES - len(VALID.encode()) - 1) + "\n"
    assert len(content.encode()) == MAX_BYTES
    write(in_tmp, content)
    outcome = validate(capsys, FILE)
    assert outcome.status == 0, outcome.err


def test_nonexistent_path_is_reported_and_nothing_else_is_read(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outcome = validate(capsys, "no-such-file.yaml")
    assert outcome.status == 1
    assert "Traceback" not in outcome.out + outcome.err
    assert [(p.file, p.line, p.column, p.code) for p in outcome.problems] == [
        ("no-such-file.yaml", 0, 0, "not-found")
    ]
    assert "0 scenarios" in outcome.out, "the bundled corpus must not be read instead"
    assert "(0 scenario files read)" in outcome.out


def test_nonexistent_path_beside_a_valid_file_still_fails(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(in_tmp, VALID)
    outcome = validate(capsys, FILE, "missing/elsewhere.yaml")
    assert outcome.status == 1
    assert [(p.file, p.code) for p in outcome.problems] == [("missing/elsewhere.yaml", "not-found")]
    assert "1 scenarios" in outcome.out


# --- schema -----------------------------------------------------------------------------

SCHEMA_CASES = {
    "unknown-top-level-field": Bad(VALID + "author: someone\n", "schema", 14, 1, "'author'"),
    "unknown-field-in-given": Bad(
        edited("  seat: east\n", "  seat: east\n  wind: east\n"),
        "schema",
        10,
        3,
        "'wind'",
        "$.given.wind",
    ),
    "rules-as-a-string": Bad(
        edited(
            "rules: [tw.structure.five-sets-and-pair]", "rules: tw.structure.five-sets-and-pair"
        ),
        "schema",
        5,
        8,
        "not of type 'array'",
        "$.rules",
    ),
    "rules-empty": Bad(
        edited("[tw.structure.five-sets-and-pair]", "[]"), "schema", 5, 8, None, "$.rules"
    ),
    "discards-as-a-string": Bad(
        edited("discards: 20", "discards: twenty"),
        "schema",
        10,
        39,
        "not of type 'integer'",
        "$.given.table.discards",
    ),
    "document-is-a-list": Bad("- 1\n- 2\n", "schema", 1, 1, "not of type 'object'"),
    "document-is-a-scalar": Bad("just words\n", "schema", 1, 1, "not of type 'object'"),
    "title-over-72-characters": Bad(
        edited("A valid example", "A" * 73), "schema", 4, 8, "too long", "$.title"
    ),
    "unknown-kind": Bad(edited("kind: score", "kind: poker"), "schema", 3, 7, "'poker'", "$.kind"),
    "missing-title": Bad(
        edited("title: A valid example\n", ""), "schema", 1, 1, "'title' is a required property"
    ),
    "missing-seat-in-given": Bad(
        edited("  seat: east\n", ""), "schema", 6, 1, "'seat' is a required property", "$.given"
    ),
    "unknown-seat": Bad(edited("seat: east", "seat: centre"), "schema", 9, 9, "'centre'"),
}


@pytest.mark.parametrize("bad", SCHEMA_CASES.values(), ids=SCHEMA_CASES.keys())
def test_schema_violation_is_reported_at_the_offending_line(
    bad: Bad, in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check(capsys, in_tmp, bad)


# --- the hand: tiles, counts, melds -----------------------------------------------------

MELD_GIVEN = "  melds: [{type: chow, tiles: 135m}]\n  win:"
FOURTEEN = "4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m"

HAND_CASES = {
    "five-copies-of-a-tile": Bad(
        with_concealed("1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 2s 2s 6s 7s 8s"),
        "too-many-copies",
        7,
        CONCEALED_COLUMN,
        "5 copies of 2s",
        "$.given.concealed",
    ),
    "sixteen-tiles-where-seventeen-are-needed": Bad(
        with_concealed("1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m"),
        "tile-count",
        7,
        CONCEALED_COLUMN,
        "16 tiles",
        "$.given.concealed",
    ),
    "flower-among-the-concealed-tiles": Bad(
        with_concealed("1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 1f"),
        "flower-in-hand",
        7,
        CONCEALED_COLUMN,
        "1f",
        "$.given.concealed",
    ),
    "red-five-in-taiwanese": Bad(
        with_concealed("1m 2m 3m 4m 0m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m"),
        "invalid-tile",
        7,
        CONCEALED_COLUMN,
        "red five",
        "$.given.concealed",
    ),
    "chow-of-1-3-5": Bad(
        edited("  win:", MELD_GIVEN).replace(CONCEALED, FOURTEEN),
        "invalid-meld",
        8,
        31,
        "consecutive",
        "$.given.melds[0].tiles",
    ),
}


@pytest.mark.parametrize("bad", HAND_CASES.values(), ids=HAND_CASES.keys())
def test_impossible_hand_is_rejected_with_its_code(
    bad: Bad, in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check(capsys, in_tmp, bad)


TILE_CASES = {
    # bad tile string -> (column of the bad tile inside the string, message)
    "8z": ("1m 8z 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m", 4, "'8z' is not a tile"),
    "0z": ("0z 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m", 1, "'0z' is not a tile"),
    "1x": ("1x 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m", 2, "'x'"),
    "123": ("1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 123", 49, "no suit letter"),
    "m": ("1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m m", 49, "no digits"),
}


@pytest.mark.parametrize(("tiles", "column", "message"), TILE_CASES.values(), ids=TILE_CASES.keys())
def test_malformed_tile_string_points_at_the_bad_tile_in_the_file(
    tiles: str, column: int, message: str, in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = Bad(
        with_concealed(tiles),
        "invalid-tile",
        7,
        CONCEALED_COLUMN + column - 1,
        message,
        "$.given.concealed",
    )
    write(in_tmp, bad.content)
    outcome = validate(capsys, FILE)
    assert_single_problem(outcome, bad)
    assert f"column {column} of the tile string" in outcome.problems[0].message


# --- references: rules, variants, patterns, ids, payments -------------------------------

LINT_CASES = {
    "unknown-rule-id": Bad(
        edited("tw.structure.five-sets-and-pair", "tw.structure.no-such-rule"),
        "unknown-rule",
        5,
        9,
        "'tw.structure.no-such-rule'",
        "$.rules[0]",
    ),
    "unknown-variant": Bad(
        edited("variant: taiwanese", "variant: klingon").replace("id: taiwanese/", "id: klingon/"),
        "unknown-variant",
        2,
        10,
        "'klingon'",
        "$.variant",
    ),
    "unknown-pattern-in-expect": Bad(
        edited("  tai: 11\n", "  tai: 11\n  patterns: {winning-hand: 2, no-such-pattern: 1}\n"),
        "unknown-pattern",
        13,
        None,
        "'no-such-pattern'",
        "$.expect.patterns.no-such-pattern",
    ),
    "payments-not-summing-to-zero": Bad(
        edited("east: 36", "east: 35"), "payments-sum", 13, 13, "-1", "$.expect.payments"
    ),
    "id-not-matching-the-file-name": Bad(
        edited("taiwanese/structure/example-valid", "taiwanese/structure/something-else"),
        "id-mismatch",
        1,
        5,
        "example-valid",
        "$.id",
    ),
    "id-of-another-variant": Bad(
        edited("taiwanese/structure/example-valid", "riichi/structure/example-valid"),
        "id-mismatch",
        1,
        5,
        None,
        "$.id",
    ),
    "id-without-an-area": Bad(
        edited("taiwanese/structure/example-valid", "taiwanese/example-valid"),
        "id-mismatch",
        1,
        5,
        None,
        "$.id",
    ),
    "id-with-two-areas": Bad(
        edited("taiwanese/structure/example-valid", "taiwanese/structure/extra/example-valid"),
        "id-mismatch",
        1,
        5,
        None,
        "$.id",
    ),
}


@pytest.mark.parametrize("bad", LINT_CASES.values(), ids=LINT_CASES.keys())
def test_dangling_reference_or_inconsistent_field_is_linted_at_its_line(
    bad: Bad, in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check(capsys, in_tmp, bad)


def test_id_that_does_not_match_the_path_is_reported_even_when_the_id_is_otherwise_unique(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(in_tmp, VALID, "renamed.yaml")
    outcome = validate(capsys, "renamed.yaml")
    assert_single_problem(
        outcome, Bad(VALID, "id-mismatch", 1, 5, "'taiwanese/<area>/renamed'"), "renamed.yaml"
    )


# --- across files -----------------------------------------------------------------------


def test_two_files_with_the_same_id_are_both_reported_as_duplicate_id(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(in_tmp, VALID.replace("A valid example", "The first example"), f"one/{FILE}")
    write(in_tmp, VALID.replace("A valid example", "The second example"), f"two/{FILE}")
    outcome = validate(capsys, "one", "two")
    assert outcome.status == 1
    assert "Traceback" not in outcome.err
    found = sorted((p.file, p.line, p.column, p.code) for p in outcome.problems)
    assert found == [
        (f"one/{FILE}", 1, 5, "duplicate-id"),
        (f"two/{FILE}", 1, 5, "duplicate-id"),
    ]


def test_two_files_with_the_same_title_are_both_reported_as_duplicate_title(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for stem in ("first", "second"):
        write(in_tmp, edited("structure/example-valid", f"structure/{stem}"), f"{stem}.yaml")
    outcome = validate(capsys, "first.yaml", "second.yaml")
    assert outcome.status == 1
    found = sorted((p.file, p.line, p.column, p.code) for p in outcome.problems)
    assert found == [
        ("first.yaml", 4, 8, "duplicate-title"),
        ("second.yaml", 4, 8, "duplicate-title"),
    ]


def test_the_same_file_named_twice_is_not_its_own_duplicate(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(in_tmp, VALID, f"cases/{FILE}")
    outcome = validate(capsys, f"cases/{FILE}", "cases", f"cases/{FILE}")
    assert outcome.status == 0, outcome.err
    assert outcome.problems == []


def test_every_bad_file_of_a_folder_is_reported_in_one_run(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(in_tmp, YAML_CASES["duplicate-top-level-key"].content, f"bad/{FILE}")
    write(in_tmp, "", "bad/empty.yaml")
    write(in_tmp, b"\xff\n", "bad/binary.yaml")
    outcome = validate(capsys, "bad")
    assert outcome.status == 1
    assert sorted((p.file, p.code) for p in outcome.problems) == [
        ("bad/binary.yaml", "not-utf8"),
        ("bad/empty.yaml", "empty-file"),
        (f"bad/{FILE}", "duplicate-key"),
    ]
    assert "3 problems" in outcome.out


# --- the real command -------------------------------------------------------------------

SUBPROCESS_CASES = {
    "duplicate-key": YAML_CASES["duplicate-nested-key"],
    "billion-laughs": YAML_CASES["billion-laughs"],
    "not-utf8": YAML_CASES["latin-1-on-a-late-line"],
    "yaml-syntax": YAML_CASES["mapping-value-in-plain-scalar"],
    "invalid-tile": Bad(
        with_concealed(TILE_CASES["8z"][0]), "invalid-tile", 7, CONCEALED_COLUMN + 3
    ),
    "impossible-date": CONSTRUCTOR_CASES["impossible-date"],
}


@pytest.mark.parametrize("bad", SUBPROCESS_CASES.values(), ids=SUBPROCESS_CASES.keys())
def test_the_installed_command_reports_bad_input_without_a_traceback(
    bad: Bad, tmp_path: Path
) -> None:
    write(tmp_path, bad.content)
    assert_single_problem(validate_subprocess(tmp_path, FILE), bad)


def test_the_installed_command_reports_a_missing_path_without_a_traceback(
    tmp_path: Path,
) -> None:
    outcome = validate_subprocess(tmp_path, "no-such-file.yaml")
    assert outcome.status == 1
    assert "Traceback" not in outcome.out + outcome.err
    assert "no-such-file.yaml:0:0: not-found:" in outcome.err


def test_a_field_the_variant_never_reads_is_refused_at_its_line(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = edited("  seat: east\n", "  seat: east\n  dora_indicators: 3p\n")
    check(
        capsys,
        in_tmp,
        Bad(content, "unsupported-field", 10, 3, "'dora_indicators'", "$.given.dora_indicators"),
    )


def test_a_flower_win_is_refused_by_riichi() -> None:
    given = {"concealed": "123m456p789s234s55z", "seat": "south", "win": {"by": "eight-flowers"}}
    outcome = ReferenceEngine().evaluate({"variant": "riichi", "kind": "score", "given": given})
    assert outcome["error"]["code"] == "invalid-request"


def test_a_figure_the_variant_does_not_report_is_refused_at_its_line(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = edited("  tai: 11\n", "  tai: 11\n  han: 3\n")
    check(capsys, in_tmp, Bad(content, "unknown-figure", 13, 3, "'han'", "$.expect.han"))


def test_a_figure_of_the_wrong_kind_is_refused_at_its_value(
    in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = edited("  tai: 11\n", "  tai: many\n")
    check(capsys, in_tmp, Bad(content, "figure-kind", 12, 8, "'tai' is a count", "$.expect.tai"))


def test_a_profile_broken_only_once_merged_is_a_located_problem_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    import spec
    from conformance.corpus import load_corpus
    from conformance.lint import lint
    from spec.profile import load_profile

    variants = tmp_path / "variants"
    shutil.copytree(spec.VARIANTS_DIR, variants)
    sanma = variants / "riichi-sanma" / "profile.yaml"
    text = sanma.read_text("utf-8")
    assert text.count("name: North extracted, han: 1") == 1
    # Valid as a file; but the riichi profile it extends declares no tai for a pattern row.
    broken = text.replace("North extracted, han: 1", "North extracted, tai: 1, han: 1")
    sanma.write_text(broken, encoding="utf-8")
    monkeypatch.setattr(spec, "VARIANTS_DIR", variants)
    load_profile.cache_clear()
    try:
        corpus = load_corpus([spec.SCENARIOS_DIR / "riichi-sanma" / "yaku"])
        problems = [p for p in lint(corpus) if p.code == "invalid-profile"]
    finally:
        load_profile.cache_clear()
    assert len(problems) == 1
    assert problems[0].file.endswith("profile.yaml")
    assert not corpus.problems
    assert "'tai' is not one of the pattern_values" in problems[0].message
