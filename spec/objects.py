"""How request readers tell a JSON object: ``isinstance(value, OBJECT)``.

A request's objects are dicts, which ``isinstance`` finds at C speed as the tuple's first
type; a check against the ``Mapping`` ABC alone goes through ``abc`` on every call (about
0.3 us, some 15 times per score request). Any other mapping still counts as an object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

OBJECT: Final[tuple[type[dict[Any, Any]], type[Mapping[Any, Any]]]] = (dict, Mapping)
