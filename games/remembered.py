"""Values worked out once per process and given again: pure functions of their key (a form's
signature, the markup a fresh form or the page frame renders to), so every app server works
them out alike and none of them is state the servers must share."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Remembered(Generic[T]):
    """Values by key, each made on first use; at most ``kept`` of them (all are let go when
    there would be more: far more than one server sees between restarts, so only a flood of
    strange keys gets there)."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._values: dict[Hashable, T] = {}

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        found = self._values.get(key)
        if found is None:
            if len(self._values) >= self.kept:
                self._values.clear()
            found = self._values[key] = make()
        return found

    def known(self, key: Hashable) -> T | None:
        return self._values.get(key)

    def clear(self) -> None:
        self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
