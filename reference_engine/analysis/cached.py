"""A fact of an immutable value worked out the first time it is read, then kept on it.

:func:`functools.cached_property` does the same, but on Python 3.11 it takes a lock on
every first read (3.12 dropped that lock): on the readings and wins that scoring builds by
the thousand, and reads each fact of once or twice, the lock was about a tenth of a score.
The facts kept here are pure functions of immutable values, so two threads working one out
at once would only both find the same answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class cached_fact(Generic[T]):  # noqa: N801  (named like the property it stands for)
    """A read-only property whose value is kept in the instance's ``__dict__`` the first
    time it is read (the instance's class must have one: not ``slots``)."""

    def __init__(self, function: Callable[[Any], T]) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_fact[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached_fact[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.function(instance)
        return value
