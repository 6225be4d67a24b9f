"""The corpus linter: checks that need the whole corpus, or the meaning of a fixture.

Codes: ``duplicate-id``, ``id-mismatch``, ``unknown-variant``, ``unknown-area``, ``unknown-rule``,
``duplicate-title``, ``unknown-pattern``, ``payments-sum``, ``duplicate-rule-id``,
``unknown-figure``, ``figure-kind`` (a score figure the profile's outcome does not report),
``uncited-rule`` (a refusal's rule that the fixture does not cite),
and, for a fixture that does not expect an error, the hand checks of the
notation: ``invalid-tile``, ``too-many-copies``, ``tile-count``, ``invalid-meld``,
``flower-in-hand``, and those of :mod:`conformance.lint_kinds` (walls, scripts, claims
and matches: ``invalid-action``, ``invalid-request`` for a seat the variant lacks,
``after-the-script``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import spec
from conformance.corpus import Case, Catalogue, Corpus
from conformance.lint_kinds import kind_problems
from conformance.problems import Problem
from conformance.yamlsafe import Located
from spec.circumstances import circumstance_problems
from spec.errors import RuleError
from spec.melds import parse_meld
from spec.possible import (
    copy_problems,
    count_problems,
    flower_problems,
    shown_tiles,
    tile_problems,
)
from spec.profile import Profile, load_profile
from spec.requests import family_problems
from spec.tiles import tiles_at
from spec.tileset import table_tile_set
from spec.wins import WinBy


def lint(corpus: Corpus) -> list[Problem]:
    """Every cross-file and semantic problem of the corpus."""
    problems: list[Problem] = []
    problems += _lint_catalogues(corpus)
    problems += _lint_profiles(corpus)
    ids = Counter(case.id for case in corpus.cases)
    titles = Counter(case.title for case in corpus.cases)
    for case in corpus.cases:
        doc = corpus.documents[str(case.file)]
        if ids[case.id] > 1:
            problems.append(
                doc.problem(
                    "duplicate-id",
                    f"id {case.id!r} is used by {ids[case.id]} fixtures",
                    ("id",),
                    value=True,
                )
            )
        if titles[case.title] > 1:
            problems.append(
                doc.problem(
                    "duplicate-title", f"title {case.title!r} is not unique", ("title",), value=True
                )
            )
        problems += _lint_case(case, corpus)
    return problems


def _lint_catalogues(corpus: Corpus) -> list[Problem]:
    problems = []
    for variant, catalogue in corpus.catalogues.items():
        doc_ids = Counter(rule.id for rule in catalogue.rules)
        for rule in catalogue.rules:
            line = catalogue.positions.get(rule.id, 1)
            if doc_ids[rule.id] > 1:
                problems.append(
                    Problem(
                        catalogue.file,
                        line,
                        1,
                        "duplicate-rule-id",
                        f"rule id {rule.id!r} appears twice",
                    )
                )
            if rule.area not in catalogue.areas:
                problems.append(
                    Problem(
                        catalogue.file,
                        line,
                        1,
                        "unknown-area",
                        f"rule {rule.id!r} has unknown area {rule.area!r}",
                    )
                )
        problems += _lint_inheritance(catalogue, corpus)
        profile = _profile(variant) if variant in corpus.profiles else None
        if profile is not None:
            pattern_ids = {row.id for row in profile.patterns}
            for rule in catalogue.rules:
                if rule.pattern is not None and rule.pattern not in pattern_ids:
                    line = catalogue.positions.get(rule.id, 1)
                    problems.append(
                        Problem(
                            catalogue.file,
                            line,
                            1,
                            "unknown-pattern",
                            f"rule {rule.id!r} names unknown pattern {rule.pattern!r}",
                        )
                    )
    return problems


def _lint_inheritance(catalogue: Catalogue, corpus: Corpus) -> list[Problem]:
    """A catalogue inherits the fixtures of a known variant, and replaces only its rules."""
    if catalogue.inherits is None:
        return []
    base = corpus.catalogues.get(catalogue.inherits)
    if base is None:
        message = f"inherits the fixtures of unknown variant {catalogue.inherits!r}"
        line = catalogue.inherits_line
        return [Problem(catalogue.file, line, 1, "unknown-variant", message, ("inherits",))]
    return [
        Problem(
            catalogue.file,
            catalogue.positions.get(rule.id, 1),
            1,
            "unknown-rule",
            f"rule {rule.id!r} replaces {replaced!r}, not a rule of {catalogue.inherits}",
        )
        for rule in catalogue.rules
        for replaced in rule.replaces
        if replaced not in base
    ]


@cache
def _resolved(folder: Path) -> Path:
    return folder.resolve()


def _lint_case(case: Case, corpus: Corpus) -> list[Problem]:
    doc = corpus.documents[str(case.file)]
    problems: list[Problem] = []
    parts = case.id.split("/")
    stem = Path(case.file).stem
    area = parts[1] if len(parts) == 3 else ""
    if len(parts) != 3 or parts[0] != case.variant or parts[2] != stem:
        message = f"id {case.id!r} must be '{case.variant}/<area>/{stem}'"
        problems.append(doc.problem("id-mismatch", message, ("id",), value=True))
    folder = _resolved(Path(case.file).parent)
    if folder.parent == _resolved(spec.SCENARIOS_DIR / case.variant) and folder.name != area:
        message = f"the fixture lives in {folder.name}/ but its id names the area {area!r}"
        problems.append(doc.problem("id-mismatch", message, ("id",), value=True))
    catalogue = corpus.catalogues.get(case.variant)
    profile_doc = corpus.profiles.get(case.variant)
    if catalogue is None or profile_doc is None:
        message = f"no variant named {case.variant!r}"
        problems.append(doc.problem("unknown-variant", message, ("variant",), value=True))
        return problems
    areas = corpus.areas_of(case.variant)
    if area and area not in areas:
        known = ", ".join(areas)
        message = f"area {area!r} is not one of the {case.variant} areas ({known})"
        problems.append(doc.problem("unknown-area", message, ("id",), value=True))
    citable = corpus.rules_of(case.variant)
    for index, rule_id in enumerate(case.rules):
        if rule_id not in citable:
            problems.append(
                doc.problem(
                    "unknown-rule",
                    f"rule {rule_id!r} is not in the {case.variant} catalogue",
                    ("rules", index),
                    value=True,
                )
            )
    illegal = case.expect.get("illegal")
    refusing = illegal.get("rule") if isinstance(illegal, Mapping) else None
    if isinstance(refusing, str) and refusing not in case.rules:
        message = f"the refusing rule {refusing!r} is not among the rules the fixture cites"
        path = ("expect", "illegal", "rule")
        problems.append(doc.problem("uncited-rule", message, path, value=True))
    profile = _profile(case.variant)
    if profile is None:  # reported once, at the profile (_lint_profiles)
        return problems
    problems += _lint_kind(case, profile, doc)
    pattern_ids = {row.id for row in profile.patterns}
    expect = case.expect
    for key in expect.get("patterns", {}):
        if key not in pattern_ids:
            problems.append(
                doc.problem(
                    "unknown-pattern",
                    f"pattern {key!r} is not in the {case.variant} profile",
                    ("expect", "patterns", key),
                )
            )
    payments = expect.get("payments")
    if isinstance(payments, Mapping) and sum(payments.values()) != 0:
        problems.append(
            doc.problem(
                "payments-sum",
                f"payments sum to {sum(payments.values())}, not 0",
                ("expect", "payments"),
                value=True,
            )
        )
    problems += _lint_fields(case, profile, doc)
    problems += _lint_figures(case, profile, doc)
    if not case.expects_error:
        problems += _lint_hand(case, profile, doc)
        problems += [
            doc.problem(error.code, error.message, error.path, value=True)
            for error in kind_problems(case.kind, case.given, case.expect, profile)
        ]
    return problems


def _profile(variant: str) -> Profile | None:
    """The variant's typed profile, or None when it cannot be built."""
    try:
        return load_profile(variant)
    except RuleError:
        return None


