"""A cached fact is worked out on its first read and kept on the instance, like
functools.cached_property, on frozen dataclasses too."""

from __future__ import annotations

from dataclasses import dataclass, field

from reference_engine.analysis.cached import cached_fact


@dataclass(frozen=True)
class Counted:
    values: tuple[int, ...]
    reads: list[int] = field(default_factory=list, compare=False)

    @cached_fact
    def total(self) -> int:
        """The sum of the values."""
        self.reads.append(1)
        return sum(self.values)


def test_a_cached_fact_is_worked_out_once_and_kept_on_a_frozen_instance() -> None:
    counted = Counted((1, 2, 3))
    assert (counted.total, counted.total) == (6, 6)
    assert counted.reads == [1]
    assert counted == Counted((1, 2, 3))  # a kept fact is no field


def test_a_cached_fact_read_on_the_class_is_its_descriptor_with_the_docstring() -> None:
    assert isinstance(Counted.__dict__["total"], cached_fact)
    assert Counted.total.__doc__ == "The sum of the values."
