"""Frozen records whose fields are set at once.

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__``
(about 0.2 us a field on Python 3.11): on the hands, readings, wins and scores that scoring
builds by the thousand that was a few µs of every request. :func:`set_at_once` gives such a
record an ``__init__`` with the dataclass's own signature (names, order, defaults) that
fills the instance's ``__dict__`` in one update; everything else (frozen, equality, hash,
``dataclasses.replace``) stays the dataclass's.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, TypeVar

T = TypeVar("T")


def set_at_once(cls: type[T]) -> type[T]:
    """``cls`` (a frozen dataclass without ``slots`` or default factories) with an
    ``__init__`` that sets every field in one ``__dict__`` update."""
    parameters, names = [], []
    defaults: dict[str, Any] = {}
    for field in fields(cls):  # type: ignore[arg-type]
        if not field.init or field.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{field.name}: only plain fields are set at once")
        names.append(field.name)
        if field.default is MISSING:
            parameters.append(field.name)
        else:
            defaults[f"_default_{field.name}"] = field.default
            parameters.append(f"{field.name}=_default_{field.name}")
    source = (
        f"def __init__(self, {', '.join(parameters)}):\n"
        f"    self.__dict__.update({', '.join(f'{name}={name}' for name in names)})\n"
    )
    namespace: dict[str, Any] = {}
    exec(source, defaults, namespace)  # the names are the class's own fields, as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = "Every field set at once (reference_engine.record)."
    type.__setattr__(cls, "__init__", init)
    return cls