def _lint_profiles(corpus: Corpus) -> list[Problem]:
    """A profile that reads well alone but not once the profile it extends is merged in
    (code ``invalid-profile``, at the profile's file). A profile failing only because the
    one it extends fails is not reported again: the problem is that profile's."""
    failing: dict[str, RuleError] = {}
    for variant in corpus.profiles:
        try:
            load_profile(variant)
        except RuleError as refused:
            failing[variant] = refused
    problems = []
    for variant, failure in failing.items():
        document = corpus.profiles[variant]
        base = document.data.get("extends") if isinstance(document.data, dict) else None
        if base not in failing:
            problems.append(document.problem(failure.code, failure.message, failure.path))
    return problems


def _lint_kind(case: Case, profile: Profile, doc: Located) -> list[Problem]:
    """A fixture asks a kind that its variant's rules answer (the profile's ``kinds``), or
    expects the refusal ``unsupported-kind``; code ``unsupported-kind`` otherwise."""
    expected = case.expect.get("error")
    if case.kind in profile.kinds or (
        isinstance(expected, Mapping) and expected.get("code") == "unsupported-kind"
    ):
        return []
    message = (
        f"{case.variant}'s rules answer no {case.kind!r} requests "
        f"(its profile's kinds: {', '.join(profile.kinds)})"
    )
    return [doc.problem("unsupported-kind", message, ("kind",), value=True)]


