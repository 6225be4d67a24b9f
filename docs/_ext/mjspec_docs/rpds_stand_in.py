"""A pure-Python ``rpds`` for the browser calculator (shipped there as the module ``rpds``).

``referencing`` and ``jsonschema``, which the reference engine validates requests with,
import three persistent collections from ``rpds-py``. That package is compiled (Rust) and
PyPI has no build of it for Pyodide, whose npm package carries no package wheels either;
so the docs build ships this stand-in in its place. It offers the part of rpds's API those
two libraries call (``insert``, ``remove``, ``discard``, ``update``, ``convert``,
``push_front``, ``first``, ``rest``), each returning a new collection and leaving the old one
as it was; it copies where rpds shares structure, which is plenty for the few dozen schemas
a registry holds.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")


class HashTrieMap(Mapping[K, V]):
    """An immutable mapping whose changes return a new mapping."""

    __slots__ = ("_items",)

    def __init__(self, value: Mapping[K, V] | Iterable[tuple[K, V]] = (), **kwds: V) -> None:
        items: dict[Any, V] = dict(value)
        items.update(kwds)
        self._items = items

    @classmethod
    def convert(cls, value: Mapping[K, V] | Iterable[tuple[K, V]]) -> HashTrieMap[K, V]:
        """``value`` itself if it already is one, else a new map of its items."""
        return value if isinstance(value, HashTrieMap) else cls(value)

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"HashTrieMap({self._items!r})"

    def insert(self, key: K, value: V) -> HashTrieMap[K, V]:
        return HashTrieMap({**self._items, key: value})

    def remove(self, key: K) -> HashTrieMap[K, V]:
        if key not in self._items:
            raise KeyError(key)
        return self.discard(key)

    def discard(self, key: K) -> HashTrieMap[K, V]:
        return HashTrieMap({k: v for k, v in self._items.items() if k != key})

    def update(self, *maps: Mapping[K, V] | Iterable[tuple[K, V]], **kwds: V) -> HashTrieMap[K, V]:
        items: dict[Any, V] = dict(self._items)
        for each in maps:
            items.update(each)
        items.update(kwds)
        return HashTrieMap(items)


class HashTrieSet(AbstractSet[T]):
    """An immutable set whose changes return a new set."""

    __slots__ = ("_items",)

    def __init__(self, value: Iterable[T] = ()) -> None:
        self._items = frozenset(value)

    def __contains__(self, item: object) -> bool:
        return item in self._items

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"HashTrieSet({set(self._items)!r})"

    def insert(self, item: T) -> HashTrieSet[T]:
        return HashTrieSet(self._items | {item})

    def remove(self, item: T) -> HashTrieSet[T]:
        if item not in self._items:
            raise KeyError(item)
        return self.discard(item)

    def discard(self, item: T) -> HashTrieSet[T]:
        return HashTrieSet(self._items - {item})

    def update(self, *iterables: Iterable[T]) -> HashTrieSet[T]:
        return HashTrieSet(self._items.union(*iterables))


class List(Generic[T]):
    """An immutable singly linked list: ``push_front`` returns a longer list."""

    __slots__ = ("_items",)

    def __init__(self, value: Iterable[T] = ()) -> None:
        self._items = tuple(value)

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, List) and self._items == other._items

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"List({list(self._items)!r})"

    def push_front(self, item: T) -> List[T]:
        return List((item, *self._items))

    @property
    def first(self) -> T:
        if not self._items:
            raise IndexError("first of an empty list")
        return self._items[0]

    @property
    def rest(self) -> List[T]:
        return List(self._items[1:])
