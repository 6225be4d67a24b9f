"""What the corpus-strength tests share: whether a mutated engine fails any of some cases."""

from __future__ import annotations

from conformance.corpus import Case
from conformance.engine import engine_info
from conformance.runner import Verdict, run_case
from reference_engine.plugin import ReferenceEngine


def any_fails(cases: list[Case]) -> bool:
    """Whether the (monkeypatched) reference engine fails at least one of ``cases``."""
    engine = ReferenceEngine()
    info = engine_info(engine)
    return any(run_case(engine, info, case).verdict is Verdict.FAIL for case in cases)