def _lint_fields(case: Case, profile: Profile, doc: Located) -> list[Problem]:
    """A field the variant's family never reads is an error, not silently ignored (code
    ``unsupported-field``; the schema marks such fields with the families that read them),
    and so are circumstances that cannot hold together (:mod:`spec.circumstances`), unless
    the fixture expects that refusal."""
    errors = family_problems(case.kind, case.given, profile.family)
    expected = case.expect.get("error")
    if not (isinstance(expected, Mapping) and expected.get("code") == "inconsistent-flags"):
        errors += circumstance_problems(case.kind, case.given)
    return [doc.problem(error.code, error.message, ("given", *error.path)) for error in errors]


# The fields of a score outcome that are not figures (the rest are the profile's figures).
_NOT_FIGURES = frozenset({"patterns", "payments", "winners", "seat", "error"})


def _lint_figures(case: Case, profile: Profile, doc: Located) -> list[Problem]:
    """An expected figure (``tai``, ``han``...) is one the variant's outcome reports, of its
    kind (the profile's ``outcome: figures``); codes ``unknown-figure`` and ``figure-kind``."""
    expect = case.expect
    places: list[tuple[tuple[str | int, ...], Any]] = []
    if case.kind == "score":
        places.append((("expect",), expect))
        winners = expect.get("winners", [])
    else:
        winners = (expect.get("result") or {}).get("winners", []) if case.kind == "play" else []
    base = ("expect", "winners") if case.kind == "score" else ("expect", "result", "winners")
    places += [((*base, i), w) for i, w in enumerate(winners)]
    shape = profile.outcome
    known = ", ".join(f.name for f in shape.figures)
    problems = []
    for path, data in places:
        if not isinstance(data, Mapping):
            continue
        for name, value in data.items():
            if name in _NOT_FIGURES:
                continue
            figure = shape.figure(name)
            if figure is None:
                message = f"{name!r} is not a figure of {case.variant} scores ({known})"
                problems.append(doc.problem("unknown-figure", message, (*path, name)))
            elif not figure.kind.admits(value):
                message = f"{name!r} is a {figure.kind.value} ({figure.meaning})"
                problems.append(doc.problem("figure-kind", message, (*path, name), value=True))
    return problems


def _lint_hand(case: Case, profile: Profile, doc: Any) -> list[Problem]:
    """A fixture that expects a result must describe a possible hand: every problem of its
    tiles is listed (:mod:`spec.possible`)."""
    given = case.given
    tiles = table_tile_set(profile.tiles, given.get("options"))
    found: list[RuleError] = []
    try:
        if case.kind == "score":
            by = (given.get("win") or {}).get("by")
            others = given.get("other_winners", [])
            hands = [((), given)] + [(("other_winners", i), o) for i, o in enumerate(others)]
            for path, data in hands:
                concealed = tiles_at(data.get("concealed", ""), *path, "concealed")
                melds = [
                    parse_meld(m, (*path, "melds", i)) for i, m in enumerate(data.get("melds", []))
                ]
                flowers = tiles_at(data.get("flowers", ""), *path, "flowers")
                found += tile_problems(tiles, concealed, melds, path)
                found += flower_problems(tiles, flowers, path)
                shown = shown_tiles(data) if not path else ()
                found += copy_problems(tiles, concealed, melds, shown, path=path)
                if by not in FLOWER_WINS:
                    found += count_problems(concealed, melds, profile.hand_size + 1, path)
        elif case.kind == "analyse":
            tiles_at(given.get("concealed", ""), "concealed")
            for index, meld in enumerate(given.get("melds", [])):
                parse_meld(meld, ("melds", index))
    except RuleError as error:
        found.append(error)
    return [_located(doc, error) for error in found]


FLOWER_WINS = {win.value for win in WinBy if win.by_flowers}


def _located(doc: Located, error: RuleError) -> Problem:
    where = ("given", *error.path)
    if error.column is None:
        return doc.problem(error.code, error.message, where, value=True)
    message = f"{error.message} (column {error.column} of the tile string)"
    return doc.problem(error.code, message, where, value=True, offset=error.column - 1)
